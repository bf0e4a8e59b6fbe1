/**
 * Who may change what on the review page (spec 000 §4, §6). Which statuses the assignee edits in is the product's
 * `editRights` outcome (the car's: done, and smReview unless a past version is open); everyone else reads.
 */
import type { ReviewConfig } from '../../engine/config.ts';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import { canEdit as editRight } from '../../engine/product.ts';

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

export function reviewAccess(config: ReviewConfig, inspection: InspectionDetail, email: string | null | undefined, versionStatus: string | null | undefined): ReviewAccess {
  const assignee = inspection.qcAssign?.to ?? null;
  const isAssignee = Boolean(assignee && email && assignee.toLowerCase() === email.toLowerCase());
  const isVersionView = Boolean(versionStatus);
  const canEdit = editRight(config, { status: inspection.inspectionStatus, isAssignee, isVersionView });
  return { isAssignee, isVersionView, canEdit, canSubmit: canEdit && !isVersionView, canAssign: !assignee && !isVersionView };
}
