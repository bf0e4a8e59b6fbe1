/**
 * QC admin tools (spec 002 §2 'Admin forms', §7, §8): registration number / variant and odometer corrections of an
 * appointment's latest inspection, the store cancellation X factor (one slot, or a CSV), evaluator leaves (CSV) and
 * the video tutorial trigger; each change one transaction with its audit line. The admin forms' own texts.
 */
import adminForms from '../../src/config/admin-forms.json' with { type: 'json' };
import { X_FACTOR_CHANNELS, checkLeaveCsv, checkXFactorCsv, hourlySlots, parseXFactor, type CsvRowError } from '../../src/products/admin/admin-csv.ts';
import type { InspectionField } from '../../src/engine/inspection.ts';
import type { Db, Queryable } from '../db.ts';
import { badRequest, conflict, HttpError, notFound } from '../errors.ts';
import { sniffVideo, storeUpload, type FormFile } from '../forms.ts';
import { audit, type InspectionRow } from '../repos/inspections.ts';
import { factorRow, insertVideoTutorial, lockFactorRow, setSlotFactor, storesOfChannels, upsertLeave, upsertSlotFactor } from '../repos/admin-tools.ts';
import { variantByIdOrName } from '../repos/lookups.ts';
import { storeCorrectedDetail } from '../repos/review-writes.ts';
import { setOwn } from '../safe-input.ts';
import { latestInspection } from '../repos/appointments.ts';

const INVALID_APPOINTMENT = 'Invalid Appointment Id';

/** 404 with the admin forms' own texts (spec 002 §4/§8). */
async function latestOr404(db: Queryable, appointmentId: string, forUpdate = false): Promise<InspectionRow> {
  try {
    return await latestInspection(db, appointmentId, { forUpdate });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(404, 'Not Found', 'Enter correct Appointment Id');
    throw error;
  }
}

function odometerField(row: InspectionRow): InspectionField | undefined {
  return row.detail.inspectionData.electricalsInterior?.odometerReading;
}

export interface RegVariantCorrection {
  appointmentId: string;
  registrationNumber?: string | null;
  oldRegistrationNumber?: string | null;
  variant?: string | number | null;
  oldVariant?: string | number | null;
}

const trimmedOrNull = (value: string | number | null | undefined) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim());

/** Corrects the registration number (upper-cased) and/or the variant (one of the catalogue's) of the latest inspection. */
export async function correctRegVariant(db: Db, actor: string, body: RegVariantCorrection) {
  const id = body.appointmentId.trim();
  if (!/^[0-9A-Za-z-]{1,30}$/.test(id)) throw badRequest(INVALID_APPOINTMENT);
  const reg = body.registrationNumber?.replace(/\s+/g, '').toUpperCase() || null;
  const oldReg = body.oldRegistrationNumber?.replace(/\s+/g, '').toUpperCase() || null;
  const variant = trimmedOrNull(body.variant);
  const oldVariant = trimmedOrNull(body.oldVariant);
  if (oldReg && !reg) throw badRequest('Invalid new registration number');
  if (oldVariant && !variant) throw badRequest('Invalid new variant');
  if (!reg && !variant) throw badRequest('Nothing to change: give a new registration number or a new variant');
  if (reg && !/^[A-Z0-9]{1,11}$/.test(reg)) throw badRequest('Registration No should be 11 character long');

  return db.transaction(async (tx) => {
    const row = await latestOr404(tx, id, true);
    const car = (row.detail.inspectionData.carDetails ??= {});
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    if (reg) {
      const field = (car.registrationNumber ??= { title: 'Registration Number', value: null });
      if (oldReg && String(field.value ?? '').toUpperCase() !== oldReg) throw conflict(`The registration number is ${field.value ?? 'empty'}, not ${oldReg}`);
      changes.registrationNumber = { before: field.value, after: reg };
      field.value = reg;
    }
    let variantId: number | null = null;
    let variantName = row.variant;
    if (variant) {
      const field = (car.variant ??= { title: 'Variant', value: null });
      if (oldVariant && String(field.value ?? '') !== oldVariant && String(field.id ?? '') !== oldVariant) {
        throw conflict(`The variant is ${field.value ?? 'empty'}, not ${oldVariant}`);
      }
      const modelId = car.model?.id;
      const found = await variantByIdOrName(tx, { modelId: typeof modelId === 'number' ? modelId : null, variant, year: Number(car.year?.value) || null });
      if (!found) throw badRequest(`Invalid new variant: ${variant} is not a variant of ${row.make} ${row.model}`);
      changes.variant = { before: { value: field.value, id: field.id ?? null }, after: { value: found.variant_name, id: found.variant_id } };
      field.value = found.variant_name;
      field.id = found.variant_id;
      field.additionalInfo = { ...(field.additionalInfo ?? {}), variantDisplayName: found.variant_display_name, transportation_category: found.transportation_category };
      variantId = found.variant_id;
      variantName = found.variant_name;
    }
    await storeCorrectedDetail(tx, row.car_id, row.detail, variantName);
    await audit(tx, { actor, action: 'admin-reg-variant', carId: row.car_id, appointmentId: row.appointment_id, before: row.status, after: row.status, detail: changes });
    return {
      appointmentId: row.appointment_id,
      carId: row.car_id,
      registrationNumber: String(car.registrationNumber?.value ?? ''),
      variant: variantName,
      variantId: variantId ?? (typeof car.variant?.id === 'number' ? car.variant.id : null),
    };
  });
}

