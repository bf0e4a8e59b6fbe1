import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { assertBikeAssignee, getBike, type BikeMediaData } from '../bike-repo.ts';
import { badRequest, conflict, errorSchema, notFound } from '../errors.ts';
import { readForm, sniffImage, storeUpload, validateForm } from '../forms.ts';
import { audit } from '../repos/inspections.ts';
import { appointmentIdSchema } from '../review-helpers.ts';
import { detailOf, guardedErrors, utm } from '../schemas.ts';

const q = (properties: Record<string, object> = {}, required: string[] = []) => ({ type: 'object', properties: { ...utm, ...properties }, required });
const list = (properties: Record<string, object>) => detailOf({ type: 'array', items: { type: 'object', properties } });
const variantItem = { type: 'object', properties: { name: { type: 'string' }, code: { type: 'string' } } };

/** Fields of `PUT v2/bike-image/{id}` (spec 001 §7) besides the file imageFile. */
const imageForm = {
  type: 'object',
  properties: {
    ...utm,
    type: { type: 'string', enum: ['rcImage', 'insuranceImage', 'mainImage', 'defectImages'] },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    hashKey: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,150}$' },
    fileExtension: { type: 'string', pattern: '^[A-Za-z0-9]{1,10}$' },
  },
  required: ['type', 'title'],
} as const;

/** The bike calls spec 001 §7 puts on the main host (DESIGN.md: `/api/`): the bike image upload and the bike catalogue. */
const bikeMainRoutes: FastifyPluginAsync = async (app) => {
  app.put(
    '/v2/bike-image/:id',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary:
          'Upload a bike image (multipart: imageFile, type, title, hashKey, fileExtension): replaces the image with that hashKey, else adds one of ' +
          'that type; images only (by content); assignee only, before the submit',
        consumes: ['multipart/form-data'],
        params: { type: 'object', properties: { id: appointmentIdSchema }, required: ['id'] },
        querystring: q(),
        response: {
          200: detailOf({ type: 'object', properties: { hashKey: { type: 'string' }, uri: { type: 'string' }, url: { type: 'string' }, oldUri: { type: 'string', nullable: true } } }),
          ...guardedErrors,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params as { id: string };
      const { fields, file } = await readForm(request);
      const form = validateForm<{ type: BikeMediaData['type']; title: string; hashKey?: string; fileExtension?: string }>(imageForm, fields);
      if (!file) throw badRequest('imageFile is required');
      if (file.field !== 'imageFile') throw badRequest(`Unexpected file field ${file.field}; send the image as imageFile`);
      const kind = sniffImage(file.data);
      if (!kind) throw badRequest('Only image files (jpeg, png, webp, gif) can be uploaded');
      const first = await getBike(app.db, id);
      assertBikeAssignee(first, me, 'upload its images');
      const stored = storeUpload(app.ctx.uploadsDir, `bikes/${first.appointment_id}`, form.hashKey ?? form.type, kind.ext, file.data);
      const uri = stored.url.replace(/^\/uploads\//, '');
      try {
        return await app.db.transaction(async (tx) => {
          const row = await getBike(tx, id, { forUpdate: true });
          assertBikeAssignee(row, me, 'upload its images');
          if (row.status !== 'READY_FOR_REVIEW') throw conflict(`Bike appointment ${row.appointment_id} is already ${row.status}`);
          const images = row.detail.images;
          let item = form.hashKey ? images.find((m) => m.hashKey === form.hashKey) : undefined;
          if (form.hashKey && !item) throw notFound(`No image with hashKey ${form.hashKey}`);
          if (item && item.mediaType !== 'image') throw badRequest(`${form.hashKey} is a video`);
          const oldUri = item?.uri ?? null;
          if (item) {
            item.oldUri = item.uri;
            item.uri = uri;
          } else {
            item = { hashKey: `${row.appointment_id}_${form.type}_qc${images.length + 1}`, type: form.type, mediaType: 'image', uri, title: form.title };
            images.push(item);
          }
          await tx.query('UPDATE bike_inspections SET detail = $2::jsonb, updated_at = now() WHERE id = $1', [row.id, JSON.stringify(row.detail)]);
          await audit(tx, {
            actor: me.email,
            action: 'bike-image-upload',
            appointmentId: row.appointment_id,
            before: row.status,
            after: row.status,
            detail: { bikeId: row.bike_id, version: row.version, hashKey: item.hashKey, uri, oldUri, mime: kind.mime, size: file.data.length },
          });
          return { detail: { hashKey: item.hashKey, uri, url: stored.url, oldUri } };
        });
      } catch (error) {
        stored.remove();
        throw error;
      }
    },
  );

  app.get(
    '/api/bikeMake',
    { config: { access: 'bikeReview' }, schema: { summary: 'Bike makes', querystring: q(), response: { 200: list({ name: { type: 'string' }, code: { type: 'string' } }), ...guardedErrors } } },
    async () => ({ detail: (await app.db.query('SELECT name, code FROM bike_makes ORDER BY name')).rows }),
  );

  app.get(
    '/api/bikeModel',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary: 'Bike models of a make, each with its variants (a list of name and code)',
        querystring: q({ makeCode: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,30}$' } }, ['makeCode']),
        response: { 200: list({ id: { type: 'integer' }, name: { type: 'string' }, variant: { type: 'array', items: variantItem } }), ...guardedErrors },
      },
    },
    async (request) => {
      const { makeCode } = request.query as { makeCode: string };
      return { detail: (await app.db.query('SELECT id, name, variant FROM bike_models WHERE make_code = $1 ORDER BY name', [makeCode])).rows };
    },
  );

  app.get(
    '/api/bikeVariant',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary: 'Variants of a bike model',
        querystring: q({ model_id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['model_id']),
        response: { 200: detailOf({ type: 'array', items: variantItem }), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const { model_id } = request.query as { model_id: number };
      const { rows } = await app.db.query<{ variant: { name: string; code: string }[] }>('SELECT variant FROM bike_models WHERE id = $1', [model_id]);
      if (!rows[0]) throw notFound(`Bike model ${model_id} not found`);
      return { detail: rows[0].variant };
    },
  );
};

export default bikeMainRoutes;
