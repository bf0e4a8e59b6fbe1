import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { BikeListRow, BikeVersionRow } from '../../src/api/bike.ts';
import type { VersionRow } from '../../src/api/main.ts';
import BikeListScreen from '../../src/screens/bike/BikeListScreen.tsx';
import BikeVersionsScreen from '../../src/screens/bike/BikeVersionsScreen.tsx';
import { GsListScreen } from '../../src/screens/gs/GsListScreen.tsx';
import { InspectionListScreen } from '../../src/screens/inspections/InspectionListScreen.tsx';
import { RefurbishmentListScreen } from '../../src/screens/refurbishment/RefurbishmentListScreen.tsx';
import { RefurbishmentVersionScreen } from '../../src/screens/refurbishment/RefurbishmentVersionScreen.tsx';
import { VersionListScreen } from '../../src/screens/versions/VersionListScreen.tsx';
import '../../src/screens/gs/gs.css';
import { PENDING, fail, sessionFor, type Route, type Routes } from '../support/api.ts';
import { LOOKUP_ROUTES } from '../support/car.ts';
import { gsListRows, refurbListRows } from '../support/gs.ts';
import { RoutedScreen, paged } from '../support/screen.tsx';
import { listRows } from '../fixtures.ts';

/**
 * The list screens with infinite scroll (50 rows a page) and the version lists, in the states the specs name:
 * rows, empty, loading and failed. Their calls are answered from fixtures.
 */
