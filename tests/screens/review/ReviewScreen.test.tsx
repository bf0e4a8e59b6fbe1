// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchInspection, assignToMe, submitReport } from '../../../src/api/main.ts';
import { saveRemark, setReviewStartTime, uploadImage } from '../../../src/api/review.ts';
import { approveDocument, fetchCustomerDocuments } from '../../../src/api/docs.ts';
import { showError, showSuccess } from '../../../src/components/toast.ts';
import { signInAs } from '../../support/fake-http.ts';
import { ApiError } from '../../../src/api/http.ts';
import { fakeLayout } from '../../support/layout.ts';
import { makeInspection, OTHER, REVIEWER, renderReview } from './helpers.tsx';
import { draftKey, memoryDrafts } from '../../../src/api/drafts.ts';
import { DRAFT_DELAY_MS } from '../../../src/machines/review.machine.ts';
import { LEAVE_QUESTION } from '../../../src/components/leave-guard.ts';
import { TIME_UP_TEXT } from '../../../src/screens/review/ReviewHeader.tsx';
import { recordingSurface } from './surface.ts';

vi.mock('../../../src/api/main.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/main.ts')>()),
  fetchInspection: vi.fn(),
  assignToMe: vi.fn(),
  submitReport: vi.fn(),
}));
vi.mock('../../../src/api/review.ts', () => ({
  setReviewStartTime: vi.fn(async () => undefined),
  fetchRegistry: vi.fn(async () => null),
  fetchAppConfig: vi.fn(async () => ({ duplicateKeyConfig: 1 })),
  fetchRemarks: vi.fn(async () => []),
  saveRemark: vi.fn(),
  fetchComments: vi.fn(async () => []),
  uploadImage: vi.fn(),
  fetchRiEmailLog: vi.fn(async () => []),
  sendRiMail: vi.fn(),
  fetchMakes: vi.fn(async () => []),
  fetchModels: vi.fn(async () => []),
  fetchVariants: vi.fn(async () => []),
  fetchLookup: vi.fn(async () => []),
}));
vi.mock('../../../src/api/docs.ts', () => ({
  fetchCustomerDocuments: vi.fn(async () => ({ preRcImages: [], preInsuranceImages: [] })),
  approveDocument: vi.fn(),
}));
vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const serve = (inspection = makeInspection({ values: { rtoNocIssued: 'No' } })) => {
  vi.mocked(fetchInspection).mockResolvedValue(inspection);
  return inspection;
};
const row = (name: string) => screen.getByRole('group', { name });
const alertSpy = () => vi.spyOn(window, 'alert').mockImplementation(() => undefined);

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
  vi.restoreAllMocks();
});

