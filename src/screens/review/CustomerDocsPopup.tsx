/**
 * Mounted by the screen when `showsDocumentPopup` holds (000 §4): a bar that opens the popup on request (it does not
 * open over the review by itself while the countdown runs). Customer document verification popup (000 §4): every pre-inspection RC and insurance image is approved or
 * rejected, RC images only after an RC type is chosen; Confirm is disabled until all are actioned;
 * 'Images uploaded successfully' on success, '{STATUS} failed' on failure.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import { customerDocumentsMachine, RC_TYPES, type DocImageState } from '../../machines/customer-documents.machine.ts';
import { approveDocument, fetchCustomerDocuments, type DocType, type RcType } from '../../api/docs.ts';
import { showError, showSuccess } from '../../components/toast.ts';

interface Props {
  appointmentId: string;
  leadToken: string;
  user: string;
  imageSrc: (url: string) => string;
  /** After Confirm, with the focus on the page's body: the review puts it on its first row. */
  onConfirmed: () => void;
}

function ImageDecision({ image, docType, index, disabled, send }: { image: DocImageState; docType: DocType; index: number; disabled: boolean; send: (e: { type: 'SET_ACTION'; docType: DocType; index: number; qcAction: 'APPROVED' | 'REJECTED' }) => void }) {
  return (
    // The group sits inside the list item: a <li> with role group is no list item (axe 'list').
    <li>
      <div className="doc-image" role="group" aria-label={image.imageTitle}>
        {image.url && <img src={image.url} alt={image.imageTitle} />}
        <span>{image.imageTitle}</span>
        <span className="doc-actions">
          <button type="button" aria-pressed={image.qcAction === 'APPROVED'} disabled={disabled} onClick={() => send({ type: 'SET_ACTION', docType, index, qcAction: 'APPROVED' })}>
            Approve
          </button>
          <button type="button" aria-pressed={image.qcAction === 'REJECTED'} disabled={disabled} onClick={() => send({ type: 'SET_ACTION', docType, index, qcAction: 'REJECTED' })}>
            Reject
          </button>
          {image.qcAction && <span className="muted">{image.qcAction === 'APPROVED' ? 'Approved' : 'Rejected'}</span>}
        </span>
      </div>
    </li>
  );
}

/**
 * The machine with the popup's calls and toasts, built when the popup mounts rather than in each of its renders (a
 * `provide` builds a whole new machine, and only the first is run; issue 18 'Load'). Its implementations read no props.
 */
const provided = () =>
  customerDocumentsMachine.provide({
    actors: {
      loadDocuments: fromPromise(({ input }) => fetchCustomerDocuments(input)),
      approveDocument: fromPromise(({ input }) => approveDocument(input)),
    },
    actions: {
      showSuccess: (_, params) => showSuccess(params.message),
      showError: (_, params) => showError(params.message),
    },
  });

/** Memoised: the review re-renders on every keystroke, the popup's inputs do not change with it. */
export const CustomerDocsPopup = memo(function CustomerDocsPopup({ appointmentId, leadToken, user, imageSrc, onConfirmed }: Props) {
  // Starts closed: opening over the review would spend the reviewer's countdown on a dialog they did not ask for.
  const [closed, setClosed] = useState(true);
  const [machine] = useState(provided);
  const [snapshot, send] = useMachine(machine, { input: { appointmentId, leadToken, user } });
  const { rcImages, insuranceImages, rcType } = snapshot.context;
  const hasImages = rcImages.length + insuranceImages.length > 0;
  const confirmed = snapshot.hasTag('confirmed');
  // The popup's opener is not on the page while it is open: closing it (Later, Esc) puts the focus back on the
  // opener, and confirming on the review's first row, not on the page's body.
  const reopen = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!closed && !confirmed) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    if (!confirmed) reopen.current?.focus();
    else onConfirmed();
  }, [closed, confirmed, onConfirmed]);
  if (snapshot.hasTag('loading') || snapshot.hasTag('loadFailed') || confirmed || !hasImages) return null;
  if (closed) {
    // 'Later' keeps the decisions made so far; the popup opens again from here.
    const count = rcImages.length + insuranceImages.length;
    return (
      <p className="docs-bar">
        The customer uploaded {count} {count === 1 ? 'document' : 'documents'} to verify.{' '}
        <button type="button" className="docs-reopen" ref={reopen} onClick={() => setClosed(false)}>
          Customer Documents
        </button>
      </p>
    );
  }
  const busy = snapshot.hasTag('busy');
  const withSrc = (images: DocImageState[]) => images.map((i) => (i.url ? { ...i, url: imageSrc(i.url) } : i));

  return (
    // Esc (or a click beside it) is 'Later': the decisions made so far are kept.
    <Modal isOpen isDismissable={!busy} isKeyboardDismissDisabled={busy} onOpenChange={(open) => !open && setClosed(true)} className="modal">
      <Dialog aria-label="Customer Documents" className="popup docs-popup">
        <Heading slot="title">Customer Documents</Heading>
        {rcImages.length > 0 && (
          <section aria-label="RC Images">
            <h3>RC</h3>
            <label>
              RC Type{' '}
              <select aria-label="RC Type" value={rcType ?? ''} disabled={busy} onChange={(e) => e.target.value && send({ type: 'SET_RC_TYPE', rcType: e.target.value as RcType })}>
                <option value="">Select</option>
                {RC_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
            <ul>
              {withSrc(rcImages).map((image, index) => (
                <ImageDecision key={`${image.imageTitle}${index}`} image={image} docType="rc" index={index} disabled={busy || rcType === null} send={send} />
              ))}
            </ul>
          </section>
        )}
        {insuranceImages.length > 0 && (
          <section aria-label="Insurance Images">
            <h3>Insurance</h3>
            <ul>
              {withSrc(insuranceImages).map((image, index) => (
                <ImageDecision key={`${image.imageTitle}${index}`} image={image} docType="insurance" index={index} disabled={busy} send={send} />
              ))}
            </ul>
          </section>
        )}
        <div className="popup-actions">
          <button type="button" disabled={busy} onClick={() => setClosed(true)}>
            Later
          </button>
          <button type="button" disabled={!snapshot.can({ type: 'CONFIRM' })} onClick={() => send({ type: 'CONFIRM' })}>
            Confirm
          </button>
        </div>
      </Dialog>
    </Modal>
  );
});
