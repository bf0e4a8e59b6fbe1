// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { DraftStore } from '../../../src/api/drafts.ts';
import { draftKey, memoryDrafts } from '../../../src/api/drafts.ts';
import { DRAFT_DELAY_MS } from '../../../src/machines/review-draft.machine.ts';
import { parseStudioDraft, StudioDraftBar, studioDraftPayload, type ActiveText } from '../../../src/screens/studio/StudioDraft.tsx';

const USER = 'analyst@qc.example';
const KEY = draftKey(USER, 'car', 'studio');
const ACTIVE: ActiveText = { productId: 'car', id: 2, text: '{"rows":[]}' };

afterEach(cleanup);

/** The studio's part: the editor's text, which the bar may replace. */
function Studio({ store, shown }: { store: DraftStore; shown: (text: string) => void }) {
  const [text, setText] = useState(ACTIVE.text);
  shown(text);
  return <StudioDraftBar user={USER} active={ACTIVE} text={text} setText={setText} store={store} />;
}

describe('the studio draft: what is kept and what a stored one may hold', () => {
  it('keeps nothing while the text is the active version’s, else the text and the version it was edited from', () => {
    expect(studioDraftPayload(ACTIVE.text, ACTIVE, 2)).toBeNull();
    expect(studioDraftPayload('{"rows":[1]}', ACTIVE, 2)).toEqual({ text: '{"rows":[1]}', base: 2 });
  });
  it('takes a stored draft only as a non-empty text and a version id or null, from its own keys', () => {
    expect(parseStudioDraft({ text: '{}', base: 3, extra: 1 })).toEqual({ text: '{}', base: 3 });
    expect(parseStudioDraft({ text: '{}', base: null })).toEqual({ text: '{}', base: null });
    for (const stored of [null, 'text', { text: '' }, { text: 7, base: 1 }, { text: '{}', base: '1' }, { text: '{}', base: -1 }, { text: '{}', base: 1.5 }, { text: '{}' }, Object.create({ text: '{}', base: 1 })]) {
      expect(parseStudioDraft(stored)).toBeNull();
    }
  });
});

describe('StudioDraftBar: unsaved config text survives a reload', () => {
  it('restores a stored draft, says which version it was edited from, and Discard goes back to the active text', async () => {
    const store = memoryDrafts();
    store.entries.set(KEY, { version: 'studio-text-1', payload: { text: '{"rows":[9]}', base: 1 }, savedAt: 1 });
    const shown = vi.fn();
    render(<Studio store={store} shown={shown} />);
    await waitFor(() => expect(shown).toHaveBeenLastCalledWith('{"rows":[9]}'));
    screen.getByText('Draft restored ·');
    screen.getByText('This draft was edited from version 1; version 2 is active now.');
    act(() => screen.getByRole('button', { name: 'Discard' }).click());
    expect(shown).toHaveBeenLastCalledWith(ACTIVE.text);
    expect(screen.queryByText(/Draft restored|This draft was edited from/)).toBeNull();
    await waitFor(() => expect(store.entries.has(KEY)).toBe(false), { timeout: DRAFT_DELAY_MS * 10 });
  });

  it('a draft kept by an older studio (another shape) is offered, not applied; Restore it applies it', async () => {
    const store = memoryDrafts();
    store.entries.set(KEY, { version: 'studio-text-0', payload: { text: '{"rows":[9]}', base: 2 }, savedAt: 1 });
    const shown = vi.fn();
    render(<Studio store={store} shown={shown} />);
    await screen.findByText('A draft saved on an older version of this config or of the config studio is not applied.', { exact: false });
    expect(shown).toHaveBeenLastCalledWith(ACTIVE.text);
    act(() => screen.getByRole('button', { name: 'Restore it' }).click());
    expect(shown).toHaveBeenLastCalledWith('{"rows":[9]}');
    screen.getByText('Draft restored ·');
  });

  it('drops a stored draft whose text is the active version’s (saved since elsewhere): nothing restored, nothing left', async () => {
    const store = memoryDrafts();
    store.entries.set(KEY, { version: 'studio-text-1', payload: { text: ACTIVE.text, base: 1 }, savedAt: 1 });
    const shown = vi.fn();
    render(<Studio store={store} shown={shown} />);
    await waitFor(() => expect(store.entries.has(KEY)).toBe(false), { timeout: DRAFT_DELAY_MS * 10 });
    expect(screen.queryByText(/Draft restored|This draft was edited from/)).toBeNull();
    expect(shown).toHaveBeenLastCalledWith(ACTIVE.text);
  });

  it('writes the edited text with the version it came from, and removes it once the text is the active one again', async () => {
    const store = memoryDrafts();
    const view = render(<StudioDraftBar user={USER} active={ACTIVE} text={ACTIVE.text} setText={() => {}} store={store} />);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    view.rerender(<StudioDraftBar user={USER} active={ACTIVE} text='{"rows":[1]}' setText={() => {}} store={store} />);
    await waitFor(() => expect(store.entries.get(KEY)?.payload).toEqual({ text: '{"rows":[1]}', base: 2 }), { timeout: DRAFT_DELAY_MS * 10 });
    expect(screen.queryByText(/This draft was edited from/)).toBeNull();
    // Saved as version 3: the editor's text is the active one.
    const saved = { productId: 'car', id: 3, text: '{"rows":[1]}' };
    view.rerender(<StudioDraftBar user={USER} active={saved} text={saved.text} setText={() => {}} store={store} />);
    await waitFor(() => expect(store.entries.has(KEY)).toBe(false), { timeout: DRAFT_DELAY_MS * 10 });
  });
});
