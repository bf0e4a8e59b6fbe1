/** The bike tables (spec 001): bike_inspections (one row per version), bike_makes, bike_models, financiers, and the rows' API shapes. */
import bikeScreens from '../../src/config/bike-list.json' with { type: 'json' };
import type { BikeField, BikeMedia } from '../../src/products/bike/inspection.ts';
import type { Queryable } from '../db.ts';
import { notFound } from '../errors.ts';
import { setOwn } from '../safe-input.ts';

export type BikeStatus = 'READY_FOR_REVIEW' | 'APPROVED' | 'REJECTED';

/** A recorded field, as the API answers it. */
export type BikeFieldData = BikeField;

/** A bike image or video; stored with the uri it replaced, which the API does not answer. */
export type BikeMediaData = BikeMedia & { oldUri?: string };

/** The stored document of a bike inspection version (columns are authoritative for status, qcUser, make …). */
export interface BikeDetailData {
  cjName: string;
  cjRemark: string;
  regNo: string;
  inspectionData: Record<string, unknown> & { uiVersion: number; cjRemark: string };
  images: BikeMediaData[];
}

export interface BikeRow {
  id: number;
  bike_id: number;
  appointment_id: string;
  version: number;
  is_latest: boolean;
  status: BikeStatus;
  qc_user: string | null;
  inspection_user: string;
  make: string;
  model: string;
  variant: string;
  ui_version: number;
  is_b2b: boolean;
  inspection_end_time: Date;
  qc_end_time: Date | null;
  reason: string | null;
  pdf_url: string | null;
  report_url: string | null;
  detail: BikeDetailData;
  updated_at: Date;
}

/** Unix seconds, as the spec's bike rows carry times (001 §3 'Bike version row'). */
export const unixSeconds = (d: Date | string | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));

