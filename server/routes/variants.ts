import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentUser } from '../auth.ts';
import { badRequest, errorSchema } from '../errors.ts';
import { readForm, sniffImage, validateForm } from '../forms.ts';
import { anyObject, detailOf, guardedErrors, utm } from '../schemas.ts';
import {
  FIXED_DATA_KEYS,
  FUEL_TYPES,
  IMAGE_NAME,
  PARAMETER_NAME,
  PARAMETER_TYPES,
  addParameter,
  addVariantData,
  changeParameter,
  changeParameterStatus,
  changeVariantData,
  listParameters,
  parseYears,
  removeVariantData,
  saveQuestionSequence,
  sequenceOf,
  setSuggestionStatus,
  storeParameterImage,
  suggestionData,
  type ParameterInput,
  type VariantDataInput,
} from '../services/variants.ts';

/** Car variant catalogue (spec 002 §2, §3, §4, §5, §7 'Variant catalogue'); the rules are in services/variants.ts. */

const YEARS_TEXT = { type: 'string', pattern: '^\\d{4}(,\\d{4}){0,39}$' } as const;
const yearsList = { type: 'array', items: { type: 'integer', minimum: 1990, maximum: 2100 }, minItems: 1, maxItems: 40, uniqueItems: true } as const;
const fuelType = { type: 'string', enum: FUEL_TYPES } as const;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const q = (properties: Record<string, object> = {}, required: string[] = []) => ({ type: 'object', properties: { ...utm, ...properties }, required });
const message = detailOf({ type: 'string' });
const errors = { ...guardedErrors, 404: errorSchema, 409: errorSchema };

const parameterSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    value: { type: 'array', items: { type: 'string' } },
    image: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, url: { type: 'string' } } } },
    status: { type: 'string' },
  },
} as const;

const parameterBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 40 },
    type: { type: 'string', enum: PARAMETER_TYPES },
    value: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 60 } },
    image: {
      type: 'array',
      maxItems: 30,
      items: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 60 }, url: { type: 'string', maxLength: 200 } } },
    },
    status: { type: 'string', enum: ['Active'] },
  },
  required: ['name', 'type'],
} as const;

const FIXED_DATA_FIELDS = {
  make_id: id,
  model_id: id,
  modelName: { type: 'string', maxLength: 100 },
  fuelType,
  manufacturingYears: YEARS_TEXT,
  variant: { type: 'string', minLength: 1, maxLength: 100 },
  variantId: id,
  srNo: id,
} as const satisfies Record<(typeof FIXED_DATA_KEYS)[number], object>;

/** A variant data row: the fixed fields plus one key per parameter name (its value). */
const variantDataItem = {
  type: 'object',
  properties: FIXED_DATA_FIELDS,
  propertyNames: { pattern: PARAMETER_NAME },
  additionalProperties: { type: ['string', 'integer'], maxLength: 300 },
  required: ['model_id', 'fuelType', 'manufacturingYears', 'variant', 'variantId'],
} as const;

const variantRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/variant-suggestion-parameter',
    {
      config: { access: 'variantEdit' },
      schema: { summary: 'Variant parameters (spec 002 §3 Car variant parameter)', querystring: q(), response: { 200: detailOf({ type: 'array', items: parameterSchema }), ...guardedErrors } },
    },
    async () => ({ detail: await listParameters(app.db) }),
  );

  app.post(
    '/v2/variant-suggestion-parameter',
    {
      config: { access: 'variantEdit' },
      schema: { summary: 'Add a parameter (dropDown, yes/no or image)', querystring: q(), body: parameterBody, response: { 201: detailOf(parameterSchema), ...errors } },
    },
    async (request, reply) => {
      const detail = await addParameter(app.db, currentUser(request).email, request.body as ParameterInput);
      reply.code(201);
      return { detail };
    },
  );

  app.put(
    '/v2/variant-suggestion-parameter/:id',
    {
      config: { access: 'variantEdit' },
      schema: {
        summary: 'Update a parameter; a new name is carried into the variant data and question sequences that use it',
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } }, required: ['id'] },
        querystring: q(),
        body: parameterBody,
        response: { 200: detailOf(parameterSchema), ...errors },
      },
    },
    async (request) => ({ detail: await changeParameter(app.db, currentUser(request).email, Number((request.params as { id: string }).id), request.body as ParameterInput) }),
  );

  app.patch(
    '/v2/variant-suggestion-parameter/:name',
    {
      config: { access: 'variantEdit' },
      schema: {
        summary: "Set a parameter's status by name (e.g. v2/variant-suggestion-parameter/sunroof with { status: 'Inactive' })",
        params: { type: 'object', properties: { name: { type: 'string', pattern: PARAMETER_NAME } }, required: ['name'] },
        querystring: q(),
        body: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: ['Active', 'Inactive'] } }, required: ['status'] },
        response: { 200: detailOf(parameterSchema), ...errors },
      },
    },
    async (request) => {
      const { name } = request.params as { name: string };
      return { detail: await changeParameterStatus(app.db, currentUser(request).email, name, (request.body as { status: 'Active' | 'Inactive' }).status) };
    },
  );

  app.post(
    '/v2/variant-suggestion-parameter/image',
    {
      config: { access: 'variantEdit' },
      schema: {
        summary: 'Upload a parameter image (multipart imageName, imageFile; webp only, checked by content); answers detail.url',
        querystring: q(),
        response: { 201: detailOf({ type: 'object', properties: { name: { type: 'string' }, url: { type: 'string' } } }), ...errors, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const form = await readForm(request);
      const { imageName } = validateForm<{ imageName: string }>(
        { type: 'object', properties: { imageName: { type: 'string', maxLength: 60, pattern: IMAGE_NAME } }, required: ['imageName'], additionalProperties: false },
        form.fields,
      );
      if (!form.file || form.file.field !== 'imageFile' || !form.file.data.length) throw badRequest('Image is required');
      if (sniffImage(form.file.data)?.ext !== 'webp') throw badRequest('Only webp type image will be uploaded');
      const detail = await storeParameterImage(app.db, app.ctx.uploadsDir, me.email, imageName, form.file.data);
      reply.code(201);
      return { detail };
    },
  );

  app.post(
    '/v2/variant-suggestion',
    {
      config: { access: 'variantList' },
      schema: {
        summary: 'Suggestion data of a model, fuel type and years: variantList, missingVariants and status (Active or Pending)',
        querystring: q(),
        body: { type: 'object', additionalProperties: false, properties: { modelId: id, years: yearsList, fuelType }, required: ['modelId', 'years', 'fuelType'] },
        response: {
          200: detailOf({
            type: 'object',
            properties: {
              variantList: { type: 'array', items: anyObject },
              missingVariants: { type: 'array', items: { type: 'object', properties: { variant_id: { type: 'integer' }, variant_name: { type: 'string' }, years: { type: 'array', items: { type: 'integer' } } } } },
              status: { type: 'string', enum: ['Active', 'Pending'] },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const body = request.body as { modelId: number; years: number[]; fuelType: string };
      return { detail: await suggestionData(app.db, { modelId: body.modelId, fuelType: body.fuelType, years: [...body.years].sort((a, b) => a - b) }) };
    },
  );

  app.post(
    '/v2/variant-suggestion-status',
    {
      config: { access: 'variantList' },
      schema: {
        summary: 'Enable (Active) or disable (Pending) the suggestion data for the inspection app',
        querystring: q(),
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { model_id: id, manufacturingYears: YEARS_TEXT, fuelType, status: { type: 'string', enum: ['Active', 'Pending'] } },
          required: ['model_id', 'manufacturingYears', 'fuelType', 'status'],
        },
        response: { 200: detailOf({ type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' } } }), ...errors },
      },
    },
    async (request) => {
      const body = request.body as { model_id: number; manufacturingYears: string; fuelType: string; status: 'Active' | 'Pending' };
      const scope = { modelId: body.model_id, fuelType: body.fuelType, years: parseYears(body.manufacturingYears) };
      return { detail: await setSuggestionStatus(app.db, currentUser(request).email, scope, body.status) };
    },
  );

  app.get(
    '/v2/variant-question-sequence',
    {
      config: { access: 'variantList' },
      schema: {
        summary: 'Parameters of the suggestion data of a model, fuel type and years, with their question sequence',
        querystring: q({ modelId: id, years: YEARS_TEXT, fuelType }, ['modelId', 'years', 'fuelType']),
        response: {
          200: detailOf({
            type: 'object',
            properties: {
              parameters: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, type: { type: 'string' }, sequence: { type: 'integer', nullable: true } } } },
              displayFields: { type: 'object', additionalProperties: { type: 'integer' } },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const query = request.query as { modelId: number; years: string; fuelType: string };
      return { detail: await sequenceOf(app.db, { modelId: query.modelId, fuelType: query.fuelType, years: parseYears(query.years) }) };
    },
  );

  app.post(
    '/v2/variant-question-sequence',
    {
      config: { access: 'variantList' },
      schema: {
        summary: 'Save the question sequence (displayFields: parameter name → 1..n, each number once)',
        querystring: q(),
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            make_id: id,
            make_name: { type: 'string', maxLength: 100 },
            model_id: id,
            model_name: { type: 'string', maxLength: 100 },
            fuelType,
            manufacturingYears: YEARS_TEXT,
            displayFields: { type: 'object', maxProperties: 100, propertyNames: { pattern: PARAMETER_NAME }, additionalProperties: { type: 'integer', minimum: 1, maximum: 100 } },
          },
          required: ['model_id', 'fuelType', 'manufacturingYears', 'displayFields'],
        },
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      const body = request.body as { model_id: number; fuelType: string; manufacturingYears: string; displayFields: Record<string, number> };
      const scope = { modelId: body.model_id, fuelType: body.fuelType, years: parseYears(body.manufacturingYears) };
      return { detail: await saveQuestionSequence(app.db, currentUser(request).email, scope, body.displayFields) };
    },
  );

  app.post(
    '/v2/variant-suggestion-data',
    {
      config: { access: 'variantEdit' },
      schema: {
        summary: 'Add suggestion data: one row per variant column (fixed fields plus one key per parameter name)',
        querystring: q(),
        body: { type: 'array', minItems: 1, maxItems: 20, items: variantDataItem },
        response: { 201: message, ...errors },
      },
    },
    async (request, reply) => {
      const detail = await addVariantData(app.db, currentUser(request).email, request.body as VariantDataInput[]);
      reply.code(201);
      return { detail };
    },
  );

  const srNoParams = { type: 'object', properties: { srNo: id }, required: ['srNo'] } as const;
  const update = async (request: FastifyRequest) => ({
    detail: await changeVariantData(app.db, currentUser(request).email, (request.params as { srNo: number }).srNo, request.body as VariantDataInput),
  });
  const updateSchema = { summary: 'Update the suggestion data row srNo', params: srNoParams, querystring: q(), body: variantDataItem, response: { 200: message, ...errors } };
  app.put('/v2/variant-suggestion-data/:srNo', { config: { access: 'variantEdit' }, schema: updateSchema }, update);
  app.patch('/v2/variant-suggestion-data/:srNo', { config: { access: 'variantEdit' }, schema: updateSchema }, update);

  app.delete(
    '/v2/variant-suggestion-data/:srNo',
    { config: { access: 'variantList' }, schema: { summary: 'Delete the suggestion data row srNo', params: srNoParams, querystring: q(), response: { 200: message, ...errors } } },
    async (request) => ({ detail: await removeVariantData(app.db, currentUser(request).email, (request.params as { srNo: number }).srNo) }),
  );
};

export default variantRoutes;
