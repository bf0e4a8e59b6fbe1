// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import type { RefurbDetail, RefurbListRow } from '../../../src/api/refurbishment.ts';
import { RefurbishmentListScreen } from '../../../src/screens/refurbishment/RefurbishmentListScreen.tsx';
import { RefurbishmentReviewScreen } from '../../../src/screens/refurbishment/RefurbishmentReviewScreen.tsx';
import { RefurbishmentVersionScreen } from '../../../src/screens/refurbishment/RefurbishmentVersionScreen.tsx';
import { ProductValueProvider } from '../../../src/products/ProductContext.tsx';
import { seedProduct } from '../../../src/products/registry.ts';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

const screenRenders = vi.hoisted(() => ({ count: 0 }));
// The list screen's paging hook, counted: one call per render of the screen (its search box with it).
vi.mock('../../../src/components/usePages.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/components/usePages.ts')>();
  return {
    ...real,
    usePages: (...args: Parameters<typeof real.usePages>) => {
      screenRenders.count += 1;
      return real.usePages(...args);
    },
  };
});

const ME = 'qc.reviewer@qc.example';
const row = (n: number, over: Partial<RefurbListRow> = {}): RefurbListRow => ({
  appointmentId: `20073${String(n).padStart(5, '0')}`, refurbishedBy: 'ravi.gs@qc.example', make: 'Honda', model: 'City',
  endTime: new Date(Date.now() - 20 * 60_000).toISOString(), qcAssignTo: { to: null }, status: 'review', version: 1, ...over,
});
const detail: RefurbDetail = {
  appointmentId: '2007300001', version: 3, status: 'refReview', make: 'Honda', model: 'City', variant: 'V MT', fuelType: 'Petrol', month: 3, year: 2018,
  serviceCenter: 'GS Hub Pune Wakad', gsReInspectionReason: 'Customer disputed the bumper estimate', refurbishedBy: 'ravi.gs@qc.example',
  endTime: '2026-11-20T10:00:00Z', qcAssignTo: { to: ME }, totalEstimatedRefurbishmentCost: 123456, totalActualRefurbishmentCost: 98000,
  fields: [
    {
      hashKey: 'h1', category: 'Exterior', subCategory: 'Front Bumper',
      beforeRef: { image: [{ title: 'Bumper', url: '/uploads/b.svg' }], video: [{ title: 'Walk-around', url: '/uploads/v.webm' }], observation: null, estimatedRefurbishmentCost: 123456, qcRemark: 'Use OEM', isRejected: 0 },
      afterRef: { image: [], video: [], observation: 'Repainted', actualRefurbishmentCost: 98000 },
    },
  ],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}{location.search}</p>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/gs-refurbishment" element={<><RefurbishmentListScreen /><Where /></>} />
        <Route
          path="/gs-refurbishment-review/:appointmentId"
          element={
            // Config version 6 of the refurbishment product, as the review's route loads it (issue 17).
            <ProductValueProvider value={{ ...seedProduct('refurbishment'), version: 6 }}>
              <RefurbishmentReviewScreen />
              <Where />
            </ProductValueProvider>
          }
        />
        <Route path="/gs-refurbishment-version/:appointment" element={<><RefurbishmentVersionScreen /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );
}
const where = () => screen.getByTestId('where').textContent;

