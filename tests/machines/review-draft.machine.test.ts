import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { memoryDrafts, type StoredDraft } from '../../src/api/drafts.ts';
import { configFingerprint, DRAFT_DELAY_MS, draftActors, draftMachine, writeIsDue } from '../../src/machines/review-draft.machine.ts';
import type { TabLocks } from '../../src/api/tab-lock.ts';

const KEY = 'bike:bike.qc@qc.example:BK26110004';
const VERSION = '4:1:READY_FOR_REVIEW|cfg';

/** Web Locks as the machine uses them (src/api/tab-lock.ts), by hand: which names this tab holds, and another tab taking one. */
function fakeTabLocks() {
  const held = new Map<string, () => void>();
  const locks: TabLocks = {
    hold(name, onLost) {
      held.set(name, onLost);
      return () => held.delete(name);
    },
  };
  const takeOver = (name: string) => {
    const onLost = held.get(name);
    held.delete(name);
    onLost?.();
  };
  return { locks, held, takeOver };
}

function start(opts: { drafts?: ReturnType<typeof memoryDrafts<StoredDraft>>; key?: string | null; version?: string; current?: () => unknown; locks?: TabLocks } = {}) {
  const drafts = opts.drafts ?? memoryDrafts<StoredDraft>();
  const saves: (StoredDraft | null)[] = [];
  const handedOver: unknown[] = [];
  const opened = vi.fn();
  const actor = createActor(
    draftMachine.provide({
      actors: {
        ...draftActors(drafts, opts.locks),
        saveDraft: fromPromise(async ({ input }) => {
          saves.push(input.draft);
          if (input.draft) await drafts.save(input.key, input.draft);
          else await drafts.clear(input.key);
        }),
      },
      actions: { handOver: (_, params) => void handedOver.push(params.payload), opened },
    }),
    { input: { key: opts.key === undefined ? KEY : opts.key, version: opts.version ?? VERSION, current: opts.current } },
  ).start();
  return { actor, drafts, saves, handedOver, opened };
}

