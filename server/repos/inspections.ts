import type { InspectionDetail, InspectionListRow, InspectionStatus } from '../../src/products/car/inspection.ts';
import type { Queryable } from '../db.ts';
import { notFound } from '../errors.ts';
import { submissionSummary, type StoredRemark } from '../review-results.ts';

/** An `inspections` row: the filterable columns plus the stored detail. */
export interface InspectionRow {
  car_id: number;
  appointment_id: string;
  lead_token: string;
  version: number;
  is_latest: boolean;
  status: InspectionStatus;
  assignee: string | null;
  /** When the assignee got it (migration 080); null for older assignments. */
  assigned_at?: Date | null;
  category: string;
  city_id: number;
  store_id: number;
  make: string;
  model: string;
  variant: string;
  store_name: string;
  inspection_by: string | null;
  inspection_start_time: Date | null;
  inspection_end_time: Date;
  is_report_processed: number;
  re_inspection_processing: number;
  dealer_price_processing: number;
  is_pdi_lead: number;
  qc_audit: number;
  workflow_id: string | null;
  review_start_time: Date | null;
  qc_by: string | null;
  qc_start_time: Date | null;
  qc_end_time: Date | null;
  pdf_url: string | null;
  detail: InspectionDetail;
  updated_at: Date;
}

const ROW_COLUMNS = `car_id, appointment_id, lead_token, version, is_latest, status, assignee, category, city_id, store_id, make, model,
  variant, store_name, inspection_by, inspection_start_time, inspection_end_time, is_report_processed, re_inspection_processing,
  dealer_price_processing, is_pdi_lead, qc_audit, workflow_id, review_start_time, qc_by, qc_start_time, qc_end_time, pdf_url, updated_at`;

/**
 * The columns lists need: everything but the (large) detail document, of which only the re-inspection reason and
 * the PDI type (spec 000 §3 'Inspection list row': inspectionData.carDetails.pdiType.value), in their detail paths.
 * Those two come from `list_detail`, which a trigger keeps beside the document (migration 130), so a list page never
 * reads the documents.
 */
export const SUMMARY_COLUMNS = `${ROW_COLUMNS}, list_detail AS detail`;

/**
 * The columns of the version list: the summary columns plus the stored submission's flags (spec 000 §3 'Inspection
 * detail': isCritical, issueType …) and per-section error counts, instead of the whole detail.
 */
export const VERSION_COLUMNS = `${ROW_COLUMNS}, jsonb_build_object('reInspectionReason', detail->'reInspectionReason', 'qcUser', detail->'qcUser',
  'isCritical', detail->'isCritical', 'issueType', detail->'issueType', 'isDummyInspection', detail->'isDummyInspection',
  'isApprovedByQc', detail->'isApprovedByQc', 'reviewStartTime', detail->'reviewStartTime', 'reviewEndTime', detail->'reviewEndTime',
  'submittedAt', detail->'submittedAt',
  'sections', (SELECT jsonb_object_agg(s.key, jsonb_build_object('errorsCount', s.value->'errorsCount')) FROM jsonb_each(detail->'sections') AS s)) AS detail`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The columns that are authoritative over the stored document, in the spec's field names (list row and detail alike). */
function columns(row: InspectionRow) {
  return {
    carId: row.car_id,
    appointmentId: row.appointment_id,
    version: row.version,
    category: row.category,
    inspectionStatus: row.status,
    inspectionEndTime: iso(row.inspection_end_time)!,
    make: row.make,
    model: row.model,
    storeName: row.store_name,
    qcAssign: { to: row.assignee, assignedAt: row.assignee ? iso(row.assigned_at ?? null) : null },
    qcAudit: row.qc_audit,
    workflowId: row.workflow_id,
  };
}

/** The detail as answered: the stored document with the authoritative columns laid over it. */
export function toDetail(row: InspectionRow): InspectionDetail {
  return { ...row.detail, ...columns(row), leadToken: row.lead_token };
}

