import type { DraftStore } from '../../src/api/drafts.ts';

/** Drafts kept nowhere: a story never restores what another story (or a browser session) left in IndexedDB. */
export const noDrafts: DraftStore = { load: async () => null, save: async () => undefined, clear: async () => undefined };
