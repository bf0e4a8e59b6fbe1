/**
 * Review header (000 §2): back arrow, appointment id, New Inspection / Re-Inspection, the 3-minute countdown for
 * the assignee, rejection remark history and the Rejection History table, and Assign to me when unassigned.
 */
import { memo, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import type { ReviewModel } from '../../engine/types.ts';
import { latestRemark } from '../../engine/submission.ts';
import { formatCountdown, reviewTimerMachine } from '../../machines/review-timer.machine.ts';
import { assignmentMachine } from '../../machines/assignment.machine.ts';
import { assignToMe } from '../../api/main.ts';
import { showError } from '../../components/toast.ts';
import type { ReviewAccess } from './access.ts';
import { useLatest } from '../../components/useLatest.ts';
import { displayText } from '../../components/display-text.ts';
import { useTitleDetail } from '../../components/page-title.ts';

export function inspectionTypeLabel(version: number): string {
  return version === 0 ? 'New Inspection' : 'Re-Inspection';
}

/** What 00:00 means: the target is missed, nothing is locked or lost. */
export const TIME_UP_TEXT = 'Review time is up: the 3-minute target has passed. You can still finish and submit.';

/** The 3-minute review target, counted from when the inspection was assigned (the server's time), so a reload keeps it. */
function Countdown({ assignedAt }: { assignedAt: string | null | undefined }) {
  const [snapshot, send] = useMachine(reviewTimerMachine, { input: { startedAt: assignedAt ? Date.parse(assignedAt) : null } });
  useEffect(() => {
    send({ type: 'START' });
  }, [send]);
  const expired = snapshot.hasTag('expired');
  return (
    <>
      <span
        className={`countdown${expired ? ' expired' : ''}`}
        role="timer"
        aria-label="Review time left"
        title="Time left of the 3-minute review target, counted from when the inspection was assigned to you"
      >
        <span className="countdown-time">{formatCountdown(snapshot.context.remainingMs)}</span>
      </span>
      {expired && (
        <span role="status" className="countdown-note">
          {TIME_UP_TEXT}
        </span>
      )}
    </>
  );
}

function AssignButton({ carId, user, role, onAssigned, onTaken }: { carId: number; user: string; role: string; onAssigned: () => void; onTaken: () => void }) {
  const latest = useLatest(onAssigned);
  const latestTaken = useLatest(onTaken);
  const [machine] = useState(() =>
    assignmentMachine.provide({
      actors: { assign: fromPromise(({ input }) => assignToMe(input.carId, input.user, input.role)) },
      actions: {
        showAlert: (_, params) => window.alert(params.message),
        showError: (_, params) => showError(params.message),
        reload: () => latest()(),
        refresh: () => latestTaken()(),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { user, role, origin: 'header' } });
  return (
    <button type="button" disabled={snapshot.hasTag('busy')} onClick={() => send({ type: 'ASSIGN', carId })}>
      Assign to me
    </button>
  );
}

export interface RejectionHistoryEntry {
  key: string;
  parameter: string;
  reason: string;
}

/** Rows with earlier remarks and the reason a QC, store-manager or admin role gave last (000 §5). */
export function rejectionHistory(model: ReviewModel): RejectionHistoryEntry[] {
  return model.order
    .map((k) => model.rows[k])
    .filter((r) => r.remarkHistory?.length)
    .map((r) => ({ key: r.key, parameter: r.text, reason: latestRemark({ ...r, remark: undefined }, model.config) ?? '' }))
    .filter((h) => h.reason);
}

interface Props {
  inspection: InspectionDetail;
  history: readonly RejectionHistoryEntry[];
  access: ReviewAccess;
  user: string;
  role: string;
  onAssigned: () => void;
  /** Someone else took the inspection as this reviewer asked for it: the review shows it afresh, with its assignee. */
  onTaken: () => void;
  /** Asks before leaving a review with unsubmitted work; true when leaving is fine. */
  confirmLeave?: () => boolean;
}

export const ReviewHeader = memo(function ReviewHeader({ inspection, history, access, user, role, onAssigned, onTaken, confirmLeave }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  // The tab says which review: 'Review 1005120037 · QC Review Panel'.
  useTitleDetail(inspection.appointmentId);
  // Back to where the reviewer came from; a review opened directly (a mail link) goes back to the list.
  // Going back pops the leave guard's history entry, which asks by itself; going to the list asks here.
  const back = () => {
    if (location.key !== 'default') navigate(-1);
    else if (!confirmLeave || confirmLeave()) navigate('/inspection');
  };
  const remarks = inspection.rejectionRemarkMapper ?? [];
  // `{ reason }` from our server; another backend may send the reason as the text itself.
  const given: unknown = inspection.reInspectionReason;
  const reInspectionReason =
    typeof given === 'string' ? given : given !== null && typeof given === 'object' && Object.hasOwn(given, 'reason') ? displayText((given as { reason: unknown }).reason) : '';
  return (
    <header className="review-head">
      <div className="review-head-line">
        <button type="button" aria-label="Back" onClick={back}>
          ←
        </button>
        <h1>{inspection.appointmentId}</h1>
        <span className="badge">{inspectionTypeLabel(inspection.version)}</span>
        {reInspectionReason && <span className="muted">{reInspectionReason}</span>}
        {access.canEdit && <Countdown assignedAt={inspection.qcAssign?.assignedAt} />}
        {access.canAssign && <AssignButton carId={inspection.carId} user={user} role={role} onAssigned={onAssigned} onTaken={onTaken} />}
        {!access.isAssignee && inspection.qcAssign?.to && <span className="muted">Assigned to {inspection.qcAssign.to} (read-only)</span>}
        {!access.canEdit && !inspection.qcAssign?.to && <span className="muted">Read-only</span>}
      </div>
      {(remarks.length > 0 || history.length > 0) && (
        <details className="rejection-history">
          <summary>Rejection History</summary>
          {remarks.length > 0 && (
            <ul aria-label="Rejection remarks">
              {remarks.map((r, i) => (
                <li key={`${r.timestamp}${i}`}>
                  <span className="muted">
                    {r.timestamp} · {r.role}
                  </span>{' '}
                  {r.rejectionRemark}
                </li>
              ))}
            </ul>
          )}
          {history.length > 0 && (
            <table className="grid" aria-label="Rejection History">
              <thead>
                <tr>
                  <th>Rejection Parameter</th>
                  <th>Rejection Reason</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.key}>
                    <td>{h.parameter}</td>
                    <td>{h.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </details>
      )}
    </header>
  );
});
