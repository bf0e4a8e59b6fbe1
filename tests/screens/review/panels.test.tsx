// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router-dom';
import { carEngine, carReviewConfig } from '../../support/car.ts';
import type { InspectionImage } from '../../../src/engine/inspection.ts';
import { isDocumentGroup } from '../../../src/engine/product.ts';
import type { ReviewModel } from '../../../src/engine/types.ts';
import { fetchRiEmailLog } from '../../../src/api/review.ts';
import { RowContext, type ReviewRowContext } from '../../../src/screens/review/context.ts';
import { ImagesPanel } from '../../../src/screens/review/ImagesPanel.tsx';
import { FIRST_OVERSCAN, itemsOf, OVERSCAN, RowList } from '../../../src/screens/review/RowList.tsx';
import { SummaryTab } from '../../../src/screens/review/SummaryTab.tsx';
import { reviewAccess } from '../../../src/screens/review/access.ts';
import { rowAddress } from '../../../src/screens/review/address.ts';
import { fakeLayout } from '../../support/layout.ts';
import { makeInspection, OTHER, REVIEWER } from './helpers.tsx';

vi.mock('../../../src/api/review.ts', () => ({ fetchRiEmailLog: vi.fn(async () => []), fetchRemarks: vi.fn(async () => []), saveRemark: vi.fn(), fetchLookup: vi.fn(async () => []), fetchComments: vi.fn(async () => []) }));

