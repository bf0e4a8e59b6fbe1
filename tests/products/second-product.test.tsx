// @vitest-environment jsdom
// Issue 10 'Done means': a second product is config only. A fixture config (two tabs, three rows, one rule) runs
// through the same schema check, engine and review row components as the car, with no change to src/.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { loadConfig } from '../../src/engine/config-schema.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import { createEngine } from '../../src/engine/model.ts';
import type { Edit, RowState } from '../../src/engine/types.ts';
import { RowContext, type ReviewRowContext } from '../../src/screens/review/context.ts';
import { RowList } from '../../src/screens/review/RowList.tsx';
import { fakeLayout } from '../support/layout.ts';
import mini from './fixtures/mini-product.json' with { type: 'json' };

const config = loadConfig(mini);
const engine = createEngine(config);
const inspection = generateInspection(config, { values: { hasPapers: 'Yes', paperNumber: 'P-1', paint: 'Red' } });

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
afterEach(cleanup);

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
