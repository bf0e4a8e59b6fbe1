import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ReactElement } from 'react';
import type { XFactorRow } from '../../src/api/admin.ts';
import CjLeaveScreen, { CHOOSE_FILE, FAILED } from '../../src/screens/admin/CjLeaveScreen.tsx';
import OdometerScreen from '../../src/screens/admin/OdometerScreen.tsx';
import RegVariantScreen from '../../src/screens/admin/RegVariantScreen.tsx';
import VideoTutorialScreen from '../../src/screens/admin/VideoTutorialScreen.tsx';
import XFactorScreen from '../../src/screens/admin/XFactorScreen.tsx';
import { PENDING, fail, sessionFor, type Routes } from '../support/api.ts';
import { RoutedScreen } from '../support/screen.tsx';

/**
 * The QC admin's tools of spec 002 §2 'Admin forms': the store cancellation X factor, and the forms generated from
 * src/config/admin-forms.json (@rjsf/core) — registration / variant, odometer, video tutorial — and the CJ leave
 * upload. Each empty, with the spec's validation messages, submitting (the answer held back) and refused by the server.
 */
const meta = {
  title: 'Screens/Admin forms',
  component: RoutedScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoutedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const admin = (path: string, screen: ReactElement, api: Routes = {}): Story => ({
  args: { path, url: path, screen, session: sessionFor('SM-QcAdmin', 'qc.admin@qc.example', 'Vikram Admin'), api },
});

/** Toasts are mounted beside the screen: look for them in the whole page. */
const page = () => within(document.body);
const field = (canvas: ReturnType<typeof within>, label: string) => canvas.getByRole('textbox', { name: new RegExp(`^${label}\\*?$`) });

// Registration / variant (/admin-rv)

const regVariant = (post: Routes[string] = { detail: { registrationNumber: 'MH12AB1234', variant: 'VXI 1.2' } }) =>
  admin('/admin-rv', <RegVariantScreen />, { 'POST update-correct-reg-number': post });

export const RegVariantEmpty: Story = regVariant();

/** Spec 002 §5: no appointment, an old number without a new one, an old variant without a new one. */
export const RegVariantValidationErrors: Story = {
  ...regVariant(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(field(canvas, 'Old Registration Number'), 'DL01AA0001');
    await userEvent.type(field(canvas, 'Old Variant'), 'LXI');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    for (const text of ['Invalid Appointment Id', 'Invalid new registration number', 'Invalid new variant']) await expect(await canvas.findByText(text)).toBeInTheDocument();
  },
};

const fillRegVariant = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.type(field(canvas, 'Appointment Id'), 'APT100');
  await userEvent.type(field(canvas, 'New Registration Number'), 'mh12ab1234');
  await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
  return canvas;
};

/** The answer is held back: the form and its button are disabled while it is sent. */
export const RegVariantSubmitting: Story = {
  ...regVariant(PENDING),
  play: async ({ canvasElement }) => {
    const canvas = await fillRegVariant(canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Submit' })).toBeDisabled());
  },
};

export const RegVariantServerError: Story = {
  ...regVariant(fail(404, 'Appointment APT100 not found')),
  play: async ({ canvasElement }) => {
    await fillRegVariant(canvasElement);
    await expect(await page().findByText('Appointment APT100 not found')).toBeInTheDocument();
  },
};

// Odometer (/admin-odo)

const odometer = (post: Routes[string] = { detail: { message: 'Odometer Reading updated succesfully' } }) =>
  admin('/admin-odo', <OdometerScreen />, {
    'GET odometer/APT100': { detail: { odometerReading: 45210 } },
    'GET odometer/*': fail(404, 'Enter correct Appointment Id'),
    'POST odometer': post,
  });

/** Reads the recorded reading of APT100 (read-only) and submits `reading`. */
const submitOdometer = async (canvasElement: HTMLElement, reading: string) => {
  const canvas = within(canvasElement);
  await userEvent.type(field(canvas, 'Appointment Id'), 'APT100');
  await userEvent.click(canvas.getByRole('button', { name: 'Get Old Odometer Reading' }));
  await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Old Odometer Reading' })).toHaveValue('45210'));
  if (reading) await userEvent.type(field(canvas, 'New Odometer Reading'), reading);
  await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
  return canvas;
};

export const OdometerEmpty: Story = odometer();

/** Spec 002 §5: an old reading exists and no new one is given: 'Invalid odometer'; an unknown appointment. */
export const OdometerValidationErrors: Story = {
  ...odometer(),
  play: async ({ canvasElement }) => {
    const canvas = await submitOdometer(canvasElement, '');
    await expect(await canvas.findByText('Invalid odometer')).toBeInTheDocument();
    await userEvent.clear(field(canvas, 'Appointment Id'));
    await userEvent.type(field(canvas, 'Appointment Id'), 'NOPE');
    await userEvent.click(canvas.getByRole('button', { name: 'Get Old Odometer Reading' }));
    await expect(await page().findByText('Enter correct Appointment Id')).toBeInTheDocument();
  },
};

export const OdometerSubmitting: Story = {
  ...odometer(PENDING),
  play: async ({ canvasElement }) => {
    const canvas = await submitOdometer(canvasElement, '46000');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Submit' })).toBeDisabled());
  },
};

export const OdometerServerError: Story = {
  ...odometer(fail(500, 'The odometer reading could not be saved')),
  play: async ({ canvasElement }) => {
    await submitOdometer(canvasElement, '46000');
    await expect(await page().findByText('The odometer reading could not be saved')).toBeInTheDocument();
  },
};

// Video tutorial trigger (/admin-vtt)

const videoTutorial = (post: Routes[string] = { detail: { message: 'Video Uploaded Successfully' } }) =>
  admin('/admin-vtt', <VideoTutorialScreen />, { 'POST upload-video-tutorial': post });
const video = (name: string) => new File(['video'], name, { type: 'video/mp4' });

const fillVideo = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.type(field(canvas, 'Video Title'), 'Tyre tread check');
  await userEvent.type(field(canvas, 'Video Message'), 'How to measure tread depth');
  await userEvent.upload(canvas.getByLabelText('Hindi Video'), video('hindi.mp4'));
  await userEvent.upload(canvas.getByLabelText('English Video'), video('english.mp4'));
  await userEvent.type(field(canvas, 'Store Config'), 'ALL_STORES');
  await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
  return canvas;
};

