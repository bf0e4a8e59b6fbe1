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

function open(stored: unknown, version: string) {
  const store = memoryDrafts();
  store.entries.set('bike:qc@x:1', { version: 'v1', payload: stored, savedAt: 1 });
  const apply = vi.fn((_: Payload | null) => {});
  const hook = renderHook(() => useReviewDraft<Payload>({ draftKey: 'bike:qc@x:1', version, payload: null, parse, apply, store }));
  return { hook, apply };
}

afterEach(cleanup);

describe("useReviewDraft: a stored draft reaches the product only through the product's parse (issue 16)", () => {
  it('a draft of this version is handed over parsed: what is not of the payload’s shape never reaches apply', async () => {
    const { hook, apply } = open({ notes: ['Dent on the tank', 7, { __proto__: 1 }], extra: 'x' }, 'v1');
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(apply.mock.calls).toEqual([[{ notes: ['Dent on the tank'] }]]);
    expect(hook.result.current.notice).toBe('restored');
  });

  it('an offered draft of another version is parsed when the reviewer restores it; one with nothing of the shape restores nothing', async () => {
    const { hook, apply } = open({ notes: [1, 2] }, 'v2');
    await waitFor(() => expect(hook.result.current.notice).toBe('offered'));
    expect(apply).not.toHaveBeenCalled();
    act(() => hook.result.current.restore());
    expect(apply.mock.calls).toEqual([[null]]);
  });
});
