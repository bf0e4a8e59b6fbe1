// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { draftKey, memoryDrafts, type DraftStore, type StoredDraft } from '../../../src/api/drafts.ts';
import { mainHttp } from '../../../src/api/main.ts';
import { DRAFT_DELAY_MS } from '../../../src/machines/review-draft.machine.ts';
import { showError } from '../../../src/components/toast.ts';
import AddCarVariantScreen, { VARIANT_LEAVE_QUESTION } from '../../../src/screens/variants/AddCarVariantScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';
import { fakeLayout } from '../../support/layout.ts';
import { chooseSwift, lookup } from './helpers.ts';

vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const PARAMETERS = [
  { _id: '1', name: 'Sunroof', type: 'yes/no', value: [], image: [], status: 'Active' },
  { _id: '2', name: 'Airbags', type: 'dropDown', value: ['2', '6'], image: [], status: 'Active' },
  { _id: '3', name: 'Steering Controls', type: 'yes/no', value: [], image: [], status: 'Inactive' },
];

const EDIT_STATE = {
  variant: {
    srNo: 2, make_id: 1, model_id: 201, modelName: 'Swift', fuelType: 'Petrol', manufacturingYears: '2019,2020', variant: 'VXI 1.2 AT', variantId: 5010,
    variantParameters: [{ name: 'variant', type: 'Text', value: 'VXI 1.2 AT' }, { name: 'variantId', type: 'Text', value: '5010' }, { name: 'Airbags', type: 'dropDown', value: '2' }],
  },
  make: { make_id: 1, make_name: 'Maruti Suzuki' },
  model: { model_id: 201, model_name: 'Swift' },
};

let seen: InternalAxiosRequestConfig[];
let parameterAnswer: { status: number; data: unknown };
let undo: () => void;

