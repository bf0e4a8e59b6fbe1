// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { ApiError, createHttp, listParams, resetSignOutGuard } from '../../src/api/http.ts';
import { browserLocation } from '../../src/api/location.ts';
import { readSession, writeSession } from '../../src/api/session.ts';

function fakeAdapter(status: number, data: unknown, seen: InternalAxiosRequestConfig[]): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      const error = Object.assign(new Error(`Request failed with status code ${status}`), { response, config, isAxiosError: true });
      throw error;
    }
    return response;
  };
}

const login = { access_token: 'tok-1', role: 'qc', email: 'a@qc.example', name: 'A', isExcludedUser: false };

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  resetSignOutGuard();
});

describe('spec 000 §7: every request carries the bearer token and utm_source=qc', () => {
  it('adds both to a call', async () => {
    writeSession(login);
    const seen: InternalAxiosRequestConfig[] = [];
    const http = createHttp('/api/');
    http.defaults.adapter = fakeAdapter(200, { ok: 1 }, seen);
    await http.get('v2/inspection/1', { params: { a: 1 } });
    expect(seen[0].headers.Authorization).toBe('Bearer tok-1');
    expect(seen[0].params).toEqual({ a: 1, utm_source: 'qc' });
  });

  it('adds utm_source to list parameters sent as key[]', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const http = createHttp('/api/');
    http.defaults.adapter = fakeAdapter(200, {}, seen);
    await http.get('v2/inspection-data-list', { params: listParams({ page: 1, storeCityId: [1, 2], appointmentId: '' }) });
    expect(String(seen[0].params)).toBe('page=1&storeCityId%5B%5D=1&storeCityId%5B%5D=2&utm_source=qc');
  });
});

describe('spec 000 §8 errors', () => {
  it('a 401 clears local storage', async () => {
    writeSession(login);
    const http = createHttp('/api/');
    http.defaults.adapter = fakeAdapter(401, { message: 'Invalid token' }, []);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await expect(http.get('x')).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    expect(readSession()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('a 401 goes to /login once however many calls fail together', async () => {
    writeSession(login);
    const http = createHttp('/api/');
    http.defaults.adapter = fakeAdapter(401, { message: 'Invalid token' }, []);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await Promise.allSettled([http.get('a'), http.get('b'), http.get('c')]);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('a 401 on /login clears storage but stays there', async () => {
    writeSession(login);
    vi.spyOn(browserLocation, 'pathname').mockReturnValue('/login');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const http = createHttp('/api/');
    http.defaults.adapter = fakeAdapter(401, {}, []);
    await http.get('x').catch(() => undefined);
    expect(readSession()).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it("other errors reject with the server's detail, or its plain-text body", async () => {
    const http = createHttp('/api/');
    http.defaults.adapter = fakeAdapter(409, { detail: 'Already assigned to b@qc.example' }, []);
    const error = await http.get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Already assigned to b@qc.example');
    http.defaults.adapter = fakeAdapter(503, 'Down for maintenance until 14:00', []);
    expect(((await http.get('x').catch((e: unknown) => e)) as ApiError).message).toBe('Down for maintenance until 14:00');
  });

  it("with no sentence of the server's, the failure is said in plain words, never axios's English or a proxy's page", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const http = createHttp('/api/');
    const fails = async () => (await http.post('x', {}).catch((e: unknown) => e)) as ApiError;
    http.defaults.adapter = fakeAdapter(500, '', []);
    expect((await fails()).message).toBe('The server could not complete the request (error 500). Please try again.');
    const page = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx/1.24.0</center></body></html>';
    http.defaults.adapter = fakeAdapter(502, page, []);
    const gateway = await fails();
    expect(gateway.message).toBe('The server could not complete the request (error 502). Please try again.');
    expect(gateway.body).toEqual({ message: gateway.message, detail: gateway.message });
    expect(gateway.technical).toBe('Request failed with status code 502');
    http.defaults.adapter = fakeAdapter(404, { other: 1 }, []);
    expect((await fails()).message).toBe('The request was refused (error 404).');
    http.defaults.adapter = async (config) => {
      throw Object.assign(new Error('Network Error'), { config, isAxiosError: true, code: 'ERR_NETWORK' });
    };
    const offline = await fails();
    expect([offline.message, offline.status]).toEqual(['The server could not be reached. Please check your connection and try again.', 0]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Network Error'));
  });
});

describe('issue 16: users never see raw validation text', () => {
  it('a 400 schema failure rejects with a plain sentence; the technical text stays on the error for the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const http = createHttp('/api/');
    const technical = 'body/remark must NOT have more than 2000 characters';
    http.defaults.adapter = fakeAdapter(400, { message: technical, detail: technical }, []);
    const error = (await http.post('v2/rejection-remark', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Remark is too long (at most 2000 characters).');
    expect(error.body).toEqual({ message: 'Remark is too long (at most 2000 characters).', detail: 'Remark is too long (at most 2000 characters).' });
    expect(error.technical).toBe(technical);
    expect(warn.mock.calls[0][0]).toContain(technical);
  });

  it("passes the server's plain sentences through unchanged", async () => {
    const http = createHttp('/api/');
    http.defaults.adapter = fakeAdapter(404, { message: 'Not Found', detail: 'Inspection 77 not found' }, []);
    const error = (await http.get('v2/inspection/77').catch((e: unknown) => e)) as ApiError;
    expect([error.message, error.technical]).toEqual(['Inspection 77 not found', undefined]);
  });
});
