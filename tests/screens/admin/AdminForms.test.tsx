// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import dayjs from 'dayjs';
import { mainHttp } from '../../../src/api/main.ts';
import { showError, showSuccess } from '../../../src/components/toast.ts';
import CjLeaveScreen from '../../../src/screens/admin/CjLeaveScreen.tsx';
import OdometerScreen from '../../../src/screens/admin/OdometerScreen.tsx';
import RegVariantScreen from '../../../src/screens/admin/RegVariantScreen.tsx';
import VideoTutorialScreen, { firstVideoProblem } from '../../../src/screens/admin/VideoTutorialScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

type Route = (c: InternalAxiosRequestConfig) => { status: number; data: unknown } | undefined;
let seen: InternalAxiosRequestConfig[];
const serve = (route: Route) => {
  seen = [];
  mainHttp.defaults.adapter = fakeAdapter(route, seen);
};
const posted = (url: string) => seen.find((c) => c.method === 'post' && c.url === url);

beforeEach(() => signInAs('SM-QcAdmin', 'qc.admin@qc.example'));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('/admin-rv registration / variant (spec 002 §5, generated from JSON Schema with @rjsf/core)', () => {
  it("shows 'Invalid Appointment Id', 'Invalid new registration number', 'Invalid new variant' and sends nothing", async () => {
    serve(() => undefined);
    const user = userEvent.setup();
    render(<RegVariantScreen />);
    await user.type(screen.getByLabelText('Old Registration Number'), 'DL01AA0001');
    await user.type(screen.getByLabelText('Old Variant'), 'LXI');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const text of ['Invalid Appointment Id', 'Invalid new registration number', 'Invalid new variant']) expect(await screen.findByText(text)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('posts update-correct-reg-number with the new number upper-cased', async () => {
    serve((c) => (c.url === 'update-correct-reg-number' ? { status: 200, data: { detail: { registrationNumber: 'MH12AB1234', variant: 'VXI' } } } : undefined));
    const user = userEvent.setup();
    render(<RegVariantScreen />);
    await user.type(screen.getByLabelText('Appointment Id*'), 'APT100');
    await user.type(screen.getByLabelText('New Registration Number'), 'mh12ab1234');
    expect((screen.getByLabelText('New Registration Number') as HTMLInputElement).value).toBe('MH12AB1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted('update-correct-reg-number')).toBeTruthy());
    expect(JSON.parse(posted('update-correct-reg-number')!.data)).toEqual({ appointmentId: 'APT100', registrationNumber: 'MH12AB1234', oldRegistrationNumber: '', variant: '', oldVariant: '' });
    expect(showSuccess).toHaveBeenCalled();
  });
});

describe('/admin-odo odometer (spec 002 §5, §8)', () => {
  it("'Enter correct Appointment Id' when the lookup fails; the old reading read-only; 'Invalid odometer'; success text", async () => {
    serve((c) => {
      if (c.url === 'odometer/NOPE') return { status: 404, data: { message: 'Not Found', detail: 'Enter correct Appointment Id' } };
      if (c.url === 'odometer/APT100') return { status: 200, data: { detail: { odometerReading: 45210 } } };
      if (c.url === 'odometer') return { status: 200, data: { detail: { message: 'Odometer Reading updated succesfully' } } };
      return undefined;
    });
    const user = userEvent.setup();
    render(<OdometerScreen />);
    await user.type(screen.getByLabelText('Appointment Id*'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Get Old Odometer Reading' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Enter correct Appointment Id'));
    await user.clear(screen.getByLabelText('Appointment Id*'));
    await user.type(screen.getByLabelText('Appointment Id*'), 'APT100');
    await user.click(screen.getByRole('button', { name: 'Get Old Odometer Reading' }));
    const old = screen.getByLabelText('Old Odometer Reading') as HTMLInputElement;
    await waitFor(() => expect(old.value).toBe('45210'));
    expect(old.readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid odometer')).toBeTruthy();
    await user.type(screen.getByLabelText('New Odometer Reading'), '46000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Odometer Reading updated succesfully'));
    expect(JSON.parse(posted('odometer')!.data)).toEqual({ appointmentId: 'APT100', odometerReading: 46000 });
  });
});

describe('/update-cj evaluator leaves (spec 002 §5, §8)', () => {
  it("'Please select csv file to upload' without a file; the server's error rows listed; 'Failed to upload' otherwise", async () => {
    let answer = { status: 400, data: { message: 'Bad Request', detail: "Row 2: Invalid EVALUATOR_EMAIL 'x'\nRow 3: Invalid LEAVE_DATE '2030-02-30' (use YYYY-MM-DD)" } };
    serve((c) => (c.url === 'api/updateLeaveData' ? answer : undefined));
    const user = userEvent.setup();
    render(<CjLeaveScreen />);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(showError).toHaveBeenCalledWith('Please select csv file to upload');
    await user.upload(screen.getByLabelText('Leave file'), new File(['EVALUATOR_EMAIL,LEAVE_DATE\nx,2030-02-30'], 'leaves.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const list = await screen.findByRole('list', { name: 'Upload errors' });
    expect(list.textContent).toContain("Row 2: Invalid EVALUATOR_EMAIL 'x'");
    expect(list.textContent).toContain('Row 3: Invalid LEAVE_DATE');
    answer = { status: 500, data: { message: 'Internal Server Error', detail: 'boom' } };
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(showError).toHaveBeenLastCalledWith('Failed to upload'));
  });
});

describe('/admin-vtt video tutorial (spec 002 §2, §5)', () => {
  const video = (name: string) => new File(['v'], name, { type: 'video/mp4' });

  it('checks in the spec order: title, message, Hindi video, English video, date, store config', () => {
    const files = { hindiVideo: video('h.mp4'), englishVideo: video('e.mp4') };
    expect(firstVideoProblem({}, { hindiVideo: null, englishVideo: null })).toBe('Please Enter Video Title');
    expect(firstVideoProblem({ featureTitle: 'T' }, { hindiVideo: null, englishVideo: null })).toBe('Please Enter Video Message');
    expect(firstVideoProblem({ featureTitle: 'T', description: 'D' }, { hindiVideo: null, englishVideo: null })).toBe('Please Upload Hindi Video');
    expect(firstVideoProblem({ featureTitle: 'T', description: 'D' }, { ...files, englishVideo: null })).toBe('Please Upload English Video');
    expect(firstVideoProblem({ featureTitle: 'T', description: 'D' }, files)).toBe('Please Enter Date to trigger');
    expect(firstVideoProblem({ featureTitle: 'T', description: 'D', startDate: '2030-01-01' }, files)).toBe('Please Enter Store Config');
    expect(firstVideoProblem({ featureTitle: 'T', description: 'D', startDate: '2030-01-01', configName: 'ALL' }, files)).toBeNull();
  });

  it('a message over its length or a store config of other characters is named under its field, by its label, before any upload', async () => {
    serve(() => undefined);
    const user = userEvent.setup();
    render(<VideoTutorialScreen />);
    await user.type(screen.getByLabelText('Video Title'), 'Tyre tread check');
    // Pasted, as such a text would be: 1,001 characters, emoji counted as one each as the server counts them.
    await user.click(screen.getByLabelText('Video Message'));
    await user.paste(`${'🚗'.repeat(10)}${'x'.repeat(991)}`);
    await user.upload(screen.getByLabelText('Hindi Video'), video('hindi.mp4'));
    await user.upload(screen.getByLabelText('English Video'), video('english.mp4'));
    await user.type(screen.getByLabelText('Store Config'), 'cfg 🚗');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Video Message is too long (at most 1000 characters).');
    expect(screen.getByText('Store Config has the wrong format.')).toBeTruthy();
    expect(seen).toEqual([]);
    await user.clear(screen.getByLabelText('Store Config'));
    await user.type(screen.getByLabelText('Store Config'), 'ALL');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByText('Store Config has the wrong format.')).toBeNull();
    expect(screen.getByText('Video Message is too long (at most 1000 characters).')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("defaults the date to today, toasts the first problem, and uploads the multipart form: 'Video Uploaded Successfully'", async () => {
    serve((c) => (c.url === 'upload-video-tutorial' ? { status: 201, data: { detail: { message: 'Video Uploaded Successfully' } } } : undefined));
    const user = userEvent.setup();
    render(<VideoTutorialScreen />);
    expect((screen.getByLabelText('Date to trigger') as HTMLInputElement).value).toBe(dayjs().format('YYYY-MM-DD'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(showError).toHaveBeenCalledWith('Please Enter Video Title');
    await user.type(screen.getByLabelText('Video Title'), 'Tyre tread check');
    await user.type(screen.getByLabelText('Video Message'), 'How to measure tread depth');
    await user.upload(screen.getByLabelText('Hindi Video'), video('hindi.mp4'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(showError).toHaveBeenLastCalledWith('Please Upload English Video');
    await user.upload(screen.getByLabelText('English Video'), video('english.mp4'));
    await user.type(screen.getByLabelText('Store Config'), 'ALL_STORES');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Video Uploaded Successfully'));
    const form = posted('upload-video-tutorial')!.data as FormData;
    expect([...form.keys()].sort()).toEqual(['configName', 'description', 'englishVideo', 'featureTitle', 'hindiVideo', 'startDate']);
    expect(form.get('startDate')).toBe(dayjs().format('YYYY-MM-DD'));
  });
});
