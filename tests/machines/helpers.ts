import { vi } from 'vitest';
import { fromPromise } from 'xstate';
/** Shared test doubles for machine tests: a promise the test settles by hand. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A fake API call for a machine's `fromPromise` actor: records each input and stays in flight until the test
 * settles it, which also lets the machine react (fake timers) and arms the next call.
 */
export function controlledCall<I, O = unknown>() {
  const calls: I[] = [];
  let pending: Deferred<O> = deferred();
  return {
    calls,
    logic: fromPromise<O, I>(({ input }) => {
      calls.push(input);
      return pending.promise;
    }),
    settle: async (outcome: { ok: O } | { error: unknown }) => {
      if ('ok' in outcome) pending.resolve(outcome.ok);
      else pending.reject(outcome.error);
      await vi.advanceTimersByTimeAsync(0);
      pending = deferred();
    },
  };
}
