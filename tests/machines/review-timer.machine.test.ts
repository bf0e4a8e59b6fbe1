import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { formatCountdown, REVIEW_COUNTDOWN_MS, reviewTimerMachine } from '../../src/machines/review-timer.machine.ts';

function start(input: { startedAt?: number | null } = {}) {
  const timerExpired = vi.fn();
  const actor = createActor(reviewTimerMachine.provide({ actions: { timerExpired } }), { input }).start();
  return { actor, timerExpired };
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('review countdown (spec 000 §4, §9: 180000 ms for the assignee)', () => {
  it('is 180000 ms', () => {
    expect(REVIEW_COUNTDOWN_MS).toBe(180000);
  });

  it('does not run until started (the screen starts it for the assignee only)', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(REVIEW_COUNTDOWN_MS + 5000);
    expect(actor.getSnapshot().hasTag('running')).toBe(false);
    expect(actor.getSnapshot().hasTag('expired')).toBe(false);
    expect(actor.getSnapshot().context.remainingMs).toBe(180000);
  });

  it('counts down each second and expires at exactly 180 s, not before', async () => {
    const { actor, timerExpired } = start();
    actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(179000);
    expect(formatCountdown(actor.getSnapshot().context.remainingMs)).toBe('02:59');
    await vi.advanceTimersByTimeAsync(178000);
    expect(actor.getSnapshot().context.remainingMs).toBe(1000);
    expect(actor.getSnapshot().hasTag('running')).toBe(true);
    expect(timerExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
    expect(actor.getSnapshot().context.remainingMs).toBe(0);
    expect(timerExpired).toHaveBeenCalledTimes(1);
  });

  it('reads the clock, so a late tick (throttled tab) shows the true remaining time', async () => {
    const { actor } = start();
    actor.send({ type: 'START' });
    vi.setSystemTime(Date.now() + 60000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(119000);
  });

  it('STOP halts it; START again restarts from 3 minutes', async () => {
    const { actor, timerExpired } = start();
    actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(10000);
    actor.send({ type: 'STOP' });
    await vi.advanceTimersByTimeAsync(REVIEW_COUNTDOWN_MS);
    expect(timerExpired).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.remainingMs).toBe(170000);
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context.remainingMs).toBe(180000);
  });

  it('survives a reload: started from the stored assignment time, it goes on from there', async () => {
    const { actor, timerExpired } = start({ startedAt: Date.now() - 100_000 });
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context.remainingMs).toBe(80_000);
    await vi.advanceTimersByTimeAsync(79_000);
    expect(timerExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
  });

  it('an assignment more than 3 minutes ago is expired at once, never a fresh 03:00', () => {
    const { actor, timerExpired } = start({ startedAt: Date.now() - 600_000 });
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
    expect(actor.getSnapshot().context.remainingMs).toBe(0);
    expect(timerExpired).toHaveBeenCalledTimes(1);
  });

  it.each([
    [180000, '03:00'],
    [179001, '03:00'],
    [61000, '01:01'],
    [999, '00:01'],
    [0, '00:00'],
    [-5, '00:00'],
  ])('formatCountdown(%d) = %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
