// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { memoryDrafts } from '../../src/api/drafts.ts';
import { useReviewDraft } from '../../src/components/useReviewDraft.ts';

interface Payload {
  notes: string[];
}

/** A product's parse: only text notes, and nothing to restore when none is left. */
const parse = (stored: unknown): Payload | null => {
  const notes = (stored as { notes?: unknown } | null)?.notes;
  const kept = Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string') : [];
  return kept.length ? { notes: kept } : null;
};

const KEY = 'bike:qc@x:1';

function open(stored: unknown, version: string) {
  const store = memoryDrafts();
  store.entries.set(KEY, { version: 'v1', payload: stored, savedAt: 1 });
  const apply = vi.fn((_: Payload | null) => {});
  const hook = renderHook(() => useReviewDraft<Payload>({ draftKey: KEY, version, payload: null, parse, apply, store }));
  return { hook, apply, store };
}

afterEach(cleanup);

describe("useReviewDraft: a stored draft reaches the product only through the product's parse (issue 16)", () => {
  it('a draft of this version is handed over parsed: what is not of the payload’s shape never reaches apply', async () => {
    const { hook, apply } = open({ notes: ['Dent on the tank', 7, { __proto__: 1 }], extra: 'x' }, 'v1');
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(apply.mock.calls).toEqual([[{ notes: ['Dent on the tank'] }]]);
    expect(hook.result.current.notice).toBe('restored');
  });

  it('an offered draft of another version is parsed when the reviewer restores it', async () => {
    const { hook, apply } = open({ notes: ['Scratch on the tank', false] }, 'v2');
    await waitFor(() => expect(hook.result.current.notice).toBe('offered'));
    expect(apply).not.toHaveBeenCalled();
    act(() => hook.result.current.restore());
    expect(apply.mock.calls).toEqual([[{ notes: ['Scratch on the tank'] }]]);
    expect(hook.result.current.notice).toBe('restored');
  });

  it('a draft with nothing of the shape is not shown as restored: the server’s state stays and the draft is dropped', async () => {
    for (const version of ['v1', 'v2']) {
      const { hook, apply, store } = open({ notes: [1, 2] }, version);
      await waitFor(() => expect(hook.result.current.loading).toBe(false));
      if (version === 'v2') act(() => hook.result.current.restore());
      expect(hook.result.current.notice).toBeNull();
      expect(apply.mock.calls.every(([payload]) => payload === null)).toBe(true);
      await waitFor(() => expect(store.entries.has(KEY)).toBe(false));
      hook.unmount();
    }
  });
});

describe('useReviewDraft: the page going away (issue 16)', () => {
  it('a change still waiting for its write is written at once on beforeunload, on pagehide and when the tab is hidden', async () => {
    for (const leave of ['beforeunload', 'pagehide', 'hidden'] as const) {
      const store = memoryDrafts();
      const apply = vi.fn();
      let payload: Payload | null = null;
      const hook = renderHook(() => useReviewDraft<Payload>({ draftKey: KEY, version: 'v1', payload, parse, apply, store }));
      await waitFor(() => expect(hook.result.current.loading).toBe(false));
      payload = { notes: ['Dent on the tank'] };
      hook.rerender();
      expect(store.entries.has(KEY)).toBe(false);
      act(() => {
        if (leave !== 'hidden') window.dispatchEvent(new Event(leave));
        else {
          vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
          document.dispatchEvent(new Event('visibilitychange'));
        }
      });
      expect(store.entries.get(KEY)).toMatchObject({ version: 'v1', payload: { notes: ['Dent on the tank'] } });
      vi.restoreAllMocks();
      hook.unmount();
    }
  });

  it('a change still waiting for its write is written when the screen goes (another route, or its error boundary took its place)', async () => {
    const store = memoryDrafts();
    let payload: Payload | null = null;
    const hook = renderHook(() => useReviewDraft<Payload>({ draftKey: KEY, version: 'v1', payload, parse, apply: vi.fn(), store }));
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    payload = { notes: ['Scratch on the tank'] };
    hook.rerender();
    expect(store.entries.has(KEY)).toBe(false);
    hook.unmount();
    expect(store.entries.get(KEY)).toMatchObject({ version: 'v1', payload: { notes: ['Scratch on the tank'] } });
  });
});

describe('useReviewDraft: opening, and a read for another key on the open screen', () => {
  it('the first read is `opening`; the read of a new key (the viewer just assigned) is `loading` only, and hands over that key’s draft', async () => {
    const store = memoryDrafts();
    store.entries.set(KEY, { version: 'v1', payload: { notes: ['Kept before the reload'] }, savedAt: 1 });
    let release: () => void = () => {};
    const gate = new Promise<void>((done) => (release = done));
    // The new key's read waits until the test lets it through, so the state between is seen.
    const slow = { ...store, load: async (key: string) => (key === KEY ? (await gate, store.load(key)) : store.load(key)) };
    const apply = vi.fn((_: Payload | null) => {});
    const hook = renderHook(({ draftKey }) => useReviewDraft<Payload>({ draftKey, version: 'v1', payload: null, parse, apply, store: slow }), {
      initialProps: { draftKey: 'bike:qc@x:other' as string | null },
    });
    expect(hook.result.current).toMatchObject({ loading: true, opening: true });
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(hook.result.current.opening).toBe(false);

    hook.rerender({ draftKey: KEY });
    await waitFor(() => expect(hook.result.current.loading).toBe(true));
    expect(hook.result.current.opening).toBe(false);
    expect(apply).not.toHaveBeenCalled();
    await act(async () => release());
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(apply.mock.calls).toEqual([[{ notes: ['Kept before the reload'] }]]);
    expect(hook.result.current).toMatchObject({ opening: false, notice: 'restored' });
  });

  it('a view that keeps no draft (null key) is neither loading nor opening', () => {
    const hook = renderHook(() => useReviewDraft<Payload>({ draftKey: null, version: 'v1', payload: null, parse, apply: () => {}, store: memoryDrafts() }));
    expect(hook.result.current).toMatchObject({ loading: false, opening: false });
  });
});
