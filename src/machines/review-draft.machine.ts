/**
 * A reviewer's draft of one record of any review product (issue 16 'Never lose work'): the one draft implementation.
 * The car's review machine invokes it as its child actor (the draft of its engine model, see review.machine.ts); the
 * bike review, the refurbishment review, the GS unflag form and the config studio's editor run it through `useReviewDraft`. Each tells it what the
 * reviewer has done (a product payload) and it keeps that in the draft store.
 *
 * loading ──▶ ready (clean ⇄ pending ──after DRAFT_DELAY_MS or FLUSH──▶ saving) ──SUBMITTED──▶ submitted (cleared)
 *
 * A stored draft of the same version is handed back at once ('restored', the `handOver` action); one made on another
 * version of the record or config is only offered until RESTORE. `opened` says the stored draft has been read (the
 * owner shows nothing editable before). A change (CHANGE) is written within DRAFT_DELAY_MS, never in the change's own
 * step, or at once on FLUSH (the page is going away); CHANGE with a null payload (nothing the server does not have)
 * removes the draft. An owner that gives `current` (what it holds now) has each write take that, and may leave out
 * CHANGEs while one is due (`writeIsDue`).
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DraftStore, StoredDraft } from '../api/drafts.ts';
import { browserTabLocks, type TabLocks } from '../api/tab-lock.ts';

/** A change is in the draft store at most this long after it was made (issue 16: within 200 ms). */
export const DRAFT_DELAY_MS = 150;

/** 'elsewhere': another tab of this reviewer opened the record and keeps its draft now; this one writes no more. */
export type DraftNotice = null | 'restored' | 'offered' | 'elsewhere';

/** A cheap, stable fingerprint of a config: a draft made with other rows or rules is not applied silently. */
const fingerprints = new WeakMap<object, string>();
export function configFingerprint(config: object): string {
  let found = fingerprints.get(config);
  if (found === undefined) {
    const text = JSON.stringify(config);
    let hash = 2166136261;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
    found = `${text.length}-${(hash >>> 0).toString(36)}`;
    fingerprints.set(config, found);
  }
  return found;
}

export interface DraftInput {
  /** Draft store key (per record and user); null keeps no draft. */
  key: string | null;
  /** The record's and config's version: a draft made on another one is offered, not applied. */
  version: string;
  /**
   * What the reviewer has done as the owner holds it now. Given, a write takes it rather than the last CHANGE's
   * payload, so the owner may leave out the CHANGEs of a burst while a write is already due (`writeIsDue`).
   */
  current?: () => unknown;
}

export interface DraftContext {
  key: string | null;
  version: string;
  notice: DraftNotice;
  /** A draft of another version, waiting for RESTORE. */
  offered: unknown;
  /** What the reviewer has done, as last told (null: nothing to keep). */
  latest: unknown;
  /** A change arrived that is not written yet. */
  dirty: boolean;
  current: (() => unknown) | null;
}

export type DraftEvent =
  | { type: 'CHANGE'; payload: unknown }
  | { type: 'RESTORE' }
  | { type: 'DISCARD' }
  | { type: 'SUBMITTED' }
  | { type: 'FLUSH' }
  /** The owner's record or its viewer changed while open (a bike assigned to the reviewer): the draft follows it. */
  | { type: 'IDENTITY'; key: string | null; version: string }
  /** Another tab of this reviewer opened the record (`holdRecord`): that tab keeps the draft from now on. */
  | { type: 'TAKEN_OVER' };

/** The draft machine's actors on a store (IndexedDB in the app, memory in tests): what every owner of a draft provides. */
export function draftActors(store: DraftStore, locks: TabLocks = browserTabLocks) {
  return {
    // A view that keeps no draft (no key) holds nothing.
    holdRecord: fromCallback<DraftEvent, { key: string | null }>(({ input, sendBack }) => (input.key ? locks.hold(`qc-draft:${input.key}`, () => sendBack({ type: 'TAKEN_OVER' })) : undefined)),
    loadDraft: fromPromise<StoredDraft | null, { key: string }>(({ input }) => store.load(input.key)),
    saveDraft: fromPromise<void, { key: string; draft: StoredDraft | null }>(({ input }) => (input.draft ? store.save(input.key, input.draft) : store.clear(input.key))),
    clearDraft: fromPromise<void, { key: string }>(({ input }) => store.clear(input.key)),
  };
}

/** What a write stores: the owner's current payload (or the last CHANGE's), or null to remove the draft. */
function writeOf({ context }: { context: DraftContext }): { key: string; draft: StoredDraft | null } {
  const payload = context.current ? context.current() : context.latest;
  return { key: context.key!, draft: payload === null ? null : { version: context.version, payload, savedAt: Date.now() } };
}

