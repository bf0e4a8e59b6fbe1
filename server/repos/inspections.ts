import type { InspectionDetail, InspectionListRow, InspectionStatus } from '../../src/products/car/inspection.ts';
import type { Queryable } from '../db.ts';
import { notFound } from '../errors.ts';
import type { StoredRemark } from './remarks.ts';

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
 * The columns of the version list: the summary columns plus the stored submission's flags (spec 000 §3 'Inspection
 * detail': isCritical, issueType …) and per-section error counts, from `version_summary`, which a trigger keeps
 * beside the detail (migration 160), so the list never reads (decompresses) the documents.
 */
export const VERSION_COLUMNS = `${ROW_COLUMNS}, version_summary AS detail`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What the list reads of a row: the columns of LIST_COLUMNS, `detail` being only the list's part of it. */
export type ListRow = Pick<
  InspectionRow,
  | 'car_id' | 'appointment_id' | 'version' | 'status' | 'assignee' | 'assigned_at' | 'category' | 'make' | 'model' | 'store_name'
  | 'inspection_end_time' | 'is_report_processed' | 're_inspection_processing' | 'dealer_price_processing' | 'is_pdi_lead' | 'qc_audit'
  | 'workflow_id' | 'detail'
>;

/** The columns that are authoritative over the stored document, in the spec's field names (list row and detail alike). */
function columns(row: ListRow) {
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

export function toListRow(row: ListRow): InspectionListRow {
  // Object.assign, not a spread: spreading the columns into a literal with more keys cost V8 ~12 µs a row (20× this).
  return Object.assign(columns(row), {
    reInspectionReason: row.detail.reInspectionReason ?? null,
    isReportProcessed: row.is_report_processed,
    reInspectionProcessing: row.re_inspection_processing,
    dealerPriceProcessing: row.dealer_price_processing,
    isPDILead: row.is_pdi_lead,
    inspectionData: { carDetails: { pdiType: { value: pdiTypeValue(row.detail) } } },
  });
}

/** The stored `inspectionData.carDetails.pdiType.value` as text, null when the inspection has none. */
function pdiTypeValue(detail: InspectionDetail): string | null {
  const value: unknown = detail.inspectionData?.carDetails?.pdiType?.value;
  if (typeof value === 'string') return value || null;
  return typeof value === 'number' ? String(value) : null;
}

/** The submission summary of a stored detail, for the version list and the inspection log (null before submission). */
export function submissionSummary(detail: Partial<InspectionDetail>) {
  if (!detail.sections) return null;
  const errorsCount = Object.values(detail.sections).reduce((n, s) => n + (s?.errorsCount ?? 0), 0);
  return {
    qcUser: detail.qcUser ?? null,
    reviewStartTime: detail.reviewStartTime ?? null,
    reviewEndTime: detail.reviewEndTime ?? null,
    submittedAt: detail.submittedAt ?? null,
    isCritical: detail.isCritical ?? 0,
    isDummyInspection: detail.isDummyInspection ?? 0,
    isApprovedByQc: detail.isApprovedByQc ?? 0,
    issueType: detail.issueType ?? [],
    errorsCount,
  };
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

/** The columns of InspectionRow: not the summaries kept beside the detail (list_detail, version_summary). */
const INSPECTION_COLUMNS = `${ROW_COLUMNS}, assigned_at, detail`;

export async function getInspection(db: Queryable, carId: number, opts: { forUpdate?: boolean } = {}): Promise<InspectionRow> {
  const { rows } = await db.query<InspectionRow>(`SELECT ${INSPECTION_COLUMNS} FROM inspections WHERE car_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [carId]);
  if (!rows[0]) throw notFound(`Inspection ${carId} not found`);
  return rows[0];
}

/** The rejection remarks of appointment `appointment` up to version `version` (SQL expressions), unordered. */
const remarksUpToSql = (appointment: string, version: string) =>
  `SELECT r.id, r.car_id, r.section, r.part, r.sub_part, r.hash_key, r.type, r.remark, r.presigned_url, r.user_email, r.role, r.created_at
     FROM remarks r JOIN inspections v ON v.car_id = r.car_id
    WHERE r.appointment_id = ${appointment} AND v.version <= ${version}`;

/**
 * Rejection remarks of an inspection's appointment up to its version (this review's and earlier reviews'), oldest
 * first: the rows `GET v2/inspection/{id}` merges into the fields' remarkHistory.
 */
export async function remarksUpTo(db: Queryable, row: Pick<InspectionRow, 'appointment_id' | 'version'>): Promise<StoredRemark[]> {
  const { rows } = await db.query<StoredRemark>(`${remarksUpToSql('$1', '$2')} ORDER BY r.created_at, r.id`, [row.appointment_id, row.version]);
  return rows;
}

/**
 * An inspection and its remarks up to its version (as `remarksUpTo`, `created_at` as ISO text), in one statement:
 * one round trip and one snapshot for the detail answer.
 */
export async function getInspectionWithRemarks(db: Queryable, carId: number): Promise<{ row: InspectionRow; remarks: StoredRemark[] }> {
  const { rows } = await db.query<InspectionRow & { remarks: StoredRemark[] }>(
    `SELECT ${INSPECTION_COLUMNS},
       (SELECT coalesce(json_agg(r ORDER BY r.created_at, r.id), '[]') FROM (${remarksUpToSql('i.appointment_id', 'i.version')}) r) AS remarks
       FROM inspections i WHERE i.car_id = $1`,
    [carId],
    // Every detail read runs this one text: kept prepared, PGlite parses and plans it once (1.4-1.7 → 0.8-1.0 ms of CPU a call on the demo data).
    { prepare: true },
  );
  if (!rows[0]) throw notFound(`Inspection ${carId} not found`);
  const { remarks, ...row } = rows[0];
  return { row, remarks };
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

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The list's columns (spec 000 §3 'Inspection list row'): `toListRow` reads no others. The two fields it shows from
 * the detail document come from `list_detail`, which a trigger keeps beside it (migration 130), so a page never
 * reads (decompresses) the documents.
 */
const LIST_COLUMNS = `car_id, appointment_id, version, status, assignee, assigned_at, category, make, model, store_name, inspection_end_time,
  is_report_processed, re_inspection_processing, dealer_price_processing, is_pdi_lead, qc_audit, workflow_id, list_detail AS detail`;

/**
 * A page of the latest versions matching `filter`, newest first, and how many match in all, in one statement (one
 * snapshot, one round trip). The total of a date window sums the whole UTC days inside it from the kept counts
 * (migration 150: one row a day, or about 50 a day with city, store or category filters) and counts only the
 * partial days at its two edges from the rows; a search by appointment or assignee counts its rows through their
 * indexes.
 */
export async function listPage(db: Queryable, filter: ListFilter, records: number, offset: number): Promise<{ rows: ListRow[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  // The filters the counts are kept per (city, store, category): on the counts and on the rows alike.
  const keys: string[] = [];
  if (filter.cities.length) keys.push(`city_id = ANY(${param(filter.cities)}::int[])`);
  if (filter.stores.length) keys.push(`store_id = ANY(${param(filter.stores)}::int[])`);
  if (filter.categories.length) keys.push(`category = ANY(${param(filter.categories)}::text[])`);
  const others: string[] = [];
  if (filter.appointmentId) others.push(`appointment_id = ${param(filter.appointmentId)}`);
  if (filter.assignee) others.push(`lower(assignee) = lower(${param(filter.assignee)})`);
  const from = filter.window ? param(filter.window.from.toISOString()) : '';
  const to = filter.window ? param(filter.window.to.toISOString()) : '';
  const window = filter.window ? [`inspection_end_time >= ${from}`, `inspection_end_time <= ${to}`] : [];
  const whereSql = ['is_latest', ...keys, ...others, ...window].join(' AND ');
  let count = `(SELECT count(*) FROM inspections WHERE ${whereSql})`;
  if (filter.window && !others.length) {
    // The whole UTC days in the window: [lo, hi).
    const lo = Math.ceil(filter.window.from.getTime() / DAY_MS) * DAY_MS;
    const hi = Math.floor(filter.window.to.getTime() / DAY_MS) * DAY_MS;
    if (lo < hi) {
      const days = [`day >= ${param(utcDay(lo))}::date`, `day < ${param(utcDay(hi))}::date`, ...keys].join(' AND ');
      const counts = keys.length ? 'inspection_list_counts' : 'inspection_list_day_counts';
      // The edges [from, lo) and [hi, to] as two ranges, not one OR: a range is an index condition in any plan, an
      // OR of unknown bounds is not (the prepared statement's generic plan filtered the whole window's index).
      const edge = (range: string[]) => `(SELECT count(*) FROM inspections WHERE ${['is_latest', ...keys, ...range].join(' AND ')})`;
      count = `(SELECT coalesce(sum(n), 0) FROM ${counts} WHERE ${days})
        + ${edge([`inspection_end_time >= ${from}`, `inspection_end_time < ${param(new Date(lo).toISOString())}`])}
        + ${edge([`inspection_end_time >= ${param(new Date(hi).toISOString())}`, `inspection_end_time <= ${to}`])}`;
    }
  }
  // The page joined to the total, so an empty page (past the end) still answers the total, on a row of nulls.
  const { rows } = await db.query<ListRow & { total: number }>(
    `SELECT t.total, p.* FROM (SELECT (${count})::int AS total) t LEFT JOIN LATERAL (
       SELECT ${LIST_COLUMNS} FROM inspections WHERE ${whereSql}
        ORDER BY inspection_end_time DESC, car_id DESC LIMIT ${param(records)} OFFSET ${param(offset)}) p ON true`,
    params,
    // The SQL text is one of a few per filter combination: kept prepared, its parse is done once (server/db.ts).
    { prepare: true },
  );
  return { rows: rows.filter((r) => r.car_id !== null), total: rows[0].total };
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
