// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import { showError, showSuccess } from '../../../src/components/toast.ts';
import CarVariantListScreen from '../../../src/screens/variants/CarVariantListScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';
import { fakeLayout } from '../../support/layout.ts';
import { chooseSwift, lookup } from './helpers.ts';

vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const item = (srNo: number, variant: string, variantId: number) => ({
  srNo, make_id: 1, model_id: 201, modelName: 'Swift', fuelType: 'Petrol', manufacturingYears: '2019,2020', variant, variantId,
  variantParameters: [
    { name: 'variant', type: 'Text', value: variant },
    { name: 'variantId', type: 'Text', value: String(variantId) },
    { name: 'Sunroof', type: 'yes/no', value: 'No' },
    { name: 'Headlamp', type: 'image', value: 'LED:/uploads/variant-parameters/led.webp' },
  ],
});

function AddScreen() {
  const location = useLocation();
  return <p data-testid="add">{JSON.stringify(location.state)}</p>;
}

let suggestion: unknown;
let sequence: unknown;
let seen: InternalAxiosRequestConfig[];
let undo: () => void;

function serve() {
  seen = [];
  mainHttp.defaults.adapter = fakeAdapter((c) => {
    if (c.url === 'v2/variant-suggestion') return { status: 200, data: { detail: suggestion } };
    if (c.url === 'v2/variant-suggestion-status') return { status: 200, data: { detail: { status: JSON.parse(c.data).status } } };
    if (c.url === 'v2/variant-question-sequence' && c.method === 'get') return { status: 200, data: { detail: { parameters: sequence } } };
    if (c.url === 'v2/variant-question-sequence') return { status: 200, data: { detail: 'Question sequence saved' } };
    if (c.url?.startsWith('v2/variant-suggestion-data/')) return { status: 200, data: { detail: 'Variant data deleted for LXI 1.2' } };
    return lookup(c);
  }, seen);
}

