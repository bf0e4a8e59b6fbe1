// @vitest-environment jsdom
// Spec 001 §2 'Bike inspection list': the columns, DD/MM/YYYY dates, 'assign to me', the empty text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { bikeHttp } from '../../../src/api/bike.ts';
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

  it("says 'No Appointment Data' when nothing waits", async () => {
    signInAs('bike-qc', 'bike.qc@qc.example');
    bikeHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: [], total: 0 } }));
    renderList();
    await screen.findByText('No Appointment Data');
  });
});