/** The recorded odometer reading of the latest inspection (null when none). */
export async function odometerReading(db: Queryable, appointmentId: string) {
  const row = await latestOr404(db, appointmentId);
  const value = odometerField(row)?.value;
  return { appointmentId: row.appointment_id, carId: row.car_id, odometerReading: value === null || value === undefined || value === '' ? null : Number(value) };
}

/** Corrects the odometer reading (km, up to 10 digits, above 0) of the latest inspection. */
export async function correctOdometer(db: Db, actor: string, body: { appointmentId: string; odometerReading?: number | string | null }) {
  const id = body.appointmentId.trim();
  if (!/^[0-9A-Za-z-]{1,30}$/.test(id)) throw badRequest(INVALID_APPOINTMENT);
  const raw = body.odometerReading === null || body.odometerReading === undefined ? '' : String(body.odometerReading).trim();
  if (!/^\d{1,10}$/.test(raw) || Number(raw) <= 0) throw badRequest('Invalid odometer');
  const reading = Number(raw);
  return db.transaction(async (tx) => {
    const row = await latestOr404(tx, id, true);
    const interior = (row.detail.inspectionData.electricalsInterior ??= {});
    const field = (interior.odometerReading ??= { title: 'Odometer Reading', value: null });
    const before = field.value === null || field.value === '' ? null : Number(field.value);
    field.value = reading;
    await storeCorrectedDetail(tx, row.car_id, row.detail);
    await audit(tx, { actor, action: 'admin-odometer', carId: row.car_id, appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { before, after: reading } });
    return { message: 'Odometer Reading updated succesfully', appointmentId: row.appointment_id, odometerReading: reading, oldOdometerReading: before };
  });
}

/** Sets one slot's X factor of a row (a number 0 to 10, two decimals; a slot within the store's hours). */
export async function setXFactor(db: Db, actor: string, id: number, body: { slotTime?: string; xFactor?: number | null }) {
  if (!body.slotTime) throw badRequest('Slot is required');
  if (body.xFactor === null || body.xFactor === undefined) throw badRequest('X factor is required');
  const factor = parseXFactor(String(body.xFactor));
  if (factor === null) throw badRequest('X factor must be a number from 0 to 10 with at most two decimals');
  const slot = body.slotTime;
  return db.transaction(async (tx) => {
    const row = await lockFactorRow(tx, id);
    if (!row || !X_FACTOR_CHANNELS.includes(row.channel ?? '')) throw notFound(`X factor row ${id} not found`);
    if (!hourlySlots(row.open_hour, row.close_hour).includes(slot)) throw badRequest(`Slot ${slot} is outside the store's hours`);
    await setSlotFactor(tx, id, slot, factor, actor);
    await audit(tx, { actor, action: 'x-factor-update', detail: { id, storeId: row.store_id, slot, before: row.slot_x_factor[slot] ?? null, after: factor } });
    return factorRow(tx, id);
  });
}

