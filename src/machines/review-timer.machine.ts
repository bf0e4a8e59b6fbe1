/**
 * The review countdown of 180000 ms (3 minutes) that runs for the assignee (spec 000 §4, §9).
 * The screen sends START when the signed-in user is the assignee and renders `formatCountdown(remainingMs)`.
 * Remaining time is read from the clock on each tick, so a throttled background tab does not drift.
 */
import { assign, setup } from 'xstate';

export const REVIEW_COUNTDOWN_MS = 180000;
const TICK_MS = 1000;

export interface ReviewTimerInput {
  /** Defaults to the spec's 180000 ms. */
  durationMs?: number;
  /**
   * When the countdown began (ms since epoch): the assignment time the server stored, so a reload goes on from
   * there instead of starting over. Unset: it begins at START.
   */
  startedAt?: number | null;
}

export type ReviewTimerEvent = { type: 'START' } | { type: 'STOP' };

interface ReviewTimerContext {
  durationMs: number;
  startedAt: number | null;
  remainingMs: number;
  endsAt: number | null;
}

/** Milliseconds left as mm:ss, rounded up to the whole second so 0:00 shows only at the end. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export const reviewTimerMachine = setup({
  types: {
    context: {} as ReviewTimerContext,
    events: {} as ReviewTimerEvent,
    input: {} as ReviewTimerInput,
    tags: {} as 'running' | 'expired',
  },
  actions: {
    /** Countdown reached zero; what it means for the review is the screen's call (the spec does not say). */
    timerExpired: () => {},
    startClock: assign(({ context }) => {
      const endsAt = (context.startedAt ?? Date.now()) + context.durationMs;
      return { endsAt, remainingMs: Math.max(0, Math.min(context.durationMs, endsAt - Date.now())) };
    }),
    readClock: assign({ remainingMs: ({ context }) => Math.max(0, (context.endsAt ?? Date.now()) - Date.now()) }),
  },
  guards: {
    timeUp: ({ context }) => context.remainingMs <= 0,
  },
}).createMachine({
  id: 'reviewTimer',
  context: ({ input }) => {
    const durationMs = input?.durationMs ?? REVIEW_COUNTDOWN_MS;
    const startedAt = input?.startedAt ?? null;
    return { durationMs, startedAt: startedAt !== null && Number.isFinite(startedAt) ? startedAt : null, remainingMs: durationMs, endsAt: null };
  },
  initial: 'stopped',
  states: {
    stopped: {
      on: { START: { target: 'running', actions: 'startClock' } },
    },
    running: {
      tags: 'running',
      // Checked first: a countdown that began long enough ago (before a reload) is already over.
      initial: 'checking',
      on: { STOP: { target: 'stopped', actions: assign({ endsAt: null }) } },
      states: {
        ticking: {
          after: { [TICK_MS]: { target: 'checking', actions: 'readClock' } },
        },
        checking: {
          always: [{ guard: 'timeUp', target: '#reviewTimer.expired' }, { target: 'ticking' }],
        },
      },
    },
    expired: {
      tags: 'expired',
      entry: ['timerExpired', assign({ remainingMs: 0 })],
      type: 'final',
    },
  },
});
