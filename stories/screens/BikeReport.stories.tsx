import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { BikeReport, BikeReportData } from '../../src/api/bike.ts';
import BikeReportScreen from '../../src/screens/bike/BikeReportScreen.tsx';
import { PENDING, fail, sessionFor, type Route } from '../support/api.ts';
import { picture } from '../support/images.ts';
import { RoutedScreen } from '../support/screen.tsx';

/**
 * The printable bike report of spec 001 §2 (/bike-report/{appointmentId}?version=): logo, 'INSPECTION REPORT',
 * appointment and end date, CJ remarks one per line, the sections keyed by question label, the images and the defect
 * images. UI version 2 puts the images after the details in a denser grid; version 1 adds the financer to the details.
 */
const meta = {
  title: 'Screens/Bike report',
  component: RoutedScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoutedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const image = (type: string, title: string, colour = '#5a3d7a') => ({ hashKey: `${type}-${title}`, type, uri: picture(title, colour), title });

/** The report's sections as the server keys them (server/bike-repo.ts toBikeReport): heading, then question label. */
const sections = (): Omit<BikeReportData, 'cjRemark' | 'uiVersion' | 'financerName'> => ({
  'Bike Details': {
    'Registration Number': 'MH12AB1234',
    Make: 'Hero',
    Model: 'Splendor Plus',
    'Manufacturing Year': '2018',
    'Fuel Type': 'Petrol',
    'Odometer Reading': '10k-20k',
    'Insurance Type': 'Comprehensive',
    'Insurance Expiry': '01/05/2027',
    Hypothecation: 'Yes',
  },
  Exterior: { 'Fuel Tank': 'Scratches', Mudguard: 'Ok', 'Side Panels': 'Ok' },
  Electricals: { Headlamp: 'Ok', Horn: 'Ok', 'Self Start': 'Working' },
  'Engine and transmission': { 'Exhaust Smoke Colour': 'Normal', 'Engine Sound': 'Normal', Clutch: 'Ok' },
  'Wheels/brakes/suspension': { 'Rear Tyre': 'Worn', 'Front Brake': 'Disc, Ok', Suspension: 'Ok' },
  'Other Features': { 'Duplicate Key': 'Yes' },
});

const IMAGES = [
  image('mainImage', 'Front'),
  image('mainImage', 'Right Side'),
  image('mainImage', 'Left Side'),
  image('mainImage', 'Rear'),
  image('odometer', 'Reading Panel'),
  image('duplicateKey', 'Duplicate Key'),
  // A document image in the answer (another backend may send every image): the report does not print it.
  image('rcImage', 'RC Front', '#3d5a7a'),
  image('defectImages', 'Scratch on Fuel Tank', '#7a3d3d'),
  image('defectImages', 'Worn Rear Tyre', '#7a3d3d'),
];

/** A report as the server answers it, in UI version `uiVersion`, with `cjRemark`. */
function report(over: Partial<BikeReport> = {}, uiVersion = 2, cjRemark = 'Minor scratches on the fuel tank.\nRear tyre to be replaced soon.\nAll documents verified.'): BikeReport {
  return {
    appointmentId: 'BK26110001',
    version: 1,
    regNo: 'MH12AB1234',
    make: 'Hero',
    model: 'Splendor Plus',
    variant: 'i3S',
    status: 'APPROVED',
    inspectionEndTime: 1763900000,
    inspectionData: { ...sections(), uiVersion, cjRemark, financerName: uiVersion === 1 ? 'Hero FinCorp' : null },
    images: IMAGES,
    ...over,
  };
}

const bikeReport = (answer: Route, url = '/bike-report/BK26110001'): Story => ({
  args: {
    path: '/bike-report/:appointmentId',
    url,
    screen: <BikeReportScreen />,
    session: sessionFor('version-pdf', 'version.pdf@qc.example', 'Pavan Pdf'),
    api: { 'GET appointment/*/report': answer, 'GET public/appconfig': { detail: { imageUrlTemplate: '{uri}', videoBaseUrl: '' } } },
  },
});

/** UI version 2: details, then the images and the defect images in a dense grid. */
export const UiVersion2: Story = {
  ...bikeReport({ detail: report() }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'INSPECTION REPORT' })).toBeInTheDocument();
    const remarks = canvas.getByRole('region', { name: 'CJ Remarks' });
    await expect(within(remarks).getAllByText(/\./)).toHaveLength(3);
    await expect(canvas.getByRole('heading', { name: 'Defect Images' })).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Reading Panel' })).toBeInTheDocument();
    await expect(canvas.queryByRole('img', { name: 'RC Front' })).toBeNull();
  },
};

/** UI version 1: the financer among the bike details. */
export const UiVersion1: Story = {
  ...bikeReport({ detail: report({}, 1) }),
  play: async ({ canvasElement }) => {
    const details = await within(canvasElement).findByRole('region', { name: 'Bike Details' });
    await expect(within(details).getByRole('rowheader', { name: 'Financer' })).toBeInTheDocument();
  },
};

/** A past version (?version=0), reached from the bike's version list. */
export const PastVersion: Story = bikeReport(({ params }) => ({ detail: report({ version: Number(params.version), status: 'REJECTED' }) }), '/bike-report/BK26110001?version=0');

/** No defect images and no remark: the report leaves those parts empty. */
export const WithoutDefects: Story = bikeReport({ detail: report({ images: IMAGES.filter((i) => i.type !== 'defectImages') }, 2, '') });

export const Loading: Story = bikeReport(PENDING);

export const LoadFailed: Story = {
  ...bikeReport(fail(404, 'Appointment BK26110001 not found')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Appointment BK26110001 not found');
  },
};
