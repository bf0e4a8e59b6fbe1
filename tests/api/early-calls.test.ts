// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { EARLY_CALLS, EARLY_STORE, earlyCallsFor, matchRoute, type EarlyStore } from '../../src/api/early-calls.ts';
import { createHttp, resetSignOutGuard, takingEarly } from '../../src/api/http.ts';
import { browserLocation } from '../../src/api/location.ts';
import { mainHttp, MAIN_API_BASE } from '../../src/api/main.ts';
import { fetchRegistry } from '../../src/api/review.ts';
import { readSession, writeSession } from '../../src/api/session.ts';
import { ROUTES } from '../../src/app/routes.ts';

// Issue 18 'Load': the page's early script starts a route's calls before the app's scripts have loaded; the app's
// GET of the same URL takes that answer instead of asking again.

const login = { access_token: 'tok-1', role: 'qc', email: 'a@qc.example', name: 'A', isExcludedUser: false };
const absolute = (path: string) => new URL(`${MAIN_API_BASE}${path}?utm_source=qc`, location.href).href;

/** What the page's early script leaves behind, with the given responses by path. */
function earlyStore(responses: Record<string, Promise<Response>>, at = Date.now()): EarlyStore {
  const store: EarlyStore = { calls: new Map(Object.entries(responses).map(([path, response]) => [absolute(path), { at, response }])), chains: new Map() };
  (globalThis as Record<string, unknown>)[EARLY_STORE] = store;
  return store;
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** A network adapter that records what reached it. */
function network(seen: string[], data: unknown = { detail: 'from the network' }): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    seen.push(axios.getUri(config));
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
}

beforeEach(() => writeSession(login));
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_STORE];
  localStorage.clear();
  vi.restoreAllMocks();
  resetSignOutGuard();
});

describe('the early calls of a route are the calls its preload makes', () => {
  it('lists a route for every route with a preload, and no other', () => {
    const preloaded = ROUTES.filter((r) => r.preload).map((r) => r.path);
    expect([...EARLY_CALLS.keys()].sort()).toEqual([...preloaded].sort());
  });

  it.each(ROUTES.filter((r) => r.preload).map((r, i) => [r.path, i]))('%s: the same URLs', async (path, i) => {
    // Each route's calls start afresh: the answers an earlier route fetched ahead are past their time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (i + 1) * 60_000);
    const route = ROUTES.find((r) => r.path === path)!;
    const params = Object.fromEntries((path.match(/:\w+/g) ?? []).map((p) => [p.slice(1), '1000002']));
    const opened = path.replace(/:\w+/g, '1000002');
    const seen: string[] = [];
    const saved = mainHttp.defaults.adapter;
    mainHttp.defaults.adapter = network(seen, { detail: { appointmentId: 'A-1' } });
    try {
      route.preload!(params);
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 20)); // the calls chained on an answer
    } finally {
      mainHttp.defaults.adapter = saved;
      vi.useRealTimers();
    }
    const early = earlyCallsFor(opened);
    const chained = early.flatMap((c) => (c.next ? [c.next.pathOf({ detail: { appointmentId: 'A-1' } })!] : []));
    expect(seen.map((u) => new URL(u, location.href).href).sort()).toEqual([...early.map((c) => c.path), ...chained].map(absolute).sort());
  });

  it('chains the registry data on the detail as the review does (fetchRegistry)', async () => {
    const seen: string[] = [];
    const saved = mainHttp.defaults.adapter;
    mainHttp.defaults.adapter = network(seen, { detail: {} });
    try {
      await fetchRegistry('APT/7 x');
    } finally {
      mainHttp.defaults.adapter = saved;
    }
    const [detail] = earlyCallsFor('/review/5').filter((c) => c.next);
    const next = detail.next!.pathOf({ detail: { appointmentId: 'APT/7 x' } })!;
    expect(next.startsWith(detail.next!.prefix)).toBe(true);
    expect(new URL(seen[0], location.href).href).toBe(absolute(next));
    expect(detail.next!.pathOf({ detail: { appointmentId: 7 } })).toBeNull();
    expect(detail.next!.pathOf(null)).toBeNull();
  });

  it('matches route patterns as the router does, and nothing else', () => {
    expect(matchRoute('/review/:carId', '/review/12')).toEqual({ carId: '12' });
    expect(matchRoute('/review/:carId', '/review/12/')).toEqual({ carId: '12' });
    expect(matchRoute('/review/:carId', '/review')).toBeNull();
    expect(matchRoute('/review/:carId', '/review/12/x')).toBeNull();
    expect(matchRoute('/review/:carId', '/reviews/12')).toBeNull();
    expect(matchRoute('/review/:carId', '/review/%E0%A4%A')).toBeNull();
    expect(earlyCallsFor('/inspection')).toEqual([]);
    expect(earlyCallsFor('/review/a%2Fb').map((c) => c.path)).toContain('v2/inspection/a%2Fb');
  });
});

