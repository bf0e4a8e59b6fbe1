/**
 * An analyst's config text not saved as a version yet, kept on this device per user and product (the studio's share
 * of 'never lose work'): written shortly after each change, restored when the studio opens that product again
 * ('Draft restored · Discard'), removed once the text is the active version's again (saved, or discarded). Leaving
 * the page with such text asks first. The draft remembers the version it was edited from, so a draft restored after
 * another version became active says so.
 */
import { useCallback, useMemo, useState } from 'react';
import { draftKey, indexedDbDrafts, type DraftStore } from '../../api/drafts.ts';
import { DraftBar } from '../../components/DraftBar.tsx';
import { useReviewDraft } from '../../components/useReviewDraft.ts';
import { readOwn } from '../../engine/read-own.ts';
import { useLeaveGuard } from '../../components/leave-guard.ts';

export const STUDIO_LEAVE_QUESTION = 'Leave the config studio? Your changes are not saved as a version yet (a draft stays on this device).';

/** The draft's shape: a stored draft of another shape is offered, not applied. */
export const STUDIO_DRAFT_SHAPE = 'studio-text-1';

export interface StudioDraft {
  text: string;
  /** The active version the text was edited from (null: the config in the repository). */
  base: number | null;
}

/** The config the editor started from: the product's active version. */
export interface ActiveText {
  productId: string;
  id: number | null;
  text: string;
}

/** A stored studio draft as the browser's store hands it back (an older app's, or altered): only a non-empty text and its base. */
export function parseStudioDraft(stored: unknown): StudioDraft | null {
  const text = readOwn(stored, ['text']);
  const base = readOwn(stored, ['base']);
  if (typeof text !== 'string' || text === '') return null;
  if (base !== null && !(typeof base === 'number' && Number.isSafeInteger(base) && base > 0)) return null;
  return { text, base };
}

/** What a draft would keep: nothing while the text is the active version's. */
export function studioDraftPayload(text: string, active: ActiveText, base: number | null): StudioDraft | null {
  return text === active.text ? null : { text, base };
}

const versionName = (id: number | null) => (id === null ? 'the repository config' : `version ${id}`);

interface Props {
  user: string;
  active: ActiveText;
  text: string;
  setText: (text: string) => void;
  /** Where drafts are kept (IndexedDB; tests give memory). */
  store?: DraftStore;
}

/** Mounted per product once its active config is in the editor (keyed by product), so a restored draft is never overwritten by it. */
export function StudioDraftBar({ user, active, text, setText, store = indexedDbDrafts }: Props) {
  // The version a restored draft was edited from, while the active version it was restored over is still active;
  // otherwise (nothing restored, or saved or activated since) edits start from the active one.
  const [restored, setRestored] = useState<{ over: ActiveText; base: number | null } | null>(null);
  const base = restored?.over === active ? restored.base : active.id;
  const payload = useMemo(() => studioDraftPayload(text, active, base), [text, active, base]);
  const apply = useCallback(
    (draft: StudioDraft | null) => {
      setText(draft ? draft.text : active.text);
      setRestored(draft ? { over: active, base: draft.base } : null);
    },
    [active, setText],
  );
  // A draft whose text is the active version's (saved since, in another tab say) holds nothing: dropped, not 'restored'.
  const parse = useCallback((stored: unknown) => {
    const found = parseStudioDraft(stored);
    return found && found.text !== active.text ? found : null;
  }, [active]);
  const draft = useReviewDraft({ draftKey: draftKey(user, active.productId, 'studio'), version: STUDIO_DRAFT_SHAPE, payload, parse, apply, store });
  useLeaveGuard(draft.unsaved, STUDIO_LEAVE_QUESTION);
  return (
    <>
      <DraftBar notice={draft.notice} onRestore={draft.restore} onDiscard={draft.discard} record="config" form="config studio" />
      {draft.notice === 'restored' && payload && payload.base !== active.id && (
        <p role="status" className="draft-bar">
          {`This draft was edited from ${versionName(payload.base)}; ${versionName(active.id)} is active now.`}
        </p>
      )}
    </>
  );
}
