// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import type { InspectionListRow } from '../../../src/products/car/inspection.ts';
import { mainHttp } from '../../../src/api/main.ts';
import { browserLocation } from '../../../src/api/location.ts';
import { resetSignOutGuard } from '../../../src/api/http.ts';
import { InspectionListScreen } from '../../../src/screens/inspections/InspectionListScreen.tsx';
import { ROW_HEIGHT } from '../../../src/screens/inspections/InspectionTable.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';
import { fakeLayout } from '../../support/layout.ts';
import { selectRenders } from '../../support/counted-select.ts';

// The real filter selects, counted: the screen's heaviest part, which the minute's clock must not render again.
vi.mock('../../../src/components/SelectField.tsx', async (original) => (await import('../../support/counted-select.ts')).countedSelectField(original));

function Review() {
  return <p data-testid="review">review {useParams().carId}</p>;
}

function renderList() {
  render(
    <MemoryRouter initialEntries={['/inspection']}>
      <Routes>
        <Route path="/inspection" element={<InspectionListScreen />} />
        <Route path="/review/:carId" element={<Review />} />
      </Routes>
    </MemoryRouter>,
  );
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function row(i: number, patch: Partial<InspectionListRow> = {}): InspectionListRow {
  return {
    appointmentId: `APT${String(i).padStart(5, '0')}`,
    carId: 1000 + i,
    category: 'New',
    inspectionEndTime: minutesAgo(5),
    make: 'Maruti',
    model: 'Swift',
    storeName: 'Gurgaon Hub',
    qcAssign: { to: null },
    qcAudit: 0,
    reInspectionReason: null,
    isReportProcessed: 1,
    reInspectionProcessing: 0,
    dealerPriceProcessing: 0,
    isPDILead: 0,
    workflowId: null,
    inspectionStatus: 'smReview',
    version: 0,
    ...patch,
  };
}

const cities = [
  { city_id: 1, city_name: 'Delhi NCR', locations: [{ location_id: 11, name: 'Gurgaon Hub' }, { location_id: 12, name: 'Noida Hub' }] },
  { city_id: 2, city_name: 'Mumbai', locations: [{ location_id: 21, name: 'Andheri Hub' }] },
];
const assignees = [
  { id: 1, name: 'Asha Reviewer', email: 'qc.reviewer@qc.example' },
  { id: 2, name: 'Ravi Reviewer', email: 'qc.reviewer2@qc.example' },
];

interface Server {
  seen: InternalAxiosRequestConfig[];
  listCalls: () => URLSearchParams[];
}

/** A fake main host: the list answers from `list(page, params)`; lookups from the fixtures above. */
function serve(list: (page: number, params: URLSearchParams) => { status: number; data: unknown }, sleepTime: number | null = 0): Server {
  const seen: InternalAxiosRequestConfig[] = [];
  mainHttp.defaults.adapter = fakeAdapter((c) => {
    if (c.url === 'location-store') return { status: 200, data: { detail: cities } };
    if (c.url === 'assignee-list') return { status: 200, data: { detail: assignees } };
    if (c.url === 'get-qc-auto-assignment-sleep-time') return sleepTime === null ? { status: 500, data: {} } : { status: 200, data: { detail: { data: { sleepTime } } } };
    if (c.url === 'v2/inspection-data-list') {
      const params = new URLSearchParams(String(c.params));
      return list(Number(params.get('page')), params);
    }
    if (c.url?.startsWith('qc-appointment-assign-to/')) return { status: 200, data: { detail: {} } };
    return undefined;
  }, seen);
  return {
    seen,
    listCalls: () => seen.filter((c) => c.url === 'v2/inspection-data-list').map((c) => new URLSearchParams(String(c.params))),
  };
}

/** Pages of 50 out of `total` rows, built on demand. */
const pages = (total: number, patch: (i: number) => Partial<InspectionListRow> = () => ({})) => (page: number) => {
  const from = (page - 1) * 50;
  const data = Array.from({ length: Math.max(0, Math.min(50, total - from)) }, (_, k) => row(from + k, patch(from + k)));
  return { status: 200, data: { data, total } };
};

const bodyRows = () => within(screen.getByTestId('inspection-scroll')).queryAllByRole('row');

let undoLayout: () => void;
beforeEach(() => {
  undoLayout = fakeLayout(440);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  undoLayout();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetSignOutGuard();
});

describe('/inspection states (spec 000 §2)', () => {
  it("shows 'Loading...' while fetching, then 'No Appointment Data' for an empty list with the total in the header", async () => {
    signInAs('qc');
    const server = serve(() => ({ status: 200, data: { data: [], total: 0 } }));
    renderList();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('No Appointment Data')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Appt ID (0)' })).toBeTruthy();
    const params = server.listCalls()[0];
    expect(params.get('records')).toBe('50');
    expect(params.get('page')).toBe('1');
    expect(params.get('user')).toBe('qc.reviewer@qc.example');
    expect(params.get('utm_source')).toBe('qc');
  });

  it("shows the error panel ('Oops!', 'Something went wrong, please try again') when the list fails", async () => {
    signInAs('qc');
    serve(() => ({ status: 500, data: { message: 'list failed' } }));
    renderList();
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Oops!')).toBeTruthy();
    expect(within(panel).getByText('Something went wrong, please try again')).toBeTruthy();
    expect(panel.textContent).toContain('list failed');
  });

  it('a 403 on the list clears the session and goes to /login (spec 000 §8)', async () => {
    signInAs('qc');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    serve(() => ({ status: 403, data: { message: 'Forbidden' } }));
    renderList();
    await waitFor(() => expect(localStorage.getItem('loginData')).toBeNull());
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('shows the columns of a row: timer dot, Appt ID, Category, Status, Inspection End Time, Car, Centre, Assignee', async () => {
    signInAs('qc');
    serve(() => ({ status: 200, data: { data: [row(1, { qcAssign: { to: 'qc.reviewer2@qc.example' }, category: 'Re-inspection(CR)', make: 'Hyundai', model: 'i20', storeName: 'Noida Hub', inspectionStatus: 'smReview' })], total: 1 } }));
    renderList();
    expect(await screen.findByText('APT00001')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Timer', 'Appt ID (1)', 'Category', 'Status', 'Inspection End Time', 'Car', 'Centre', 'Assignee']);
    const cells = within(bodyRows()[0]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1)).toEqual(['APT00001', 'Re-inspection(CR)', 'In QC review', expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/), 'Hyundai i20', 'Noida Hub', 'qc.reviewer2@qc.example']);
  });

  it('tells submitted, rejected and pending rows apart by a readable status, never the raw code', async () => {
    signInAs('qc');
    const rows = [row(1, { inspectionStatus: 'done' }), row(2, { inspectionStatus: 'smReviewRejected' }), row(3, { inspectionStatus: 'smReview' }), row(4, { inspectionStatus: 'new' })];
    serve(() => ({ status: 200, data: { data: rows, total: 4 } }));
    renderList();
    expect(await screen.findByText('APT00004')).toBeTruthy();
    const status = bodyRows().map((r) => within(r).getAllByRole('cell')[3].textContent);
    expect(status).toEqual(['Doc Upload Verification', 'Rejected by QC', 'In QC review', 'New']);
  });

  it.each([
    [3, 'green'],
    [20, 'yellow'],
    [45, 'orange'],
    [61, 'red'],
  ])('a row whose inspection ended %i minutes ago shows a %s dot (spec 000 §4)', async (age, colour) => {
    signInAs('qc');
    serve(() => ({ status: 200, data: { data: [row(1, { inspectionEndTime: minutesAgo(age) })], total: 1 } }));
    renderList();
    await screen.findByText('APT00001');
    expect(within(bodyRows()[0]).getByRole('img', { name: new RegExp(`^${colour},`) })).toBeTruthy();
  });

  it('a dot changes colour as the minutes pass, and the filters above the table do not render again with the clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    signInAs('qc');
    serve(() => ({ status: 200, data: { data: [row(1, { inspectionEndTime: minutesAgo(14) })], total: 1 } }));
    renderList();
    await screen.findByText('APT00001');
    const dot = () => within(bodyRows()[0]).getByRole('img').getAttribute('aria-label');
    expect(dot()).toBe('green, 14 min since inspection end');
    const selects = selectRenders.count;
    expect(selects).toBeGreaterThanOrEqual(4);
    act(() => vi.advanceTimersByTime(60_000));
    expect(dot()).toBe('yellow, 15 min since inspection end');
    expect(selectRenders.count).toBe(selects);
  });
});

describe('spec 000 §2 infinite scroll by 50, virtualized', () => {
  it('renders only a window of the loaded rows and asks for the next page of 50 near the end', async () => {
    signInAs('qc');
    const server = serve(pages(5000));
    renderList();
    await screen.findByText('APT00000');
    expect(screen.getByRole('columnheader', { name: 'Appt ID (5000)' })).toBeTruthy();
    // 440 px of 44 px rows plus overscan: far fewer than the 50 loaded.
    expect(bodyRows().length).toBeLessThanOrEqual(30);
    const scroller = screen.getByTestId('inspection-scroll');
    for (let page = 2; page <= 12; page++) {
      await act(async () => {
        scroller.scrollTop = (page - 1) * 50 * ROW_HEIGHT - 440;
        fireEvent.scroll(scroller);
      });
      await waitFor(() => expect(server.listCalls().map((p) => p.get('page'))).toContain(String(page)));
    }
    await screen.findByText('APT00550');
    // 600 rows loaded, still only a window in the DOM; the first rows are gone.
    expect(bodyRows().length).toBeLessThanOrEqual(30);
    expect(screen.queryByText('APT00000')).toBeNull();
    expect(Number(screen.getByRole('table', { name: 'Inspections' }).getAttribute('aria-rowcount'))).toBe(601);
  });

  it('a page shorter than 50 means there is no more to load', async () => {
    signInAs('qc');
    const server = serve(pages(60));
    renderList();
    await screen.findByText('APT00000');
    const scroller = screen.getByTestId('inspection-scroll');
    await act(async () => {
      scroller.scrollTop = 50 * ROW_HEIGHT - 440;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(server.listCalls()).toHaveLength(2));
    await act(async () => {
      scroller.scrollTop = 60 * ROW_HEIGHT - 440;
      fireEvent.scroll(scroller);
    });
    expect(await screen.findByText('APT00059')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 30));
    expect(server.listCalls().map((p) => p.get('page'))).toEqual(['1', '2']);
  });
});

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function optionsOf(label: string): Promise<string[]> {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  const names = (await screen.findAllByRole('option')).map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('spec 000 §2 filters', () => {
  it('Center lists the centres of the chosen cities; City goes out as storeCityId[] and Center as storeId[]', async () => {
    signInAs('qc');
    const server = serve(pages(0));
    renderList();
    await screen.findByText('No Appointment Data');
    expect(screen.getByRole('button', { name: /Center$/ }).hasAttribute('disabled')).toBe(true);
    await choose('City', 'Mumbai');
    await userEvent.keyboard('{Escape}');
    expect(await optionsOf('Center')).toEqual(['Andheri Hub']);
    await choose('Center', 'Andheri Hub');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      const last = server.listCalls().at(-1)!;
      expect(last.getAll('storeCityId[]')).toEqual(['2']);
      expect(last.getAll('storeId[]')).toEqual(['21']);
      expect(last.get('page')).toBe('1');
    });
  });

  it('Category is a single choice of the six categories, sent as category[] and kept in local storage', async () => {
    signInAs('qc');
    const server = serve(pages(0));
    renderList();
    await screen.findByText('No Appointment Data');
    expect(await optionsOf('Category')).toEqual(['New', 'New(CR)', 'New(R)', 'Re-inspection', 'Re-inspection(CR)', 'Re-inspection(R)']);
    await choose('Category', 'New(R)');
    await waitFor(() => expect(server.listCalls().at(-1)!.getAll('category[]')).toEqual(['New(R)']));
    expect(localStorage.getItem('category')).toBe('New(R)');
  });

  it('a non-excluded user sees only their own assignee entry; choosing it sends assignTo', async () => {
    signInAs('qc', 'qc.reviewer@qc.example', false);
    const server = serve(pages(0));
    renderList();
    await screen.findByText('No Appointment Data');
    expect(await optionsOf('Assignee')).toEqual(['Asha Reviewer']);
    await choose('Assignee', 'Asha Reviewer');
    await waitFor(() => expect(server.listCalls().at(-1)!.get('assignTo')).toBe('qc.reviewer@qc.example'));
  });

  it('an excluded user sees every assignee', async () => {
    signInAs('SM-QcAdmin', 'qc.admin@qc.example', true);
    serve(pages(0));
    renderList();
    await screen.findByText('No Appointment Data');
    expect(await optionsOf('Assignee')).toEqual(['Asha Reviewer', 'Ravi Reviewer']);
  });

  it('Appointment ID search trims the text and asks from page 1', async () => {
    signInAs('qc');
    const server = serve(pages(0));
    renderList();
    await screen.findByText('No Appointment Data');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Appointment ID' }), '  APT00042 {Enter}');
    await waitFor(() => expect(server.listCalls().at(-1)!.get('appointmentId')).toBe('APT00042'));
  });

  it('Appointment ID search runs when typing pauses, without Enter, and says so', async () => {
    signInAs('qc');
    const server = serve(pages(0));
    renderList();
    await screen.findByText('No Appointment Data');
    const box = screen.getByRole('searchbox', { name: 'Appointment ID' });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe('Searches as you type; Enter searches at once');
    await userEvent.type(box, 'APT00042');
    await waitFor(() => expect(server.listCalls().at(-1)!.get('appointmentId')).toBe('APT00042'));
    // One search for the pause, not one per keystroke.
    expect(server.listCalls().filter((c) => c.has('appointmentId'))).toHaveLength(1);
  });

  it('Reset clears the stored filters and reloads the page after 1 second', async () => {
    localStorage.setItem('category', 'New');
    signInAs('qc');
    serve(pages(0));
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    renderList();
    await screen.findByText('No Appointment Data');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(localStorage.getItem('category')).toBeNull();
    act(() => vi.advanceTimersByTime(999));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("spec 000 §4 'assign to me' on the list", () => {
  it('shows for a QC reviewer when the sleep time is 0; assigning sends smReview and opens the review', async () => {
    signInAs('qc');
    const server = serve(pages(1));
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByTestId('review')).toBeTruthy();
    expect(screen.getByTestId('review').textContent).toBe('review 1000');
    const patch = server.seen.find((c) => c.method === 'patch')!;
    expect(patch.url).toBe('qc-appointment-assign-to/1000');
    expect(JSON.parse(patch.data)).toEqual({ carId: 1000, role: 'qc', inspectionStatus: 'smReview', user: 'qc.reviewer@qc.example', qcAssignTo: 'qc.reviewer@qc.example' });
  });

  it.each([
    ['qc', 5],
    ['qc', null],
    ['StoreManager-Qc', 0],
  ])('is hidden for %s when the sleep time is %s (and the flag is off)', async (role, sleepTime) => {
    signInAs(role);
    serve(pages(1), sleepTime);
    renderList();
    await screen.findByText('APT00000');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(within(bodyRows()[0]).getAllByRole('cell').at(-1)!.textContent).toBe('-');
  });

  it('an assignment refused by the server shows its detail in an error toast and stays on the list', async () => {
    signInAs('qc');
    serve(pages(1));
    mainHttp.defaults.adapter = ((base) => async (config: InternalAxiosRequestConfig) =>
      config.method === 'patch'
        ? Promise.reject(Object.assign(new Error('409'), { isAxiosError: true, config, response: { status: 409, data: { detail: 'Already assigned to qc.reviewer2@qc.example' }, headers: {}, config, statusText: '' } }))
        : base!(config))(mainHttp.defaults.adapter as (c: InternalAxiosRequestConfig) => Promise<never>);
    renderList();
    render(<Toaster />);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Already assigned to qc.reviewer2@qc.example')).toBeTruthy();
    expect(screen.queryByTestId('review')).toBeNull();
  });
});

describe("spec 000 §2 'Report is under process' rows", () => {
  it.each([
    ['isReportProcessed 0', { isReportProcessed: 0 }],
    ['reInspectionProcessing 1', { reInspectionProcessing: 1 }],
    ['dealerPriceProcessing 1', { dealerPriceProcessing: 1 }],
  ])('a row with %s can be neither opened nor assigned', async (_, patch) => {
    signInAs('qc');
    const server = serve(pages(1, () => patch));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderList();
    await userEvent.click(await screen.findByText('APT00000'));
    expect(alert).toHaveBeenLastCalledWith('Report is under process');
    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('review')).toBeNull();
    expect(server.seen.some((c) => c.method === 'patch')).toBe(false);
  });

  it('a processed row opens the review for a QC role, by click or Enter', async () => {
    signInAs('StoreManager-Qc');
    serve(pages(2));
    renderList();
    await userEvent.click(await screen.findByText('APT00001'));
    expect(screen.getByTestId('review').textContent).toBe('review 1001');
    cleanup();
    renderList();
    await screen.findByText('APT00000');
    bodyRows()[0].focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('review').textContent).toBe('review 1000');
  });

  it('rows do not open for a role without the review (bike-qc opens, other roles never reach the list)', async () => {
    signInAs('bike-qc');
    serve(pages(1));
    renderList();
    await userEvent.click(await screen.findByText('APT00000'));
    expect(screen.getByTestId('review').textContent).toBe('review 1000');
  });
});

describe('spec 000 §4 live refresh from the auto-assignment stream', () => {
  it("reloads the list when the user's record turns 'changed'", async () => {
    const sources: { url: string; onmessage: ((e: { data: string }) => void) | null; close: () => void }[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        onmessage: ((e: { data: string }) => void) | null = null;
        constructor(readonly url: string) {
          sources.push(this);
        }
        close() {}
      },
    );
    signInAs('qc');
    let total = 1;
    const server = serve(() => pages(total)(1));
    renderList();
    await screen.findByText('APT00000');
    expect(new URL(sources[0].url, 'http://x').searchParams.get('token')).toBe('t');
    total = 2;
    act(() => sources[0].onmessage?.({ data: JSON.stringify({ status: 'pending' }) }));
    expect(server.listCalls()).toHaveLength(1);
    act(() => sources[0].onmessage?.({ data: JSON.stringify({ status: 'changed' }) }));
    expect(await screen.findByText('APT00001')).toBeTruthy();
    expect(server.listCalls()).toHaveLength(2);
  });
});

describe('Appointment ID search clear', () => {
  it('the clear button empties the search and asks for the whole list again', async () => {
    signInAs('qc');
    const server = serve(pages(0));
    renderList();
    await screen.findByText('No Appointment Data');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Appointment ID' }), 'APT1{Enter}');
    await waitFor(() => expect(server.listCalls().at(-1)!.get('appointmentId')).toBe('APT1'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(server.listCalls().at(-1)!.has('appointmentId')).toBe(false));
    expect((screen.getByRole('searchbox', { name: 'Appointment ID' }) as HTMLInputElement).value).toBe('');
  });
});
