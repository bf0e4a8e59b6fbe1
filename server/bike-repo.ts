import type { SessionUser } from './auth.ts';
import type { Queryable } from './db.ts';
import { forbidden, notFound } from './errors.ts';
import { sameEmail } from './review-helpers.ts';
import { setOwn } from './safe-input.ts';

export type BikeStatus = 'READY_FOR_REVIEW' | 'APPROVED' | 'REJECTED';

export interface BikeFieldData {
  title: string;
  value: string | string[] | number | null;
  id?: string | number | null;
  rejected?: boolean;
  inspectorValue?: string | string[] | number | null;
  subParts?: Record<string, BikeFieldData>;
}

export interface BikeMediaData {
  hashKey: string;
  type: string;
  mediaType: 'image' | 'video';
  uri: string;
  title: string;
  rejected?: boolean;
  oldUri?: string;
}

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

/** Spec 001 §2, §6: only the QC user the bike is assigned to edits and submits it. */
export function assertBikeAssignee(row: BikeRow, me: SessionUser, what: string): void {
  if (!sameEmail(row.qc_user, me.email)) throw forbidden(`Only the QC user assigned to this bike can ${what}`);
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
    images: row.detail.images.filter((m) => m.mediaType === 'image').map((m) => ({ hashKey: m.hashKey, type: m.type, uri: m.uri, title: m.title })),
  };
}
