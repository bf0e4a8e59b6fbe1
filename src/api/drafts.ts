/**
 * Review drafts in the browser's IndexedDB (idb-keyval), one per inspection and user (issue 16 'Never lose work'),
 * for every review product. The machines decide when to read, write and clear; this file only stores. A browser
 * without IndexedDB (or one that refuses it) keeps no drafts: every call then resolves quietly.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** What a reviewer had done to one car inspection, enough to rebuild it on the same inspection and config. */
export interface ReviewDraft {
  /** The inspection it was made on (version and status): a draft of another is offered, not applied. */
  inspectionVersion: string;
  /** The review config it was made with. */
  configVersion: string;
  /** The engine edits, in order. */
  edits: unknown[];
  /** Remark text typed but not sent yet, by row key. */
  remarks: Record<string, string>;
  isCritical: boolean;
  isDummy: boolean;
  /** When it was written (ms since epoch). */
  savedAt: number;
}

/** A draft of the other review products (bike, refurbishment, GS): the product's own payload, tagged with the version it was made on. */
export interface ProductDraft<P = unknown> {
  /** The record and config it was made on: a draft of another version is offered, not applied. */
  version: string;
  payload: P;
  /** When it was written (ms since epoch). */
  savedAt: number;
}

export interface DraftStore<D = ReviewDraft> {
  load(key: string): Promise<D | null>;
  save(key: string, draft: D): Promise<void>;
  clear(key: string): Promise<void>;
}

/** The store key of one user's draft of one record of a product ('review' is the car). */
export const draftKey = (user: string, id: string | number, product = 'review'): string => `${product}:${user}:${id}`;

let store: UseStore | null | undefined;
function idb(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : createStore('qc-review-drafts', 'drafts');
  return store;
}

/** The IndexedDB store, reading back only what `isDraft` recognises (another product's or an old shape is ignored). */
function indexedDbStore<D>(isDraft: (value: unknown) => value is D): DraftStore<D> {
  return {
    async load(key) {
      const s = idb();
      if (!s) return null;
      const found = await get<unknown>(key, s).catch(() => undefined);
      return isDraft(found) ? found : null;
    },
    async save(key, draft) {
      const s = idb();
      if (s) await set(key, draft, s).catch(() => undefined);
    },
    async clear(key) {
      const s = idb();
      if (s) await del(key, s).catch(() => undefined);
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The car review's drafts. */
export const indexedDbDrafts: DraftStore = indexedDbStore((v): v is ReviewDraft => isObject(v) && Array.isArray(v.edits));

/** The other products' drafts. */
export const indexedDbProductDrafts: DraftStore<ProductDraft> = indexedDbStore((v): v is ProductDraft => isObject(v) && typeof v.version === 'string' && 'payload' in v);

/** A store in memory (tests, and browsers without IndexedDB where a reload loses it anyway). */
export function memoryDrafts<D = ReviewDraft>(): DraftStore<D> & { entries: Map<string, D> } {
  const entries = new Map<string, D>();
  return {
    entries,
    load: async (key) => entries.get(key) ?? null,
    save: async (key, draft) => void entries.set(key, structuredClone(draft)),
    clear: async (key) => void entries.delete(key),
  };
}
