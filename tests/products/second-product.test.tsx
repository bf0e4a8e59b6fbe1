// @vitest-environment jsdom
// Issue 10 'Done means': a second product is config only. A fixture config (two tabs, three rows, one rule) runs
// through the same schema check, engine, review machine and review screen as the car, with no change to src/.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { loadConfig } from '../../src/engine/config-schema.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import { createEngine } from '../../src/engine/model.ts';
import type { Edit, RowState } from '../../src/engine/types.ts';
import { RowContext, type ReviewRowContext } from '../../src/screens/review/context.ts';
import { RowList } from '../../src/screens/review/RowList.tsx';
import { fakeLayout } from '../support/layout.ts';
import { signInAs } from '../support/fake-http.ts';
import { memoryDrafts } from '../../src/api/drafts.ts';
import { fetchInspection, submitReport } from '../../src/api/main.ts';
import { ProductValueProvider } from '../../src/products/ProductContext.tsx';
import type { Product } from '../../src/products/product.ts';
import ReviewScreen from '../../src/screens/review/ReviewScreen.tsx';
import mini from './fixtures/mini-product.json' with { type: 'json' };
import type { InspectionDetail } from '../../src/products/car/inspection.ts';

vi.mock('../../src/api/main.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/main.ts')>()),
  fetchInspection: vi.fn(),
  submitReport: vi.fn(),
}));
vi.mock('../../src/api/review.ts', () => ({
  setReviewStartTime: vi.fn(async () => undefined),
  fetchRegistry: vi.fn(async () => null),
  fetchAppConfig: vi.fn(async () => ({ duplicateKeyConfig: 0 })),
  fetchRemarks: vi.fn(async () => []),
  fetchComments: vi.fn(async () => []),
  fetchLookup: vi.fn(async () => []),
  fetchRiEmailLog: vi.fn(async () => []),
  uploadImage: vi.fn(),
}));
vi.mock('../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const config = loadConfig(mini);
const engine = createEngine(config);
const inspection = generateInspection<InspectionDetail>(config, { values: { hasPapers: 'Yes', paperNumber: 'P-1', paint: 'Red' } });
const REVIEWER = 'qc.reviewer@qc.example';
/** The fixture as a product of its own: nothing in src/ registers or names it. */
const product: Product = {
  id: 'mini',
  definition: { kind: 'review', id: 'mini', folder: 'mini', schema: {}, files: { 'mini.json': mini } },
  config,
  engine,
  version: null,
};

function MiniReview({ tab }: { tab: string }) {
  const [model, setModel] = useState(() => engine.evaluate(inspection));
  const ctx = useMemo<ReviewRowContext>(
    () => ({
      canEdit: true,
      appointmentId: inspection.appointmentId,
      onEdit: (edit: Edit) => setModel((m) => engine.apply(m, edit)),
      remarkTarget: (row: RowState) => ({ carId: inspection.carId, section: row.section, part: row.part, role: 'qc', user: 'qc.reviewer@qc.example' }),
      editImage: () => undefined,
      uploadRowImage: async () => undefined,
      imageSrc: (url: string) => url,
    }),
    [],
  );
  return (
    <RowContext.Provider value={ctx}>
      <p>errors: {config.product.tabs.map((t) => `${t} ${model.errorsCount[t]}`).join(', ')}</p>
      <RowList model={model} tab={tab} urls={{}} />
    </RowContext.Provider>
  );
}

beforeAll(() => {
  fakeLayout();
});
beforeEach(() => signInAs('qc', REVIEWER));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
});

describe('a second product from config alone', () => {
  it('loads through the base schema and the engine with its own tabs', () => {
    expect(config.product.tabs).toEqual(['Papers', 'Body']);
    expect(engine.evaluate(inspection).errorsCount).toEqual({ Papers: 0, Body: 0 });
  });

  it('renders each tab through the review rows, and its one rule hides the paper number when there are no papers', async () => {
    render(<MiniReview tab="Papers" />);
    expect(screen.getByText('Has Papers')).toBeTruthy();
    expect(screen.getByText('Paper Number')).toBeTruthy();
    expect(screen.queryByText('Paint')).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Has Papers/ }), 'No');
    expect(screen.queryByText('Paper Number')).toBeNull();
    expect(screen.getByText('errors: Papers 1, Body 0')).toBeTruthy();
  });

  it('the Body tab shows its own row', () => {
    render(<MiniReview tab="Body" />);
    expect(screen.getByText('Paint')).toBeTruthy();
    expect(screen.queryByText('Has Papers')).toBeNull();
  });
});

describe('the second product through the review screen and the review machine', () => {
  function renderScreen() {
    vi.mocked(fetchInspection).mockResolvedValue({
      ...inspection,
      carId: 5,
      appointmentId: 'MINI-5',
      inspectionStatus: 'open' as never,
      qcAssign: { to: REVIEWER },
    });
    vi.mocked(submitReport).mockResolvedValue({ status: 200, data: {} });
    render(
      <MemoryRouter initialEntries={['/review/5']}>
        <Routes>
          <Route
            path="/review/:carId"
            element={
              <ProductValueProvider value={product}>
                <ReviewScreen drafts={memoryDrafts()} />
              </ProductValueProvider>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("shows its own tabs with their error counts, its rows, its rule, and submits the status its outcome gives", async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'MINI-5' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Papers (0)', 'Body (0)']);
    expect(screen.getByRole('group', { name: 'Has Papers' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Paper Number' })).toBeTruthy();
    // The fixture's one rule, run by the engine inside the review machine.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Has Papers new value' }), 'No');
    expect(screen.queryByRole('group', { name: 'Paper Number' })).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Papers (1)', 'Body (0)']);
    await userEvent.click(screen.getByRole('tab', { name: /Body/ }));
    expect(within(screen.getByRole('group', { name: 'Paint' })).getByRole('checkbox', { name: 'Reject Paint' })).toBeTruthy();
    // No issue types declared: Submit goes straight out, with the status the mini outcome rules give.
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitReport).toHaveBeenCalledTimes(1));
    const [carId, payload] = vi.mocked(submitReport).mock.calls[0];
    expect(carId).toBe(5);
    expect(payload.inspectionStatus).toBe('open');
    expect(payload.sections.vehicle?.isApproved).toBe(0);
  });
});