export function toListRow(row: InspectionRow): InspectionListRow {
  return {
    ...columns(row),
    reInspectionReason: row.detail.reInspectionReason ?? null,
    isReportProcessed: row.is_report_processed,
    reInspectionProcessing: row.re_inspection_processing,
    dealerPriceProcessing: row.dealer_price_processing,
    isPDILead: row.is_pdi_lead,
    inspectionData: { carDetails: { pdiType: { value: pdiTypeValue(row.detail) } } },
  };
}

/** The stored `inspectionData.carDetails.pdiType.value` as text, null when the inspection has none. */
function pdiTypeValue(detail: InspectionDetail): string | null {
  const value: unknown = detail.inspectionData?.carDetails?.pdiType?.value;
  if (typeof value === 'string') return value || null;
  return typeof value === 'number' ? String(value) : null;
}

export function toVersionRow(row: InspectionRow) {
  return {
    carId: row.car_id,
    appointmentId: row.appointment_id,
    version: row.version,
    storeName: row.store_name,
    make: row.make,
    model: row.model,
    variant: row.variant,
    inspectionStatus: row.status,
    inspectionBy: row.inspection_by,
    qcBy: row.qc_by,
    inspectionStartTime: iso(row.inspection_start_time),
    inspectionEndTime: iso(row.inspection_end_time),
    qcStartTime: iso(row.qc_start_time),
    qcEndTime: iso(row.qc_end_time),
    pdfUrl: row.pdf_url,
    /** The stored submission (null before it): who, when, isCritical, isApprovedByQc, isDummyInspection, issueType, errorsCount. */
    submission: submissionSummary(row.detail),
  };
}

export async function getInspection(db: Queryable, carId: number, opts: { forUpdate?: boolean } = {}): Promise<InspectionRow> {
  const { rows } = await db.query<InspectionRow>(`SELECT * FROM inspections WHERE car_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [carId]);
  if (!rows[0]) throw notFound(`Inspection ${carId} not found`);
  return rows[0];
}

/**
 * Rejection remarks of an inspection's appointment up to its version (this review's and earlier reviews'), oldest
 * first: the rows `GET v2/inspection/{id}` merges into the fields' remarkHistory.
 */
export async function remarksUpTo(db: Queryable, row: Pick<InspectionRow, 'appointment_id' | 'version'>): Promise<StoredRemark[]> {
  const { rows } = await db.query<StoredRemark>(
    `SELECT r.id, r.car_id, r.section, r.part, r.sub_part, r.hash_key, r.type, r.remark, r.presigned_url, r.user_email, r.role, r.created_at
       FROM remarks r JOIN inspections i ON i.car_id = r.car_id
      WHERE r.appointment_id = $1 AND i.version <= $2
      ORDER BY r.created_at, r.id`,
    [row.appointment_id, row.version],
  );
  return rows;
}

/** Keeps the state of an inspection after a change (assignment, submission …) in inspection_versions. */
export async function snapshot(db: Queryable, row: InspectionRow, reason: string): Promise<void> {
  await db.query(
    'INSERT INTO inspection_versions (car_id, appointment_id, version, status, reason, detail) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
    [row.car_id, row.appointment_id, row.version, row.status, reason, JSON.stringify(toDetail(row))],
  );
}

/** One line of the audit trail: who changed what, with the status before and after. */
export async function audit(
  db: Queryable,
  entry: { actor: string; action: string; carId?: number; appointmentId?: string; before?: string | null; after?: string | null; detail?: unknown },
): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (actor, action, car_id, appointment_id, before_status, after_status, detail) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)',
    [entry.actor, entry.action, entry.carId ?? null, entry.appointmentId ?? null, entry.before ?? null, entry.after ?? null, JSON.stringify(entry.detail ?? null)],
  );
}

/** The newest latest-version inspections, as the config studio's preview offers them. */
export async function latestInspectionSamples(db: Queryable, limit: number) {
  const { rows } = await db.query<{ car_id: number; appointment_id: string; make: string; model: string; status: string }>(
    'SELECT car_id, appointment_id, make, model, status FROM inspections WHERE is_latest ORDER BY car_id DESC LIMIT $1',
    [limit],
  );
  return rows.map((r) => ({ carId: r.car_id, appointmentId: r.appointment_id, make: r.make, model: r.model, status: r.status }));
}

/** What the inspection list filters on (spec 000 §7 `v2/inspection-data-list`); empty arrays filter nothing. */
export interface ListFilter {
  /** A search by appointment id, whatever its age: no window then. */
  appointmentId?: string;
  window?: { from: Date; to: Date };
  cities: number[];
  stores: number[];
  categories: string[];
  /** Compared case-insensitively. */
  assignee?: string;
}

/** A page of the latest versions matching `filter`, newest first, and how many match in all. */
export async function listPage(db: Queryable, filter: ListFilter, records: number, offset: number): Promise<{ rows: InspectionRow[]; total: number }> {
  const where: string[] = ['is_latest'];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.appointmentId) add((n) => `appointment_id = ${n}`, filter.appointmentId);
  if (filter.window) {
    add((n) => `inspection_end_time >= ${n}`, filter.window.from.toISOString());
    add((n) => `inspection_end_time <= ${n}`, filter.window.to.toISOString());
  }
  if (filter.cities.length) add((n) => `city_id = ANY(${n}::int[])`, filter.cities);
  if (filter.stores.length) add((n) => `store_id = ANY(${n}::int[])`, filter.stores);
  if (filter.categories.length) add((n) => `category = ANY(${n}::text[])`, filter.categories);
  if (filter.assignee) add((n) => `lower(assignee) = lower(${n})`, filter.assignee);
  const whereSql = where.join(' AND ');
  // The count and the page side by side (two connections on PostgreSQL): both walk the list's partial index
  // (migration 130), the page only its first rows.
  const [total, { rows }] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inspections WHERE ${whereSql}`, params),
    db.query<InspectionRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM inspections WHERE ${whereSql} ORDER BY inspection_end_time DESC, car_id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, records, offset],
    ),
  ]);
  return { rows, total: total.rows[0].n };
}