function renderList(state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/car-variant-list', state }]}>
      <Routes>
        <Route path="/car-variant-list" element={<CarVariantListScreen />} />
        <Route path="/add-car-variant" element={<AddScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function query(user: ReturnType<typeof userEvent.setup>) {
  await chooseSwift(user, 'select');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

beforeEach(() => {
  undo = fakeLayout();
  signInAs('qc');
  suggestion = { variantList: [item(1, 'LXI 1.2', 5001), item(2, 'VXI 1.2 AT', 5010)], missingVariants: [], status: 'Active' };
  sequence = [{ name: 'Sunroof', type: 'yes/no', sequence: null }, { name: 'Headlamp', type: 'image', sequence: null }];
  serve();
});
afterEach(() => {
  cleanup();
  undo();
  vi.clearAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

describe('/car-variant-list (spec 002 §2 Car variant list, §5)', () => {
  it("Submit without filters shows 'Select Make', 'Select Model', 'Select Years', 'Select fuel Type' and asks nothing", async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const text of ['Select Make', 'Select Model', 'Select Years', 'Select fuel Type']) expect(screen.getAllByText(text).some((el) => el.classList.contains('field-error'))).toBe(true);
    expect(seen.some((c) => c.url === 'v2/variant-suggestion')).toBe(false);
    // Each message describes its select, and the focus goes to the first one refused.
    const make = screen.getByRole('button', { name: /Make$/ });
    expect(document.getElementById(make.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Select Make');
    await waitFor(() => expect(document.activeElement).toBe(make));
  });

  it('lists the variants with their parameters, posts {modelId, years, fuelType}, and offers the sequence and Disable when Active', async () => {
    const user = userEvent.setup();
    renderList();
    await query(user);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Variant', 'Years', 'Sunroof', 'Headlamp', 'Action']);
    expect(within(table).getByRole('rowheader', { name: 'LXI 1.2' })).toBeTruthy();
    expect(within(table).getAllByText('LED')).toHaveLength(2);
    expect(JSON.parse(seen.find((c) => c.url === 'v2/variant-suggestion')!.data)).toEqual({ modelId: 201, years: [2019], fuelType: 'Petrol' });
    expect(screen.queryByText('Variant data missing for:')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set Question Sequence' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Disable For Inspection App' }));
    await waitFor(() => expect(seen.some((c) => c.url === 'v2/variant-suggestion-status')).toBe(true));
    expect(JSON.parse(seen.find((c) => c.url === 'v2/variant-suggestion-status')!.data)).toEqual({ model_id: 201, manufacturingYears: '2019', fuelType: 'Petrol', status: 'Pending' });
  });

  it("shows 'Variant data missing for:' with the list, no 'Set Question Sequence', and 'Enable For Inspection App' when Pending", async () => {
    suggestion = { variantList: [item(1, 'LXI 1.2', 5001)], missingVariants: [{ variant_id: 5010, variant_name: 'VXI 1.2 AT', years: [2019] }], status: 'Pending' };
    const user = userEvent.setup();
    renderList();
    await query(user);
    expect(await screen.findByText('Variant data missing for:')).toBeTruthy();
    expect(screen.getByText('VXI 1.2 AT (2019)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set Question Sequence' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enable For Inspection App' }));
    await waitFor(() => expect(JSON.parse(seen.find((c) => c.url === 'v2/variant-suggestion-status')!.data).status).toBe('Active'));
  });

  it("shows 'No data found' when there is no suggestion data", async () => {
    suggestion = { variantList: [], missingVariants: [], status: 'Pending' };
    const user = userEvent.setup();
    renderList();
    await query(user);
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /For Inspection App/ })).toBeNull();
  });

  it("variants missing and no data: 'Variant data missing for:' and its list, not 'No data found' beside it", async () => {
    suggestion = { variantList: [], missingVariants: [{ variant_id: 7, variant_name: 'ZXI 1.2', years: [2021] }], status: 'Pending' };
    const user = userEvent.setup();
    renderList();
    await query(user);
    expect(await screen.findByText('Variant data missing for:')).toBeTruthy();
    expect(screen.getByText('ZXI 1.2 (2021)')).toBeTruthy();
    expect(screen.queryByText('No data found')).toBeNull();
  });

  it("Delete asks 'Are you sure you want to delete variant data for {variant}': No keeps it, Yes deletes by srNo", async () => {
    const user = userEvent.setup();
    renderList();
    await query(user);
    await user.click(await screen.findByRole('button', { name: 'Delete LXI 1.2' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete variant data for LXI 1.2')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(seen.some((c) => c.method === 'delete')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete LXI 1.2' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(seen.find((c) => c.method === 'delete')?.url).toBe('v2/variant-suggestion-data/1'));
    expect(showSuccess).toHaveBeenCalledWith('Variant data deleted for LXI 1.2');
  });

  it('Edit goes to /add-car-variant with the variant, make and model in navigation state', async () => {
    const user = userEvent.setup();
    renderList();
    await query(user);
    await user.click(await screen.findByRole('button', { name: 'Edit VXI 1.2 AT' }));
    const state = JSON.parse(screen.getByTestId('add').textContent!);
    expect(state).toMatchObject({ variant: { srNo: 2, variant: 'VXI 1.2 AT' }, make: { make_id: 1 }, model: { model_id: 201 } });
  });

  it("sequence dialog: numbers 1..n, 'Required', '{n} is already added' for 1.5 s, then Submit Sequence posts displayFields", async () => {
    renderList();
    await query(userEvent.setup());
    // Fake timers from here on: the 1.5 s of the duplicate message.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Set Question Sequence' }));
    const sunroof = await screen.findByRole('combobox', { name: 'Sequence of Sunroof' });
    expect(within(sunroof).getAllByRole('option').map((o) => o.textContent)).toEqual(['-', '1', '2']);
    await user.click(screen.getByRole('button', { name: 'Submit Sequence' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await user.selectOptions(sunroof, '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sequence of Headlamp' }), '1');
    expect(screen.getByText('1 is already added')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByText('1 is already added')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('1 is already added')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sequence of Headlamp' }), '2');
    await user.click(screen.getByRole('button', { name: 'Submit Sequence' }));
    await waitFor(() => expect(seen.some((c) => c.url === 'v2/variant-question-sequence' && c.method === 'post')).toBe(true));
    expect(JSON.parse(seen.find((c) => c.method === 'post' && c.url === 'v2/variant-question-sequence')!.data)).toEqual({
      make_id: 1, make_name: 'Maruti Suzuki', model_id: 201, model_name: 'Swift', fuelType: 'Petrol', manufacturingYears: '2019', displayFields: { Sunroof: 1, Headlamp: 2 },
    });
    expect(showSuccess).toHaveBeenCalledWith('Question sequence saved');
  });

  it('opens on the selection the add screen hands back and queries it at once', async () => {
    const selection = { make: { make_id: 1, make_name: 'Maruti Suzuki' }, model: { model_id: 201, model_name: 'Swift' }, years: [2019, 2020], fuelType: 'Petrol' };
    renderList({ selection });
    await screen.findByRole('table');
    expect(JSON.parse(seen.find((c) => c.url === 'v2/variant-suggestion')!.data)).toEqual({ modelId: 201, years: [2019, 2020], fuelType: 'Petrol' });
    expect(screen.getByRole('button', { name: /Swift Model$/ })).toBeTruthy();
  });

  it("sequence dialog says 'No parameter found' when the data uses none", async () => {
    sequence = [];
    const user = userEvent.setup();
    renderList();
    await query(user);
    await user.click(await screen.findByRole('button', { name: 'Set Question Sequence' }));
    expect(await screen.findByText('No parameter found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Sequence' })).toBeNull();
    expect(showError).not.toHaveBeenCalled();
  });
});