function serve(route: (c: InternalAxiosRequestConfig) => { status: number; data: unknown } | undefined) {
  const seen: InternalAxiosRequestConfig[] = [];
  mainHttp.defaults.adapter = fakeAdapter(route, seen);
  return seen;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/gs-refurbishment (spec 001 §2, §4, §5)', () => {
  const listCalls = (seen: InternalAxiosRequestConfig[]) => seen.filter((c) => c.url === 'v2/refurbishment').map((c) => c.params as Record<string, unknown>);

  it('searches with the trimmed ID on Enter, ignores blank input, and x clears back to the queue', async () => {
    signInAs('qc');
    const seen = serve((c) => (c.url === 'v2/refurbishment' ? { status: 200, data: { data: [row(1), row(2)], total: 2 } } : undefined));
    renderAt('/gs-refurbishment');
    await screen.findByRole('columnheader', { name: 'Appointment ID (2)' });
    const box = screen.getByRole('searchbox', { name: 'Appointment ID' });
    await userEvent.type(box, '  2007300001  {Enter}');
    await waitFor(() => expect(listCalls(seen).at(-1)).toMatchObject({ page: 1, appointmentId: '2007300001' }));
    const count = listCalls(seen).length;
    await userEvent.clear(box);
    await userEvent.type(box, '   {Enter}');
    expect(listCalls(seen)).toHaveLength(count);
    await userEvent.type(box, 'x1{Enter}');
    await waitFor(() => expect(listCalls(seen).at(-1)?.appointmentId).toBe('x1'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(listCalls(seen).at(-1)?.appointmentId).toBeUndefined());
  });

  it('a timer dot changes colour as the minutes pass; the screen and its search box do not render again with the clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment' ? { status: 200, data: { data: [row(1, { endTime: new Date(Date.now() - 14 * 60_000).toISOString() })], total: 1 } } : undefined));
    renderAt('/gs-refurbishment');
    const dot = await screen.findByRole('img', { name: 'green, 14 min since inspection end' });
    expect(dot.title).toBe('14 min');
    const renders = screenRenders.count;
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('img', { name: 'yellow, 15 min since inspection end' })).toBeTruthy();
    expect(screenRenders.count).toBe(renders);
  });

  it("a row's Appointment ID is a link to its review, the row's one Tab stop: Enter on it opens the review", async () => {
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment' ? { status: 200, data: { data: [row(1, { qcAssignTo: { to: ME } })], total: 1 } } : undefined));
    renderAt('/gs-refurbishment');
    const table = await screen.findByRole('table', { name: 'Refurbishments' });
    const link = await within(table).findByRole('link', { name: '2007300001' });
    // The row itself is no Tab stop with no role any more: the link is what the keyboard and a screen reader meet.
    expect(link.closest('tr')!.hasAttribute('tabindex')).toBe(false);
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('/gs-refurbishment-review/2007300001');
  });

  it("shows 'No Refurbishment Data' when nothing comes back", async () => {
    signInAs('qc');
    const seen = serve((c) => (c.url === 'v2/refurbishment' ? { status: 200, data: { data: [], total: 0 } } : undefined));
    renderAt('/gs-refurbishment');
    await screen.findByText('No Refurbishment Data');
    expect(listCalls(seen).map((p) => p.page)).toEqual([1]); // a short page: no more pages
  });

  it('assign to me sends appointmentId and qcAssignTo = the user, then opens the review', async () => {
    signInAs('qc');
    const seen = serve((c) =>
      c.url === 'v2/refurbishment' ? { status: 200, data: { data: [row(1), row(2, { qcAssignTo: { to: 'qc.reviewer2@qc.example' } })], total: 2 } }
        : c.url === 'v2/refurbishment-qc-assign-to' ? { status: 200, data: { detail } } : undefined,
    );
    renderAt('/gs-refurbishment');
    // The table is there while the first page loads: wait for its rows.
    await screen.findByText('qc.reviewer2@qc.example');
    const table = screen.getByRole('table', { name: 'Refurbishments' });
    expect(within(table).getAllByRole('button', { name: 'Assign to me' })).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(where()).toBe('/gs-refurbishment-review/2007300001'));
    const put = seen.find((c) => c.url === 'v2/refurbishment-qc-assign-to')!;
    expect(put.method).toBe('put');
    expect(JSON.parse(put.data as string)).toEqual({ appointmentId: '2007300001', qcAssignTo: ME });
  });

  it('asks for page 2 only after a full page of 50', async () => {
    signInAs('qc');
    const page = (n: number) => Array.from({ length: n }, (_, i) => row(i + 1));
    const seen = serve((c) => (c.url === 'v2/refurbishment' ? { status: 200, data: { data: (c.params as { page: number }).page === 1 ? page(50) : [], total: 50 } } : undefined));
    renderAt('/gs-refurbishment');
    // jsdom has no layout: every scroll box is 'at its end', so a full page asks for the next one at once.
    await waitFor(() => expect(listCalls(seen).map((p) => p.page)).toEqual([1, 2]));
    await new Promise((r) => setTimeout(r, 50));
    expect(listCalls(seen).map((p) => p.page)).toEqual([1, 2]);
  });

  it('offers no Assign to me to a role without the review (bike-qc, spec 001 §6), and its rows do not open', async () => {
    signInAs('bike-qc');
    const seen = serve((c) => (c.url === 'v2/refurbishment' ? { status: 200, data: { data: [row(1), row(2, { qcAssignTo: { to: 'qc.reviewer2@qc.example' } })], total: 2 } } : undefined));
    renderAt('/gs-refurbishment');
    const table = await screen.findByRole('table', { name: 'Refurbishments' });
    await within(table).findByText('qc.reviewer2@qc.example');
    expect(within(table).queryByRole('button', { name: 'Assign to me' })).toBeNull();
    await userEvent.click(within(table).getByText('2007300001'));
    expect(where()).toBe('/gs-refurbishment');
    expect(seen.some((c) => c.url === 'v2/refurbishment-qc-assign-to')).toBe(false);
  });

  it("another backend's odd rows: no assignment (qcAssignTo: null) is unassigned, an unreadable end time is '-'", async () => {
    signInAs('qc');
    const odd = [
      row(1, { qcAssignTo: null as unknown as RefurbListRow['qcAssignTo'], endTime: '' }),
      row(2, { endTime: '03/2019', qcAssignTo: { to: 'qc.reviewer2@qc.example' } }),
    ];
    serve((c) => (c.url === 'v2/refurbishment' ? { status: 200, data: { data: odd, total: 2 } } : undefined));
    renderAt('/gs-refurbishment');
    const table = await screen.findByRole('table', { name: 'Refurbishments' });
    await within(table).findByText('qc.reviewer2@qc.example');
    const cells = within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells.map((c) => c[3])).toEqual(['-', '-']);
    expect(within(table).getAllByRole('button', { name: 'Assign to me' })).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Invalid Date|NaN|stopped working/);
  });

  it("reloads when the user's auto-assignment record turns 'changed'", async () => {
    signInAs('qc');
    const sources: { onmessage: ((e: { data: string }) => void) | null; url: string }[] = [];
    vi.stubGlobal('EventSource', class {
      onmessage: ((e: { data: string }) => void) | null = null;
      constructor(readonly url: string) {
        sources.push(this);
      }
      close() {}
    });
    const seen = serve((c) => (c.url === 'v2/refurbishment' ? { status: 200, data: { data: [row(1)], total: 1 } } : undefined));
    renderAt('/gs-refurbishment');
    await screen.findByRole('columnheader', { name: 'Appointment ID (1)' });
    const before = listCalls(seen).length;
    sources[0].onmessage?.({ data: JSON.stringify({ status: 'pending' }) });
    sources[0].onmessage?.({ data: JSON.stringify({ status: 'changed' }) });
    await waitFor(() => expect(listCalls(seen).length).toBe(before + 1));
  });
});