describe('taking an early answer', () => {
  it('answers the GET with the early response and sends nothing', async () => {
    earlyStore({ 'v2/inspection/5': json({ detail: { carId: 5 } }) });
    const seen: string[] = [];
    const http = createHttp(MAIN_API_BASE);
    http.defaults.adapter = takingEarly(network(seen));
    const { data } = await http.get('v2/inspection/5');
    expect(data).toEqual({ detail: { carId: 5 } });
    expect(seen).toEqual([]);
  });

  it('takes it once: the next call asks the server', async () => {
    earlyStore({ 'api/Config': json({ detail: { duplicateKeyConfig: 1 } }) });
    const seen: string[] = [];
    const http = createHttp(MAIN_API_BASE);
    http.defaults.adapter = takingEarly(network(seen));
    await http.get('api/Config');
    const { data } = await http.get('api/Config');
    expect(data).toEqual({ detail: 'from the network' });
    expect(seen).toHaveLength(1);
  });

  it('asks the server for another URL, a POST, an old answer and one that failed on the network', async () => {
    earlyStore({ 'v2/inspection/5': json({}), 'api/Config': Promise.reject(new TypeError('Failed to fetch')) });
    const seen: string[] = [];
    const http = createHttp(MAIN_API_BASE);
    http.defaults.adapter = takingEarly(network(seen));
    await http.get('v2/inspection/6');
    await http.post('v2/inspection/5', {});
    await http.get('api/Config');
    earlyStore({ 'v2/inspection/7': json({}) }, Date.now() - 11_000);
    await http.get('v2/inspection/7');
    expect(seen).toHaveLength(4);
  });

  it('an early 401 signs out as a 401 from the server does', async () => {
    earlyStore({ 'v2/inspection/5': json({ message: 'Invalid token' }, 401) });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const http = createHttp(MAIN_API_BASE);
    http.defaults.adapter = takingEarly(network([]));
    await expect(http.get('v2/inspection/5')).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    expect(readSession()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('an early 400 shows the server’s text in plain words, as any 400', async () => {
    earlyStore({ 'v2/inspection/5': json({ message: 'Id must be a number.' }, 400) });
    const http = createHttp(MAIN_API_BASE);
    http.defaults.adapter = takingEarly(network([]));
    await expect(http.get('v2/inspection/5')).rejects.toMatchObject({ status: 400, message: 'Id must be a number.' });
  });

  it('a call a chain may still start waits for it and takes its answer; other calls do not wait', async () => {
    const store = earlyStore({});
    let release!: () => void;
    const chain = new Promise<void>((resolve) => (release = resolve)).then(() => {
      store.calls.set(absolute('vahan/A-1'), { at: Date.now(), response: json({ detail: { parivahan1: null } }) });
      store.chains.delete(chain);
    });
    store.chains.set(chain, new URL(`${MAIN_API_BASE}vahan/`, location.href).href);
    const seen: string[] = [];
    const http = createHttp(MAIN_API_BASE);
    http.defaults.adapter = takingEarly(network(seen));
    await http.get('v2/get-leader-board-data'); // not under the chain's prefix: straight to the server
    expect(seen).toHaveLength(1);
    const registry = http.get('vahan/A-1');
    release();
    expect((await registry).data).toEqual({ detail: { parivahan1: null } });
    expect(seen).toHaveLength(1);
  });
});