/** Applies the valid rows of an X factor CSV in one transaction; the others are answered with their row numbers. */
export async function uploadXFactorCsv(db: Db, actor: string, text: string, filename: string | undefined) {
  const check = checkXFactorCsv(text);
  if (check.fileError) throw badRequest(check.fileError);
  const errors: CsvRowError[] = [...check.errors];
  return db.transaction(async (tx) => {
    const stores = await storesOfChannels(tx, X_FACTOR_CHANNELS);
    let updated = 0;
    for (const { row, value } of check.rows) {
      const store = stores.get(value.storeId);
      if (!store) {
        errors.push({ row, message: `CENTRE_ID ${value.storeId} is not a locality or sell_online store` });
        continue;
      }
      if (!hourlySlots(store.open_hour, store.close_hour).includes(value.slot)) {
        errors.push({ row, message: `SLOT ${value.slot} is outside the hours of ${store.name}` });
        continue;
      }
      for (const date of value.dates) await upsertSlotFactor(tx, { storeId: value.storeId, date, slot: value.slot, factor: value.factor }, actor);
      updated++;
    }
    errors.sort((a, b) => a.row - b.row);
    await audit(tx, { actor, action: 'x-factor-upload', detail: { file: filename, updatedRows: updated, errors } });
    return {
      message: errors.length ? `${updated} rows updated successfully, ${errors.length} error rows` : 'File uploaded successfully',
      updatedRows: updated,
      errorRows: errors.length,
      errors,
    };
  });
}

/** Stores the evaluator leaves of a CSV: all rows or none, errors one per line. */
export async function uploadLeaves(db: Db, actor: string, text: string, filename: string | undefined) {
  const check = checkLeaveCsv(text);
  if (check.fileError) throw badRequest(check.fileError);
  if (check.errors.length) throw badRequest(check.errors.map((e) => `Row ${e.row}: ${e.message}`).join('\n'));
  return db.transaction(async (tx) => {
    for (const { value } of check.rows) await upsertLeave(tx, value, actor);
    await audit(tx, { actor, action: 'evaluator-leaves-upload', detail: { file: filename, rows: check.rows.length } });
    return { message: `${check.rows.length} leaves uploaded`, uploaded: check.rows.length };
  });
}

const VIDEO = adminForms.videoTutorial;
const VIDEO_KEYS = ['hindiVideo', 'englishVideo'] as const;

/** The tutorial form's required fields, in its order and with its texts; the two videos are files. */
export function checkVideoTutorialForm(fields: Record<string, string>, files: Map<string, FormFile>): void {
  const present = (key: string) => (key === 'hindiVideo' || key === 'englishVideo' ? !!files.get(key)?.data.length : !!fields[key]?.trim());
  for (const [key, text] of VIDEO.checks) if (!present(key)) throw badRequest(text);
}

export interface VideoTutorialForm {
  featureTitle: string;
  description: string;
  startDate: string;
  configName: string;
}

/** Stores the two videos (checked by content) under uploads/ and the tutorial; the files are removed when it fails. */
export async function createVideoTutorial(db: Db, uploadsDir: string, actor: string, body: VideoTutorialForm, files: Map<string, FormFile>) {
  const videos: Record<string, string> = {};
  const stored: (() => void)[] = [];
  try {
    for (const key of VIDEO_KEYS) {
      const file = files.get(key)!;
      const kind = sniffVideo(file.data);
      if (!kind) throw badRequest(`${key === 'hindiVideo' ? 'Hindi' : 'English'} video: only video files can be uploaded`);
      const upload = storeUpload(uploadsDir, 'video-tutorials', `${body.featureTitle}-${key}`, kind.ext, file.data);
      stored.push(upload.remove);
      setOwn(videos, key, upload.url);
    }
    const id = await db.transaction(async (tx) => {
      const tutorialId = await insertVideoTutorial(
        tx,
        { featureTitle: body.featureTitle.trim(), description: body.description.trim(), hindiVideoUrl: videos.hindiVideo, englishVideoUrl: videos.englishVideo, startDate: body.startDate, configName: body.configName.trim() },
        actor,
      );
      await audit(tx, { actor, action: 'video-tutorial', detail: { id: tutorialId, featureTitle: body.featureTitle, startDate: body.startDate, configName: body.configName } });
      return tutorialId;
    });
    return { message: VIDEO.success, id, hindiVideo: videos.hindiVideo, englishVideo: videos.englishVideo };
  } catch (error) {
    for (const remove of stored) remove();
    throw error;
  }
}
