/**
 * Submission footer (000 §4): Critical / Non Critical toggle, the dummy flag (hidden for version views) and
 * Submit, driven by the submission machine; the rejection popup asks for issue types ('No issue' exclusive).
 */
import { memo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import type { ReviewConfig } from '../../engine/config.ts';
import type { ReviewModel } from '../../engine/types.ts';
import type { reviewSubmission } from '../../machines/review.machine.ts';
import { issueTypes } from '../../engine/product.ts';
import { useSubmitShortcut } from './useReviewKeys.ts';

interface Props {
  /** The review machine's submission child (its UI actions are the screen's). */
  submission: ActorRefFrom<typeof reviewSubmission>;
  config: ReviewConfig;
  /** The model as of now, read when submitting: the footer does not re-render on each keystroke. */
  currentModel: () => ReviewModel;
  inspection: InspectionDetail;
  reviewStartTime: string;
  isCritical: boolean;
  isDummy: boolean;
  showDummy: boolean;
  onCritical: (critical: boolean) => void;
  onDummy: (dummy: boolean) => void;
}

/** The criticality choices (000 §4), Non Critical first: the default. */
const CRITICALITY = [
  { value: false, label: 'Non Critical' },
  { value: true, label: 'Critical' },
] as const;

export const SubmitFooter = memo(function SubmitFooter({ submission, config, currentModel, inspection, reviewStartTime, isCritical, isDummy, showDummy, onCritical, onDummy }: Props) {
  const snapshot = useSelector(submission, (s) => s);
  const send = submission.send;
  // SUBMIT is unguarded (snapshot.can does not read the model); the model goes in when the request is sent.
  const requestOf = () => ({ type: 'SUBMIT', model: currentModel(), inspection, isCritical, isDummy, reviewStartTime }) as const;
  const request = requestOf();
  const busy = snapshot.hasTag('busy');
  // Ctrl+Enter submits as the button does: the same event, so every pre-submit check runs.
  useSubmitShortcut(() => {
    const req = requestOf();
    if (snapshot.can(req)) send(req);
  });
  return (
    <footer className="review-footer">
      {/* Two named choices, not a checkbox whose label flips with its state: each option reads as what it sets.
          Native radios, as the Dummy checkbox beside them: react-aria's RadioGroup was ~7 ms of a fresh /review
          load's first render (issue 18 'Load'), for what the browser's own radio group does. */}
      <div role="radiogroup" aria-label="Criticality" className="criticality">
        {CRITICALITY.map(({ value, label }) => (
          <label key={label}>
            <input type="radio" name="criticality" checked={isCritical === value} disabled={busy} onChange={() => onCritical(value)} /> {label}
          </label>
        ))}
      </div>
      {showDummy && (
        <label>
          <input type="checkbox" checked={isDummy} disabled={busy} onChange={(e) => onDummy(e.target.checked)} /> Dummy Inspection
        </label>
      )}
      <button type="button" className="primary" disabled={!snapshot.can(request)} onClick={() => send(requestOf())}>
        {busy ? 'Submitting...' : 'Submit'}
      </button>
      {snapshot.hasTag('issuePopup') && (
        <Modal isOpen isDismissable={false} className="modal">
          <Dialog aria-label="Issue Type" className="popup">
            <Heading slot="title">Issue Type</Heading>
            {issueTypes(config).map((issue) => (
              <label key={issue.id}>
                <input type="checkbox" checked={snapshot.context.issueType.includes(issue.id)} onChange={() => send({ type: 'TOGGLE_ISSUE', id: issue.id })} /> {issue.label}
              </label>
            ))}
            <div className="popup-actions">
              <button type="button" onClick={() => send({ type: 'CANCEL' })}>
                Cancel
              </button>
              <button type="button" onClick={() => send({ type: 'CONFIRM_ISSUES' })}>
                Confirm
              </button>
            </div>
          </Dialog>
        </Modal>
      )}
    </footer>
  );
});
