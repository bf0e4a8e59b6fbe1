/**
 * The bike review (spec 001 §2, §4, §6, §9): the list's window, assign to me, the pushed corrections, the image
 * upload, the status submit (by the bike config's outcome rule) and the report PDF, each change one transaction with
 * its audit line.
 */
import dayjs from 'dayjs';
import type { ReviewConfig } from '../../src/engine/config.ts';
import { evaluateOutcome, type OutcomeRule } from '../../src/engine/outcome.ts';
import { dateRangeProblem } from '../../src/products/bike/date-range.ts';
import type { SessionUser } from '../auth.ts';
import type { Db, Queryable } from '../db.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { storeUpload, type FormFile } from '../forms.ts';
import { audit } from '../repos/inspections.ts';
import {
  BIKE_SECTIONS,
  bikeModelOfMake,
  bikePage,
  bikeVersionsSince,
  getBike,
  setBikePdfUrl,
  setBikeQcUser,
  storeBikeData,
  storeBikeDetail,
  storeBikeStatus,
  toBikeDetail,
  toBikeListRow,
  toBikeReport,
  toBikeVersionRow,
  type BikeFieldData,
  type BikeMediaData,
  type BikeRow,
} from '../repos/bikes.ts';
import { textPdf } from '../seed/pdf.ts';
import { reviewProductConfig } from './product-config.ts';
import { sameEmail } from './assignee.ts';

/** Bike list constants of spec 001 §9: 50 a page, the READY_FOR_REVIEW fetch at most 500, a six-month window. */
const PAGE_SIZE = 50;
const WINDOW_MONTHS = 6;

function rejectedFields(fields: Record<string, BikeFieldData> | undefined): number {
  let n = 0;
  for (const field of Object.values(fields ?? {})) n += (field.rejected ? 1 : 0) + rejectedFields(field.subParts);
  return n;
}

/**
 * The status the stored ticks give (spec 001 §4), by the outcome rule of the bike config version the review runs, as
 * the review machine computes it.
 */
export function bikeSubmitStatus(row: BikeRow, config: ReviewConfig): 'APPROVED' | 'REJECTED' {
  const rules = config.outcomes?.submission as OutcomeRule<{ status: 'APPROVED' | 'REJECTED' }>[] | undefined;
  if (!rules) throw new Error('the bike config has no submission outcome');
  const data = row.detail.inspectionData;
  const rejectedCount =
    BIKE_SECTIONS.reduce((sum, [key]) => sum + rejectedFields(data[key] as Record<string, BikeFieldData> | undefined), 0) +
    row.detail.images.filter((m) => m.rejected).length;
  return evaluateOutcome(rules, { rejectedCount }).status;
}

/** Spec 001 §2, §6: only the QC user the bike is assigned to edits and submits it. */
function assertBikeAssignee(row: BikeRow, me: SessionUser, what: string): void {
  if (!sameEmail(row.qc_user, me.email)) throw forbidden(`Only the QC user assigned to this bike can ${what}`);
}

function assertReviewable(row: BikeRow): void {
  if (row.status !== 'READY_FOR_REVIEW') throw conflict(`Bike appointment ${row.appointment_id} is already ${row.status}`);
}

export interface BikeListQuery {
  status: string;
  appointmentId?: string;
  daysElapsed?: number;
  limit?: number;
  page: number;
  user?: string;
  query?: string;
  startDate?: string;
  endDate?: string;
}

/** One appointment, the last daysElapsed days (up to `limit`), or a page of a date range of at most six months. */
export async function listBikes(db: Queryable, q: BikeListQuery) {
  const filter = { status: q.status, qcUser: q.user, text: q.query?.trim() || undefined, limit: PAGE_SIZE, offset: 0 };
  let window: { appointmentId?: string; from?: string; to?: string };
  if (q.appointmentId) {
    window = { appointmentId: q.appointmentId };
  } else if (q.daysElapsed !== undefined) {
    window = { from: dayjs().subtract(q.daysElapsed, 'day').toISOString() };
    filter.limit = q.limit ?? 500;
  } else {
    const end = q.endDate ? dayjs(q.endDate) : dayjs();
    const start = q.startDate ? dayjs(q.startDate) : end.subtract(WINDOW_MONTHS, 'month');
    if (!end.isValid() || !start.isValid()) throw badRequest('startDate and endDate must be dates YYYY-MM-DD');
    const problem = dateRangeProblem(start, end);
    if (problem) throw badRequest(problem);
    window = { from: start.startOf('day').toISOString(), to: end.endOf('day').toISOString() };
    filter.offset = (q.page - 1) * PAGE_SIZE;
  }
  const { rows, total } = await bikePage(db, { ...filter, ...window });
  return { data: rows.map(toBikeListRow), total };
}

