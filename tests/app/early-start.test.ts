// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_STORE } from '../../src/api/early-calls.ts';
import { writeSession } from '../../src/api/session.ts';

// The page's first script (src/app/early-start.ts) runs once, when it loads: each test loads it anew.
const runEarlyScript = async () => {
  vi.resetModules();
  await import('../../src/app/early-start.ts');
};

const login = { access_token: 'tok-1', role: 'qc', email: 'a@qc.example', name: 'A', isExcludedUser: false };

let fetchCalls: string[];
beforeEach(() => {
  fetchCalls = [];
  vi.stubGlobal('fetch', (url: string) => (fetchCalls.push(url), new Promise<Response>(() => undefined)));
  history.replaceState(null, '', '/review/77');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  delete (globalThis as Record<string, unknown>)[EARLY_STORE];
});

describe("the page's early script (issue 18 'Load')", () => {
  it("for a signed-in user, starts the route's calls and leaves ICU alone (scripts/react-aria-locale.ts: nothing on the load needs it)", async () => {
    writeSession(login);
    const supported = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    await runEarlyScript();
    expect(fetchCalls.map((u) => new URL(u).pathname)).toEqual(['/api/v2/review-config/car', '/api/api/Config', '/api/v2/inspection/77']);
    expect(supported).not.toHaveBeenCalled();
  });

  it('does nothing without a session (the login page loads no react-aria and calls nothing)', async () => {
    const supported = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    await runEarlyScript();
    expect(fetchCalls).toEqual([]);
    expect(supported).not.toHaveBeenCalled();
  });
});
