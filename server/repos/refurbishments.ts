import type { Queryable } from '../db.ts';
import { notFound } from '../errors.ts';

/** One media file of an item (spec 001 §3: image and video are lists of {title, url}). */
export interface RefurbMedia {
  title: string;
  url: string;
}

/** The QC's verdict on one side of an item, kept where the submit's section says. */
interface QcVerdict {
  qcRemark?: string;
  isRejected?: 0 | 1;
}

export interface RefurbItem {
  hashKey: string;
  category: string;
  subCategory: string;
  beforeRef: QcVerdict & { image: RefurbMedia[]; video: RefurbMedia[]; observation: string | null; estimatedRefurbishmentCost: number };
  afterRef: (QcVerdict & { image: RefurbMedia[]; video: RefurbMedia[]; observation: string | null; actualRefurbishmentCost: number | null }) | null;
}

export interface RefurbRow {
  appointment_id: string;
  version: number;
  status: string;
  qc_assign_to: string | null;
  refurbished_by: string;
  make: string;
  model: string;
  variant: string;
  fuel_type: string;
  month: number;
  year: number;
  service_center: string;
  gs_re_inspection_reason: string | null;
  end_time: Date | string;
  fields: RefurbItem[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The spec's list row (001 §3 'Refurbishment list row'), with status and version for the screens. */
export function toListRow(row: RefurbRow) {
  return {
    appointmentId: row.appointment_id,
    refurbishedBy: row.refurbished_by,
    make: row.make,
    model: row.model,
    endTime: iso(row.end_time),
    qcAssignTo: { to: row.qc_assign_to },
    status: row.status,
    version: row.version,
  };
}

/** The spec's header and items (001 §3 'Refurbishment item and header'); totals are sums over the items. */
export function toDetail(row: RefurbRow) {
  const actual = row.fields.map((f) => f.afterRef?.actualRefurbishmentCost).filter((c): c is number => typeof c === 'number');
  return {
    appointmentId: row.appointment_id,
    version: row.version,
    status: row.status,
    make: row.make,
    model: row.model,
    variant: row.variant,
    fuelType: row.fuel_type,
    month: row.month,
    year: row.year,
    serviceCenter: row.service_center,
    gsReInspectionReason: row.gs_re_inspection_reason,
    refurbishedBy: row.refurbished_by,
    endTime: iso(row.end_time),
    qcAssignTo: { to: row.qc_assign_to },
    totalEstimatedRefurbishmentCost: row.fields.reduce((sum, f) => sum + f.beforeRef.estimatedRefurbishmentCost, 0),
    totalActualRefurbishmentCost: actual.length ? actual.reduce((sum, c) => sum + c, 0) : null,
    fields: row.fields,
  };
}

export type RefurbDetail = ReturnType<typeof toDetail>;

export async function getRefurbishment(db: Queryable, appointmentId: string, opts: { forUpdate?: boolean } = {}): Promise<RefurbRow> {
  const { rows } = await db.query<RefurbRow>(`SELECT * FROM refurbishments WHERE appointment_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [appointmentId]);
  if (!rows[0]) throw notFound(`No refurbishment for appointment ${appointmentId}`);
  return rows[0];
}

/**
 * Keeps the refurbishment as it stands now as version `row.version` (the versions browser reads these); a QC submit
 * also records the config version it was checked against (null: the JSON in src/config).
 */
export async function recordVersion(db: Queryable, row: RefurbRow, reviewedBy: string | null, opts: { at?: Date; configVersion?: number | null } = {}): Promise<void> {
  await db.query(
    'INSERT INTO refurbishment_versions (appointment_id, version, status, detail, reviewed_by, created_at, config_version) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)',
    [row.appointment_id, row.version, row.status, JSON.stringify(toDetail(row)), reviewedBy, (opts.at ?? new Date()).toISOString(), opts.configVersion ?? null],
  );
}

/** One page of refurbishments in these statuses (newest first), or the one of an appointment, with the total. */
export async function refurbishmentPage(db: Queryable, q: { appointmentId?: string; statuses: readonly string[]; page: number; pageSize: number }) {
  const [where, params] = q.appointmentId ? ['appointment_id = $1', [q.appointmentId]] : ['status = ANY($1::text[])', [q.statuses]];
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refurbishments WHERE ${where}`, params);
  const { rows } = await db.query<RefurbRow>(
    `SELECT * FROM refurbishments WHERE ${where} ORDER BY end_time DESC, appointment_id LIMIT $2 OFFSET $3`,
    [...params, q.pageSize, (q.page - 1) * q.pageSize],
  );
  return { rows, total: total.rows[0].n };
}

/** The detail kept for one version in one status; null when there is none. */
export async function versionDetail(db: Queryable, q: { appointmentId: string; status: string; version: number }): Promise<object | null> {
  const { rows } = await db.query<{ detail: object }>(
    'SELECT detail FROM refurbishment_versions WHERE appointment_id = $1 AND version = $2 AND status = $3',
    [q.appointmentId, q.version, q.status],
  );
  return rows[0]?.detail ?? null;
}

/** Every version of an appointment's refurbishment as the version list shows it, newest first. */
export async function versionRows(db: Queryable, appointmentId: string) {
  const { rows } = await db.query<{ version: number; status: string; detail: { make: string; model: string; refurbishedBy: string }; reviewed_by: string | null; created_at: Date }>(
    'SELECT version, status, detail, reviewed_by, created_at FROM refurbishment_versions WHERE appointment_id = $1 ORDER BY version DESC',
    [appointmentId],
  );
  return rows.map((r) => ({
    appointmentId,
    make: r.detail.make,
    model: r.detail.model,
    version: r.version,
    status: r.status,
    refurbishedBy: r.detail.refurbishedBy,
    reviewedBy: r.reviewed_by,
    endTime: new Date(r.created_at).toISOString(),
  }));
}

export async function setRefurbishmentAssignee(db: Queryable, appointmentId: string, assignee: string): Promise<void> {
  await db.query('UPDATE refurbishments SET qc_assign_to = $2, updated_at = now() WHERE appointment_id = $1', [appointmentId, assignee]);
}

/** Stores a reviewed refurbishment: its next version, status and items with the QC verdicts. */
export async function storeReviewedRefurbishment(db: Queryable, row: RefurbRow): Promise<void> {
  await db.query('UPDATE refurbishments SET version = $2, status = $3, fields = $4::jsonb, updated_at = now() WHERE appointment_id = $1', [
    row.appointment_id,
    row.version,
    row.status,
    JSON.stringify(row.fields),
  ]);
}
