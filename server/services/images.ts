/**
 * QC image uploads of a car inspection (spec 000 §2 image editor, §7 `POST v2/image`): a QC edit (mask, rotation) of
 * an existing image found by hashKey, or a new evidence image of a field; assignee only, one transaction with the
 * upload record and its audit line.
 */
import type { InspectionField, InspectionSection } from '../../src/engine/inspection.ts';
import type { SessionUser } from '../auth.ts';
import type { Db } from '../db.ts';
import { badRequest } from '../errors.ts';
import { storeUpload, type FormFile } from '../forms.ts';
import { audit, getInspection, type InspectionRow } from '../repos/inspections.ts';
import { storeCorrectedDetail } from '../repos/review-writes.ts';
import { recordUpload } from '../repos/uploads.ts';
import { own, setOwn } from '../safe-input.ts';
import { assertAssignee } from './assignee.ts';
import { findImage } from './image-slots.ts';

export interface ImageForm {
  carId: number;
  section: string;
  type?: string;
  part?: string;
  partTitle?: string;
  subPart?: string;
  hashKey?: string;
  title?: string;
  pointerCount?: number;
  isTilted?: boolean;
  oldImageUrl?: string;
}

export interface ImageUpload {
  form: ImageForm;
  /** The form's fields as sent: kept on the upload record. */
  fields: Record<string, string>;
  file: FormFile;
  kind: { ext: string; mime: string };
}

/**
 * Stores the file under uploads/ (before the transaction, holding no lock; removed when the transaction fails) and
 * puts its url into the inspection's detail; answers the url, what it replaced and the image's hashKey.
 */
export async function uploadInspectionImage(db: Db, uploadsDir: string, me: SessionUser, upload: ImageUpload) {
  const { form, fields, file, kind } = upload;
  const first = await getInspection(db, form.carId);
  assertAssignee(first, me, 'upload images for this inspection');
  const stored = storeUpload(uploadsDir, `qc/${first.appointment_id}`, `${form.carId}-${form.hashKey ?? form.part}`, kind.ext, file.data);
  try {
    return await db.transaction(async (tx) => {
      const row = await getInspection(tx, form.carId, { forUpdate: true });
      assertAssignee(row, me, 'upload images for this inspection');
      const result = placeImage(row, form, stored.url, me.email);
      await storeCorrectedDetail(tx, form.carId, row.detail);
      await recordUpload(tx, {
        carId: form.carId,
        url: stored.url,
        oldUrl: result.oldUrl,
        meta: { ...fields, mime: kind.mime, size: file.data.length, masked: result.masked, hashKey: result.hashKey },
        uploadedBy: me.email,
      });
      await audit(tx, {
        actor: me.email,
        action: result.masked ? 'image-mask' : 'image-upload',
        carId: form.carId,
        appointmentId: row.appointment_id,
        before: row.status,
        after: row.status,
        detail: { section: form.section, hashKey: result.hashKey, url: stored.url, oldUrl: result.oldUrl },
      });
      return { url: stored.url, oldUrl: result.oldUrl, hashKey: result.hashKey };
    });
  } catch (error) {
    stored.remove();
    throw error;
  }
}

/** Puts the uploaded url into the inspection's detail (mutating `row.detail`); answers what it replaced. */
function placeImage(row: InspectionRow, form: ImageForm, url: string, by: string): { oldUrl: string | null; hashKey: string; masked: boolean } {
  const data = row.detail.inspectionData;
  const section = own(data, form.section) ?? setOwn<InspectionSection>(data, form.section, {});
  const meta = {
    serverTime: new Date().toISOString(),
    ...(form.pointerCount !== undefined ? { pointerCount: form.pointerCount } : {}),
    ...(form.isTilted !== undefined ? { isTilted: form.isTilted } : {}),
  };
  const existing = form.hashKey ? findImage(section, form.hashKey) : null;
  if (existing) {
    // Replacing a recorded image is a QC edit (masking/rotation, 000 §2 image editor): keep what it replaced.
    const oldUrl = existing.url;
    Object.assign(existing, meta, { url, oldUrl, originalUrl: existing.originalUrl ?? oldUrl, isMaskedByQc: true, maskedBy: by });
    return { oldUrl, hashKey: existing.hashKey, masked: true };
  }
  // A new image only for an evidence upload (type additionalInfo, e.g. RTO NOC) or when no hashKey names one:
  // an unknown hashKey otherwise means a stale page, and guessing a slot would put the image in the wrong place.
  if (!form.part || (form.hashKey && form.type !== 'additionalInfo')) throw badRequest(`No image with hashKey ${form.hashKey} in ${form.section}`);
  const parent = own(section, form.part);
  if (!parent) throw badRequest(`No field ${form.part} in ${form.section}`);
  let target: InspectionField = parent;
  if (form.subPart) {
    const sub = own(parent.subParts, form.subPart);
    if (!sub) throw badRequest(`No field ${form.part}.${form.subPart} in ${form.section}`);
    target = sub;
  }
  const hashKey = form.hashKey ?? `${row.appointment_id}_${form.section}_${form.part}${form.subPart ? `_${form.subPart}` : ''}`;
  const oldUrl = target.image?.url ?? null;
  target.image = { ...(target.image ?? {}), ...meta, hashKey, title: form.title || form.partTitle || target.title, url, ...(oldUrl ? { oldUrl } : {}) };
  return { oldUrl, hashKey, masked: false };
}
