/** 'Draft restored · Discard', or the offer of a draft made on another version of the record or config (issue 16). */
import type { DraftNotice } from '../machines/review-draft.machine.ts';
import './draft.css';

interface Props {
  notice: DraftNotice;
  onRestore: () => void;
  onDiscard: () => void;
  /** What the record is called in the offer ('inspection', 'refurbishment', 'flagged car'). */
  record?: string;
  /** What the form is called in the offer (a review's form, or a page's own). */
  form?: string;
}

export function DraftBar({ notice, onRestore, onDiscard, record = 'inspection', form = 'review form' }: Props) {
  if (notice === null) return null;
  return (
    <p role="status" className="draft-bar">
      {notice === 'restored' ? (
        <>
          Draft restored ·{' '}
          <button type="button" className="link" onClick={onDiscard}>
            Discard
          </button>
        </>
      ) : (
        <>
          A draft saved on an older version of this {record} or of the {form} is not applied.{' '}
          <button type="button" className="link" onClick={onRestore}>
            Restore it
          </button>{' '}
          ·{' '}
          <button type="button" className="link" onClick={onDiscard}>
            Discard
          </button>
        </>
      )}
    </p>
  );
}