/** One version of an appointment (the latest when `version` is undefined); 404 when there is none. */
export async function getBike(db: Queryable, appointmentId: string, opts: { version?: number; forUpdate?: boolean } = {}): Promise<BikeRow> {
  const { rows } = await db.query<BikeRow>(
    `SELECT * FROM bike_inspections WHERE appointment_id = $1 AND ${opts.version === undefined ? 'is_latest' : 'version = $2'}${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    opts.version === undefined ? [appointmentId] : [appointmentId, opts.version],
  );
  if (!rows[0]) throw notFound(opts.version === undefined ? `Bike appointment ${appointmentId} not found` : `Version ${opts.version} of bike appointment ${appointmentId} not found`);
  return rows[0];
}

/** The bike detail of spec 001 §3 (bikeId, appointmentId, id, qcUser, cjName, cjRemark, reportUrl, pdfUrl, version, images, inspectionData). */
export function toBikeDetail(row: BikeRow) {
  return {
    bikeId: row.bike_id,
    appointmentId: row.appointment_id,
    id: row.id,
    version: row.version,
    isLatest: row.is_latest,
    status: row.status,
    qcUser: row.qc_user,
    inspectionUser: row.inspection_user,
    cjName: row.detail.cjName,
    cjRemark: row.detail.cjRemark,
    regNo: row.detail.regNo,
    make: row.make,
    model: row.model,
    variant: row.variant,
    isB2B: row.is_b2b,
    inspectionEndTime: unixSeconds(row.inspection_end_time),
    qcEndTime: unixSeconds(row.qc_end_time),
    reason: row.reason,
    reportUrl: row.report_url,
    pdfUrl: row.pdf_url,
    images: row.detail.images,
    inspectionData: row.detail.inspectionData,
  };
}

export function toBikeListRow(row: BikeRow) {
  return {
    bikeId: row.bike_id,
    appointmentId: row.appointment_id,
    version: row.version,
    status: row.status,
    inspectionUser: row.inspection_user,
    make: row.make,
    model: row.model,
    inspectionEndTime: unixSeconds(row.inspection_end_time),
    qcUser: row.qc_user,
  };
}

export function toBikeVersionRow(row: BikeRow) {
  return {
    appointmentId: row.appointment_id,
    make: row.make,
    model: row.model,
    variant: row.variant,
    version: row.version,
    status: row.status,
    qcUser: row.qc_user,
    inspectionEndTime: unixSeconds(row.inspection_end_time),
    pdfUrl: row.pdf_url,
  };
}

/** Sections of `inspectionData` and the report's headings for them (spec 001 §2 'Bike report'). */
export const BIKE_SECTIONS: readonly (readonly [string, string])[] = [
  ['bikeDetails', 'Bike Details'],
  ['exterior', 'Exterior'],
  ['electricals', 'Electricals'],
  ['engineTransmission', 'Engine and transmission'],
  ['wheelsBrakesSuspension', 'Wheels/brakes/suspension'],
  ['otherFeatures', 'Other Features'],
];

const shown = (value: BikeFieldData['value']) => (Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value));

/**
 * The bike report of spec 001 §3: inspectionData keyed by question labels (each section's fields and sub-parts by
 * title), with cjRemark, uiVersion and financerName; images as { hashKey, type, uri, title }.
 */
export function toBikeReport(row: BikeRow) {
  const data = row.detail.inspectionData;
  const sections: Record<string, Record<string, string>> = {};
  for (const [key, heading] of BIKE_SECTIONS) {
    const fields = (data[key] ?? {}) as Record<string, BikeFieldData>;
    const labelled: Record<string, string> = {};
    const add = (field: BikeFieldData) => {
      if (field.value !== null && field.value !== undefined && shown(field.value) !== '') setOwn(labelled, field.title, shown(field.value));
      for (const sub of Object.values(field.subParts ?? {})) add(sub);
    };
    for (const field of Object.values(fields)) add(field);
    setOwn(sections, heading, labelled);
  }
  return {
    appointmentId: row.appointment_id,
    version: row.version,
    regNo: row.detail.regNo,
    make: row.make,
    model: row.model,
    variant: row.variant,
    status: row.status,
    inspectionEndTime: unixSeconds(row.inspection_end_time),
    inspectionData: { ...sections, cjRemark: data.cjRemark, uiVersion: data.uiVersion, financerName: (data.financerName as string | null) ?? null },
    // What the report prints (001 §2): the views and defect images, not the RC and insurance documents.
    images: row.detail.images
      .filter((m) => m.mediaType === 'image' && !bikeScreens.report.documentImageTypes.includes(m.type))
      .map((m) => ({ hashKey: m.hashKey, type: m.type, uri: m.uri, title: m.title })),
  };
}

/** The filters of the bike list, already resolved by the service: the SQL only applies them. */
export interface BikeListFilter {
  status: string;
  appointmentId?: string;
  /** inspection_end_time from … (ISO) */
  from?: string;
  /** inspection_end_time up to … (ISO) */
  to?: string;
  qcUser?: string;
  /** Matched against appointment id, make, model and inspector (substring, case-insensitive). */
  text?: string;
  limit: number;
  offset: number;
}

/** Latest versions matching the filter, newest first, with their total. */
export async function bikePage(db: Queryable, f: BikeListFilter): Promise<{ rows: BikeRow[]; total: number }> {
  const where = ['is_latest', 'status = $1'];
  const params: unknown[] = [f.status];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.appointmentId) add((n) => `appointment_id = ${n}`, f.appointmentId);
  if (f.from) add((n) => `inspection_end_time >= ${n}`, f.from);
  if (f.to) add((n) => `inspection_end_time <= ${n}`, f.to);
  if (f.qcUser) add((n) => `lower(qc_user) = lower(${n})`, f.qcUser);
  if (f.text) {
    add((n) => `(appointment_id ILIKE ${n} OR make ILIKE ${n} OR model ILIKE ${n} OR inspection_user ILIKE ${n})`, `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const whereSql = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bike_inspections WHERE ${whereSql}`, params);
  const { rows } = await db.query<BikeRow>(
    `SELECT * FROM bike_inspections WHERE ${whereSql} ORDER BY inspection_end_time DESC, id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
    params,
  );
  return { rows, total: total.rows[0].n };
}