beforeAll(() => {
  fakeLayout();
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function ctx(patch: Partial<ReviewRowContext> = {}): ReviewRowContext {
  return {
    canEdit: true,
    appointmentId: 'APT0077',
    onEdit: vi.fn(),
    remarkTarget: (row) => ({ carId: 77, section: row.section, part: row.part, role: 'qc', user: REVIEWER }),
    editImage: vi.fn(),
    uploadRowImage: vi.fn(async () => undefined),
    imageSrc: (u) => u,
    recordingSupported: false,
    ...patch,
  };
}

const rc = (i: number, isVerified: boolean): InspectionImage => ({ hashKey: `H-RC${i}`, title: `RC${i + 1}`, url: `https://img/rc${i}.jpg`, isVerified });

describe('RC images with Show Verified / Show Non Verified (spec 000 §2 Documents)', () => {
  const model = carEngine.evaluate(makeInspection({ images: { rcImages: [rc(0, true), rc(1, false), rc(2, true)] } }));
  const rows = model.order.filter((k) => k.startsWith('rcImages:')).map((k) => model.rows[k]);

  it('titles RC1–RC3, filters by verification, ticks and opens the editor', async () => {
    const context = ctx();
    render(
      <RowContext.Provider value={context}>
        <ImagesPanel group="rcImages" title="RC Images" rows={rows} verifiable={isDocumentGroup(carReviewConfig, 'rcImages')} urls={{}} />
      </RowContext.Provider>,
    );
    const titles = () => screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(titles()).toEqual(['RC1', 'RC2', 'RC3']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Verified' }));
    expect(titles()).toEqual(['RC2']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Verified' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Non Verified' }));
    expect(titles()).toEqual(['RC1', 'RC3']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reject RC1' }));
    expect(context.onEdit).toHaveBeenCalledWith({ type: 'check', key: 'rcImages:H-RC0', checked: true });
    await userEvent.click(within(screen.getByRole('group', { name: 'RC3' })).getByRole('button', { name: 'Edit image' }));
    expect(context.editImage).toHaveBeenCalledWith(expect.objectContaining({ key: 'rcImages:H-RC2' }));
    expect(screen.getByRole('group', { name: 'RC1' }).getAttribute('data-row')).toBe('carDetails.rcImages:H-RC0');
    const link = within(screen.getByRole('group', { name: 'RC1' })).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/view-image/0?url=${encodeURIComponent('https://img/rc0.jpg')}`);
  });

  it('offers no Edit image and disabled ticks to a non-assignee', () => {
    render(
      <RowContext.Provider value={ctx({ canEdit: false })}>
        <ImagesPanel group="rcImages" title="RC Images" rows={rows} verifiable={isDocumentGroup(carReviewConfig, 'rcImages')} urls={{}} />
      </RowContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Edit image' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Reject RC1' }) as HTMLInputElement).disabled).toBe(true);
  });

  it("shows the duplicate key note 'Please reject if picture does not contain both keys' when the config flag is 1", () => {
    const m = carEngine.evaluate(makeInspection(), [], null, { duplicateKeyConfig: 1 });
    const keys = m.order.filter((k) => k.startsWith('duplicateKeyImages:')).map((k) => m.rows[k]);
    render(
      <RowContext.Provider value={ctx()}>
        <ImagesPanel group="duplicateKeyImages" title="Duplicate Key Images" rows={keys} verifiable={isDocumentGroup(carReviewConfig, 'duplicateKeyImages')} urls={{}} />
      </RowContext.Provider>,
    );
    expect(screen.getByText('Please reject if picture does not contain both keys')).toBeTruthy();
    // Not a document group of the car config: no verified filters.
    expect(screen.queryByRole('checkbox', { name: 'Show Verified' })).toBeNull();
  });
});

describe('summary tab (spec 000 §2 Summary)', () => {
  it('lists the marked errors and, for a re-inspection, the RI Changes table with Send Mail', async () => {
    const inspection = makeInspection({
      inspection: { version: 1, riTableData: [{ title: 'Odometer Reading', oldValue: 79357, newValue: 79751 }] },
    });
    vi.mocked(fetchRiEmailLog).mockResolvedValueOnce([{ createdAt: '2026-05-30T09:41:07.123Z', reinspectionDiffUrl: 'https://mail/diff/1' }]);
    let model: ReviewModel = carEngine.evaluate(inspection);
    model = carEngine.apply(model, { type: 'setValue', key: 'chassisNumber', value: 'MA3NEW' });
    render(
      <MemoryRouter>
        <SummaryTab model={model} inspection={inspection} canEdit />
      </MemoryRouter>,
    );
    const errors = screen.getByRole('table', { name: 'Errors' });
    expect(within(errors).getAllByRole('row')[1].textContent).toContain('Chassis Number');
    expect(within(errors).getAllByRole('row')[1].textContent).toContain('MA3NEW');
    const ri = screen.getByRole('table', { name: 'RI Changes' });
    expect(within(ri).getAllByRole('row')[1].textContent).toBe('Odometer Reading7935779751');
    expect(fetchRiEmailLog).toHaveBeenCalledWith('APT0077');
    // The mail log shows when each mail went out as a readable local time, not the raw ISO timestamp.
    const log = await screen.findByRole('list', { name: 'Sent e-mails' });
    const sent = dayjs('2026-05-30T09:41:07.123Z');
    expect(log.textContent).toContain(sent.format('DD MMM YYYY, HH:mm'));
    expect(log.textContent).not.toContain('2026-05-30T');
    await userEvent.click(screen.getByRole('button', { name: 'Send Mail' }));
    expect(screen.getByRole('dialog', { name: 'Send Mail' })).toBeTruthy();
  });

  it("another backend's mail log: a unix time reads as a date, one that names no time as '-', never 'Invalid Date' or its raw text", async () => {
    const inspection = makeInspection({ inspection: { version: 1, riTableData: [] } });
    vi.mocked(fetchRiEmailLog).mockResolvedValueOnce([
      { createdAt: 1780134067 as never, reinspectionDiffUrl: 'https://mail/diff/1' },
      { createdAt: 'soon', reinspectionDiffUrl: 'https://mail/diff/2' },
    ]);
    render(<SummaryTab model={carEngine.evaluate(inspection)} inspection={inspection} canEdit={false} />);
    const items = within(await screen.findByRole('list', { name: 'Sent e-mails' })).getAllByRole('listitem');
    expect(items[0].textContent).toContain(dayjs.unix(1780134067).format('DD MMM YYYY, HH:mm'));
    expect(items[1].textContent).toMatch(/^- Differences/);
    expect(items.map((i) => i.textContent).join()).not.toMatch(/Invalid|soon/);
  });

  it("another backend's RI table: not a list shows no rows (no crash); objects, lists and booleans show as text, never '[object Object]'", async () => {
    const odd = makeInspection({ inspection: { version: 1, riTableData: { 'RA Details': { oldValue: 'a', newValue: 'b' } } as never } });
    const { unmount } = render(<SummaryTab model={carEngine.evaluate(odd)} inspection={odd} canEdit={false} />);
    expect(screen.queryByRole('table', { name: 'RI Changes' })).toBeNull();
    expect(screen.getByText('No results found')).toBeTruthy();
    unmount();
    const riTableData = [null, { title: 'RC', oldValue: { url: 'https://img/rc1.jpg', title: 'RC1' }, newValue: [{ a: 1 }, 'b'] }, { title: 'Dummy', oldValue: true, newValue: false }];
    const mixed = makeInspection({ inspection: { version: 1, riTableData: riTableData as never } });
    render(<SummaryTab model={carEngine.evaluate(mixed)} inspection={mixed} canEdit={false} />);
    const rows = within(screen.getByRole('table', { name: 'RI Changes' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows.slice(1)).toEqual(['RCRC1a: 1, b', 'DummyYesNo']);
  });

  it('a new inspection has no RI Changes section; a non-assignee gets no Send Mail', () => {
    const inspection = makeInspection({ inspection: { version: 0 } });
    render(<SummaryTab model={carEngine.evaluate(inspection)} inspection={inspection} canEdit={false} />);
    expect(screen.getByText('No errors marked')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'RI Changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Mail' })).toBeNull();
  });
});

describe('row list', () => {
  it('groups consecutive image rows and keeps every visible row addressable by data-row', () => {
    const model = carEngine.evaluate(makeInspection());
    const items = itemsOf(model, 'Documents');
    expect(items[0]).toMatchObject({ kind: 'images', group: 'rcImages' });
    expect(items.filter((i) => i.kind === 'row').every((i) => i.kind === 'row' && model.rows[i.key].isVisible)).toBe(true);
    expect(rowAddress(model.rows.noClaimBonusPercentage)).toBe('carDetails.insuranceType.noClaimBonus.noClaimBonusPercentage');
    render(
      <RowContext.Provider value={ctx()}>
        <RowList model={model} tab="Documents" urls={{}} />
      </RowContext.Provider>,
    );
    expect(document.querySelector('[data-row="carDetails.insuranceType"]')?.getAttribute('aria-label')).toBe('Insurance Type');
  });

  it("keeps each row's controls in the row's own form (autofill re-reads only that form on a change), and Enter submits nothing", async () => {
    const onEdit = vi.fn();
    const model = carEngine.evaluate(makeInspection());
    render(
      <RowContext.Provider value={ctx({ onEdit })}>
        <RowList model={model} tab="Documents" urls={{}} />
      </RowContext.Provider>,
    );
    const row = screen.getByRole('group', { name: 'Registration Number' });
    const form = row.parentElement as HTMLFormElement;
    expect(form.tagName).toBe('FORM');
    const controls = within(row).getAllByRole('textbox').concat(within(row).getAllByRole('checkbox'));
    expect(controls.every((c) => (c as HTMLInputElement).form === form)).toBe(true);
    expect(screen.getByRole('group', { name: 'Manufacturing Year' }).closest('form')).not.toBe(form);
    // The form is no landmark (unnamed, no role): the row in it is the named group, a role a form may not take (axe).
    expect([form.getAttribute('role'), form.getAttribute('aria-label'), form.getAttribute('aria-labelledby')]).toEqual([null, null, null]);
    // Read on the document, after React's handler on the root has run.
    const submitted = vi.fn();
    const onSubmit = (e: Event) => submitted(e.target === form, e.defaultPrevented);
    document.addEventListener('submit', onSubmit);
    await userEvent.type(within(row).getByRole('textbox'), '{Enter}');
    document.removeEventListener('submit', onSubmit);
    expect(submitted).toHaveBeenCalledWith(true, true);
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('renders only the items near the visible part of a tab, and the later ones as the box scrolls', async () => {
    const undo = fakeLayout({ rowsBoxHeight: 400, rowHeight: 46 });
    try {
      const model = carEngine.evaluate(makeInspection());
      const items = itemsOf(model, 'Documents');
      const last = items[items.length - 1];
      const lastKey = last.kind === 'row' ? last.key : last.keys[0];
      render(
        <RowContext.Provider value={ctx()}>
          <RowList model={model} tab="Documents" urls={{}} />
        </RowContext.Provider>,
      );
      const rendered = () => document.querySelectorAll('section.rows [data-index]').length;
      // A 400 px box of 46 px items shows 9 of them: the first frame has those and FIRST_OVERSCAN more, and once it is
      // painted OVERSCAN more follow below.
      expect(rendered()).toBe(Math.ceil(400 / 46) + FIRST_OVERSCAN);
      await waitFor(() => expect(rendered()).toBe(Math.ceil(400 / 46) + OVERSCAN));
      expect(rendered()).toBeLessThan(items.length);
      expect(document.querySelector(`[data-key="${lastKey}"]`)).toBeNull();
      const box = document.querySelector('section.rows') as HTMLElement;
      box.scrollTop = items.length * 46;
      fireEvent.scroll(box);
      await waitFor(() => expect(document.querySelector(`[data-key="${lastKey}"]`)).not.toBeNull());
      expect(document.querySelector('[data-index="0"]')).toBeNull();
    } finally {
      undo();
    }
  });
});

describe('review access (spec 000 §4, §6)', () => {
  const inspection = makeInspection();
  it.each([
    ['the assignee in smReview', REVIEWER, 'smReview', null, { canEdit: true, canSubmit: true, canAssign: false }],
    ['the assignee in done', REVIEWER, 'done', null, { canEdit: true, canSubmit: true }],
    ['the assignee viewing a past version', REVIEWER, 'smReview', 'smReview', { canEdit: false, canSubmit: false }],
    ['the assignee after rejection', REVIEWER, 'smReviewRejected', null, { canEdit: false }],
    ['another reviewer', OTHER, 'smReview', null, { canEdit: false, canSubmit: false, canAssign: false }],
  ] as const)('%s', (_, email, status, versionStatus, expected) => {
    expect(reviewAccess(carReviewConfig, { ...inspection, inspectionStatus: status }, email, versionStatus)).toMatchObject(expected);
  });

  it('anyone may assign an unassigned inspection that is not a past version', () => {
    expect(reviewAccess(carReviewConfig, { ...inspection, qcAssign: { to: null } }, OTHER, null).canAssign).toBe(true);
    expect(reviewAccess(carReviewConfig, { ...inspection, qcAssign: { to: null } }, OTHER, 'done').canAssign).toBe(false);
  });
});
