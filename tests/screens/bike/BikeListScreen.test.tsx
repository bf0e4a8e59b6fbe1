// @vitest-environment jsdom
// Spec 001 §2 'Bike inspection list': the columns, DD/MM/YYYY dates, 'assign to me', the empty text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { bikeHttp } from '../../../src/api/bike.ts';
import dayjs from 'dayjs';
import BikeListScreen from '../../../src/screens/bike/BikeListScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const row = (appointmentId: string, qcUser: string | null) => ({ bikeId: 1, appointmentId, version: 0, status: 'READY_FOR_REVIEW', inspectionUser: 'Sachin Pawar', make: 'Hero', model: 'Glamour', inspectionEndTime: 1763899200, qcUser });

function renderList() {
  render(
    <MemoryRouter initialEntries={['/inspection-bike']}>
      <Routes>
        <Route path="/inspection-bike" element={<BikeListScreen />} />
        <Route path="/bike-review/:appointmentId" element={<p>review page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/inspection-bike', () => {
  it("shows the row fields with DD/MM/YYYY end times, the assignee or 'Assign to me' that assigns and opens the review", async () => {
    signInAs('bike-qc', 'bike.qc@qc.example');
    const seen: InternalAxiosRequestConfig[] = [];
    bikeHttp.defaults.adapter = fakeAdapter((c) => {
      if (c.url === 'appointment') return { status: 200, data: { data: [row('BK1', null), row('BK2', 'qc.reviewer@qc.example')], total: 2 } };
      if (c.url === 'appointment/BK1/qc/assign') return { status: 200, data: { detail: {} } };
      return undefined;
    }, seen);
    renderList();
    const first = (await screen.findByText('BK1')).closest('tr')!;
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['BK1', 'Sachin Pawar', 'Hero', 'Glamour', '23/11/2025', 'Assign to me']);
    expect(within(screen.getByText('BK2').closest('tr')!).getByText('qc.reviewer@qc.example')).toBeTruthy();
    await userEvent.click(within(first).getByRole('button', { name: 'Assign to me' }));
    await screen.findByText('review page');
    expect(seen.some((c) => c.url === 'appointment/BK1/qc/assign')).toBe(true);
  });

  it("a row's Appointment ID is a link to its review (Tab reaches it, Enter opens it); a click elsewhere on the row opens it too", async () => {
    signInAs('bike-qc', 'bike.qc@qc.example');
    bikeHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'appointment' ? { status: 200, data: { data: [row('BK1', 'bike.qc@qc.example')], total: 1 } } : undefined));
    renderList();
    const link = await screen.findByRole('link', { name: 'BK1' });
    expect(link.getAttribute('href')).toBe('/bike-review/BK1');
    link.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('review page');
    cleanup();
    renderList();
    await userEvent.click(await screen.findByText('Glamour'));
    await screen.findByText('review page');
  });

  it('version-pdf (the list, not the review, spec 001 §6): rows neither open nor offer Assign to me', async () => {
    signInAs('version-pdf', 'version.pdf@qc.example');
    const seen: InternalAxiosRequestConfig[] = [];
    bikeHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'appointment' ? { status: 200, data: { data: [row('BK1', null)], total: 1 } } : undefined), seen);
    renderList();
    const first = (await screen.findByText('BK1')).closest('tr')!;
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['BK1', 'Sachin Pawar', 'Hero', 'Glamour', '23/11/2025', '']);
    expect(within(first).queryByRole('link')).toBeNull();
    await userEvent.click(within(first).getByText('BK1'));
    expect(screen.queryByText('review page')).toBeNull();
    expect(seen.map((c) => c.url)).toEqual(['appointment']);
  });

  it('a typed range the server would refuse is named beside the dates and not asked for; the list keeps the last good one', async () => {
    signInAs('bike-qc', 'bike.qc@qc.example');
    const seen: InternalAxiosRequestConfig[] = [];
    bikeHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'appointment' ? { status: 200, data: { data: [row('BK1', null)], total: 1 } } : undefined), seen);
    renderList();
    await screen.findByText('BK1');
    const asked = () => seen.filter((c) => c.url === 'appointment').map((c) => `${(c.params as Record<string, string>).startDate}..${(c.params as Record<string, string>).endDate}`);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    const today = dayjs().format('YYYY-MM-DD');
    fireEvent.change(from, { target: { value: dayjs().add(1, 'day').format('YYYY-MM-DD') } });
    expect((await screen.findByRole('alert')).textContent).toBe('The From date must not be after the To date');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(from, { target: { value: dayjs().subtract(7, 'month').format('YYYY-MM-DD') } });
    expect(screen.getByRole('alert').textContent).toBe('The date range may span at most six months');
    const good = dayjs().subtract(1, 'month').format('YYYY-MM-DD');
    fireEvent.change(from, { target: { value: good } });
    expect(screen.queryByRole('alert')).toBeNull();
    await screen.findByText('BK1');
    expect(asked().slice(1)).toEqual([`${good}..${today}`]);
    expect(screen.getByText('BK1')).toBeTruthy();
    fireEvent.change(to, { target: { value: dayjs().add(2, 'day').format('YYYY-MM-DD') } });
    expect(screen.getByRole('alert').textContent).toBe('The To date must not be after today');
    expect(asked()).toHaveLength(2);
  });

  it("shows an end time sent as ISO text or milliseconds in DD/MM/YYYY, and '-' for none", async () => {
    signInAs('bike-qc', 'bike.qc@qc.example');
    const at = (appointmentId: string, inspectionEndTime: unknown) => ({ ...row(appointmentId, null), inspectionEndTime });
    const rows = [at('BK1', '2026-12-01T10:00:00Z'), at('BK2', 1763899200000), at('BK3', null), at('BK4', 'soon')];
    bikeHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'appointment' ? { status: 200, data: { data: rows, total: rows.length } } : undefined));
    renderList();
    await screen.findByText('BK1');
    const endTimes = ['BK1', 'BK2', 'BK3', 'BK4'].map((id) => within(screen.getByText(id).closest('tr')!).getAllByRole('cell')[4].textContent);
    expect(endTimes).toEqual(['01/12/2026', '23/11/2025', '-', '-']);
  });

  it("says 'No Appointment Data' when nothing waits", async () => {
    signInAs('bike-qc', 'bike.qc@qc.example');
    bikeHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: [], total: 0 } }));
    renderList();
    await screen.findByText('No Appointment Data');
  });
});
