// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import { InspectionListScreen } from '../../../src/screens/inspections/InspectionListScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

beforeAll(() => {
  // jsdom has no layout: the virtualizer only needs the observer to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderList() {
  render(
    <MemoryRouter initialEntries={['/inspection']}>
      <InspectionListScreen />
    </MemoryRouter>,
  );
}

const lookups = (c: InternalAxiosRequestConfig) =>
  c.url === 'location-store' ? { status: 200, data: { detail: [] } } : c.url === 'assignee-list' ? { status: 200, data: { detail: [] } } : undefined;

describe('/inspection states (spec 000 §2)', () => {
  it("shows 'Loading...' while fetching, then 'No Appointment Data' for an empty list with the total in the header", async () => {
    signInAs('qc');
    const seen: InternalAxiosRequestConfig[] = [];
    mainHttp.defaults.adapter = fakeAdapter((c) => lookups(c) ?? { status: 200, data: { data: [], total: 0 } }, seen);
    renderList();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('No Appointment Data')).toBeTruthy();
    expect(screen.getByText('Appt ID (0)')).toBeTruthy();
    const list = seen.find((c) => c.url === 'v2/inspection-data-list')!;
    const params = new URLSearchParams(String(list.params));
    expect(params.get('records')).toBe('50');
    expect(params.get('page')).toBe('1');
    expect(params.get('user')).toBe('qc.reviewer@qc.example');
    expect(params.get('utm_source')).toBe('qc');
  });

  it('shows the error panel when the list fails', async () => {
    signInAs('qc');
    mainHttp.defaults.adapter = fakeAdapter((c) => lookups(c) ?? { status: 500, data: { message: 'list failed' } });
    renderList();
    expect((await screen.findByRole('alert')).textContent).toContain('list failed');
  });

  it('a 403 on the list clears the session (spec 000 §8)', async () => {
    signInAs('qc');
    mainHttp.defaults.adapter = fakeAdapter((c) => lookups(c) ?? { status: 403, data: { message: 'Forbidden' } });
    renderList();
    await waitFor(() => expect(localStorage.getItem('loginData')).toBeNull());
  });
});