/** The date to trigger defaults to today. */
export const VideoTutorialEmpty: Story = videoTutorial();

/** Spec 002 §5: the first missing field of six, in order, as a toast. */
export const VideoTutorialValidationErrors: Story = {
  ...videoTutorial(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await page().findByText('Please Enter Video Title')).toBeInTheDocument();
    await userEvent.type(field(canvas, 'Video Title'), 'Tyre tread check');
    await userEvent.type(field(canvas, 'Video Message'), 'How to measure tread depth');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await page().findByText('Please Upload Hindi Video')).toBeInTheDocument();
  },
};

/** Both videos going up: the progress bar, the form disabled. */
export const VideoTutorialSubmitting: Story = {
  ...videoTutorial(PENDING),
  play: async ({ canvasElement }) => {
    const canvas = await fillVideo(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
};

export const VideoTutorialServerError: Story = {
  ...videoTutorial(fail(413, 'The videos are too large')),
  play: async ({ canvasElement }) => {
    await fillVideo(canvasElement);
    await expect(await page().findByText('The videos are too large')).toBeInTheDocument();
  },
};

// Upload CJ leave (/update-cj)

const cjLeave = (post: Routes[string] = { detail: { message: 'Leaves uploaded' } }) => admin('/update-cj', <CjLeaveScreen />, { 'POST api/updateLeaveData': post });
const leaves = () => new File(['EVALUATOR_EMAIL,LEAVE_DATE\nx,2030-02-30\n'], 'leaves.csv', { type: 'text/csv' });

const uploadLeaves = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.upload(canvas.getByLabelText('Leave file'), leaves());
  await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
  return canvas;
};

export const CjLeaveEmpty: Story = cjLeave();

/** No file chosen; then a file the server refuses, its problems one per line. */
export const CjLeaveValidationErrors: Story = {
  ...cjLeave(fail(400, "Row 2: Invalid EVALUATOR_EMAIL 'x'\nRow 2: Invalid LEAVE_DATE '2030-02-30' (use YYYY-MM-DD)")),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await expect(await page().findByText(CHOOSE_FILE)).toBeInTheDocument();
    await uploadLeaves(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Upload errors' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};

export const CjLeaveSubmitting: Story = {
  ...cjLeave(PENDING),
  play: async ({ canvasElement }) => {
    const canvas = await uploadLeaves(canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Upload' })).toBeDisabled());
  },
};

/** Any other failure: 'Failed to upload'. */
export const CjLeaveServerError: Story = {
  ...cjLeave(fail(500, 'database down')),
  play: async ({ canvasElement }) => {
    await uploadLeaves(canvasElement);
    await expect(await page().findByText(FAILED)).toBeInTheDocument();
  },
};

// Store cancellation X factor (/admin)

/** GET store?role: the screen lists the locality and sell_online stores, with slots from their hours. */
const STORES = [
  { location_id: 11, name: 'Gurgaon Hub', city_id: 1, city_name: 'Gurgaon', region_id: 1, region_name: 'North', channel: 'locality', open_hour: 10, close_hour: 13 },
  { location_id: 12, name: 'Noida Hub', city_id: 2, city_name: 'Noida', region_id: 1, region_name: 'North', channel: 'sell_online', open_hour: 9, close_hour: 11 },
];
const X_FACTORS: XFactorRow[] = [
  { id: 1, storeId: 11, storeName: 'Gurgaon Hub', date: '2026-11-24', slotXFactor: { '10:00:00': 1.2, '11:00:00': 0.8 }, updatedBy: 'qc.admin@qc.example', updatedAt: '2026-11-23T09:30:00Z' },
  { id: 2, storeId: 12, storeName: 'Noida Hub', date: '2026-11-24', slotXFactor: { '09:00:00': 1 }, updatedBy: 'qc.admin@qc.example', updatedAt: '2026-11-23T09:35:00Z' },
];

const xFactor = (list: Routes[string] = { detail: X_FACTORS }, put: Routes[string] = { detail: X_FACTORS[0] }) =>
  admin('/admin', <XFactorScreen />, {
    'GET store': { detail: STORES },
    'GET v2/store-cancellation-factor': list,
    'PUT v2/store-cancellation-factor/*': put,
    'POST v2/store-cancellation-factor/upload': { detail: { message: '1 row updated, 1 row refused', updatedRows: 1, errorRows: 1, errors: [{ row: 3, message: "Invalid SLOT '25:00:00' (use hh:00:00)" }] } },
  });

export const XFactorList: Story = xFactor();
export const XFactorEmpty: Story = {
  ...xFactor({ detail: [] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No data found!')).toBeInTheDocument();
  },
};
export const XFactorLoading: Story = xFactor(PENDING);
export const XFactorListFailed: Story = {
  ...xFactor(fail(500, 'The X factors are not available')),
  play: async () => {
    await expect(await page().findByText('The X factors are not available')).toBeInTheDocument();
  },
};

/** Opens the update popup of Gurgaon Hub's row. */
const openUpdate = async (canvasElement: HTMLElement) => {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Update Gurgaon Hub 2026-11-24' }));
  return within(await page().findByRole('dialog', { name: 'Update X factor' }));
};

/** Update with nothing chosen: the slot and the factor are required. */
export const XFactorUpdateValidationErrors: Story = {
  ...xFactor(),
  play: async ({ canvasElement }) => {
    const popup = await openUpdate(canvasElement);
    await userEvent.click(popup.getByRole('button', { name: 'Update' }));
    await expect(popup.getByText('Slot is required')).toBeInTheDocument();
    await expect(popup.getByText('X factor is required')).toBeInTheDocument();
    await userEvent.type(popup.getByRole('textbox', { name: 'X factor' }), '12.345');
    await userEvent.click(popup.getByRole('button', { name: 'Update' }));
    await expect(popup.getByText('X factor must be a number from 0 to 10 with at most two decimals')).toBeInTheDocument();
  },
};

const fillUpdate = async (canvasElement: HTMLElement) => {
  const popup = await openUpdate(canvasElement);
  await userEvent.click(popup.getByRole('button', { name: /Slot$/ }));
  await userEvent.click(await page().findByRole('option', { name: '12:00:00' }));
  await userEvent.type(popup.getByRole('textbox', { name: 'X factor' }), '1.5');
  await userEvent.click(popup.getByRole('button', { name: 'Update' }));
  return popup;
};

export const XFactorUpdateSubmitting: Story = {
  ...xFactor(undefined, PENDING),
  play: async ({ canvasElement }) => {
    const popup = await fillUpdate(canvasElement);
    await waitFor(() => expect(popup.getByRole('button', { name: 'Update' })).toBeDisabled());
  },
};

export const XFactorUpdateServerError: Story = {
  ...xFactor(undefined, fail(409, 'The slot 12:00:00 is closed for this date')),
  play: async ({ canvasElement }) => {
    await fillUpdate(canvasElement);
    await expect(await page().findByText('The slot 12:00:00 is closed for this date')).toBeInTheDocument();
  },
};

/** A CSV the server applies in part: the refused rows listed with their reasons. */
export const XFactorCsvRowsRefused: Story = {
  ...xFactor(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const csv = 'CENTRE_ID,DATE,DAY,SLOT,FACTOR\n11,2026-11-24,TUESDAY,10:00:00,1.1\n11,2026-11-24,TUESDAY,25:00:00,1\n';
    await userEvent.upload(canvas.getByLabelText('Upload CSV'), new File([csv], 'factors.csv', { type: 'text/csv' }));
    const result = await canvas.findByRole('region', { name: 'Upload result' });
    await expect(result).toHaveTextContent("Row 3: Invalid SLOT '25:00:00' (use hh:00:00)");
  },
};
