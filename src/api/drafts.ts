/**
 * Review drafts in the browser's IndexedDB (idb-keyval), one per inspection and user (issue 16 'Never lose work').
 * The review machine decides when to read, write and clear; this file only stores. A browser without IndexedDB
 * (or one that refuses it) keeps no drafts: every call then resolves quietly.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** What a reviewer had done to one inspection, enough to rebuild it on the same inspection and config. */
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

export interface DraftStore {
  load(key: string): Promise<ReviewDraft | null>;
  save(key: string, draft: ReviewDraft): Promise<void>;
  clear(key: string): Promise<void>;
}

export const draftKey = (user: string, carId: string | number): string => `review:${user}:${carId}`;

let store: UseStore | null | undefined;
function idb(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : createStore('qc-review-drafts', 'drafts');
  return store;
}

/** The IndexedDB store the app uses. */
export const indexedDbDrafts: DraftStore = {
  async load(key) {
    const s = idb();
    if (!s) return null;
    const found = await get<ReviewDraft>(key, s).catch(() => undefined);
    return found && Array.isArray(found.edits) ? found : null;
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

/** A store in memory (tests, and browsers without IndexedDB where a reload loses it anyway). */
export function memoryDrafts(): DraftStore & { entries: Map<string, ReviewDraft> } {
  const entries = new Map<string, ReviewDraft>();
  return {
    entries,
    load: async (key) => entries.get(key) ?? null,
    save: async (key, draft) => void entries.set(key, structuredClone(draft)),
    clear: async (key) => void entries.delete(key),
  };
}
