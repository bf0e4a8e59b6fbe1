// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import type { InternalAxiosRequestConfig } from 'axios';
import { resetSignOutGuard } from '../../src/api/http.ts';
import { browserLocation } from '../../src/api/location.ts';
import {
  assignToMe,
  fetchAssignees,
  fetchInspectionList,
  fetchLeaderboard,
  fetchLocationStore,
  fetchSleepTime,
  fetchVersions,
  mainHttp,
  qcLogout,
} from '../../src/api/main.ts';
import { fakeAdapter, signInAs } from '../support/fake-http.ts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  resetSignOutGuard();
});

const today = dayjs('2026-11-23');

describe('spec 000 §7 calls of the list and header', () => {
  it('inspection-data-list: page, records=50, user, filters as key[], six months back to today', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: [], total: 0 } }), seen);
    await fetchInspectionList({ page: 2, user: 'a@qc.example', storeCityId: [1], storeId: [11, 12], category: ['New(CR)'], assignTo: 'b@qc.example', appointmentId: 'APT1' }, today);
    const params = new URLSearchParams(String(seen[0].params));
    expect(seen[0].url).toBe('v2/inspection-data-list');
    expect(Object.fromEntries(params)).toMatchObject({ page: '2', records: '50', user: 'a@qc.example', assignTo: 'b@qc.example', appointmentId: 'APT1', startDate: '2026-05-23', endDate: '2026-11-23', utm_source: 'qc' });
    expect(params.getAll('storeId[]')).toEqual(['11', '12']);
    expect(params.getAll('category[]')).toEqual(['New(CR)']);
  });

  it('a 403 on the list clears storage and goes to /login (spec 000 §8)', async () => {
    signInAs('qc');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 403, data: { message: 'Forbidden' } }));
    await expect(fetchInspectionList({ page: 1, user: 'x' })).rejects.toMatchObject({ status: 403 });
    expect(localStorage.getItem('loginData')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('a 403 elsewhere does not sign out', async () => {
    signInAs('qc');
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 403, data: { message: 'Forbidden' } }));
    await expect(fetchLeaderboard('x')).rejects.toMatchObject({ status: 403 });
    expect(localStorage.getItem('loginData')).not.toBeNull();
  });

  it('sleep time is read from detail.data.sleepTime', async () => {
    mainHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'get-qc-auto-assignment-sleep-time' ? { status: 200, data: { detail: { data: { sleepTime: 0 } } } } : undefined));
    expect(await fetchSleepTime()).toBe(0);
  });

  it('leaderboard by e-mail, assign-to-me body, logout body, versions with the six-month window', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    mainHttp.defaults.adapter = fakeAdapter((c) => ({ status: 200, data: c.url?.startsWith('v2/inspection-version') ? { data: [], total: 0 } : { detail: {} } }), seen);
    await fetchLeaderboard('me@qc.example');
    await assignToMe(7, 'me@qc.example', 'qc');
    await qcLogout('me@qc.example', 'tok');
    await fetchVersions('APT9', 'me@qc.example', today);
    expect(seen[0].params).toMatchObject({ email: 'me@qc.example' });
    expect([seen[1].method, seen[1].url, JSON.parse(seen[1].data)]).toEqual(['patch', 'qc-appointment-assign-to/7', { carId: 7, role: 'qc', inspectionStatus: 'smReview', user: 'me@qc.example', qcAssignTo: 'me@qc.example' }]);
    expect([seen[2].method, seen[2].url, JSON.parse(seen[2].data)]).toEqual(['post', 'v2/api/qcLogout', { email: 'me@qc.example', access_token: 'tok' }]);
    expect(seen[3].params).toMatchObject({ appointmentId: 'APT9', user: 'me@qc.example', startDate: '2026-05-23', endDate: '2026-11-23' });
  });

  it('location store and assignees are cached in local storage without expiry (spec 000 §3)', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    mainHttp.defaults.adapter = fakeAdapter((c) => ({ status: 200, data: { detail: c.url === 'assignee-list' ? [{ id: 1, name: 'A', email: 'a@qc.example' }] : [] } }), seen);
    await fetchAssignees();
    await fetchAssignees();
    await fetchLocationStore();
    await fetchLocationStore();
    expect(seen.map((c) => c.url)).toEqual(['assignee-list', 'location-store']);
    expect(seen[0].params).toMatchObject({ role: 'qc' });
    expect(JSON.parse(localStorage.getItem('assigneeData')!)).toHaveLength(1);
  });
});