/** The versions of an appointment in the six-month window, newest first. */
export async function bikeVersions(db: Queryable, appointmentId: string) {
  const rows = await bikeVersionsSince(db, appointmentId, dayjs().subtract(WINDOW_MONTHS, 'month').startOf('day').toISOString());
  return { data: rows.map(toBikeVersionRow), total: rows.length };
}

/** Assigns a bike awaiting review to the caller; already theirs answers it unchanged. */
export async function assignBike(db: Db, me: SessionUser, appointmentId: string, assignUser: string) {
  if (!sameEmail(assignUser, me.email)) throw forbidden('You can only assign a bike inspection to yourself');
  return db.transaction(async (tx) => {
    const row = await getBike(tx, appointmentId, { forUpdate: true });
    assertReviewable(row);
    if (row.qc_user && !sameEmail(row.qc_user, me.email)) throw conflict(`Already assigned to ${row.qc_user}`);
    if (!row.qc_user) {
      await setBikeQcUser(tx, row.id, me.email);
      await audit(tx, { actor: me.email, action: 'bike-assign', appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { bikeId: row.bike_id, version: row.version, qcUser: me.email } });
      row.qc_user = me.email;
    }
    return toBikeDetail(row);
  });
}

export interface BikeSubmitForm {
  status: 'APPROVED' | 'REJECTED';
  reason?: string;
  bikeId?: number;
  appointmentId?: string;
  version?: number;
  /** The bike config version the review was opened on: its id, 'seed' for the JSON in src/config; absent, the active one. */
  configVersion?: string;
}

/** A form's configVersion as reviewProductConfig takes it: 'seed' is null, absent is the active version. */
const formConfigVersion = (text: string | undefined) => (text === undefined ? undefined : text === 'seed' ? null : Number(text));

/** The assignee's status; it must be the one the stored ticks give by the config version the review runs. */
export async function submitBike(db: Db, me: SessionUser, appointmentId: string, form: BikeSubmitForm) {
  if (form.appointmentId !== undefined && form.appointmentId !== appointmentId) throw badRequest('appointmentId does not match the path');
  const product = await reviewProductConfig(db, 'bike', formConfigVersion(form.configVersion));
  return db.transaction(async (tx) => {
    const row = await getBike(tx, appointmentId, { forUpdate: true });
    assertBikeAssignee(row, me, 'submit it');
    if (form.bikeId !== undefined && form.bikeId !== row.bike_id) throw badRequest('bikeId does not match the appointment');
    if (form.version !== undefined && form.version !== row.version) throw conflict(`Version ${form.version} is not the current version (${row.version})`);
    assertReviewable(row);
    const expected = bikeSubmitStatus(row, product.config);
    if (expected !== form.status) throw badRequest(`The review's ticks give the status ${expected}, not ${form.status}`);
    await storeBikeStatus(tx, row.id, { status: form.status, reason: form.reason ?? null, configVersion: product.version });
    await audit(tx, {
      actor: me.email,
      action: 'bike-submit',
      appointmentId: row.appointment_id,
      before: row.status,
      after: form.status,
      detail: { bikeId: row.bike_id, version: row.version, reason: form.reason ?? null, configVersion: product.version },
    });
    return toBikeDetail({ ...row, status: form.status, reason: form.reason ?? null, qc_end_time: new Date() });
  });
}

