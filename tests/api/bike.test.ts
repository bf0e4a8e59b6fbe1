// @vitest-environment jsdom
// Spec 001 §7 bike calls as the app sends them (bikes host, form fields, main-host catalogue) and §8 'A 403 on the bike list'.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { assignBike, bikeHttp, fetchBikeList, fetchBikeModels, fetchBikeVariants, fetchBikeVersions, mediaUrl, submitBikeStatus } from '../../src/api/bike.ts';
import { fetchLookup } from '../../src/api/review.ts';
import { resetSignOutGuard } from '../../src/api/http.ts';
import { browserLocation } from '../../src/api/location.ts';
import { mainHttp } from '../../src/api/main.ts';
import { fakeAdapter, signInAs } from '../support/fake-http.ts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  resetSignOutGuard();
});

const paramsOf = (c: InternalAxiosRequestConfig) => Object.fromEntries(Object.entries(c.params as Record<string, unknown>).map(([k, v]) => [k, String(v)]));

describe('bike calls (spec 001 §7)', () => {
  it('the list: READY_FOR_REVIEW, page, user, query and a six-month YYYY-MM-DD window, on the bikes host with utm_source and the token', async () => {
    signInAs('bike-qc', 'bike.qc@qc.example');
    const seen: InternalAxiosRequestConfig[] = [];
    bikeHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: [], total: 0 } }), seen);
    await fetchBikeList({ page: 2, user: 'bike.qc@qc.example', query: '  BK26 ', startDate: '2026-06-01', endDate: '2026-11-23' });
    expect(seen[0].baseURL).toBe('/bike-api/');
    expect(seen[0].url).toBe('appointment');
    expect(paramsOf(seen[0])).toEqual({ status: 'READY_FOR_REVIEW', page: '2', user: 'bike.qc@qc.example', query: 'BK26', startDate: '2026-06-01', endDate: '2026-11-23', utm_source: 'qc' });
    expect(seen[0].headers.Authorization).toBe('Bearer t');
  });

  it('a 403 on the bike list clears storage and goes to /login (001 §6, §8); a 403 elsewhere does not', async () => {
    signInAs('bike-qc');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    bikeHttp.defaults.adapter = fakeAdapter(() => ({ status: 403, data: { message: 'Forbidden', detail: 'Forbidden' } }));
    await expect(fetchBikeVersions('BK1')).rejects.toMatchObject({ status: 403 });
    expect(localStorage.getItem('loginData')).not.toBeNull();
    await expect(fetchBikeList({ page: 1 })).rejects.toMatchObject({ status: 403 });
    expect(localStorage.getItem('loginData')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('assign and submit send form fields (assignUser; status, reason, bikeId, appointmentId)', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    bikeHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { detail: {} } }), seen);
    await assignBike('BK1', 'bike.qc@qc.example');
    expect(seen[0].url).toBe('appointment/BK1/qc/assign');
    expect(Object.fromEntries(seen[0].data as FormData)).toEqual({ assignUser: 'bike.qc@qc.example' });
    await submitBikeStatus({ status: 'REJECTED', reason: 'RC', bikeId: 5, appointmentId: 'BK1', version: 2, configVersion: 9 });
    expect(seen[1].url).toBe('appointment/BK1/qc');
    expect(Object.fromEntries(seen[1].data as FormData)).toEqual({ status: 'REJECTED', reason: 'RC', bikeId: '5', appointmentId: 'BK1', version: '2', configVersion: '9' });
    // The config in src/config (version null) is named 'seed': a form field has no null (issue 17).
    await submitBikeStatus({ status: 'APPROVED', reason: '', bikeId: 5, appointmentId: 'BK1', version: 2, configVersion: null });
    expect((seen[2].data as FormData).get('configVersion')).toBe('seed');
  });

  it("the financier name's choices: the active financiers from the bikes host (api/financerListData?status=active); a failure gives none", async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    bikeHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { detail: [{ id: 3, name: 'Hero FinCorp', status: 'active' }] } }), seen);
    expect(await fetchLookup('bikeFinancier')).toEqual([{ id: 3, label: 'Hero FinCorp' }]);
    expect(seen[0].baseURL).toBe('/bike-api/');
    expect(seen[0].url).toBe('api/financerListData');
    expect(paramsOf(seen[0])).toEqual({ status: 'active', utm_source: 'qc' });
    bikeHttp.defaults.adapter = fakeAdapter(() => ({ status: 500, data: { message: 'Internal Server Error', detail: 'x' } }));
    expect(await fetchLookup('bikeFinancier')).toEqual([]);
  });

  it('variants of a model go to the main host with model_id', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { detail: [{ name: 'i3S', code: 'I3S' }] } }), seen);
    expect(await fetchBikeVariants(201)).toEqual([{ name: 'i3S', code: 'I3S' }]);
    expect(seen[0].url).toBe('api/bikeVariant');
    expect(paramsOf(seen[0])).toMatchObject({ model_id: '201' });
  });

  it('models go to the main host with makeCode; media URLs follow the public configuration', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { detail: [] } }), seen);
    await fetchBikeModels('HONDA');
    expect(seen[0].url).toBe('api/bikeModel');
    expect(paramsOf(seen[0])).toMatchObject({ makeCode: 'HONDA' });
    const config = { imageUrlTemplate: 'https://img.example/{uri}?q=80', videoBaseUrl: 'https://video.example/' };
    expect(mediaUrl(config, { uri: 'a/b.jpg', mediaType: 'image' })).toBe('https://img.example/a/b.jpg?q=80');
    expect(mediaUrl(config, { uri: 'a/v.webm', mediaType: 'video' })).toBe('https://video.example/a/v.webm');
  });
});
