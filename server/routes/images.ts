import type { FastifyPluginAsync } from 'fastify';
import type { InspectionField, InspectionSection } from '../../src/engine/inspection.ts';
import { currentUser } from '../auth.ts';
import { badRequest, errorSchema } from '../errors.ts';
import { readForm, sniffImage, storeUpload, validateForm } from '../forms.ts';
import { audit, getInspection, type InspectionRow } from '../repos/inspections.ts';
import { assertAssignee, findImage, sectionSchema } from '../review-helpers.ts';
import { detailOf, guardedErrors, utm } from '../schemas.ts';
import { keyString, own, setOwn } from '../safe-input.ts';

const text = (maxLength = 200) => ({ type: 'string', maxLength }) as const;

/** Fields of the `POST v2/image` form (spec 000 §7) besides the file `imageFile`. */
const imageFormSchema = {
  type: 'object',
  properties: {
    ...utm,
    carId: { type: 'integer', minimum: 1 },
    section: sectionSchema,
    type: text(50),
    part: keyString(100),
    partTitle: text(),
    partValue: text(),
    subPart: keyString(100),
    hashKey: keyString(150),
    title: text(),
    role: text(50),
    field: keyString(100),
    inspectionStatus: text(30),
    uploadTime: text(40),
    pointerCount: { type: 'integer', minimum: 0, maximum: 1000 },
    isTilted: { type: 'boolean' },
    fileExtension: text(10),
    oldImageUrl: text(2000),
  },
  required: ['carId', 'section'],
} as const;

interface ImageForm {
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

/**
 * Image upload (spec 000 §7 `POST v2/image`): a QC edit (mask, rotation) of an existing image found by hashKey,
 * or a new evidence image of a field (RTO NOC / NMC upload: type additionalInfo, part [+ subPart]).
 */
const imageRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/v2/image',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary:
          'Upload an image (multipart: imageFile + carId, section, type, part, partTitle, partValue, subPart, hashKey, title, role, field, ' +
          'inspectionStatus, uploadTime, pointerCount, isTilted, fileExtension, oldImageUrl); images only; assignee only',
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', properties: utm },
        response: {
          200: detailOf({ type: 'object', properties: { url: { type: 'string' }, oldUrl: { type: 'string', nullable: true }, hashKey: { type: 'string' } }, required: ['url', 'oldUrl'] }),
          ...guardedErrors,
          404: errorSchema,
          413: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { fields, file } = await readForm(request);
      const form = validateForm<ImageForm>(imageFormSchema, fields);
      if (!file) throw badRequest('imageFile is required');
      if (file.field !== 'imageFile') throw badRequest(`Unexpected file field ${file.field}; send the image as imageFile`);
      const kind = sniffImage(file.data);
      if (!kind) throw badRequest('Only image files (jpeg, png, webp, gif) can be uploaded');
      if (!form.hashKey && !form.part) throw badRequest('hashKey or part is required');

      const first = await getInspection(app.db, form.carId);
      assertAssignee(first, me, 'upload images for this inspection');
      const stored = storeUpload(app.ctx.uploadsDir, `qc/${first.appointment_id}`, `${form.carId}-${form.hashKey ?? form.part}`, kind.ext, file.data);
      try {
        return await app.db.transaction(async (tx) => {
          const row = await getInspection(tx, form.carId, { forUpdate: true });
          assertAssignee(row, me, 'upload images for this inspection');
          const result = placeImage(row, form, stored.url, me.email);
          await tx.query('UPDATE inspections SET detail = $2::jsonb, updated_at = now() WHERE car_id = $1', [form.carId, JSON.stringify(row.detail)]);
          await tx.query('INSERT INTO uploads (car_id, path, url, old_url, meta, uploaded_by) VALUES ($1, $2, $3, $4, $5::jsonb, $6)', [
            form.carId,
            stored.url.replace(/^\/uploads\//, ''),
            stored.url,
            result.oldUrl,
            JSON.stringify({ ...fields, mime: kind.mime, size: file.data.length, masked: result.masked, hashKey: result.hashKey }),
            me.email,
          ]);
          await audit(tx, {
            actor: me.email,
            action: result.masked ? 'image-mask' : 'image-upload',
            carId: form.carId,
            appointmentId: row.appointment_id,
            before: row.status,
            after: row.status,
            detail: { section: form.section, hashKey: result.hashKey, url: stored.url, oldUrl: result.oldUrl },
          });
          return { detail: { url: stored.url, oldUrl: result.oldUrl, hashKey: result.hashKey } };
        });
      } catch (error) {
        stored.remove();
        throw error;
      }
    },
  );
};

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

export default imageRoutes;
