/** The inspection reads of spec 000 §7 (list, detail, versions, log) and the review start. */
import dayjs from 'dayjs';
import listConfig from '../../src/config/inspection-list.json' with { type: 'json' };
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import { getProduct } from '../../src/products/registry.ts';
import type { SessionUser } from '../auth.ts';
import type { Db, Queryable } from '../db.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import {
  auditTrailOf,
  audit,
  getInspection,
  getInspectionWithRemarks,
  listPage,
  markReviewStart,
  remarksUpTo,
  statesOf,
  submissionSummary,
  toDetail,
  toListRow,
  toVersionRow,
  versionsOf,
  type InspectionRow,
} from '../repos/inspections.ts';
import type { StoredRemark } from '../repos/remarks.ts';
import { boundedInt, realDate } from '../safe-input.ts';
import { mergeRemarkHistory } from './review-results.ts';

/** The six-month window of spec 000 §7/§9: [endDate − 6 months, endDate], end of day inclusive. */
export function listWindow(startDate: string | undefined, endDate: string | undefined, today = dayjs()): { from: Date; to: Date } {
  const end = endDate ? realDate(endDate, 'endDate') : today;
  const earliest = end.subtract(listConfig.windowMonths, 'month').startOf('day');
  let start = startDate ? realDate(startDate, 'startDate') : earliest;
  if (start.isAfter(end)) throw badRequest('startDate must not be after endDate');
  if (start.isBefore(earliest)) start = earliest;
  return { from: start.startOf('day').toDate(), to: end.endOf('day').toDate() };
}

/** The list's query as the route's schema leaves it (filters also come as `name[]`). */
export interface ListQuery {
  page: number;
  records: number;
  'storeCityId[]'?: number[];
  storeCityId?: number[];
  'storeId[]'?: number[];
  storeId?: number[];
  'category[]'?: string[];
  category?: string[];
  assignTo?: string;
  startDate?: string;
  endDate?: string;
  appointmentId?: string;
}

/** `GET v2/inspection-data-list`: a page of the latest versions and the total. */
export async function listInspections(db: Db, user: SessionUser, q: ListQuery) {
  // A search by appointment id finds it whatever its age.
  const window = q.appointmentId ? undefined : listWindow(q.startDate, q.endDate);
  if (q.assignTo && !user.isExcludedUser && q.assignTo.toLowerCase() !== user.email.toLowerCase()) {
    // Non-excluded users only have their own assignee entry (spec 000 §2, §6).
    throw forbidden('You may only filter by your own assignee entry');
  }
  const filter = {
    appointmentId: q.appointmentId,
    window,
    cities: [...(q['storeCityId[]'] ?? []), ...(q.storeCityId ?? [])],
    stores: [...(q['storeId[]'] ?? []), ...(q.storeId ?? [])],
    categories: [...(q['category[]'] ?? []), ...(q.category ?? [])],
    assignee: q.assignTo,
  };
  const records = boundedInt(q.records, 'records', 1, 200);
  const offset = (boundedInt(q.page, 'page', 1, 100000) - 1) * records;
  const { rows, total } = await listPage(db, filter, records, offset);
  return { data: rows.map(toListRow), total };
}

/**
 * The detail as `GET v2/inspection/{id}` answers it: `toDetail` plus the saved rejection remarks in the fields'
 * (and images') remarkHistory, read from the remarks table every time so it cannot drift from it.
 */
function detailWithRemarks(row: InspectionRow, remarks: readonly StoredRemark[]): InspectionDetail {
  return mergeRemarkHistory(toDetail(row), remarks, getProduct('car').config);
}

/** The detail of a row already read (a submission checks it in its transaction). */
export async function readDetail(db: Queryable, row: InspectionRow): Promise<InspectionDetail> {
  return detailWithRemarks(row, await remarksUpTo(db, row));
}

/** `GET v2/inspection/{id}` and `v2/inspection?inspectionId=`: the row and its remarks in one statement. */
export async function inspectionDetail(db: Db, carId: number): Promise<InspectionDetail> {
  const { row, remarks } = await getInspectionWithRemarks(db, carId);
  return detailWithRemarks(row, remarks);
}

/** `GET v2/inspection-version-list`: the appointment's versions in the window, newest first. */
export async function versionList(db: Db, q: { appointmentId: string; startDate?: string; endDate?: string }) {
  const { from, to } = listWindow(q.startDate, q.endDate);
  const rows = await versionsOf(db, q.appointmentId, from, to);
  return { data: rows.map(toVersionRow), total: rows.length };
}

/** `GET inspection-log`: stored states and audit trail, with the submission summary (and additional images on request). */
export async function inspectionLog(db: Db, q: { carId: number; version?: number; additionalImages?: number }) {
  const row = await getInspection(db, q.carId);
  if (q.version !== undefined && q.version !== row.version) throw notFound(`Inspection ${q.carId} has no version ${q.version}`);
  const states = await statesOf(db, q.carId);
  const log = await auditTrailOf(db, q.carId);
  const detail = toDetail(row);
  return {
    carId: row.car_id,
    appointmentId: row.appointment_id,
    version: row.version,
    inspectionStatus: row.status,
    states: states.map((v) => ({ status: v.status, reason: v.reason, at: new Date(v.created_at).toISOString() })),
    log: log.map((l) => ({ at: new Date(l.at).toISOString(), user: l.actor, action: l.action, beforeStatus: l.before_status, afterStatus: l.after_status })),
    submission: submissionSummary(detail),
    ...(q.additionalImages === 1 ? { additionalImages: detail.inspectionData.carDetails?.additionalImages?.images ?? [] } : {}),
  };
}

/** `POST v2/set-review-start-time`: the assignee opened the review. */
export async function startReview(db: Db, user: SessionUser, carId: number) {
  return db.transaction(async (tx) => {
    const row = await getInspection(tx, carId, { forUpdate: true });
    if (row.assignee?.toLowerCase() !== user.email.toLowerCase()) throw forbidden('Only the assignee can start the review');
    const started = await markReviewStart(tx, carId);
    await audit(tx, { actor: user.email, action: 'review-start', carId, appointmentId: row.appointment_id, before: row.status, after: row.status });
    return { carId, reviewStartTime: new Date(started).toISOString() };
  });
}