export interface PushedField {
  value?: BikeFieldData['value'];
  id?: string | number | null;
  rejected?: boolean;
  subParts?: Record<string, PushedField>;
}
export interface BikePush {
  appointmentId: string;
  inspectionData?: Record<string, Record<string, PushedField>>;
  images?: { hashKey: string; rejected: boolean }[];
  videos?: { hashKey: string; rejected: boolean }[];
  reason?: string;
  make?: { name?: string; code: string };
  model?: { name?: string; id: number };
  variant?: { name?: string; code: string };
}

/** Applies pushed corrections onto stored fields: unknown sections or fields are refused; the inspector's value is kept once. */
function applyFields(stored: Record<string, BikeFieldData>, pushed: Record<string, PushedField>, path: string): void {
  for (const [key, change] of Object.entries(pushed)) {
    if (!Object.hasOwn(stored, key)) throw badRequest(`Unknown field ${path}.${key}`);
    const field = stored[key];
    if (change.value !== undefined && JSON.stringify(change.value) !== JSON.stringify(field.value)) {
      if (!Object.hasOwn(field, 'inspectorValue')) field.inspectorValue = field.value;
      field.value = change.value;
    }
    if (change.id !== undefined) field.id = change.id;
    if (change.rejected !== undefined) field.rejected = change.rejected;
    if (change.subParts) applyFields((field.subParts ??= {}), change.subParts, `${path}.${key}`);
  }
}

/** Checks a pushed make/model/variant against the catalogue (the model belongs to the make, the variant to the model). */
async function resolveMakeModelVariant(db: Queryable, body: BikePush) {
  if (!body.make || !body.model || !body.variant) throw badRequest('make, model and variant are updated together');
  const model = await bikeModelOfMake(db, body.model.id, body.make.code);
  if (!model) throw badRequest(`Model ${body.model.id} is not a model of make ${body.make.code}`);
  const variant = model.variant.find((v) => v.code === body.variant!.code);
  if (!variant) throw badRequest(`Variant ${body.variant.code} is not a variant of model ${body.model.id}`);
  return {
    names: { make: model.make_name, model: model.model_name, variant: variant.name },
    codes: { make: body.make.code, model: body.model.id, variant: variant.code },
  };
}

/** The assignee's corrections, ticks, reason and make/model/variant, before the submit. */
export async function pushBikeData(db: Db, me: SessionUser, appointmentId: string, body: BikePush) {
  if (body.appointmentId !== appointmentId) throw badRequest('appointmentId does not match the path');
  const catalogue = body.make || body.model || body.variant ? await resolveMakeModelVariant(db, body) : null;
  return db.transaction(async (tx) => {
    const row = await getBike(tx, appointmentId, { forUpdate: true });
    assertBikeAssignee(row, me, 'edit it');
    assertReviewable(row);
    const detail = row.detail;
    const sections = new Set(BIKE_SECTIONS.map(([key]) => key));
    for (const [section, fields] of Object.entries(body.inspectionData ?? {})) {
      if (!sections.has(section)) throw badRequest(`Unknown section ${section}`);
      applyFields(detail.inspectionData[section] as Record<string, BikeFieldData>, fields, section);
    }
    const media = new Map(detail.images.map((m) => [m.hashKey, m]));
    for (const [list, kind] of [[body.images, 'image'], [body.videos, 'video']] as const) {
      for (const tick of list ?? []) {
        const item = media.get(tick.hashKey);
        if (!item || item.mediaType !== kind) throw badRequest(`No ${kind} with hashKey ${tick.hashKey}`);
        item.rejected = tick.rejected;
      }
    }
    let { make, model, variant } = row;
    if (catalogue) {
      ({ make, model, variant } = catalogue.names);
      const bikeDetails = detail.inspectionData.bikeDetails as Record<string, BikeFieldData>;
      for (const [key, value, code] of [['make', make, catalogue.codes.make], ['model', model, catalogue.codes.model], ['variant', variant, catalogue.codes.variant]] as const) {
        const field = bikeDetails[key];
        if (!Object.hasOwn(field, 'inspectorValue')) field.inspectorValue = field.value;
        field.value = value;
        field.id = code;
      }
    }
    await storeBikeData(tx, row.id, { detail, make, model, variant, reason: body.reason ?? null });
    await audit(tx, {
      actor: me.email,
      action: catalogue ? 'bike-make-model-variant' : 'bike-data',
      appointmentId: row.appointment_id,
      before: row.status,
      after: row.status,
      detail: { bikeId: row.bike_id, version: row.version, sections: Object.keys(body.inspectionData ?? {}), images: body.images?.length ?? 0, videos: body.videos?.length ?? 0, makeModelVariant: catalogue?.names ?? null },
    });
    return toBikeDetail({ ...row, detail, make, model, variant });
  });
}

