/**
 * One tab at a time keeps a record's draft (issue 16 'never lose work'): two tabs of one reviewer on one review each
 * wrote the whole draft over the other's, so a reload restored the other tab's work and lost its own. The tab that
 * opens a record takes it over (Web Locks, `steal`); the tab it was taken from is told, and writes no more.
 */

export interface TabLocks {
  /**
   * Holds `name` for this tab, taking it from any other tab, until the returned function is called; `onLost` runs
   * when another tab takes it. Without Web Locks (older browsers, tests without them) nothing is held or lost.
   */
  hold(name: string, onLost: () => void): () => void;
}

export const browserTabLocks: TabLocks = {
  hold(name, onLost) {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return () => undefined;
    let release = () => undefined as void;
    let released = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A request taken over by another tab's `steal` rejects with an AbortError; any other failure holds nothing.
    locks.request(name, { steal: true }, () => held).catch((error: unknown) => {
      if (!released && error instanceof DOMException && error.name === 'AbortError') onLost();
    });
    return () => {
      released = true;
      release();
    };
  },
};