/** Every version of an appointment that ended within [from, to], newest first, with its submission's summary columns. */
export async function versionsOf(db: Queryable, appointmentId: string, from: Date, to: Date): Promise<InspectionRow[]> {
  const { rows } = await db.query<InspectionRow>(
    `SELECT ${VERSION_COLUMNS} FROM inspections WHERE appointment_id = $1 AND inspection_end_time BETWEEN $2 AND $3 ORDER BY version DESC`,
    [appointmentId, from.toISOString(), to.toISOString()],
  );
  return rows;
}

/** The stored states of an inspection (inspection_versions), oldest first. */
export async function statesOf(db: Queryable, carId: number) {
  const { rows } = await db.query<{ status: string; reason: string; created_at: Date }>(
    'SELECT status, reason, created_at FROM inspection_versions WHERE car_id = $1 ORDER BY id',
    [carId],
  );
  return rows;
}

/** The audit trail of an inspection, oldest first. */
export async function auditTrailOf(db: Queryable, carId: number) {
  const { rows } = await db.query<{ at: Date; actor: string; action: string; before_status: string | null; after_status: string | null }>(
    'SELECT at, actor, action, before_status, after_status FROM audit_log WHERE car_id = $1 ORDER BY id',
    [carId],
  );
  return rows;
}

/** Records that the review was opened now (the first opening also starts the QC time); answers the review start. */
export async function markReviewStart(db: Queryable, carId: number): Promise<Date> {
  const { rows } = await db.query<{ review_start_time: Date }>(
    'UPDATE inspections SET review_start_time = now(), qc_start_time = COALESCE(qc_start_time, now()), updated_at = now() WHERE car_id = $1 RETURNING review_start_time',
    [carId],
  );
  return rows[0].review_start_time;
}