describe('/gs-refurbishment-review/{appointmentId} (spec 001 §2, §5)', () => {
  it('shows the header, items with NA for a missing observation, rupee totals, after data in refReview, and SUBMIT for the assignee', async () => {
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment/2007300001' ? { status: 200, data: { detail } } : undefined));
    renderAt('/gs-refurbishment-review/2007300001');
    await screen.findByRole('heading', { name: 'GS Refurbishment Suggestions' });
    for (const text of ['Re-inspection reason: Customer disputed the bumper estimate', 'Comments: NA', 'Comments: Repainted', 'Estimated Cost: ₹1,23,456', 'Actual Cost: ₹98,000', 'Total Estimated Cost: ₹1,23,456', 'Total Actual Cost: ₹98,000', 'GS Hub Pune Wakad', 'March']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText(/QC Remark \(before refurbishment\): Use OEM/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Bumper/ }).getAttribute('href')).toBe(`/view-image/0?url=${encodeURIComponent('/uploads/b.svg')}`);
    expect(screen.getByRole('button', { name: 'SUBMIT' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'QC Comment on Front Bumper' }) as HTMLTextAreaElement).disabled).toBe(false);
    // Each Reject names its item (a screen reader's list of controls tells them apart); the screen still says 'Reject'.
    expect(screen.getByRole('switch', { name: 'Reject Front Bumper' }).closest('label')?.textContent).toBe('Reject');
  });

  it('SUBMIT sends the verdicts with the config version the review runs', async () => {
    signInAs('qc');
    const seen = serve((c) =>
      c.url !== 'v2/refurbishment/2007300001' ? undefined : c.method === 'post' ? { status: 200, data: { detail: { status: 'done', version: 4 } } } : { status: 200, data: { detail } },
    );
    renderAt('/gs-refurbishment-review/2007300001');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'SUBMIT' }));
    await waitFor(() => expect(seen.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(seen.find((c) => c.method === 'post')!.data as string)).toEqual({
      appointmentId: '2007300001', fields: [], reviewBy: ME, status: 'refReview', section: 'afterRef', version: 3, configVersion: 6,
    });
  });

  it('a past version (?version=&status=) reads the version detail and is read-only', async () => {
    signInAs('qc');
    const seen = serve((c) => (c.url === 'v2/refurbishment-version-detail' ? { status: 200, data: { detail: { ...detail, status: 'done' } } } : undefined));
    renderAt('/gs-refurbishment-review/2007300001?version=4&status=done');
    await screen.findByRole('heading', { name: 'GS Refurbishment Suggestions' });
    expect(seen.find((c) => c.url === 'v2/refurbishment-version-detail')!.params).toMatchObject({ appointmentId: '2007300001', status: 'done', version: 4 });
    expect(screen.queryByRole('button', { name: 'SUBMIT' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'QC Comment on Front Bumper' }) as HTMLTextAreaElement).disabled).toBe(true);
    // After-refurbishment data shows in refReview only (001 §2); both totals always.
    expect(screen.queryByRole('heading', { name: 'After Refurbishment' })).toBeNull();
    expect(screen.queryByText('Actual Cost: ₹98,000')).toBeNull();
    expect(screen.getByText('Total Actual Cost: ₹98,000')).not.toBeNull();
  });

  it('its assignee reads a refurbishment no submit moves on (done): the QC boxes locked and no SUBMIT', async () => {
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment/2007300001' ? { status: 200, data: { detail: { ...detail, status: 'done' } } } : undefined));
    renderAt('/gs-refurbishment-review/2007300001');
    await screen.findByRole('heading', { name: 'GS Refurbishment Suggestions' });
    expect((screen.getByRole('textbox', { name: 'QC Comment on Front Bumper' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'SUBMIT' })).toBeNull();
  });

  it('a link with the version alone (no status) reads the status from the version list, and says so when it has no such version', async () => {
    signInAs('qc');
    const versions = [{ appointmentId: '2007300001', make: 'Honda', model: 'City', version: 4, status: 'done', refurbishedBy: 'ravi.gs@qc.example', reviewedBy: ME, endTime: '2026-11-20T10:00:00Z' }];
    const seen = serve((c) =>
      c.url === 'v2/refurbishment-version/2007300001'
        ? { status: 200, data: { data: versions } }
        : c.url === 'v2/refurbishment-version-detail'
          ? { status: 200, data: { detail: { ...detail, status: 'done' } } }
          : undefined,
    );
    renderAt('/gs-refurbishment-review/2007300001?version=4');
    await screen.findByRole('heading', { name: 'GS Refurbishment Suggestions' });
    expect(seen.find((c) => c.url === 'v2/refurbishment-version-detail')!.params).toMatchObject({ appointmentId: '2007300001', status: 'done', version: 4 });
    cleanup();
    seen.length = 0;
    renderAt('/gs-refurbishment-review/2007300001?version=9');
    expect(await screen.findByText('Version records not available for this appointment')).toBeTruthy();
    expect(seen.some((c) => c.url === 'v2/refurbishment-version-detail')).toBe(false);
  });

  it("another backend's odd items: a null before side or media list shows no media and 'NA'; amounts sent as numeric text are rupees", async () => {
    signInAs('qc');
    const base = detail.fields[0];
    const odd = {
      ...detail,
      qcAssignTo: null,
      totalEstimatedRefurbishmentCost: '7,200',
      totalActualRefurbishmentCost: '98000.4',
      fields: [
        { ...base, hashKey: 'h1', subCategory: 'Front Bumper', beforeRef: null, afterRef: null },
        { ...base, hashKey: 'h2', subCategory: 'Bonnet', beforeRef: { ...base.beforeRef, image: null, video: null, observation: 'Dent', estimatedRefurbishmentCost: '14650' } },
      ],
    };
    serve((c) => (c.url === 'v2/refurbishment/2007300001' ? { status: 200, data: { detail: odd } } : undefined));
    renderAt('/gs-refurbishment-review/2007300001');
    const bumper = await screen.findByRole('region', { name: 'Exterior - Front Bumper' });
    expect(within(bumper).getAllByText('Comments: NA')).toHaveLength(2);
    expect(within(bumper).getByText('Estimated Cost: -')).toBeTruthy();
    const bonnet = screen.getByRole('region', { name: 'Exterior - Bonnet' });
    expect(bonnet.querySelectorAll('img, video')).toHaveLength(0);
    expect(within(bonnet).getByText('Comments: Dent')).toBeTruthy();
    expect(within(bonnet).getByText('Estimated Cost: ₹14,650')).toBeTruthy();
    expect(screen.getByText('Total Estimated Cost: ₹7,200')).toBeTruthy();
    expect(screen.getByText('Total Actual Cost: ₹98,000')).toBeTruthy();
    // No assignment is nobody's: read-only, no SUBMIT.
    expect(screen.queryByRole('button', { name: 'SUBMIT' })).toBeNull();
  });

  it('a failed load shows a plain sentence, not the server text', async () => {
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment/2007300001' ? { status: 500, data: { message: 'Internal', detail: 'relation "refurbishments" does not exist' } } : undefined));
    renderAt('/gs-refurbishment-review/2007300001');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('relation');
  });
});