const meta = {
  title: 'Screens/Lists',
  component: RoutedScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoutedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const qc = sessionFor('qc');
const lists: Routes = {
  'GET location-store': LOOKUP_ROUTES['GET location-store'],
  'GET assignee-list': { detail: [{ id: 1, name: 'Asha Reviewer', email: 'qc.reviewer@qc.example' }] },
  'GET get-qc-auto-assignment-sleep-time': { detail: { data: { sleepTime: 0 } } },
  'GET v2/gs-assignees': { detail: [{ id: 9, name: 'Gaurav Gs', email: 'gs.team@qc.example' }] },
};

const car = (list: Route, session = qc): Story => ({
  args: {
    path: '/inspection',
    url: '/inspection',
    screen: <InspectionListScreen />,
    session,
    api: { ...lists, 'GET v2/inspection-data-list': list },
  },
});

/** /inspection: 120 inspections, 50 a page; scrolling to the end fetches the next page. */
export const CarList: Story = {
  ...car(paged(listRows(120))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('APT100000')).toBeInTheDocument();
    const scroller = canvas.getByTestId('inspection-scroll');
    await waitFor(
      () => {
        scroller.scrollTop = scroller.scrollHeight;
        // Rows are virtualized: the rows in view at the end are from the second page (index 50 on).
        const shown = [...scroller.querySelectorAll<HTMLElement>('[data-appointment]')].map((r) => Number(r.dataset.appointment?.slice(3)));
        expect(Math.max(...shown)).toBeGreaterThanOrEqual(100050);
      },
      { timeout: 5000 },
    );
  },
};
export const CarListEmpty: Story = {
  ...car({ data: [], total: 0 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No Appointment Data')).toBeInTheDocument();
  },
};
export const CarListLoading: Story = car(PENDING);
export const CarListFailed: Story = {
  ...car(fail(500, 'The inspection list is not available')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};

const bikeRows: BikeListRow[] = Array.from({ length: 60 }, (_, i) => ({
  bikeId: 5000 + i,
  appointmentId: `BK${26110001 + i}`,
  version: 1,
  status: 'READY_FOR_REVIEW',
  inspectionUser: ['Sachin Pawar', 'Imran Khan'][i % 2],
  make: ['Hero', 'Honda', 'Bajaj'][i % 3],
  model: ['Splendor Plus', 'Activa 6G', 'Pulsar 150'][i % 3],
  inspectionEndTime: Math.floor(Date.now() / 1000) - i * 600,
  qcUser: i % 3 === 0 ? 'bike.qc@qc.example' : null,
}));
const bike = (list: Route): Story => ({
  args: { path: '/inspection-bike', url: '/inspection-bike', screen: <BikeListScreen />, session: sessionFor('bike-qc', 'bike.qc@qc.example'), api: { 'GET appointment': list } },
});
export const BikeList: Story = bike(paged(bikeRows));
export const BikeListEmpty: Story = {
  ...bike({ data: [], total: 0 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No Appointment Data')).toBeInTheDocument();
  },
};
export const BikeListLoading: Story = bike(PENDING);
export const BikeListFailed: Story = bike(fail(500));

const refurb = (list: Route): Story => ({
  args: { path: '/gs-refurbishment', url: '/gs-refurbishment', screen: <RefurbishmentListScreen />, session: qc, api: { 'GET v2/refurbishment': list } },
});
export const RefurbishmentList: Story = refurb(paged(refurbListRows(70)));
export const RefurbishmentListEmpty: Story = {
  ...refurb({ data: [], total: 0 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No Refurbishment Data')).toBeInTheDocument();
  },
};
export const RefurbishmentListLoading: Story = refurb(PENDING);
export const RefurbishmentListFailed: Story = {
  ...refurb(fail(500, 'The refurbishment list is not available')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};

const gs = (list: Route): Story => ({
  args: { path: '/gs-unflagging', url: '/gs-unflagging', screen: <GsListScreen />, session: sessionFor('gs', 'gs.team@qc.example', 'Gaurav Gs'), api: { ...lists, 'GET v2/gs-dealer-data': list } },
});
export const GsList: Story = gs({ detail: gsListRows(12) });
export const GsListEmpty: Story = {
  ...gs({ detail: [] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No Data Found!')).toBeInTheDocument();
  },
};
export const GsListLoading: Story = gs(PENDING);
export const GsListFailed: Story = {
  ...gs(fail(500)),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The flagged cars could not be loaded. Please try again.');
  },
};

const versionRows: VersionRow[] = [2, 1, 0].map((version) => ({
  carId: 9100 + version,
  appointmentId: 'APT9102',
  version,
  storeName: 'Gurgaon Hub',
  make: 'Maruti Suzuki',
  model: 'Swift',
  variant: 'VXI 1.2',
  inspectionStatus: version === 2 ? 'smReview' : 'done',
  inspectionBy: 'Rahul Sharma',
  qcBy: version === 2 ? null : 'qc.reviewer@qc.example',
  inspectionStartTime: `2026-11-${20 - version}T09:00:00Z`,
  inspectionEndTime: `2026-11-${20 - version}T09:40:00Z`,
  qcStartTime: version === 2 ? null : `2026-11-${20 - version}T10:00:00Z`,
  qcEndTime: version === 2 ? null : `2026-11-${20 - version}T10:05:00Z`,
  pdfUrl: version === 2 ? null : '/reports/APT9102.pdf',
}));
const versions = (list: Route, session = sessionFor('qc-Version', 'qc.version@qc.example')): Story => ({
  args: { path: '/inspection-version/:appointmentId', url: '/inspection-version/APT9102', screen: <VersionListScreen />, session, api: { 'GET v2/inspection-version-list': list } },
});
/** /inspection-version/{appointmentId}: a QC role's rows open the review of that version. */
export const CarVersions: Story = versions({ data: versionRows });
/**
 * A laptop's window (1280 px) and the longest values a version row holds (a two-part store name, a QC user's email,
 * all four times and the PDF link): the twelve columns fit, no sideways scroll to QC End Time and PDF.
 */
export const CarVersionsOnALaptop: Story = {
  ...versions({ data: versionRows.map((row) => ({ ...row, storeName: 'Andheri West - Veera Desai Road', qcBy: 'qc.reviewer2@qc.example', qcStartTime: row.inspectionEndTime, qcEndTime: row.inspectionEndTime, pdfUrl: '/reports/APT9102.pdf' })) }),
  decorators: [(Story) => <div style={{ width: 1280 }}><Story /></div>],
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: /versions/i });
    const box = table.parentElement!;
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    // A time may put its clock under its date, never part of the date under the rest.
    const dates = Array.from(table.querySelectorAll('td.date-time'), (cell) => cell.firstElementChild!);
    expect(dates.map((date) => date.getClientRects().length)).toEqual(dates.map(() => 1));
  },
};
/** The 'other' role sees rows that cannot be opened. */
export const CarVersionsOtherRole: Story = versions({ data: versionRows }, sessionFor('other', 'other@qc.example'));
export const CarVersionsEmpty: Story = {
  ...versions({ data: [] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No results found')).toBeInTheDocument();
  },
};
export const CarVersionsLoading: Story = versions(PENDING);
export const CarVersionsFailed: Story = {
  ...versions(fail(500, 'The versions are not available')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};

const bikeVersionRows: BikeVersionRow[] = [1, 0].map((version) => ({
  appointmentId: 'BK26110001',
  make: 'Hero',
  model: 'Splendor Plus',
  variant: 'i3S',
  version,
  status: version === 1 ? 'READY_FOR_REVIEW' : 'APPROVED',
  qcUser: 'bike.qc@qc.example',
  inspectionEndTime: Math.floor(Date.now() / 1000) - version * 86400,
  pdfUrl: version === 0 ? '/reports/BK26110001.pdf' : null,
}));
const bikeVersions = (list: Route): Story => ({
  args: {
    path: '/inspection-bike-version/:appointment',
    url: '/inspection-bike-version/BK26110001',
    screen: <BikeVersionsScreen />,
    session: sessionFor('bike-qc', 'bike.qc@qc.example'),
    api: { 'GET appointment/*/version/all': list },
  },
});
export const BikeVersions: Story = bikeVersions({ data: bikeVersionRows, total: 2 });
/** A narrow window: the table scrolls sideways rather than break a time (dates never wrap in a table). */
export const BikeVersionsNarrow: Story = {
  ...bikeVersions({ data: bikeVersionRows, total: 2 }),
  decorators: [(Story) => <div style={{ width: 420 }}><Story /></div>],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findAllByRole('row');
    const lines = Array.from(canvasElement.querySelectorAll('td.date'), (cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getClientRects().length;
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).toEqual(lines.map(() => 1));
  },
};
export const BikeVersionsEmpty: Story = {
  ...bikeVersions({ data: [], total: 0 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No versions')).toBeInTheDocument();
  },
};
export const BikeVersionsLoading: Story = bikeVersions(PENDING);
export const BikeVersionsFailed: Story = {
  ...bikeVersions(fail(500, 'The versions could not be loaded')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The versions could not be loaded');
  },
};

const refurbVersions = (list: Route): Story => ({
  args: { path: '/gs-refurbishment-version/:appointment', url: '/gs-refurbishment-version/2007300001', screen: <RefurbishmentVersionScreen />, session: qc, api: { 'GET v2/refurbishment-version/*': list } },
});
export const RefurbishmentVersions: Story = refurbVersions({
  data: [2, 1].map((version) => ({ appointmentId: '2007300001', make: 'Honda', model: 'City', version, status: version === 2 ? 'refReview' : 'inRef', refurbishedBy: 'ravi.gs@qc.example', reviewedBy: 'qc.reviewer@qc.example', endTime: '2026-11-20T10:00:00Z' })),
  total: 2,
});
export const RefurbishmentVersionsEmpty: Story = {
  ...refurbVersions({ data: [], total: 0 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Version records not available for this appointment')).toBeInTheDocument();
  },
};
export const RefurbishmentVersionsLoading: Story = refurbVersions(PENDING);
export const RefurbishmentVersionsFailed: Story = {
  ...refurbVersions(fail(500, 'The versions are not available')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};