/**
 * Writes the report PDF of the latest version under uploads/ and records its URL (assignee only). The file is
 * written before the transaction, holding no lock, and removed when the transaction fails.
 */
export async function generateBikeReport(db: Db, uploadsDir: string, me: SessionUser, appointmentId: string) {
  const first = await getBike(db, appointmentId);
  assertBikeAssignee(first, me, 'generate its report');
  const report = toBikeReport(first);
  const lines = [
    `Appointment ID: ${report.appointmentId}   Version: ${report.version}   Status: ${report.status}`,
    `${report.make} ${report.model} ${report.variant}   ${report.regNo}`,
    'CJ Remarks:',
    ...String(report.inspectionData.cjRemark ?? '').split('\n'),
  ];
  const stored = storeUpload(uploadsDir, `bikes/${first.appointment_id}`, `report-v${first.version}`, 'pdf', textPdf('INSPECTION REPORT', lines));
  try {
    return await db.transaction(async (tx) => {
      const row = await getBike(tx, appointmentId, { forUpdate: true });
      assertBikeAssignee(row, me, 'generate its report');
      await setBikePdfUrl(tx, row.id, stored.url);
      await audit(tx, { actor: me.email, action: 'bike-generate', appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { bikeId: row.bike_id, version: row.version, pdfUrl: stored.url, oldPdfUrl: row.pdf_url } });
      return toBikeDetail({ ...row, pdf_url: stored.url });
    });
  } catch (error) {
    stored.remove();
    throw error;
  }
}

export interface BikeImageUpload {
  type: BikeMediaData['type'];
  title: string;
  hashKey?: string;
  file: FormFile;
  kind: { ext: string; mime: string };
}

/**
 * Replaces the image with the upload's hashKey, else adds one of its type (assignee only, before the submit). The
 * file is written before the transaction and removed when the transaction fails.
 */
export async function uploadBikeImage(db: Db, uploadsDir: string, me: SessionUser, appointmentId: string, upload: BikeImageUpload) {
  const first = await getBike(db, appointmentId);
  assertBikeAssignee(first, me, 'upload its images');
  const stored = storeUpload(uploadsDir, `bikes/${first.appointment_id}`, upload.hashKey ?? upload.type, upload.kind.ext, upload.file.data);
  const uri = stored.url.replace(/^\/uploads\//, '');
  try {
    return await db.transaction(async (tx) => {
      const row = await getBike(tx, appointmentId, { forUpdate: true });
      assertBikeAssignee(row, me, 'upload its images');
      assertReviewable(row);
      const images = row.detail.images;
      let item = upload.hashKey ? images.find((m) => m.hashKey === upload.hashKey) : undefined;
      if (upload.hashKey && !item) throw notFound(`No image with hashKey ${upload.hashKey}`);
      if (item && item.mediaType !== 'image') throw badRequest(`${upload.hashKey} is a video`);
      const oldUri = item?.uri ?? null;
      if (item) {
        item.oldUri = item.uri;
        item.uri = uri;
      } else {
        item = { hashKey: `${row.appointment_id}_${upload.type}_qc${images.length + 1}`, type: upload.type, mediaType: 'image', uri, title: upload.title };
        images.push(item);
      }
      await storeBikeDetail(tx, row.id, row.detail);
      await audit(tx, {
        actor: me.email,
        action: 'bike-image-upload',
        appointmentId: row.appointment_id,
        before: row.status,
        after: row.status,
        detail: { bikeId: row.bike_id, version: row.version, hashKey: item.hashKey, uri, oldUri, mime: upload.kind.mime, size: upload.file.data.length },
      });
      return { hashKey: item.hashKey, uri, url: stored.url, oldUri };
    });
  } catch (error) {
    stored.remove();
    throw error;
  }
}
