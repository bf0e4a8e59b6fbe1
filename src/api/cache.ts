import { markLoad } from './load-marks.ts';

/** Lookups the spec caches in local storage without expiry (location store, assignee data: spec 000 §3). */
export async function cachedInStorage<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const raw = localStorage.getItem(key);
  if (raw) {
    try {
      return JSON.parse(raw) as T;
    } catch {
      localStorage.removeItem(key);
    }
  }
  const value = await fetcher();
  localStorage.setItem(key, JSON.stringify(value));
  return value;
}

/** How long an answer fetched ahead of its screen waits to be taken: past this it is too old to show. */
export const AHEAD_TTL_MS = 10_000;

/** A call started ahead: when, its promise, and its answer once it is in. */
interface Ahead {
  promise: Promise<unknown>;
  at: number;
  answer?: { value: unknown };
}

const ahead = new Map<string, Ahead>();

/** The call started ahead for `key` while it is recent enough to show, else undefined. */
function recentAhead(key: string): Ahead | undefined {
  const found = ahead.get(key);
  return found && Date.now() - found.at < AHEAD_TTL_MS ? found : undefined;
}

/**
 * Starts a call ahead of the screen that reads it (a route's preload at navigation, in parallel with the screen's
 * code), unless the same call is already waiting to be taken. A failure is kept too: the screen shows it as its own.
 */
export function fetchAhead<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const found = recentAhead(key);
  if (found) return found.promise as Promise<T>;
  markLoad(`${key} started`);
  const promise = fetcher();
  const entry: Ahead = { promise, at: Date.now() };
  // Nobody may take it: not an unhandled rejection.
  promise.then(
    (value) => {
      entry.answer = { value };
      markLoad(`${key} answered`);
    },
    () => markLoad(`${key} failed`),
  );
  ahead.set(key, entry);
  return promise;
}

/**
 * The call started ahead for `key` if it is recent, else a new one. Taken once: a reload or a second visit asks the
 * server again rather than showing an answer from before.
 */
export function takeAhead<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const found = recentAhead(key);
  ahead.delete(key);
  markLoad(`${key} taken${found ? '' : ', asked again'}`);
  return found ? (found.promise as Promise<T>) : fetcher();
}

/** The answer of the call started ahead for `key` when it is in and recent, taken (as takeAhead); else null. */
export function takeAnswerNow<T>(key: string): { value: T } | null {
  const found = recentAhead(key);
  if (!found?.answer) return null;
  ahead.delete(key);
  markLoad(`${key} taken`);
  return found.answer as { value: T };
}
