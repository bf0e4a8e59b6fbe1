import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// IndexedDB through idb-keyval, replaced by reads the test answers: each `get` waits until the test settles it.
const reads: { key: string; settle: (value: unknown) => void }[] = [];
vi.mock('idb-keyval', () => ({
  createStore: () => () => Promise.resolve(),
  promisifyRequest: () => Promise.resolve(),
  get: (key: string) => new Promise((settle) => reads.push({ key, settle })),
}));

const draft = (version: string) => ({ version, payload: { edits: [] }, savedAt: 1 });
const session = { access_token: 't', role: 'qc', email: 'qc.reviewer@qc.example', name: 'QC', isExcludedUser: false };

/** Fresh modules (the store and the ahead cache are module state), with IndexedDB present. */
async function load() {
  vi.resetModules();
  const drafts = await import('../../src/api/drafts.ts');
  const routes = await import('../../src/app/routes.ts');
  return { ...drafts, ...routes, AHEAD_TTL_MS: (await import('../../src/api/cache.ts')).AHEAD_TTL_MS };
}

beforeEach(() => {
  reads.length = 0;
  vi.stubGlobal('indexedDB', {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a review's draft read as the page loads (issue 18 'Load', issue 16 'Never lose work')", () => {
  it('the draft machine takes the read started ahead, once: the store is read once for it, and again for the next load', async () => {
    const { readDraftAhead, indexedDbDrafts } = await load();
    readDraftAhead('review:a@qc.example:7');
    readDraftAhead('review:a@qc.example:7');
    expect(reads.map((r) => r.key)).toEqual(['review:a@qc.example:7']);
    const taken = indexedDbDrafts.load('review:a@qc.example:7');
    expect(reads).toHaveLength(1);
    reads[0].settle(draft('v1'));
    expect(await taken).toEqual(draft('v1'));
    // Taken: a later load (the review opened again) reads the store again, so it sees what was written since.
    const again = indexedDbDrafts.load('review:a@qc.example:7');
    expect(reads).toHaveLength(2);
    reads[1].settle(draft('v2'));
    expect(await again).toEqual(draft('v2'));
  });

  it('a read started ahead and not taken in time is not handed over: the store is read again', async () => {
    const { readDraftAhead, indexedDbDrafts, AHEAD_TTL_MS } = await load();
    vi.useFakeTimers();
    readDraftAhead('review:a@qc.example:8');
    reads[0].settle(draft('old'));
    vi.advanceTimersByTime(AHEAD_TTL_MS + 1);
    const taken = indexedDbDrafts.load('review:a@qc.example:8');
    expect(reads).toHaveLength(2);
    reads[1].settle(draft('new'));
    expect(await taken).toEqual(draft('new'));
  });

  it('a stored value of another shape is no draft, read ahead or not', async () => {
    const { readDraftAhead, indexedDbDrafts } = await load();
    readDraftAhead('review:a@qc.example:9');
    reads[0].settle({ edits: [] });
    expect(await indexedDbDrafts.load('review:a@qc.example:9')).toBeNull();
  });

  it("the car review's route reads the signed-in reviewer's draft as the app starts, with its calls; no session, no read", async () => {
    const { startRoute, draftKey } = await load();
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    startRoute('/review/1000002', null);
    expect(reads).toEqual([]);
    startRoute('/review/1000002', session);
    startRoute('/re-inspection/1000003', session);
    expect(reads.map((r) => r.key)).toEqual([draftKey(session.email, '1000002'), draftKey(session.email, '1000003')]);
    // Other routes keep nothing in the browser to read ahead.
    startRoute('/inspection', session);
    expect(reads).toHaveLength(2);
  });

  it('the bike, refurbishment and GS reviews read theirs ahead under the keys their screens keep them by', async () => {
    const { startRoute, draftKey } = await load();
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const user = { ...session, role: 'SM-QcAdmin' };
    startRoute('/bike-review/A1', user);
    startRoute('/gs-refurbishment-review/A2', user);
    startRoute('/gs-unflagging-details/A3', user);
    expect(reads.map((r) => r.key)).toEqual([draftKey(user.email, 'A1', 'bike'), draftKey(user.email, 'A2', 'refurbishment'), draftKey(user.email, 'A3', 'gs')]);
  });
});
