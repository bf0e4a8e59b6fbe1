/** 'Assign to me' (spec 000 §4): who may take an inspection, in one transaction with its audit line. */
import listConfig from '../../src/config/inspection-list.json' with { type: 'json' };
import { loadAssignmentRules } from '../../src/engine/assignment.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import type { SessionUser } from '../auth.ts';
import type { Db } from '../db.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { audit, getInspection, snapshot, type InspectionRow } from '../repos/inspections.ts';
import { readDetail } from './inspections.ts';
import { sameEmail } from './assignee.ts';
import { assignInspection } from '../repos/review-writes.ts';
import { statusLabel } from '../../src/products/car/status-label.ts';

/** The config's assignment rules: the same the browser's assignment machine runs. */
const rules = loadAssignmentRules(listConfig.assignment);

export interface AssignRequest {
  carId: number;
  user: string;
  qcAssignTo: string;
}

/** Under process, per the config rule on the row's processing flags. */
const underProcess = (row: InspectionRow) =>
  rules.underProcess({ isReportProcessed: row.is_report_processed, reInspectionProcessing: row.re_inspection_processing, dealerPriceProcessing: row.dealer_price_processing });

/**
 * Assigns the inspection to the caller: only when free or already theirs; two callers at once get exactly one
 * winner (the row lock serialises them: the second waits, then sees the first one's assignee). Answers the detail.
 */
export async function assignToMe(db: Db, me: SessionUser, carId: number, body: AssignRequest): Promise<InspectionDetail> {
  if (body.carId !== carId) throw badRequest('carId in the body does not match the path');
  if (!sameEmail(body.qcAssignTo, me.email) || !sameEmail(body.user, me.email)) throw forbidden('You can only assign an inspection to yourself');
  const row = await db.transaction(async (tx) => {
    const current = await getInspection(tx, carId, { forUpdate: true });
    if (sameEmail(current.assignee, me.email)) return current;
    if (current.assignee) throw conflict(`Already assigned to ${current.assignee}`);
    if (underProcess(current)) throw conflict('Report is under process');
    if (!current.is_latest) throw conflict('Only the latest version can be assigned');
    if (!rules.assignable(current.status)) throw conflict(`The inspection cannot be assigned: it is ${statusLabel(current.status)}`);
    const assigned = await assignInspection(tx, carId, me.email);
    if (!assigned) throw conflict('Assigned to someone else meanwhile');
    await snapshot(tx, assigned, 'assign');
    await audit(tx, { actor: me.email, action: 'assign', carId, appointmentId: current.appointment_id, before: current.status, after: assigned.status, detail: { assignee: me.email } });
    return assigned;
  });
  return readDetail(db, row);
}
