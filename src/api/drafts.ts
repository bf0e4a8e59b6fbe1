/**
 * Review drafts in the browser's IndexedDB (idb-keyval), one per inspection and user (issue 16 'Never lose work'),
 * for every review product. The machines decide when to read, write and clear; this file only stores. A browser
 * without IndexedDB (or one that refuses it) keeps no drafts: every call then resolves quietly.
 */
import { createStore, get, promisifyRequest, type UseStore } from 'idb-keyval';
import { fetchAhead, takeAhead } from './cache.ts';
import { markLoad } from './load-marks.ts';

/** A reviewer's draft of one record of any review product: the product's own payload, tagged with the version it was made on. */
export interface StoredDraft<P = unknown> {
  /** The record and config it was made on: a draft of another version is offered, not applied. */
  version: string;
  payload: P;
  /** When it was written (ms since epoch). */
  savedAt: number;
}

export interface DraftStore<D = StoredDraft> {
  load(key: string): Promise<D | null>;
  save(key: string, draft: D): Promise<void>;
  clear(key: string): Promise<void>;
}

/** The products that keep drafts, as their store keys name them ('review' is the car; 'studio' an analyst's unsaved config text; 'variant' the add / edit car variant form). */
export type DraftProduct = 'review' | 'bike' | 'refurbishment' | 'gs' | 'studio' | 'variant';

/** The store key of one user's draft of one record of a product. */
export const draftKey = (user: string, id: string | number, product: DraftProduct = 'review'): string => `${product}:${user}:${id}`;

let store: UseStore | null | undefined;
function idb(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : createStore('qc-review-drafts', 'drafts');
  return store;
}

/** A stored value is a draft of this shape (an older shape, such as the car's drafts before the draft machine, is ignored). */
function isDraft(value: unknown): value is StoredDraft {
  return typeof value === 'object' && value !== null && typeof (value as { version?: unknown }).version === 'string' && 'payload' in value;
}

/**
 * One change to the drafts, committed as soon as it is asked for rather than when the task ends: a write or a removal
 * started as the page goes away (the draft machine's FLUSH on pagehide) is otherwise dropped with the page.
 */
async function write(change: (objects: IDBObjectStore) => void): Promise<void> {
  const s = idb();
  if (!s) return;
  await s('readwrite', (objects) => {
    change(objects);
    objects.transaction.commit?.();
    return promisifyRequest(objects.transaction);
  }).catch(() => undefined);
}

async function read(key: string): Promise<StoredDraft | null> {
  const s = idb();
  if (!s) return null;
  markLoad('draft read started');
  const found = await get<unknown>(key, s).catch(() => undefined);
  markLoad('draft read');
  return isDraft(found) ? found : null;
}

const aheadKey = (key: string) => `draft|${key}`;

/**
 * Starts reading the draft of `key` as the page loads, for the screen's draft machine to take (issue 18 'Load': the
 * read then runs beside the route's calls, not after them). Only at page load (src/app/routes.ts `startRoute`): on a
 * navigation inside the app, the screen being left may still be writing this draft, and a read started before that
 * write would hand back less than the reviewer did.
 */
export function readDraftAhead(key: string): void {
  void fetchAhead(aheadKey(key), () => read(key));
}

/** Every product's drafts, in IndexedDB. A draft read ahead (`readDraftAhead`) is taken once, while recent. */
export const indexedDbDrafts: DraftStore = {
  load: (key) => takeAhead(aheadKey(key), () => read(key)),
  save: (key, draft) => write((objects) => objects.put(draft, key)),
  clear: (key) => write((objects) => objects.delete(key)),
};

/** A store in memory (tests, and browsers without IndexedDB where a reload loses it anyway). */
export function memoryDrafts<D = StoredDraft>(): DraftStore<D> & { entries: Map<string, D> } {
  const entries = new Map<string, D>();
  return {
    entries,
    load: async (key) => entries.get(key) ?? null,
    save: async (key, draft) => void entries.set(key, structuredClone(draft)),
    clear: async (key) => void entries.delete(key),
  };
}