export const draftMachine = setup({
  types: {
    context: {} as DraftContext,
    events: {} as DraftEvent,
    input: {} as DraftInput,
    tags: {} as 'loading' | 'unsaved' | 'submitted',
  },
  actors: {
    loadDraft: fromPromise<StoredDraft | null, { key: string }>(async () => null),
    /** Writes the draft, or removes it when `draft` is null. */
    saveDraft: fromPromise<void, { key: string; draft: StoredDraft | null }>(async () => undefined),
    clearDraft: fromPromise<void, { key: string }>(async () => undefined),
    /** Keeps the record this tab's while the draft is open; TAKEN_OVER when another tab opens it (src/api/tab-lock.ts). */
    holdRecord: fromCallback<DraftEvent, { key: string | null }>(() => undefined),
  },
  actions: {
    /** The owner is to show this payload now: a restored draft, or null (the server's own state). */
    handOver: (_, _params: { payload: unknown }) => {},
    /** The stored draft has been read (and handed over if it applies): the owner may show the record. */
    opened: () => {},
  },
  guards: {
    keepsDrafts: ({ context }) => context.key !== null,
    dirty: ({ context }) => context.dirty,
  },
}).createMachine({
  id: 'draft',
  context: ({ input }) => ({ key: input.key, version: input.version, notice: null, offered: null, latest: null, dirty: false, current: input.current ?? null }),
  initial: 'loading',
  // One hold for the record's time here (a hold released and taken again between states could take the record back
  // from a tab that opened it meanwhile); IDENTITY's re-entry holds the new key instead.
  invoke: { src: 'holdRecord', input: ({ context }) => ({ key: context.key }) },
  on: {
    // Another key (a read-only viewer now the assignee) is another draft: read it as on opening; a change not yet
    // written is written under it. The same key with another version: what is written from now on carries it.
    IDENTITY: [
      {
        guard: ({ context, event }) => event.key !== context.key,
        target: '.loading',
        reenter: true,
        actions: assign(({ event }) => ({ key: event.key, version: event.version, notice: null, offered: null })),
      },
      { actions: assign({ version: ({ event }) => event.version }) },
    ],
  },
  states: {
    loading: {
      tags: 'loading',
      always: { guard: ({ context }) => context.key === null, target: 'ready' },
      // Taken over before the draft was read: the owner shows the record (under the notice) rather than nothing.
      on: { TAKEN_OVER: { target: 'elsewhere', actions: 'opened' } },
      invoke: {
        src: 'loadDraft',
        input: ({ context }) => ({ key: context.key! }),
        onDone: {
          target: 'ready',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const draft = event.output;
            if (!draft || draft.payload === null || draft.payload === undefined) return;
            if (draft.version !== context.version) {
              enqueue.assign({ notice: 'offered', offered: draft.payload });
              return;
            }
            enqueue.assign({ notice: 'restored' });
            enqueue({ type: 'handOver', params: { payload: draft.payload } });
          }),
        },
        // An unreadable draft store keeps no draft: the review goes on.
        onError: 'ready',
      },
    },
    ready: {
      initial: 'clean',
      entry: 'opened',
      on: {
        TAKEN_OVER: { guard: 'keepsDrafts', target: 'elsewhere' },
        CHANGE: { actions: assign({ latest: ({ event }) => event.payload, dirty: true }) },
        RESTORE: {
          guard: ({ context }) => context.offered !== null,
          actions: [{ type: 'handOver', params: ({ context }) => ({ payload: context.offered }) }, assign({ notice: 'restored', offered: null })],
        },
        // Dropping an offered draft keeps what was done since opening (written over it); dropping a restored one goes back to the server's.
        DISCARD: [
          { guard: ({ context }) => context.offered !== null, actions: assign({ offered: null, notice: null, dirty: true }) },
          { guard: ({ context }) => context.notice === 'restored', actions: [{ type: 'handOver', params: { payload: null } }, assign({ notice: null, latest: null, dirty: true })] },
        ],
        SUBMITTED: 'submitted',
      },
      states: {
        clean: {
          always: { guard: 'dirty', target: 'pending' },
        },
        pending: {
          tags: 'unsaved',
          // Not reset by later changes: the first change of a burst is written within DRAFT_DELAY_MS.
          after: { [DRAFT_DELAY_MS]: 'writing' },
          // The page is going away (or out of sight): written now rather than after the delay.
          on: { FLUSH: 'writing' },
        },
        writing: {
          always: [{ guard: 'keepsDrafts', target: 'saving' }, { target: 'clean', actions: assign({ dirty: false }) }],
        },
        saving: {
          tags: 'unsaved',
          entry: assign({ dirty: false }),
          // Changes made since this write began are written at once too (IndexedDB applies the writes in order).
          on: { FLUSH: { guard: 'dirty', target: 'saving', reenter: true } },
          invoke: {
            src: 'saveDraft',
            input: writeOf,
            onDone: 'clean',
            onError: 'clean',
          },
        },
      },
    },
    elsewhere: {
      // The other tab read the draft as it opened and keeps it from now on: this one writes only what it had pending
      // (for a reload here, which reads the draft again) and nothing after; its owner shows it as taken over.
      entry: assign({ notice: 'elsewhere', offered: null }),
      on: { IDENTITY: {}, CHANGE: {}, FLUSH: {}, RESTORE: {}, DISCARD: {}, SUBMITTED: {}, TAKEN_OVER: {} },
      initial: 'check',
      states: {
        check: { always: [{ guard: 'dirty', target: 'saving' }, { target: 'idle' }] },
        saving: {
          entry: assign({ dirty: false }),
          invoke: {
            src: 'saveDraft',
            input: writeOf,
            onDone: 'idle',
            onError: 'idle',
          },
        },
        idle: {},
      },
    },
    submitted: {
      tags: 'submitted',
      // The review is stored on the server: nothing left to keep, whatever record or viewer the owner names next.
      on: { IDENTITY: {}, TAKEN_OVER: {} },
      entry: assign({ dirty: false, notice: null, offered: null, latest: null }),
      invoke: { src: 'clearDraft', input: ({ context }) => ({ key: context.key ?? '' }) },
    },
  },
});

/**
 * A write of the draft is due within DRAFT_DELAY_MS and will take the owner's `current` payload: an owner that gave
 * `current` need not tell it of a change now.
 */
export const writeIsDue = (snapshot: SnapshotFrom<typeof draftMachine>): boolean => snapshot.context.current !== null && snapshot.matches({ ready: 'pending' });