/** Every version of an appointment inspected since `since` (ISO), newest first. */
export async function bikeVersionsSince(db: Queryable, appointmentId: string, since: string): Promise<BikeRow[]> {
  const { rows } = await db.query<BikeRow>('SELECT * FROM bike_inspections WHERE appointment_id = $1 AND inspection_end_time >= $2 ORDER BY version DESC', [appointmentId, since]);
  return rows;
}

export async function setBikeQcUser(db: Queryable, id: number, qcUser: string): Promise<void> {
  await db.query('UPDATE bike_inspections SET qc_user = $2, updated_at = now() WHERE id = $1', [id, qcUser]);
}

/** The submitted status and reason, the config version it was checked against (null: the seed) and the QC end time. */
export async function storeBikeStatus(db: Queryable, id: number, s: { status: BikeStatus; reason: string | null; configVersion: number | null }): Promise<void> {
  await db.query('UPDATE bike_inspections SET status = $2, reason = $3, config_version = $4, qc_end_time = now(), updated_at = now() WHERE id = $1', [
    id, s.status, s.reason, s.configVersion,
  ]);
}

/** The stored document, make/model/variant columns and (when given) the reason. */
export async function storeBikeData(db: Queryable, id: number, data: { detail: BikeDetailData; make: string; model: string; variant: string; reason: string | null }): Promise<void> {
  await db.query('UPDATE bike_inspections SET detail = $2::jsonb, make = $3, model = $4, variant = $5, reason = coalesce($6, reason), updated_at = now() WHERE id = $1', [
    id, JSON.stringify(data.detail), data.make, data.model, data.variant, data.reason,
  ]);
}

export async function storeBikeDetail(db: Queryable, id: number, detail: BikeDetailData): Promise<void> {
  await db.query('UPDATE bike_inspections SET detail = $2::jsonb, updated_at = now() WHERE id = $1', [id, JSON.stringify(detail)]);
}

export async function setBikePdfUrl(db: Queryable, id: number, pdfUrl: string): Promise<void> {
  await db.query('UPDATE bike_inspections SET pdf_url = $2, updated_at = now() WHERE id = $1', [id, pdfUrl]);
}

/** A model of a make with its make's and its own name and its variants; null when the model is not one of the make. */
export async function bikeModelOfMake(db: Queryable, modelId: number, makeCode: string) {
  const { rows } = await db.query<{ make_name: string; model_name: string; variant: { name: string; code: string }[] }>(
    'SELECT mk.name AS make_name, md.name AS model_name, md.variant FROM bike_models md JOIN bike_makes mk ON mk.code = md.make_code WHERE md.id = $1 AND md.make_code = $2',
    [modelId, makeCode],
  );
  return rows[0] ?? null;
}

export const bikeMakes = async (db: Queryable) => (await db.query('SELECT name, code FROM bike_makes ORDER BY name')).rows;

export const bikeModelsOfMake = async (db: Queryable, makeCode: string) =>
  (await db.query('SELECT id, name, variant FROM bike_models WHERE make_code = $1 ORDER BY name', [makeCode])).rows;

/** The variants of a model; null when there is no such model. */
export async function bikeVariantsOfModel(db: Queryable, modelId: number): Promise<{ name: string; code: string }[] | null> {
  const { rows } = await db.query<{ variant: { name: string; code: string }[] }>('SELECT variant FROM bike_models WHERE id = $1', [modelId]);
  return rows[0]?.variant ?? null;
}

export const financiersOfStatus = async (db: Queryable, status: string) => (await db.query('SELECT id, name, status FROM financiers WHERE status = $1 ORDER BY name', [status])).rows;