describe('review page states (spec 000 §2 Review page, §4)', () => {
  it("shows 'Loading...' until the inspection arrives, as a status a screen reader announces", async () => {
    let resolve: (v: ReturnType<typeof makeInspection>) => void = () => undefined;
    vi.mocked(fetchInspection).mockReturnValue(new Promise((r) => (resolve = r)));
    renderReview();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await act(async () => resolve(makeInspection()));
    expect(await screen.findByRole('heading', { name: 'APT0077' })).toBeTruthy();
  });

  it('shows the error panel with the detail when the inspection cannot be fetched', async () => {
    vi.mocked(fetchInspection).mockRejectedValue(Object.assign(new Error('Request failed'), { body: { detail: 'Inspection 77 not found' } }));
    renderReview();
    expect(await screen.findByText('Oops!')).toBeTruthy();
    expect(screen.getByText('Inspection 77 not found')).toBeTruthy();
  });

  it('is read-only for a signed-in user who is not the assignee: no ticks, no edits, no Submit, no countdown', async () => {
    serve(makeInspection({ inspection: { qcAssign: { to: OTHER } } }));
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(screen.getByText(`Assigned to ${OTHER} (read-only)`)).toBeTruthy();
    expect(within(row('Insurance Type')).getByRole('checkbox').hasAttribute('disabled')).toBe(true);
    expect(within(row('Insurance Type')).getByRole('combobox').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(setReviewStartTime).not.toHaveBeenCalled();
  });

  it('a past version opened from the version list is read-only even for the assignee in smReview', async () => {
    serve();
    renderReview('/review/77', { inspectionStatus: 'smReview', version: 0 });
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(within(row('Fuel Type')).getByRole('checkbox').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('offers Assign to me on an unassigned inspection and reloads it 1 s after assigning', async () => {
    const free = makeInspection({ inspection: { qcAssign: { to: null } } });
    vi.mocked(fetchInspection).mockResolvedValueOnce(free).mockResolvedValue(makeInspection());
    vi.mocked(assignToMe).mockResolvedValue(makeInspection());
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(assignToMe).toHaveBeenCalledWith(77, REVIEWER, 'qc');
    await waitFor(() => expect(fetchInspection).toHaveBeenCalledTimes(2), { timeout: 2500 });
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('a reviewer who loses the race for it is told who has it, and the review shows it afresh, read-only, with its assignee', async () => {
    const free = makeInspection({ inspection: { qcAssign: { to: null } } });
    vi.mocked(fetchInspection).mockResolvedValueOnce(free).mockResolvedValue(makeInspection({ inspection: { qcAssign: { to: OTHER } } }));
    vi.mocked(assignToMe).mockRejectedValue(new ApiError(`Already assigned to ${OTHER}`, 409, { message: 'Conflict', detail: `Already assigned to ${OTHER}` }));
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith(`Already assigned to ${OTHER}`));
    expect(await screen.findByText(`Assigned to ${OTHER} (read-only)`)).toBeTruthy();
    expect(fetchInspection).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('the countdown runs from the assignment time the server stored (a reload does not restart it) and says what 00:00 means', async () => {
    serve(makeInspection({ inspection: { qcAssign: { to: REVIEWER, assignedAt: new Date(Date.now() - 60_000).toISOString() } } }));
    const first = renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(screen.getByRole('timer').textContent).toMatch(/^0[12]:\d\d$/);
    expect(screen.queryByText(TIME_UP_TEXT)).toBeNull();
    first.unmount();
    serve(makeInspection({ inspection: { qcAssign: { to: REVIEWER, assignedAt: new Date(Date.now() - 600_000).toISOString() } } }));
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(screen.getByRole('timer').textContent).toBe('00:00');
    expect(screen.getByText(TIME_UP_TEXT)).toBeTruthy();
  });

  it.each([
    ['as our server sends it', { reason: 'Customer disputes the odometer' }],
    ["as text (another backend's)", 'Customer disputes the odometer'],
  ])('shows the re-inspection reason %s', async (_, reInspectionReason) => {
    serve(makeInspection({ inspection: { version: 2, reInspectionReason: reInspectionReason as never } }));
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(screen.getByText('Customer disputes the odometer')).toBeTruthy();
  });

  it('shows the header for the assignee: appointment id, type label, 3-minute countdown; records the review start', async () => {
    serve(makeInspection({ inspection: { version: 2 } }));
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(screen.getByText('Re-Inspection')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^0[23]:\d\d$/);
    expect(setReviewStartTime).toHaveBeenCalledWith(77);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Documents (0)', 'EXTERIOR (0)', 'INTERIOR (0)', 'SUMMARY (0)']);
  });

  it('shows the rejection remark history and the Rejection History table (rejectionParameter, rejectionReason)', async () => {
    const inspection = makeInspection({
      inspection: { rejectionRemarkMapper: [{ rejectionRemark: 'RC image blurred', role: 'qc', timestamp: '20-11-2026 10:15:00' }] },
    });
    inspection.inspectionData.carDetails!.chassisNumber.remarkHistory = [
      { id: 'h1', user: OTHER, role: 'qc', type: 'text', remark: 'Chassis number unreadable', timestamp: 1763600000 },
    ];
    serve(inspection);
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(screen.getByText('Rejection History'));
    expect(screen.getByRole('list', { name: 'Rejection remarks' }).textContent).toContain('RC image blurred');
    const table = screen.getByRole('table', { name: 'Rejection History' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['Rejection ParameterRejection Reason', 'Chassis NumberChassis number unreadable']);
  });

  it('Back goes to the list when the review was opened directly', async () => {
    serve();
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/inspection');
  });

  it("labels version 0 'New Inspection'", async () => {
    serve();
    renderReview();
    expect(await screen.findByText('New Inspection')).toBeTruthy();
  });
});

describe('assignee editing (spec 000 §4 dependent rows)', () => {
  it('3rd Party ticks the insurance row, keeps expiry, drops no-claim bonus and counts the errors on the tab', async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(screen.getByRole('group', { name: 'No Claim Bonus' })).toBeTruthy();
    await userEvent.selectOptions(within(row('Insurance Type')).getByRole('combobox'), '3rd Party');
    expect((within(row('Insurance Type')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('group', { name: 'No Claim Bonus' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Insurance Expiry' })).toBeTruthy();
    expect((await screen.findByRole('tab', { name: /Documents/ })).textContent).not.toBe('Documents (0)');
    expect(document.querySelector('[data-row="carDetails.insuranceType"]')).not.toBeNull();

    await userEvent.selectOptions(within(row('Insurance Type')).getByRole('combobox'), 'Insurance Expired');
    expect(screen.queryByRole('group', { name: 'Insurance Expiry' })).toBeNull();
  });

  it('a fuel other than diesel or electric shows CNG/LPG fitment ticked and its tick disabled', async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(screen.queryByRole('group', { name: 'CNG/LPG Fitment' })).toBeNull();
    await userEvent.selectOptions(within(row('Fuel Type')).getByRole('combobox'), 'Petrol + CNG');
    const tick = within(row('CNG/LPG Fitment')).getByRole('checkbox') as HTMLInputElement;
    expect([tick.checked, tick.disabled]).toEqual([true, true]);
  });

  it('unticking a row clears its new value', async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    const input = within(row('Registration Number')).getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, 'mh12ab1234');
    expect(input.value).toBe('MH12AB1234');
    // Upper-cased in place: typing in the middle keeps the caret there.
    input.setSelectionRange(2, 2);
    await userEvent.type(input, 'x', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input.value).toBe('MHX12AB1234');
    expect(input.selectionStart).toBe(3);
    await userEvent.clear(input);
    await userEvent.type(input, 'MH12AB1234');
    const tick = within(row('Registration Number')).getByRole('checkbox');
    expect((tick as HTMLInputElement).checked).toBe(true);
    await userEvent.click(tick);
    expect((within(row('Registration Number')).getByRole('textbox') as HTMLInputElement).value).toBe('MH01AB1234');
  });

  it("a registration number longer than 11 characters shows 'Registration No should be 11 character long' (000 §5, §8)", async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    const input = within(row('Registration Number')).getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, 'MH12AB12345');
    expect(within(row('Registration Number')).queryByRole('alert')).toBeNull();
    await userEvent.type(input, '6');
    await userEvent.tab();
    expect(input.value).toBe('MH12AB123456');
    expect(within(row('Registration Number')).getByRole('alert').textContent).toBe('Registration No should be 11 character long');
  });

  it("SUMMARY of a new inspection starts with 'Errors Summary', with no 'No results found' above it", async () => {
    serve(makeInspection({ inspection: { version: 0 } }));
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(screen.getByRole('tab', { name: /SUMMARY/ }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Errors Summary' })).toBeTruthy();
    expect(within(panel).queryByText('No results found')).toBeNull();
  });

  it('switches tabs and shows the exterior rows (tyres with tread depth and condition) and interior rows', async () => {
    const inspection = makeInspection();
    inspection.inspectionData.exteriorTyres!.lhsFrontTyre.additionalInfo = { treadDepth: '4 mm', currentCondition: 'Good' };
    serve(inspection);
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    // react-aria renders the tab collection in a second pass after the header: wait for it rather than race it.
    await userEvent.click(await screen.findByRole('tab', { name: /EXTERIOR/ }));
    expect(row('LHS Front Tyre').textContent).toContain('Tread Depth: 4 mm');
    expect(row('LHS Front Tyre').textContent).toContain('Current Condition: Good');
    expect(screen.getByRole('region', { name: 'Main Images' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('tab', { name: /INTERIOR/ }));
    expect(screen.getByRole('group', { name: 'Odometer Reading' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'AC Cooling' })).toBeTruthy();
  });
});

describe('image editor on the review (spec 000 §2, §5, §7 v2/image, §8)', () => {
  it('masks RC1: uploads with hashKey, pointerCount and the old url, marks the tile Masked and ticks it, rebuilds from the stored image', async () => {
    const recorded = makeInspection();
    const stored = makeInspection();
    const rc1 = stored.inspectionData.carDetails!.rcImages.images![0];
    Object.assign(rc1, { url: '/uploads/rc1-masked.jpg', oldUrl: rc1.url, isMaskedByQc: true });
    vi.mocked(fetchInspection).mockResolvedValueOnce(recorded).mockResolvedValue(stored);
    vi.mocked(uploadImage).mockResolvedValue({ url: '/uploads/rc1-masked.jpg' });
    const { surface, calls } = recordingSurface();
    renderReview('/review/77', undefined, { imageSurface: () => surface });
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(within(screen.getByRole('group', { name: 'RC1' })).getByRole('button', { name: 'Edit image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit image RC1' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Rotate 90°' }).hasAttribute('disabled')).toBe(false));
    const canvas = within(dialog).getByRole('img', { name: 'Image being edited' });
    fireEvent.mouseDown(canvas, { clientX: 5, clientY: 5 });
    fireEvent.mouseUp(canvas, { clientX: 50, clientY: 40 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Image updated successfully'));
    expect(calls.toBlob).toEqual([['image/jpeg', 0.9]]);
    expect(vi.mocked(uploadImage).mock.calls[0][1]).toMatchObject({
      carId: 77, section: 'carDetails', part: 'rcImages', hashKey: rc1.hashKey, pointerCount: 1, isTilted: false, fileExtension: 'jpeg', oldImageUrl: recorded.inspectionData.carDetails!.rcImages.images![0].url,
    });
    const tile = screen.getByRole('group', { name: 'RC1' });
    await within(tile).findByText('Masked');
    expect((within(tile).getByRole('checkbox', { name: 'Reject RC1' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(within(tile).getByRole('img', { name: 'RC1' }).getAttribute('src')).toBe('/uploads/rc1-masked.jpg'));
    expect(fetchInspection).toHaveBeenCalledTimes(2);
    expect((await screen.findByRole('tab', { name: /Documents/ })).textContent).toBe('Documents (1)');
  });
});

describe('RTO NOC / NMC image upload (spec 000 §4, §5, §7)', () => {
  it("uploads an image file as additionalInfo with role qc, says 'Image Uploaded' and rebuilds the model keeping the edits", async () => {
    const recorded = makeInspection({ values: { rtoNocIssued: 'Yes', rtoNocAvailable: 'Yes' } });
    const stored = makeInspection({ values: { rtoNocIssued: 'Yes', rtoNocAvailable: 'Yes' } });
    stored.inspectionData.carDetails!.rtoNocIssued.subParts!.rtoNocAvailable.image = { hashKey: 'APT0077_noc', title: 'RTO NOC Available', url: '/uploads/noc.jpg' };
    vi.mocked(fetchInspection).mockResolvedValueOnce(recorded).mockResolvedValue(stored);
    vi.mocked(uploadImage).mockResolvedValue({ url: '/uploads/noc.jpg' });
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(within(row('Chassis Number')).getByRole('checkbox'));
    const input = within(row('RTO NOC Available')).getByLabelText('Upload RTO NOC Available image') as HTMLInputElement;
    expect(input.accept).toBe('image/*');

    await userEvent.upload(input, new File(['%PDF'], 'noc.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(showError).toHaveBeenCalledWith('Only image files can be uploaded');
    expect(uploadImage).not.toHaveBeenCalled();

    await userEvent.upload(input, new File(['jpg'], 'noc.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Image Uploaded'));
    expect(vi.mocked(uploadImage).mock.calls[0][1]).toMatchObject({ carId: 77, section: 'carDetails', type: 'additionalInfo', part: 'rtoNocIssued', subPart: 'rtoNocAvailable', role: 'qc', fileExtension: 'jpg' });
    await waitFor(() => expect(within(row('RTO NOC Available')).getByRole('link', { name: 'View image' })).toBeTruthy());
    expect((within(row('Chassis Number')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });
});

describe('submit (spec 000 §4 submission, §5 before submit, §8)', () => {
  it("alerts 'Please add rejection comment on the following Fields:' with the field list for a ticked non-editable row", async () => {
    const alert = alertSpy();
    serve(makeInspection({ values: { rtoNocIssued: 'No' }, commentFlags: { customerName: 0 } }));
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(within(row('Customer Name')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alert).toHaveBeenCalledWith('Please add rejection comment on the following Fields:\nCustomer Name');
    expect(submitReport).not.toHaveBeenCalled();
  });

  it("alerts 'Please fill the following Fields:' for a ticked document row without a new value", async () => {
    const alert = alertSpy();
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(within(row('Chassis Number')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alert).toHaveBeenCalledWith('Please fill the following Fields:\nChassis Number');
  });

  it("rejection popup: 'Please select Issue Type', 'No issue' exclusive, then success and /inspection after 2 s", async () => {
    const alert = alertSpy();
    serve(makeInspection({ values: { rtoNocIssued: 'No' }, commentFlags: { customerName: 0 } }));
    vi.mocked(saveRemark).mockResolvedValue(null);
    vi.mocked(submitReport).mockResolvedValue({ status: 200, data: { detail: { message: 'ok', inspectionStatus: 'smReviewRejected' } } });
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    const customer = row('Customer Name');
    await userEvent.click(within(customer).getByRole('checkbox'));
    await userEvent.click(within(customer).getByRole('button', { name: 'Remarks' }));
    await userEvent.type(within(customer).getByRole('textbox', { name: 'Remark' }), 'Name differs from RC');
    await userEvent.click(within(customer).getByRole('button', { name: 'Add' }));
    await within(customer).findByText('Remark: Name differs from RC');

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const popup = await screen.findByRole('dialog', { name: 'Issue Type' });
    await userEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    expect(alert).toHaveBeenCalledWith('Please select Issue Type');

    const box = (name: string) => within(popup).getByRole('checkbox', { name }) as HTMLInputElement;
    await userEvent.click(box('RC Documents'));
    await userEvent.click(box('No issue'));
    expect([box('No issue').checked, box('RC Documents').checked]).toEqual([true, false]);
    await userEvent.click(box('Image Quality'));
    expect([box('No issue').checked, box('Image Quality').checked]).toEqual([false, true]);
    await userEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(submitReport).toHaveBeenCalled());
    const [carId, payload] = vi.mocked(submitReport).mock.calls[0];
    expect(carId).toBe(77);
    expect(payload).toMatchObject({ role: 'qc', client: 'web', inspectionStatus: 'smReviewRejected', isCritical: 0, sections: { summary: { issueType: [4] } } });
    expect(payload.sections.carDetails?.rejectedFields.customerName.message).toBe('Name differs from RC');
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Inspection Completed Successfully'));
    expect((await screen.findByTestId('where', {}, { timeout: 3000 })).textContent).toBe('/inspection');
  });

  it('approves with nothing ticked: done, Critical toggled, no popup', async () => {
    serve();
    vi.mocked(submitReport).mockResolvedValue({ status: 200, data: {} });
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    // 000 §4 Critical / Non Critical, default non critical: two choices that read as what they set.
    const criticality = screen.getByRole('radiogroup', { name: 'Criticality' });
    expect((within(criticality).getByRole('radio', { name: 'Non Critical' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(criticality).getByRole('radio', { name: 'Critical' }));
    expect((within(criticality).getByRole('radio', { name: 'Critical' }) as HTMLInputElement).checked).toBe(true);
    expect((within(criticality).getByRole('radio', { name: 'Non Critical' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitReport).toHaveBeenCalled());
    expect(vi.mocked(submitReport).mock.calls[0][1]).toMatchObject({ inspectionStatus: 'done', isCritical: 1, isDummyInspection: 0 });
    expect(screen.queryByRole('dialog', { name: 'Issue Type' })).toBeNull();
  });

  it('a dummy inspection submits with isDummyInspection=1 and no selections', async () => {
    serve();
    vi.mocked(submitReport).mockResolvedValue({ status: 200, data: {} });
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    // react-aria renders the tab collection in a second pass after the header: wait for it rather than race it.
    await userEvent.click(await screen.findByRole('tab', { name: /EXTERIOR/ }));
    await userEvent.click(within(row('Alloy Wheels')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Dummy Inspection' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitReport).toHaveBeenCalled());
    expect(vi.mocked(submitReport).mock.calls[0][1]).toMatchObject({ isDummyInspection: 1, inspectionStatus: 'done', sections: { summary: { issueType: [] } } });
  });
});

describe('customer documents popup on the review (spec 000 §4)', () => {
  it('is offered to the assignee in smReview when the customer uploaded RC or insurance images, without opening over the review', async () => {
    serve();
    vi.mocked(fetchCustomerDocuments).mockResolvedValue({ preRcImages: [{ imageTitle: 'RC Front', url: 'https://img/rc.jpg' }], preInsuranceImages: [] });
    renderReview();
    const offer = await screen.findByRole('button', { name: 'Customer Documents' });
    expect(screen.getByText(/The customer uploaded 1 document to verify/)).toBeTruthy();
    // The countdown runs: the review stays usable, no dialog in front of it.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('timer', { name: 'Review time left' })).toBeTruthy();
    await userEvent.click(offer);
    const dialog = screen.getByRole('dialog', { name: 'Customer Documents' });
    expect(within(dialog).getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true);
    expect(fetchCustomerDocuments).toHaveBeenCalledWith({ appointmentId: 'APT0077', leadToken: 'lead-1' });
  });

  it("Confirm puts the focus on the shown tab's first row, as the review's own row navigation does", async () => {
    serve();
    vi.mocked(fetchCustomerDocuments).mockResolvedValue({ preRcImages: [], preInsuranceImages: [{ imageTitle: 'Policy', url: 'https://img/policy.jpg' }] });
    vi.mocked(approveDocument).mockResolvedValue({});
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Customer Documents' }));
    const dialog = screen.getByRole('dialog', { name: 'Customer Documents' });
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Policy' })).getByRole('button', { name: 'Approve' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const first = document.querySelector('[data-rows] [data-key]');
    expect(first).not.toBeNull();
    await waitFor(() => expect(first!.contains(document.activeElement)).toBe(true));
  });

  it('does not open for someone who is not the assignee', async () => {
    serve(makeInspection({ inspection: { qcAssign: { to: OTHER } } }));
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    expect(fetchCustomerDocuments).not.toHaveBeenCalled();
  });
});

describe('never lose work (issue 16): drafts per inspection and user', () => {
  const wait = (ms: number) => act(async () => new Promise((r) => setTimeout(r, ms)));

  it('a typed value, a tick and a half-written remark come back on reopen with "Draft restored · Discard"; Discard drops them', async () => {
    const drafts = memoryDrafts();
    serve();
    const first = renderReview('/review/77', undefined, { drafts });
    await screen.findByRole('heading', { name: 'APT0077' });
    const input = within(row('Registration Number')).getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, 'MH12AB1234');
    await userEvent.click(within(row('Customer Name')).getByRole('checkbox'));
    await userEvent.click(within(row('Customer Name')).getByRole('button', { name: 'Remarks' }));
    await userEvent.type(within(row('Customer Name')).getByRole('textbox', { name: 'Remark' }), 'Name differs fr');
    await wait(DRAFT_DELAY_MS + 50);
    expect(drafts.entries.has(draftKey(REVIEWER, '77'))).toBe(true);
    first.unmount();

    renderReview('/review/77', undefined, { drafts });
    await screen.findByRole('heading', { name: 'APT0077' });
    const bar = await screen.findByRole('status');
    expect(bar.textContent).toContain('Draft restored');
    expect((within(row('Registration Number')).getByRole('textbox') as HTMLInputElement).value).toBe('MH12AB1234');
    expect((within(row('Customer Name')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((within(row('Customer Name')).getByRole('textbox', { name: 'Remark' }) as HTMLInputElement).value).toBe('Name differs fr');

    await userEvent.click(within(bar).getByRole('button', { name: 'Discard' }));
    expect((within(row('Registration Number')).getByRole('textbox') as HTMLInputElement).value).toBe('MH01AB1234');
    expect((within(row('Customer Name')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
    await wait(DRAFT_DELAY_MS + 50);
    expect(drafts.entries.has(draftKey(REVIEWER, '77'))).toBe(false);
  });

  it('a half-typed remark survives a tab change', async () => {
    serve();
    renderReview('/review/77', undefined, { drafts: memoryDrafts() });
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(within(row('Customer Name')).getByRole('button', { name: 'Remarks' }));
    await userEvent.type(within(row('Customer Name')).getByRole('textbox', { name: 'Remark' }), 'Half a rem');
    await userEvent.click(screen.getByRole('tab', { name: /EXTERIOR/ }));
    await userEvent.click(screen.getByRole('tab', { name: /Documents/ }));
    expect((within(row('Customer Name')).getByRole('textbox', { name: 'Remark' }) as HTMLInputElement).value).toBe('Half a rem');
  });

  it('a successful submit clears the draft', async () => {
    const drafts = memoryDrafts();
    serve();
    vi.mocked(submitReport).mockResolvedValue({ status: 200, data: {} });
    renderReview('/review/77', undefined, { drafts });
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Criticality' })).getByRole('radio', { name: 'Critical' }));
    await wait(DRAFT_DELAY_MS + 50);
    expect(drafts.entries.get(draftKey(REVIEWER, '77'))?.payload).toMatchObject({ isCritical: true });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Inspection Completed Successfully'));
    await waitFor(() => expect(drafts.entries.has(draftKey(REVIEWER, '77'))).toBe(false));
  });

  /** Opens the review with nothing done; answers whether closing the tab would ask first. */
  async function openAskingOnClose(): Promise<() => boolean> {
    serve();
    renderReview('/review/77', undefined, { drafts: memoryDrafts() });
    await screen.findByRole('heading', { name: 'APT0077' });
    return () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
  }

  it('closing the tab with unsent work asks first; a review with nothing done does not', async () => {
    const ask = await openAskingOnClose();
    expect(ask()).toBe(false);
    await userEvent.click(within(row('Customer Name')).getByRole('checkbox'));
    expect(ask()).toBe(true);
  });

  it('a value typed is unsent work too: closing the tab asks (the edit reaches the model, not the machine)', async () => {
    const ask = await openAskingOnClose();
    expect(ask()).toBe(false);
    // A change event alone: no click or focus that would re-render the screen for another reason.
    act(() => void fireEvent.change(within(row('Customer Name')).getByRole('textbox', { name: 'Customer Name new value' }), { target: { value: 'R. SHARMA' } }));
    expect(ask()).toBe(true);
  });

  it('the ← button to the list asks first when there is unsent work, and stays when the reviewer says no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    serve();
    renderReview('/review/77', undefined, { drafts: memoryDrafts() });
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(within(row('Customer Name')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
    expect(screen.queryByTestId('where')).toBeNull();
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/inspection');
  });
});

describe('find any row and review from the keyboard (issue 16)', () => {
  const focusedRow = () => (document.activeElement as HTMLElement | null)?.closest('[data-key]')?.getAttribute('data-key');

  it('/ opens the row finder; typing filters rows of every tab by title, section and value; Enter goes to the row, switching tab, and focuses its first control', async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.keyboard('/');
    const finder = screen.getByRole('dialog', { name: 'Find a row' });
    await userEvent.type(within(finder).getByRole('combobox', { name: 'Find a row' }), 'sunroof');
    expect(within(finder).getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Sunroof')]);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Find a row' })).toBeNull();
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^INTERIOR/);
    await waitFor(() => expect(focusedRow()).toBe('sunroof'));
    expect(document.activeElement).toBe(within(row('Sunroof')).getByRole('checkbox'));
  });

  it('Ctrl+K opens the finder too; a value finds its row', async () => {
    serve(makeInspection({ values: { registrationNumber: 'KA05ZZ9999' } }));
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.type(screen.getByRole('combobox', { name: 'Find a row' }), 'ka05zz');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Registration Number')]);
  });

  it('n and "Next error" go to the next marked or invalid row across tabs; a click on an Errors Summary row goes to it', async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(screen.getByRole('tab', { name: /INTERIOR/ }));
    await userEvent.click(within(row('Sunroof')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('tab', { name: /Documents/ }));
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('n');
    await waitFor(() => expect(focusedRow()).toBe('sunroof'));
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^INTERIOR/);

    await userEvent.click(screen.getByRole('tab', { name: /SUMMARY/ }));
    await userEvent.click(within(screen.getByRole('table', { name: 'Errors' })).getByRole('button', { name: 'Sunroof' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^INTERIOR/);
    await waitFor(() => expect(focusedRow()).toBe('sunroof'));

    await userEvent.click(screen.getByRole('tab', { name: /Documents/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next error' }));
    await waitFor(() => expect(focusedRow()).toBe('sunroof'));
  });

  it('j / k move between rows, x ticks, e focuses the value, Tab is one stop per row', async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('j');
    const first = focusedRow();
    expect(first).toBeTruthy();
    await userEvent.keyboard('j');
    const second = focusedRow();
    expect(second).not.toBe(first);
    await userEvent.keyboard('k');
    expect(focusedRow()).toBe(first);

    within(row('Registration Number')).getByRole('checkbox').focus();
    await userEvent.keyboard('x');
    expect((within(row('Registration Number')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    await userEvent.keyboard('x');
    expect((within(row('Registration Number')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    await userEvent.keyboard('e');
    expect(document.activeElement).toBe(within(row('Registration Number')).getByRole('textbox'));
    // Typing in the value types: x and j are letters there.
    await userEvent.keyboard('xj');
    expect((within(row('Registration Number')).getByRole('textbox') as HTMLInputElement).value).toMatch(/XJ$/);

    await userEvent.tab();
    expect(focusedRow()).toBe('ownerNumber');
    expect(document.activeElement).toBe(within(row('Owner Number')).getByRole('checkbox'));
    await userEvent.tab({ shift: true });
    expect(focusedRow()).toBe('registrationNumber');
  });

  it("a row whose tick its parent locked: j lands on its Remarks button, never its dropdown, and j goes on; Esc in a dropdown gives the row back", async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    await userEvent.click(within(row('Registration State')).getByRole('checkbox'));
    const rto = row('RTO Code');
    expect((within(rto).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    await userEvent.keyboard('j');
    expect(focusedRow()).toBe('rtoCode');
    expect(document.activeElement).toBe(within(rto).getByRole('button', { name: /^Remarks/ }));
    await userEvent.keyboard('e');
    expect(document.activeElement?.tagName).toBe('SELECT');
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(within(rto).getByRole('button', { name: /^Remarks/ }));
    await userEvent.keyboard('j');
    expect(focusedRow()).not.toBe('rtoCode');
  });

  it('] and [ switch tabs with the focus on the tab now shown; Ctrl+Enter from a tab submits as from a row', async () => {
    const alert = alertSpy();
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('j]');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { selected: true })));
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^EXTERIOR/);
    await userEvent.keyboard('[[');
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Documents/));
    expect(document.activeElement).toBe(screen.getByRole('tab', { selected: true }));
    await userEvent.click(within(row('Chassis Number')).getByRole('checkbox'));
    screen.getByRole('tab', { selected: true }).focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(alert).toHaveBeenCalledWith('Please fill the following Fields:\nChassis Number');
  });

  it("from a row's remark box Tab goes on to Add and Record audio, not to the next row", async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    within(row('Registration Number')).getByRole('checkbox').focus();
    await userEvent.keyboard('r');
    const box = await waitFor(() => {
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Remark');
      return document.activeElement as HTMLElement;
    });
    await userEvent.keyboard('Plate differs');
    await userEvent.tab();
    expect(document.activeElement).toBe(within(box.closest('.remarks') as HTMLElement).getByRole('button', { name: 'Add' }));
  });

  it('? lists the shortcuts; Ctrl+Enter submits through every pre-submit check', async () => {
    const alert = alertSpy();
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'APT0077' });
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Submit (every pre-submit check still runs)')).toBeTruthy();
    await userEvent.click(within(help).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(row('Chassis Number')).getByRole('checkbox'));
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(alert).toHaveBeenCalledWith('Please fill the following Fields:\nChassis Number');
    expect(submitReport).not.toHaveBeenCalled();
  });
});
