import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { badRequest, errorSchema, notFound } from '../errors.ts';
import { readForm, sniffImage, validateForm } from '../forms.ts';
import { bikeMakes, bikeModelsOfMake, bikeVariantsOfModel, type BikeMediaData } from '../repos/bikes.ts';
import { appointmentIdSchema, detailOf, guardedErrors, utm } from '../schemas.ts';
import { uploadBikeImage } from '../services/bike-review.ts';

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
      return { detail: await uploadBikeImage(app.db, app.ctx.uploadsDir, me, id, { type: form.type, title: form.title, hashKey: form.hashKey, file, kind }) };
    },
  );

  app.get(
    '/api/bikeMake',
    { config: { access: 'bikeReview' }, schema: { summary: 'Bike makes', querystring: q(), response: { 200: list({ name: { type: 'string' }, code: { type: 'string' } }), ...guardedErrors } } },
    async () => ({ detail: await bikeMakes(app.db) }),
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
    async (request) => ({ detail: await bikeModelsOfMake(app.db, (request.query as { makeCode: string }).makeCode) }),
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
      const variants = await bikeVariantsOfModel(app.db, model_id);
      if (!variants) throw notFound(`Bike model ${model_id} not found`);
      return { detail: variants };
    },
  );
};

export default bikeMainRoutes;
