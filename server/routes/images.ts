import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { badRequest, errorSchema } from '../errors.ts';
import { readForm, sniffImage, validateForm } from '../forms.ts';
import { detailOf, guardedErrors, utm } from '../schemas.ts';
import { keyString } from '../safe-input.ts';
import { uploadInspectionImage, type ImageForm } from '../services/images.ts';
import { carSectionSchema } from '../review-schemas.ts';

const text = (maxLength = 200) => ({ type: 'string', maxLength }) as const;

/** Fields of the `POST v2/image` form (spec 000 §7) besides the file `imageFile`. */
const imageFormSchema = {
  type: 'object',
  properties: {
    ...utm,
    carId: { type: 'integer', minimum: 1 },
    section: carSectionSchema,
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

/**
 * Image upload (spec 000 §7 `POST v2/image`): a QC edit (mask, rotation) of an existing image found by hashKey,
 * or a new evidence image of a field (RTO NOC / NMC upload: type additionalInfo, part [+ subPart]); services/images.ts places it.
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
      return { detail: await uploadInspectionImage(app.db, app.ctx.uploadsDir, me, { form, fields, file, kind }) };
    },
  );
};

export default imageRoutes;
