/**
 * Who may change what on the review page (spec 000 §4, §6): only the assignee edits, ticks, saves changes, edits
 * images, sends RI mail and submits; in done status the assignee may edit; in smReview only when not viewing a
 * past version. Everyone else sees the page read-only.
 */
import type { InspectionDetail } from '../../engine/inspection.ts';

export interface ReviewAccess {
  isAssignee: boolean;
  /** A past version opened from the version list (navigation state carries its inspectionStatus). */
  isVersionView: boolean;
  /** Tick, edit, remark, save make/model/variant, edit images, send RI mail. */
  canEdit: boolean;
  /** Submit and the Critical toggle. */
  canSubmit: boolean;
  /** 'Assign to me' on the review: unassigned and not a bike view. */
  canAssign: boolean;
}

export function reviewAccess(inspection: InspectionDetail, email: string | null | undefined, versionStatus: string | null | undefined): ReviewAccess {
  const assignee = inspection.qcAssign?.to ?? null;
  const isAssignee = Boolean(assignee && email && assignee.toLowerCase() === email.toLowerCase());
  const isVersionView = Boolean(versionStatus);
  const status = String(inspection.inspectionStatus).toLowerCase().replace(/_/g, '');
  const canEdit = isAssignee && (status === 'done' || (status === 'smreview' && !isVersionView));
  return { isAssignee, isVersionView, canEdit, canSubmit: canEdit && !isVersionView, canAssign: !assignee && !isVersionView };
}