describe('/gs-refurbishment-version/{appointment} (spec 001 §2, §6)', () => {
  const versions = [
    { appointmentId: '2007300001', make: 'Honda', model: 'City', version: 2, status: 'rejected', refurbishedBy: 'ravi.gs@qc.example', reviewedBy: ME, endTime: '2026-11-20T10:00:00Z' },
    { appointmentId: '2007300001', make: 'Honda', model: 'City', version: 1, status: 'review', refurbishedBy: 'ravi.gs@qc.example', reviewedBy: null, endTime: '2026-11-19T10:00:00Z' },
  ];

  it('lists the §2 columns; a QC row click opens the review with version and status', async () => {
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment-version/2007300001' ? { status: 200, data: { data: versions, total: 2 } } : undefined));
    renderAt('/gs-refurbishment-version/2007300001');
    const table = await screen.findByRole('table', { name: 'Refurbishment versions' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Make', 'Model', 'Version', 'Inspection Status', 'Refurbished By', 'End Time']);
    await userEvent.click(within(table).getAllByRole('row')[1]);
    expect(where()).toBe('/gs-refurbishment-review/2007300001?version=2&status=rejected');
  });

  it('rows are not clickable for version-pdf', async () => {
    signInAs('version-pdf', 'version.pdf@qc.example');
    serve((c) => (c.url === 'v2/refurbishment-version/2007300001' ? { status: 200, data: { data: versions, total: 2 } } : undefined));
    renderAt('/gs-refurbishment-version/2007300001');
    const table = await screen.findByRole('table', { name: 'Refurbishment versions' });
    await userEvent.click(within(table).getAllByRole('row')[1]);
    expect(where()).toBe('/gs-refurbishment-version/2007300001');
  });

  it('shows the message of a failed version list (spec 001 §8), once beside the retry line', async () => {
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment-version/bad%20id!' ? { status: 400, data: { statusCode: 400, message: 'Appointment ID has the wrong format.', detail: 'Appointment ID has the wrong format.' } } : undefined));
    renderAt('/gs-refurbishment-version/bad%20id!');
    const panel = await screen.findByRole('alert');
    expect([...panel.children].map((c) => c.textContent)).toEqual(['Oops!', 'Something went wrong, please try again', 'Appointment ID has the wrong format.']);
  });

  it('a failure with no sentence of its own says the retry line once', async () => {
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment-version/2007300001' ? { status: 500, data: { statusCode: 500, message: 'Internal Server Error' } } : undefined));
    renderAt('/gs-refurbishment-version/2007300001');
    const panel = await screen.findByRole('alert');
    expect([...panel.children].map((c) => c.textContent)).toEqual(['Oops!', 'Something went wrong, please try again']);
  });

  it("an unreadable end time is '-', a unix-seconds one a date", async () => {
    signInAs('qc');
    const odd = [{ ...versions[0], endTime: 'garbage' }, { ...versions[1], endTime: 1795694400 }];
    serve((c) => (c.url === 'v2/refurbishment-version/2007300001' ? { status: 200, data: { data: odd, total: 2 } } : undefined));
    renderAt('/gs-refurbishment-version/2007300001');
    const table = await screen.findByRole('table', { name: 'Refurbishment versions' });
    const endTimes = within(table).getAllByRole('row').slice(1).map((r) => r.lastElementChild?.textContent);
    expect(endTimes[0]).toBe('-');
    expect(endTimes[1]).toMatch(/^\d\d-\d\d-2026 /);
  });

  it("says 'Version records not available for this appointment' for none", async () => {
    signInAs('qc');
    serve((c) => (c.url === 'v2/refurbishment-version/1' ? { status: 200, data: { data: [], total: 0 } } : undefined));
    renderAt('/gs-refurbishment-version/1');
    await screen.findByText('Version records not available for this appointment');
  });
});
