/**
 * 'Draft restored · Discard', the offer of a draft made on another version of the record or config (issue 16), or,
 * once another tab of the reviewer opened the record and keeps its draft, a dialog over the page that says so.
 */
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import type { DraftNotice } from '../machines/review-draft.machine.ts';
import { reloadWithoutAsking } from './leave-guard.ts';
import './draft.css';

/** Reloads the page (the tab then takes the record back and reads its draft); a seam for tests. */
export const reloadPage = { now: reloadWithoutAsking };

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
  if (notice === 'elsewhere') {
    // Not dismissable: changes made here would no longer be kept.
    return (
      <Modal isOpen isDismissable={false} isKeyboardDismissDisabled className="modal">
        <Dialog role="alertdialog" className="popup draft-elsewhere">
          <Heading slot="title">This {record} is open in another tab</Heading>
          <p>Your work is kept there. To go on in this tab instead, reload it: it opens with the draft the other tab kept.</p>
          <button type="button" autoFocus onClick={() => reloadPage.now()}>
            Continue in this tab
          </button>
        </Dialog>
      </Modal>
    );
  }
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
