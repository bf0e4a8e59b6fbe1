import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { FIRST_RENDER_WAIT_MS, renderWhenScreenReady, ScreenLoadError, screenCode, startRoute } from '../../src/app/routes.ts';

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
