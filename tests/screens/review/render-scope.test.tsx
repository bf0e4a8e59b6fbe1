// @vitest-environment jsdom
// Issue 18: a keystroke on the review route re-renders the edited row and the rows the engine recomputed for it
// (its dependents), not the other rows, the row list or the screen (whose footer stands for it here). Counts, not times.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { fetchInspection } from '../../../src/api/main.ts';
import { signInAs } from '../../support/fake-http.ts';
import { fakeLayout } from '../../support/layout.ts';
import { reviewDraft, reviewMachine, reviewSubmission } from '../../../src/machines/review.machine.ts';
import { makeInspection, REVIEWER, renderReview } from './helpers.tsx';

/** Row keys in the order their ReviewRow rendered, and how often the screen rendered its footer. */
const renders = vi.hoisted(() => ({ rows: [] as string[], footer: 0 }));

vi.mock('../../../src/screens/review/ReviewRow.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/screens/review/ReviewRow.tsx')>();
  return {
    ...actual,
    ReviewRow: (props: Parameters<typeof actual.ReviewRow>[0]) => {
      renders.rows.push(props.row.key);
      return createElement(actual.ReviewRow, props);
    },
  };
});
vi.mock('../../../src/screens/review/SubmitFooter.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/screens/review/SubmitFooter.tsx')>();
  return {
    ...actual,
    SubmitFooter: (props: Parameters<typeof actual.SubmitFooter>[0]) => {
      renders.footer++;
      return createElement(actual.SubmitFooter, props);
    },
  };
});
vi.mock('../../../src/api/main.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/main.ts')>()),
  fetchInspection: vi.fn(),
}));
vi.mock('../../../src/api/review.ts', () => ({
  setReviewStartTime: vi.fn(async () => undefined),
  fetchRegistry: vi.fn(async () => null),
  fetchAppConfig: vi.fn(async () => ({ duplicateKeyConfig: 1 })),
  fetchRemarks: vi.fn(async () => []),
  fetchComments: vi.fn(async () => []),
  fetchMakes: vi.fn(async () => []),
  fetchModels: vi.fn(async () => []),
  fetchVariants: vi.fn(async () => []),
  fetchLookup: vi.fn(async () => []),
}));
vi.mock('../../../src/api/docs.ts', () => ({
  fetchCustomerDocuments: vi.fn(async () => ({ preRcImages: [], preInsuranceImages: [] })),
  approveDocument: vi.fn(),
}));

let undoLayout = () => undefined as void;
beforeEach(() => {
  signInAs('qc', REVIEWER);
  undoLayout = fakeLayout();
});
afterEach(() => {
  undoLayout();
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
});

async function openReview() {
  vi.mocked(fetchInspection).mockResolvedValue(makeInspection({ values: { registrationNumber: 'MH01AB1234', isUnderHypothecation: 'No' } }));
  renderReview();
  await screen.findByRole('group', { name: 'Registration Number' });
  renders.rows.length = 0;
  renders.footer = 0;
}

const counts = (keys: string[]) => Object.fromEntries([...new Set(keys)].map((k) => [k, keys.filter((x) => x === k).length]));

describe('what a keystroke re-renders on the review route (issue 18)', () => {
  it('typing in a row renders it for its first edit (the tick) and then not at all while only its text changes', async () => {
    await openReview();
    const row = screen.getByRole('group', { name: 'Registration Number' });
    const input = row.querySelector('input.row-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'MH01AB12345' } });
    expect(counts(renders.rows)).toEqual({ registrationNumber: 1 });
    expect(within(row).getByRole('checkbox', { name: 'Reject Registration Number' })).toHaveProperty('checked', true);
    // The first edit makes the review one with unsaved work (the leave guard): the screen renders once for that.
    renders.footer = 0;
    renders.rows.length = 0;
    // The field holds its own text: a keystroke that changes nothing else of the row renders no component.
    fireEvent.change(input, { target: { value: 'MH01AB1234' } });
    fireEvent.change(input, { target: { value: 'MH01AB123' } });
    expect(renders.rows).toEqual([]);
    expect(input.value).toBe('MH01AB123');
    expect(renders.footer).toBe(0);
    // A keystroke that changes more than the text renders the row: a 12th character shows the rule's message (000 §5).
    fireEvent.change(input, { target: { value: 'MH01AB123456' } });
    expect(counts(renders.rows)).toEqual({ registrationNumber: 1 });
    expect(within(row).getByRole('alert').textContent).toBe('Registration No should be 11 character long');
    expect(input.value).toBe('MH01AB123456');
    fireEvent.change(input, { target: { value: 'MH01AB12345' } });
    expect(within(row).queryByRole('alert')).toBeNull();
  });

  it('a choice that ticks and shows dependent rows re-renders the row and its dependents only', async () => {
    await openReview();
    // Financier name, loan status and bank NOC status follow hypothecation (shown on Yes, ticked with their parent),
    // and bank NOC expiry follows bank NOC status (ticked with its grandparent).
    expect(screen.queryByRole('group', { name: 'Financier Name' })).toBeNull();
    const select = within(screen.getByRole('group', { name: 'Under Hypothecation' })).getByRole('combobox');
    fireEvent.change(select, { target: { value: 'Yes' } });
    expect(screen.getByRole('group', { name: 'Financier Name' })).not.toBeNull();
    const dependents = { isUnderHypothecation: 1, financierName: 1, loanStatus: 1, bankNocStatus: 1, bankNocExpiryDate: 1 };
    expect(counts(renders.rows)).toEqual(dependents);
    renders.footer = 0;
    // Unticking the parent drops its new value: the dependents are hidden again (unmounted, not rendered).
    renders.rows.length = 0;
    fireEvent.click(within(screen.getByRole('group', { name: 'Under Hypothecation' })).getByRole('checkbox', { name: 'Reject Under Hypothecation' }));
    expect(screen.queryByRole('group', { name: 'Financier Name' })).toBeNull();
    expect(counts(renders.rows)).toEqual({ isUnderHypothecation: 1 });
    expect(renders.footer).toBe(0);
  });

  it('the review route builds its machines once, not in each of its renders', async () => {
    // `provide` builds a whole new machine; @xstate/react runs only the first one it is given.
    const provided = [vi.spyOn(reviewMachine, 'provide'), vi.spyOn(reviewDraft, 'provide'), vi.spyOn(reviewSubmission, 'provide')];
    try {
      await openReview();
      // The load renders the route several times (loading, the draft checked, ready), and the first edit once more.
      fireEvent.change(screen.getByRole('group', { name: 'Registration Number' }).querySelector('input.row-input') as HTMLInputElement, { target: { value: 'MH01AB12345' } });
      expect(renders.footer).toBeGreaterThan(0);
      expect(provided.map((spy) => spy.mock.calls.length)).toEqual([1, 1, 1]);
    } finally {
      for (const spy of provided) spy.mockRestore();
    }
  });
});
