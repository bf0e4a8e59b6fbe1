// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import { showError, showSuccess } from '../../../src/components/toast.ts';
import XFactorScreen, { REFRESH_AFTER_UPLOAD_MS } from '../../../src/screens/admin/XFactorScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';
import { fakeLayout } from '../../support/layout.ts';

vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const ROW = { id: 7, storeId: 101, storeName: 'Andheri West - Veera Desai Road', date: '2030-01-07', slotXFactor: { '11:00:00': 1.15, '10:00:00': 1 }, updatedBy: 'qc.admin@qc.example', updatedAt: '2030-01-06T10:00:00Z' };
// GET store?role (spec 002 §7): the X factor screen lists the locality and sell_online ones, slots from their hours.
const STORES = [
  { location_id: 101, name: 'Andheri West - Veera Desai Road', city_id: 1, city_name: 'Mumbai', region_id: 1, region_name: 'West', channel: 'locality', open_hour: 10, close_hour: 13 },
  { location_id: 102, name: 'Thane Hub', city_id: 1, city_name: 'Mumbai', region_id: 1, region_name: 'West', channel: null, open_hour: 10, close_hour: 19 },
];

let rows: unknown[];
let seen: InternalAxiosRequestConfig[];
let undo: () => void;

beforeEach(() => {
  undo = fakeLayout();
  signInAs('SM-QcAdmin', 'qc.admin@qc.example');
  rows = [ROW];
  seen = [];
  mainHttp.defaults.adapter = fakeAdapter((c) => {
    if (c.url === 'store') return { status: 200, data: { detail: STORES } };
    if (c.url === 'v2/store-cancellation-factor') return { status: 200, data: { detail: rows } };
    if (c.url === 'v2/store-cancellation-factor/7') return { status: 200, data: { detail: ROW } };
    if (c.url === 'v2/store-cancellation-factor/upload') {
      return { status: 200, data: { detail: { message: '1 rows updated successfully, 1 error rows', updatedRows: 1, errorRows: 1, errors: [{ row: 3, message: 'DATE 2030-01-07 is not a Tuesday' }] } } };
    }
    return undefined;
  }, seen);
});
afterEach(() => {
  cleanup();
  undo();
  vi.clearAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

describe('/admin store cancellation X factor (spec 002 §2, §5, §8)', () => {
  it('shows the columns and slots of each row, and No data found! when empty', async () => {
    render(<XFactorScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Store Id', 'Store Name', 'Date', 'Slot - X factor', 'Updated By', 'Updated At', 'Action']);
    expect(within(table).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['10:00:00 - 1', '11:00:00 - 1.15']);
    cleanup();
    rows = [];
    render(<XFactorScreen />);
    expect(await screen.findByText('No data found!')).toBeTruthy();
  });

  it('lists the stores of GET store?role (spec 002 §7) of type locality or sell_online, their slots from their hours', async () => {
    const user = userEvent.setup();
    render(<XFactorScreen />);
    await screen.findByRole('table');
    await waitFor(() => expect(seen.find((c) => c.url === 'store')?.params).toMatchObject({ role: 'SM-QcAdmin' }));
    await user.click(screen.getByRole('button', { name: /Store Name$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All stores', 'Andheri West - Veera Desai Road']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /Slot$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All slots', '10:00:00', '11:00:00', '12:00:00']);
  });

  it("Update: 'Slot is required', 'X factor is required', then the factor goes as a number", async () => {
    const user = userEvent.setup();
    render(<XFactorScreen />);
    await user.click(await screen.findByRole('button', { name: `Update ${ROW.storeName} ${ROW.date}` }));
    const popup = screen.getByRole('dialog', { name: 'Update X factor' });
    await user.click(within(popup).getByRole('button', { name: 'Update' }));
    expect(within(popup).getByText('Slot is required')).toBeTruthy();
    expect(within(popup).getByText('X factor is required')).toBeTruthy();
    // The messages describe their fields, and the focus goes to the first one refused.
    const described = (el: Element) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described(within(popup).getByLabelText('X factor'))).toBe('X factor is required');
    const slotButton = within(popup).getByRole('button', { name: /Slot$/ });
    expect(described(slotButton)).toBe('Slot is required');
    await waitFor(() => expect(document.activeElement).toBe(slotButton));
    await user.click(within(popup).getByRole('button', { name: /Slot$/ }));
    await user.click(await screen.findByRole('option', { name: '12:00:00' }));
    await user.type(within(popup).getByLabelText('X factor'), '1.25');
    await user.click(within(popup).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(seen.some((c) => c.method === 'put')).toBe(true));
    expect(JSON.parse(seen.find((c) => c.method === 'put')!.data)).toEqual({ slotTime: '12:00:00', xFactor: 1.25, updatedBy: 'qc.admin@qc.example' });
  });

  it('checks a CSV in the browser: a missing header stops it; a bad row shows its message, the rest uploads, the list refreshes after 1 s', async () => {
    const user = userEvent.setup();
    render(<XFactorScreen />);
    await screen.findByRole('table');
    await user.upload(screen.getByLabelText('Upload CSV'), new File(['CENTRE_ID,DATE,DAY,SLOT\n101,2030-01-07,Monday,11:00:00'], 'x.csv', { type: 'text/csv' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Missing column: FACTOR'));
    expect(seen.some((c) => c.url === 'v2/store-cancellation-factor/upload')).toBe(false);
    const listCalls = () => seen.filter((c) => c.url === 'v2/store-cancellation-factor').length;
    const before = listCalls();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const csv = 'CENTRE_ID,DATE,DAY,SLOT,FACTOR\n101,2030-01-07,Monday,11:00:00,1.4\n101,2030-01-07,Tuesday,12:00:00,1.2';
    await user.upload(screen.getByLabelText('Upload CSV'), new File([csv], 'x.csv', { type: 'text/csv' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Row 3: DATE 2030-01-07 is not a Tuesday'));
    const result = await screen.findByRole('region', { name: 'Upload result' });
    expect(within(result).getByText('1 rows updated successfully, 1 error rows')).toBeTruthy();
    expect(within(result).getByText('Row 3: DATE 2030-01-07 is not a Tuesday')).toBeTruthy();
    expect(showSuccess).not.toHaveBeenCalled();
    expect(listCalls()).toBe(before);
    act(() => vi.advanceTimersByTime(REFRESH_AFTER_UPLOAD_MS));
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });
});
