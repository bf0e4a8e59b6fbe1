/**
 * A reviewer's draft of one record of any review product (issue 16 'Never lose work'): the bike review, the
 * refurbishment review and the GS unflag form each hand it what the reviewer has done (a product payload), and it
 * keeps that in the draft store. The car's review machine keeps the same draft as a region of its own, because it
 * rebuilds its engine model from the draft before its first render.
 *
 * loading ──▶ ready (clean ⇄ pending ──after DRAFT_DELAY_MS──▶ saving) ──SUBMITTED──▶ submitted (draft cleared)
 *
 * A stored draft of the same version is handed back at once ('restored', `apply`); one made on another version of
 * the record or config is only offered until RESTORE. A change (CHANGE) is written within DRAFT_DELAY_MS, never in
 * the change's own step; CHANGE with a null payload (nothing the server does not have) removes the draft.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProductDraft } from '../api/drafts.ts';

/** A change is in the draft store at most this long after it was made (issue 16: within 200 ms). */
export const DRAFT_DELAY_MS = 150;

export type DraftNotice = null | 'restored' | 'offered';

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
}

export interface DraftContext {
  key: string | null;
  version: string;
  notice: DraftNotice;
  /** A draft of another version, waiting for RESTORE. */
  offered: unknown;
  /** What the screen is to show now (a restored draft, or null: the server's own state); a new `seq` is a new hand-over. */
  apply: { payload: unknown; seq: number } | null;
  /** What the reviewer has done, as last told (null: nothing to keep). */
  latest: unknown;
  /** A change arrived that is not written yet. */
  dirty: boolean;
}

export type DraftEvent = { type: 'CHANGE'; payload: unknown } | { type: 'RESTORE' } | { type: 'DISCARD' } | { type: 'SUBMITTED' };

const handOver = (context: DraftContext, payload: unknown) => ({ payload, seq: (context.apply?.seq ?? 0) + 1 });

export const draftMachine = setup({
  types: {
    context: {} as DraftContext,
    events: {} as DraftEvent,
    input: {} as DraftInput,
    tags: {} as 'loading' | 'unsaved' | 'submitted',
  },
  actors: {
    loadDraft: fromPromise<ProductDraft | null, { key: string }>(async () => null),
    /** Writes the draft, or removes it when `draft` is null. */
    saveDraft: fromPromise<void, { key: string; draft: ProductDraft | null }>(async () => undefined),
    clearDraft: fromPromise<void, { key: string }>(async () => undefined),
  },
  guards: {
    keepsDrafts: ({ context }) => context.key !== null,
    dirty: ({ context }) => context.dirty,
  },
}).createMachine({
  id: 'draft',
  context: ({ input }) => ({ key: input.key, version: input.version, notice: null, offered: null, apply: null, latest: null, dirty: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      always: { guard: ({ context }) => context.key === null, target: 'ready' },
      invoke: {
        src: 'loadDraft',
        input: ({ context }) => ({ key: context.key! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const draft = event.output;
            if (!draft || draft.payload === null || draft.payload === undefined) return {};
            if (draft.version !== context.version) return { notice: 'offered' as const, offered: draft.payload };
            return { notice: 'restored' as const, apply: handOver(context, draft.payload) };
          }),
        },
        // An unreadable draft store keeps no draft: the review goes on.
        onError: 'ready',
      },
    },
    ready: {
      initial: 'clean',
      on: {
        CHANGE: { actions: assign({ latest: ({ event }) => event.payload, dirty: true }) },
        RESTORE: {
          guard: ({ context }) => context.offered !== null,
          actions: assign(({ context }) => ({ notice: 'restored' as const, apply: handOver(context, context.offered), offered: null })),
        },
        // Dropping an offered draft keeps what was done since opening (written over it); dropping a restored one goes back to the server's.
        DISCARD: [
          { guard: ({ context }) => context.offered !== null, actions: assign({ offered: null, notice: null, dirty: true }) },
          { actions: assign(({ context }) => ({ notice: null, apply: handOver(context, null), latest: null, dirty: true })) },
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
          after: { [DRAFT_DELAY_MS]: [{ guard: 'keepsDrafts', target: 'saving' }, { target: 'clean', actions: assign({ dirty: false }) }] },
        },
        saving: {
          tags: 'unsaved',
          entry: assign({ dirty: false }),
          invoke: {
            src: 'saveDraft',
            input: ({ context }) => ({
              key: context.key!,
              draft: context.latest === null ? null : { version: context.version, payload: context.latest, savedAt: Date.now() },
            }),
            onDone: 'clean',
            onError: 'clean',
          },
        },
      },
    },
    submitted: {
      tags: 'submitted',
      // The review is stored on the server: nothing left to keep.
      entry: assign({ dirty: false, notice: null, offered: null, latest: null }),
      invoke: { src: 'clearDraft', input: ({ context }) => ({ key: context.key ?? '' }) },
    },
  },
});
