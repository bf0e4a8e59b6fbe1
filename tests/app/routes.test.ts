import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { FIRST_RENDER_WAIT_MS, renderWhenScreenReady, ROUTES, ScreenLoadError, screenCode, startRoute, titleAt } from '../../src/app/routes.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const reviewer = { access_token: 't', role: 'qc', email: 'qc.reviewer@qc.example', name: 'QC', isExcludedUser: false };

describe("the app's first render waits for the opened route's screen code (issue 18 'Load')", () => {
  it('renders once the code is in, and only once', async () => {
    vi.useFakeTimers();
    let arrive!: () => void;
    const render = vi.fn();
    renderWhenScreenReady(new Promise<void>((done) => (arrive = done)), render);
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS / 2);
    expect(render).not.toHaveBeenCalled();
    arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it(`code slower than ${FIRST_RENDER_WAIT_MS} ms gets the shell first; a route without code to wait for renders at once`, async () => {
    vi.useFakeTimers();
    const slow = vi.fn();
    renderWhenScreenReady(new Promise<void>(() => undefined), slow);
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1);
    expect(slow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(slow).toHaveBeenCalledTimes(1);
    const none = vi.fn();
    renderWhenScreenReady(null, none);
    expect(none).toHaveBeenCalledTimes(1);
  });

  it("startRoute answers the screen's code load for a user who may open the route, nothing for others", async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    expect(startRoute('/review/1000002', null)).toBeNull();
    expect(startRoute('/no-such-screen', reviewer)).toBeNull();
    const code = startRoute('/login', null);
    expect(code).toBeInstanceOf(Promise);
    await expect(code).resolves.toBeUndefined();
  });
});

describe("a screen's code fetched ahead of its first render (ScreenCode warm, issue 18 'Load')", () => {
  const module = { default: () => null };
  const moduleWithText = { default: () => createElement('p', null, 'the screen') };

  it('the warm fetch is the one the screen then uses: one fetch', async () => {
    const load = vi.fn(async () => module);
    const code = screenCode(load);
    code.warm();
    code.warm();
    await expect(code.load()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failed warm fetch is not the screen's failure: its load fetches again", async () => {
    const load = vi.fn<() => Promise<typeof module>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(module);
    const code = screenCode(load);
    code.warm();
    await new Promise((done) => setTimeout(done, 0));
    await expect(code.load()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a screen whose load failed renders its module once a later warm fetch brought it (the list fetching ahead when the connection is back)', async () => {
    const load = vi.fn<() => Promise<typeof moduleWithText>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(moduleWithText);
    const code = screenCode(load);
    await expect(code.load()).rejects.toThrow('offline');
    expect(() => renderToString(createElement(code.screen))).toThrow(ScreenLoadError);
    code.warm();
    await new Promise((done) => setTimeout(done, 0));
    expect(renderToString(createElement(code.screen))).toBe('<p>the screen</p>');
  });

  it("a failed load is the screen's: the load rejects with it", async () => {
    const load = vi.fn<() => Promise<typeof module>>().mockRejectedValue(new Error('offline'));
    await expect(screenCode(load).load()).rejects.toThrow('offline');
  });
});

describe("each route's title says where the user is (document.title)", () => {
  it.each([
    ['/login', undefined, 'Login · QC Review Panel'],
    ['/inspection', undefined, 'Inspections · QC Review Panel'],
    ['/review/1000002', undefined, 'Review · QC Review Panel'],
    ['/review/1000002', '1005120037', 'Review 1005120037 · QC Review Panel'],
    ['/re-inspection/1000002', '1005120037', 'Re-inspection 1005120037 · QC Review Panel'],
    ['/inspection-version/1005120037', undefined, 'Versions of 1005120037 · QC Review Panel'],
    ['/gs-unflagging', undefined, 'GS Unflagging · QC Review Panel'],
    ['/gs-unflagging-details/3051200021', undefined, 'GS Unflagging 3051200021 · QC Review Panel'],
    ['/bike-review/BK26110001', undefined, 'Bike review BK26110001 · QC Review Panel'],
    ['/config-studio', undefined, 'Config studio · QC Review Panel'],
    ['/public/health', undefined, 'Health · QC Review Panel'],
    // A seller's pages are not the panel's.
    ['/sell-online', undefined, 'Your offer'],
    ['/customer-audit/3051200021/1767225600000', undefined, 'Your inspection'],
    ['/unauth', undefined, 'Not authorised · QC Review Panel'],
    ['/no-such-page', undefined, 'Not authorised · QC Review Panel'],
    ['/', undefined, 'QC Review Panel'],
  ])('%s (detail %s): %s', (path, detail, title) => {
    expect(titleAt(path, detail)).toBe(title);
  });

  it('no two routes share a title, and none is the bare panel name', () => {
    const titles = ROUTES.map((r) => titleAt(r.path.replace(/:(\w+)/g, 'x')));
    expect(titles).not.toContain('QC Review Panel');
    // The two forms of a list (all, and one appointment's) are one screen; their titles still differ.
    expect(new Set(titles).size).toBe(titles.length);
  });
});