const stored = (payload: unknown, version = VERSION): StoredDraft => ({ version, payload, savedAt: 1 });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('draft machine (issue 16 Never lose work, every product)', () => {
  it("one tab keeps a record's draft: another tab of the reviewer that opens it takes it over; this one writes what it had pending, then nothing", async () => {
    const { locks, held, takeOver } = fakeTabLocks();
    const { actor, drafts, saves } = start({ locks });
    await vi.advanceTimersByTimeAsync(0);
    expect([...held.keys()]).toEqual([`qc-draft:${KEY}`]);
    actor.send({ type: 'CHANGE', payload: { edits: ['typed here'] } });
    takeOver(`qc-draft:${KEY}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice).toBe('elsewhere');
    expect(drafts.entries.get(KEY)).toMatchObject({ payload: { edits: ['typed here'] } });
    // The other tab's writes are not overwritten by this one's later changes.
    await drafts.save(KEY, stored({ edits: ['the other tab'] }));
    actor.send({ type: 'CHANGE', payload: { edits: ['typed here', 'more'] } });
    actor.send({ type: 'FLUSH' });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect(saves).toHaveLength(1);
    expect(drafts.entries.get(KEY)).toMatchObject({ payload: { edits: ['the other tab'] } });
    actor.stop();
  });

  it('holds the record once for its life, follows it to another key, releases it when stopped; a view without a key holds nothing and is never taken over', async () => {
    const { locks, held, takeOver } = fakeTabLocks();
    const { actor } = start({ locks, key: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(held.size).toBe(0);
    actor.send({ type: 'IDENTITY', key: KEY, version: VERSION });
    await vi.advanceTimersByTimeAsync(0);
    expect([...held.keys()]).toEqual([`qc-draft:${KEY}`]);
    actor.send({ type: 'IDENTITY', key: `${KEY}-2`, version: VERSION });
    await vi.advanceTimersByTimeAsync(0);
    expect([...held.keys()]).toEqual([`qc-draft:${KEY}-2`]);
    actor.stop();
    expect(held.size).toBe(0);
    takeOver(`qc-draft:${KEY}-2`);
  });

  it('taken over while the stored draft is still read: the owner is told the record is open, under the notice', async () => {
    const { locks, takeOver } = fakeTabLocks();
    const drafts = memoryDrafts<StoredDraft>();
    const { actor, opened } = start({ locks, drafts });
    takeOver(`qc-draft:${KEY}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notice).toBe('elsewhere');
    actor.stop();
  });

  it(`writes a change within ${DRAFT_DELAY_MS} ms, not in the change's own step, once per burst`, async () => {
    const { actor, drafts, saves } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    actor.send({ type: 'CHANGE', payload: { edits: [1] } });
    expect(saves).toHaveLength(0);
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    actor.send({ type: 'CHANGE', payload: { edits: [1, 2] } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS - 50);
    expect(saves).toHaveLength(1);
    expect(drafts.entries.get(KEY)).toMatchObject({ version: VERSION, payload: { edits: [1, 2] } });
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves).toHaveLength(1);
  });

  it('follows its record: a read-only viewer made the assignee keeps drafts under the new key from then on (its stored draft read as on opening); a new version is written with the next draft', async () => {
    const drafts = memoryDrafts<StoredDraft>();
    await drafts.save(KEY, stored({ edits: ['earlier'] }));
    const { actor, saves, handedOver } = start({ drafts, key: null });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CHANGE', payload: { edits: [1] } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(saves).toEqual([]);

    actor.send({ type: 'IDENTITY', key: KEY, version: VERSION });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(handedOver).toEqual([{ edits: ['earlier'] }]);
    expect(actor.getSnapshot().context.notice).toBe('restored');
    actor.send({ type: 'CHANGE', payload: { edits: ['earlier', 2] } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.get(KEY)).toMatchObject({ version: VERSION, payload: { edits: ['earlier', 2] } });

    actor.send({ type: 'IDENTITY', key: KEY, version: 'v2' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    actor.send({ type: 'CHANGE', payload: { edits: ['earlier', 2, 3] } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.get(KEY)).toMatchObject({ version: 'v2', payload: { edits: ['earlier', 2, 3] } });

    actor.send({ type: 'SUBMITTED' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'IDENTITY', key: 'another', version: VERSION });
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
  });

  it("with the owner's `current`, a write takes what the owner holds then: changes made while a write is due need no CHANGE", async () => {
    let holds: unknown = { edits: [1] };
    const { actor, drafts, saves } = start({ current: () => holds });
    await vi.advanceTimersByTimeAsync(0);
    expect(writeIsDue(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'CHANGE', payload: holds });
    expect(writeIsDue(actor.getSnapshot())).toBe(true);
    holds = { edits: [1, 2, 3] };
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(saves).toHaveLength(1);
    expect(drafts.entries.get(KEY)).toMatchObject({ version: VERSION, payload: { edits: [1, 2, 3] } });
    expect(writeIsDue(actor.getSnapshot())).toBe(false);
    // Nothing left to keep: the write removes the draft.
    holds = null;
    actor.send({ type: 'CHANGE', payload: null });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(saves).toEqual([expect.objectContaining({ payload: { edits: [1, 2, 3] } }), null]);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it('without `current` a write is never said to be due: every change is told', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CHANGE', payload: { edits: [1] } });
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
    expect(writeIsDue(actor.getSnapshot())).toBe(false);
  });

  it('FLUSH (the page going away) writes a pending change at once; with nothing pending it writes nothing', async () => {
    const { actor, drafts, saves } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'FLUSH' });
    expect(saves).toHaveLength(0);
    actor.send({ type: 'CHANGE', payload: { edits: [1] } });
    actor.send({ type: 'FLUSH' });
    expect(saves).toEqual([expect.objectContaining({ version: VERSION, payload: { edits: [1] } })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(drafts.entries.get(KEY)).toMatchObject({ payload: { edits: [1] } });
    // The delay's timer went with the pending state: no second write.
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect(saves).toHaveLength(1);
  });

  it('FLUSH during a write makes another at once when something changed since it began, with the latest', async () => {
    let finish: () => void = () => undefined;
    const saves: unknown[] = [];
    const actor = createActor(
      draftMachine.provide({
        actors: {
          ...draftActors(memoryDrafts<StoredDraft>()),
          saveDraft: fromPromise(async ({ input }) => {
            saves.push(input.draft?.payload);
            if (saves.length === 1) await new Promise<void>((resolve) => (finish = resolve));
          }),
        },
      }),
      { input: { key: KEY, version: VERSION } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CHANGE', payload: { edits: [1] } });
    actor.send({ type: 'FLUSH' });
    expect(saves).toEqual([{ edits: [1] }]);
    actor.send({ type: 'FLUSH' });
    expect(saves).toHaveLength(1);
    actor.send({ type: 'CHANGE', payload: { edits: [1, 2] } });
    actor.send({ type: 'FLUSH' });
    expect(saves).toEqual([{ edits: [1] }, { edits: [1, 2] }]);
    finish();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect(saves).toHaveLength(2);
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(false);
  });

  it('FLUSH keeps nothing without a key (a read-only view)', async () => {
    const { actor, saves } = start({ key: null });
    actor.send({ type: 'CHANGE', payload: { edits: [1] } });
    actor.send({ type: 'FLUSH' });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(saves).toEqual([]);
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(false);
  });

  it('hands back a draft of the same version at once and says so; a null change removes it', async () => {
    const drafts = memoryDrafts<StoredDraft>();
    drafts.entries.set(KEY, stored({ reason: 'half' }));
    const { actor, handedOver, opened } = start({ drafts });
    expect(opened).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice).toBe('restored');
    expect(handedOver).toEqual([{ reason: 'half' }]);
    expect(opened).toHaveBeenCalledTimes(1);
    actor.send({ type: 'CHANGE', payload: null });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it('offers a draft of another version without applying or removing it, until RESTORE', async () => {
    const drafts = memoryDrafts<StoredDraft>();
    drafts.entries.set(KEY, stored({ entries: ['x'] }, 'old'));
    const { actor, saves, handedOver } = start({ drafts });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.notice).toBe('offered');
    expect(handedOver).toEqual([]);
    expect(saves).toHaveLength(0);
    expect(drafts.entries.has(KEY)).toBe(true);
    actor.send({ type: 'RESTORE' });
    expect(actor.getSnapshot().context.notice).toBe('restored');
    expect(handedOver).toEqual([{ entries: ['x'] }]);
  });

  it('discarding a restored draft hands back the server state (null) and removes the draft', async () => {
    const drafts = memoryDrafts<StoredDraft>();
    drafts.entries.set(KEY, stored({ edits: [1] }));
    const { actor, handedOver } = start({ drafts });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'DISCARD' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(handedOver).toEqual([{ edits: [1] }, null]);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it('discarding an offered draft writes what was done since opening over it', async () => {
    const drafts = memoryDrafts<StoredDraft>();
    drafts.entries.set(KEY, stored({ edits: [1] }, 'old'));
    const { actor, handedOver } = start({ drafts });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CHANGE', payload: { edits: [9] } });
    actor.send({ type: 'DISCARD' });
    expect(handedOver).toEqual([]);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.get(KEY)).toMatchObject({ version: VERSION, payload: { edits: [9] } });
  });

  it('a successful submit clears the draft and ignores later changes', async () => {
    const { actor, drafts } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CHANGE', payload: { edits: [1] } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(true);
    actor.send({ type: 'SUBMITTED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    expect(drafts.entries.has(KEY)).toBe(false);
    actor.send({ type: 'CHANGE', payload: { edits: [2] } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it('keeps nothing without a key (a read-only view)', async () => {
    const { actor, saves, opened } = start({ key: null });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(opened).toHaveBeenCalledTimes(1);
    actor.send({ type: 'CHANGE', payload: { edits: [1] } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves).toHaveLength(0);
  });

  it('a config fingerprint changes with the config and is stable for the same object', () => {
    const a = { rows: [1] };
    expect(configFingerprint(a)).toBe(configFingerprint(a));
    expect(configFingerprint({ rows: [2] })).not.toBe(configFingerprint(a));
  });
});