function renderAdd(state?: unknown, drafts: DraftStore = memoryDrafts()) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/add-car-variant', state }]}>
      <Routes>
        <Route path="/add-car-variant" element={<AddCarVariantScreen drafts={drafts} />} />
        <Route path="/car-variant-list" element={<p>Variant list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  undo = fakeLayout();
  signInAs('qc');
  seen = [];
  parameterAnswer = { status: 201, data: { detail: { _id: '9', name: 'Seats', type: 'dropDown', value: ['5', '7'], image: [], status: 'Active' } } };
  mainHttp.defaults.adapter = fakeAdapter((c) => {
    if (c.url === 'v2/variant-suggestion-parameter' && c.method === 'get') return { status: 200, data: { detail: PARAMETERS } };
    if (c.url === 'v2/variant-suggestion-parameter') return parameterAnswer;
    if (c.url === 'v2/variant-suggestion-data/2') return { status: 200, data: { detail: 'Variant data updated for VXI 1.2 AT' } };
    if (c.url === 'v2/variant-suggestion-data') return { status: 409, data: { message: 'Conflict', detail: 'Variant data for LXI 1.2 already exists for 2019' } };
    return lookup(c);
  }, seen);
});
afterEach(() => {
  cleanup();
  undo();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('/add-car-variant (spec 002 §2 Add / edit car variant, §5)', () => {
  it('lists the Active parameters to drag, each with Edit; Add Variant adds a column that X removes (not the first)', async () => {
    const user = userEvent.setup();
    renderAdd();
    const panel = await screen.findByRole('complementary', { name: 'Parameters' });
    await within(panel).findByRole('button', { name: 'Drag Sunroof' });
    expect(within(panel).getByRole('button', { name: 'Edit Airbags' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Drag Steering Controls' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Drag Sunroof' }).getAttribute('aria-roledescription')).toBe('draggable');
    expect(screen.queryByRole('button', { name: 'Remove Variant 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Variant' }));
    expect(screen.getByRole('region', { name: 'Variant 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Variant 2' }));
    expect(screen.queryByRole('region', { name: 'Variant 2' })).toBeNull();
  });

  it("Submit checks the form: 'Select Make' … 'Select fuel Type' and 'Select Variant', sending nothing", async () => {
    const user = userEvent.setup();
    renderAdd();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const text of ['Select Make', 'Select Model', 'Select Years', 'Select fuel Type', 'Select Variant']) {
      expect(screen.getAllByText(text).some((el) => el.classList.contains('field-error'))).toBe(true);
    }
    expect(seen.some((c) => c.method === 'post')).toBe(false);
  });

  it('edit mode: the variant from navigation state fills the form; no Add Variant; Submit updates by srNo', async () => {
    const user = userEvent.setup();
    renderAdd(EDIT_STATE);
    expect(screen.getByRole('heading', { name: 'Edit Car Variant' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Variant' })).toBeNull();
    const airbags = await screen.findByRole('combobox', { name: 'Airbags of Variant 1' });
    await waitFor(() => expect((airbags as HTMLSelectElement).value).toBe('2'));
    await user.selectOptions(airbags, '6');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(seen.some((c) => c.method === 'put')).toBe(true));
    expect(JSON.parse(seen.find((c) => c.method === 'put')!.data)).toEqual({
      make_id: 1, model_id: 201, modelName: 'Swift', fuelType: 'Petrol', manufacturingYears: '2019,2020', variant: 'VXI 1.2 AT', variantId: 5010, Airbags: '6',
    });
    const done = await screen.findByRole('dialog', { name: 'Variant data saved' });
    expect(within(done).getByText('Variant data updated for VXI 1.2 AT')).toBeTruthy();
    await user.click(within(done).getByRole('button', { name: 'Go to Variant List' }));
    expect(screen.getByText('Variant list')).toBeTruthy();
  });

  it('leaving with variant data not submitted asks first (Variant List, a reload); an empty added column or a submitted form does not', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const reloadAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    renderAdd(EDIT_STATE);
    const airbags = await screen.findByRole('combobox', { name: 'Airbags of Variant 1' });
    await waitFor(() => expect((airbags as HTMLSelectElement).value).toBe('2'));
    expect(reloadAsks()).toBe(false);
    await user.selectOptions(airbags, '6');
    expect(reloadAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Variant List' }));
    expect(confirm).toHaveBeenCalledWith(VARIANT_LEAVE_QUESTION);
    expect(screen.getByRole('heading', { name: 'Edit Car Variant' })).toBeTruthy();
    // Submitted: nothing is left to lose.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Variant data saved' });
    expect(reloadAsks()).toBe(false);
    confirm.mockClear();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Variant List' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByText('Variant list')).toBeTruthy();
  });

  it('an added empty variant column is not work to keep: Variant List goes without asking', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdd();
    await user.click(screen.getByRole('button', { name: 'Add Variant' }));
    await user.click(screen.getByRole('button', { name: 'Variant List' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByText('Variant list')).toBeTruthy();
  });

  describe('a draft on this device: what is entered and not submitted survives a reload', () => {
    const EDIT_KEY = draftKey('qc.reviewer@qc.example', 'edit-2', 'variant');
    const slotsOf = (drafts: ReturnType<typeof memoryDrafts<StoredDraft>>, key: string) => (drafts.entries.get(key)?.payload as { columns: { slots: unknown[] }[] } | undefined)?.columns[0].slots;
    const airbagsValue = async () => ((await screen.findByRole('combobox', { name: 'Airbags of Variant 1' })) as HTMLSelectElement).value;

    it('an edited variant: the change is kept, restored with "Draft restored · Discard", Discard goes back to the variant as opened, Submit clears it', async () => {
      const user = userEvent.setup();
      const drafts = memoryDrafts();
      const first = renderAdd(EDIT_STATE, drafts);
      await waitFor(async () => expect(await airbagsValue()).toBe('2'));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Airbags of Variant 1' }), '6');
      await waitFor(() => expect(slotsOf(drafts, EDIT_KEY)).toEqual([{ name: 'Airbags', value: '6' }]), { timeout: DRAFT_DELAY_MS * 10 });
      first.unmount();

      renderAdd(EDIT_STATE, drafts);
      await waitFor(async () => expect(await airbagsValue()).toBe('6'));
      screen.getByText('Draft restored ·');
      await user.click(screen.getByRole('button', { name: 'Discard' }));
      expect(await airbagsValue()).toBe('2');
      expect(screen.queryByText('Draft restored ·')).toBeNull();
      await waitFor(() => expect(drafts.entries.has(EDIT_KEY)).toBe(false), { timeout: DRAFT_DELAY_MS * 10 });

      await user.selectOptions(screen.getByRole('combobox', { name: 'Airbags of Variant 1' }), '6');
      await waitFor(() => expect(drafts.entries.has(EDIT_KEY)).toBe(true), { timeout: DRAFT_DELAY_MS * 10 });
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByRole('dialog', { name: 'Variant data saved' });
      await waitFor(() => expect(drafts.entries.has(EDIT_KEY)).toBe(false), { timeout: DRAFT_DELAY_MS * 10 });
    });

    it('the add form: the chosen make, model, years and fuel type come back on the next visit', async () => {
      const user = userEvent.setup();
      const drafts = memoryDrafts();
      const key = draftKey('qc.reviewer@qc.example', 'new', 'variant');
      const first = renderAdd(undefined, drafts);
      await chooseSwift(user, 'radio');
      await waitFor(() => expect(drafts.entries.get(key)?.payload).toMatchObject({ selection: { make: { make_id: 1 }, model: { model_id: 201 }, years: [2019], fuelType: 'Petrol' } }), { timeout: DRAFT_DELAY_MS * 10 });
      first.unmount();

      renderAdd(undefined, drafts);
      await waitFor(() => expect((screen.getByRole('radio', { name: 'Petrol' }) as HTMLInputElement).checked).toBe(true));
      expect(screen.getByRole('button', { name: /Swift.*Model$/ })).toBeTruthy();
      screen.getByText('Draft restored ·');
      // An edit of a variant keeps its own draft.
      cleanup();
      renderAdd(EDIT_STATE, drafts);
      await waitFor(async () => expect(await airbagsValue()).toBe('2'));
      expect(screen.queryByText('Draft restored ·')).toBeNull();
    });

    it("a restored selection reads as chosen while the catalogue's lists are still loading, not 'No options'", async () => {
      const drafts = memoryDrafts();
      const payload = { selection: { make: EDIT_STATE.make, model: EDIT_STATE.model, years: [2019], fuelType: 'Petrol' }, columns: [{ variantId: 5010, variant: 'VXI 1.2 AT', slots: [] }] };
      drafts.entries.set(draftKey('qc.reviewer@qc.example', 'new', 'variant'), { version: 'variant-form-1', payload, savedAt: 1 });
      const answered = mainHttp.defaults.adapter;
      const loading = new Promise<never>(() => {});
      mainHttp.defaults.adapter = async (config) => (['make', 'make/1', 'variant-year'].includes(config.url ?? '') ? loading : (answered as (c: typeof config) => Promise<never>)(config));
      renderAdd(undefined, drafts);
      await screen.findByText('Draft restored ·');
      expect(screen.getByRole('button', { name: /Maruti Suzuki.*Make$/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Swift.*Model$/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: /2019.*Manufacturing Years$/ })).toBeTruthy();
      expect((screen.getByRole('radio', { name: 'Petrol' }) as HTMLInputElement).checked).toBe(true);
      expect(screen.getByRole('button', { name: /VXI 1\.2 AT.*Variant 1$/ })).toBeTruthy();
      expect(screen.queryByText('No options')).toBeNull();
    });

    it('a draft of the variant as it was before someone else changed it is offered, not applied', async () => {
      const user = userEvent.setup();
      const drafts = memoryDrafts();
      const payload = { selection: { make: EDIT_STATE.make, model: EDIT_STATE.model, years: [2019, 2020], fuelType: 'Petrol' }, columns: [{ variantId: 5010, variant: 'VXI 1.2 AT', slots: [{ name: 'Airbags', value: '6' }] }] };
      drafts.entries.set(EDIT_KEY, { version: 'variant-form-1:an-older-variant', payload, savedAt: 1 });
      renderAdd(EDIT_STATE, drafts);
      await screen.findByText('A draft saved on an older version of this variant or of the variant form is not applied.', { exact: false });
      expect(await airbagsValue()).toBe('2');
      await user.click(screen.getByRole('button', { name: 'Restore it' }));
      expect(await airbagsValue()).toBe('6');
      screen.getByText('Draft restored ·');
      // Submitted: the restored draft holds nothing to discard any more.
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByRole('dialog', { name: 'Variant data saved' });
      expect(screen.queryByText('Draft restored ·')).toBeNull();
      await waitFor(() => expect(drafts.entries.has(EDIT_KEY)).toBe(false), { timeout: DRAFT_DELAY_MS * 10 });
    });
  });

  it("'Add Parameter..': the form's messages, type change resets options, then 'Add an other parameter' or 'Close'", async () => {
    // A file picker set to 'All files' lets any file through the input's accept list.
    const user = userEvent.setup({ applyAccept: false });
    renderAdd();
    await user.click(await screen.findByRole('button', { name: 'Add Parameter..' }));
    const popup = screen.getByRole('dialog', { name: 'Add Parameter' });
    await user.click(within(popup).getByRole('button', { name: 'Submit' }));
    expect(within(popup).getByRole('alert').textContent).toBe('Parameter Name is required');
    await user.type(within(popup).getByRole('textbox', { name: 'Parameter Name' }), 'Seats');
    await user.click(within(popup).getByRole('button', { name: 'Submit' }));
    expect(within(popup).getByRole('alert').textContent).toBe('Option is required');
    await user.type(within(popup).getByRole('textbox', { name: 'Option 1' }), '5');
    await user.click(within(popup).getByRole('radio', { name: 'Image' }));
    expect(within(popup).queryByRole('textbox', { name: 'Option 1' })).toBeNull();
    await user.upload(within(popup).getByLabelText('Image 1'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(within(popup).getByRole('alert').textContent).toBe('Only webp type image will be uploaded');
    await user.click(within(popup).getByRole('button', { name: 'Submit' }));
    expect(within(popup).getByRole('alert').textContent).toBe('Image and Image name are required');
    await user.click(within(popup).getByRole('radio', { name: 'Drop down' }));
    await user.type(within(popup).getByRole('textbox', { name: 'Option 1' }), '5');
    await user.click(within(popup).getByRole('button', { name: 'Add Option' }));
    await user.type(within(popup).getByRole('textbox', { name: 'Option 2' }), '7');
    await user.click(within(popup).getByRole('button', { name: 'Submit' }));
    expect(await within(popup).findByText('Parameter Seats added successfully')).toBeTruthy();
    expect(within(popup).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(JSON.parse(seen.find((c) => c.method === 'post')!.data)).toEqual({ name: 'Seats', type: 'dropDown', value: ['5', '7'], image: [], status: 'Active' });
    // The side panel has it (hidden from the accessibility tree while the popup is open).
    expect(screen.getByRole('button', { name: 'Drag Seats', hidden: true })).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'Add an other parameter' }));
    expect((within(popup).getByRole('textbox', { name: 'Parameter Name' }) as HTMLInputElement).value).toBe('');
    parameterAnswer = { status: 409, data: { message: 'Conflict', detail: 'Parameter Sunroof already exists' } };
    await user.type(within(popup).getByRole('textbox', { name: 'Parameter Name' }), 'Sunroof');
    await user.click(within(popup).getByRole('radio', { name: 'Yes / No' }));
    await user.click(within(popup).getByRole('button', { name: 'Submit' }));
    expect((await within(popup).findByRole('alert')).textContent).toBe('Error:[Conflict: Parameter Sunroof already exists]');
  });

  it("editing a parameter without a change says 'Change at least one value'", async () => {
    const user = userEvent.setup();
    renderAdd();
    await user.click(await screen.findByRole('button', { name: 'Edit Airbags' }));
    const popup = screen.getByRole('dialog', { name: 'Edit Parameter' });
    await user.click(within(popup).getByRole('button', { name: 'Update' }));
    expect(within(popup).getByRole('alert').textContent).toBe('Change at least one value');
    expect(seen.some((c) => c.method === 'put')).toBe(false);
  });

  it("a refused submit shows 'Error: {detail}'", async () => {
    const user = userEvent.setup();
    renderAdd({ ...EDIT_STATE, variant: { ...EDIT_STATE.variant, srNo: 99 } });
    await screen.findByRole('combobox', { name: 'Airbags of Variant 1' });
    mainHttp.defaults.adapter = fakeAdapter((c) => (c.method === 'put' ? { status: 409, data: { message: 'Conflict', detail: 'Variant data for VXI 1.2 AT already exists for 2019' } } : lookup(c) ?? { status: 200, data: { detail: PARAMETERS } }), seen);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error: Variant data for VXI 1.2 AT already exists for 2019'));
  });
});
