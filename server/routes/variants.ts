import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Queryable } from '../db.ts';
import { currentUser } from '../auth.ts';
import { badRequest, conflict, errorSchema, notFound } from '../errors.ts';
import { readForm, sniffImage, storeUpload, validateForm } from '../forms.ts';
import { audit } from '../repos/inspections.ts';
import { anyObject, detailOf, guardedErrors, utm } from '../schemas.ts';

/**
 * Car variant catalogue (spec 002 §2 'Car variant list', 'Add / edit car variant', §3, §4, §5, §7 'Variant catalogue'):
 * parameters, their images, suggestion data per model / fuel type / manufacturing years, the Active / Pending switch
 * of the inspection app and the question sequence. Parameter names become keys of the variant data, so they follow
 * PARAMETER_NAME and never name a fixed field or an Object.prototype member.
 */

export const FUEL_TYPES = ['Diesel', 'Petrol', 'Petrol + CNG', 'Petrol + LPG', 'Electric', 'Hybrid'] as const;
export const PARAMETER_TYPES = ['dropDown', 'yes/no', 'image'] as const;
type ParameterType = (typeof PARAMETER_TYPES)[number];
const YES_NO = ['Yes', 'No'];

export const PARAMETER_NAME = '^[A-Za-z][A-Za-z0-9 ()._-]{0,39}$';
const PARAMETER_NAME_RE = new RegExp(PARAMETER_NAME);
/** Fixed fields of a variant data row and Object.prototype names: never a parameter name. */
const RESERVED = new Set(['make_id', 'model_id', 'modelname', 'fueltype', 'manufacturingyears', 'variant', 'variantid', 'srno', 'constructor', 'prototype', 'hasownproperty', 'tostring', 'valueof']);
const IMAGE_NAME = '^[^:<>\\r\\n]{1,60}$';
const IMAGE_URL = '^/uploads/variant-parameters/[A-Za-z0-9_.-]+\\.webp$';

const YEARS_TEXT = { type: 'string', pattern: '^\\d{4}(,\\d{4}){0,39}$' } as const;
const yearsList = { type: 'array', items: { type: 'integer', minimum: 1990, maximum: 2100 }, minItems: 1, maxItems: 40, uniqueItems: true } as const;
const fuelType = { type: 'string', enum: FUEL_TYPES } as const;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const q = (properties: Record<string, object> = {}, required: string[] = []) => ({ type: 'object', properties: { ...utm, ...properties }, required });
const message = detailOf({ type: 'string' });
const errors = { ...guardedErrors, 404: errorSchema, 409: errorSchema };

export interface Parameter {
  _id: string;
  name: string;
  type: ParameterType;
  value: string[];
  image: { name: string; url: string }[];
  status: 'Active' | 'Inactive';
}

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

interface ParameterInput {
  name: string;
  type: ParameterType;
  value?: string[];
  image?: { name?: string; url?: string }[];
}

/** The parameter form's rules (spec 002 §4 'Parameter form', §5), with the form's own texts. */
function cleanParameter(body: ParameterInput): Omit<Parameter, '_id' | 'status'> {
  const name = body.name.trim();
  if (!name) throw badRequest('Parameter Name is required');
  if (!PARAMETER_NAME_RE.test(name) || RESERVED.has(name.toLowerCase())) {
    throw badRequest('Parameter Name must start with a letter and use only letters, digits, spaces, ( ) . _ - (up to 40)');
  }
  if (body.type === 'yes/no') return { name, type: body.type, value: [], image: [] };
  if (body.type === 'dropDown') {
    const value = (body.value ?? []).map((v) => v.trim());
    if (!value.length || value.some((v) => !v)) throw badRequest('Option is required');
    if (new Set(value.map((v) => v.toLowerCase())).size !== value.length) throw badRequest('Options must be different');
    return { name, type: body.type, value, image: [] };
  }
  const image = (body.image ?? []).map((i) => ({ name: (i.name ?? '').trim(), url: (i.url ?? '').trim() }));
  if (!image.length) throw badRequest('Image and Image name are required');
  for (const item of image) {
    if (!item.name && !item.url) throw badRequest('Image and Image name are required');
    if (!item.name) throw badRequest('Image name is required');
    if (!item.url) throw badRequest('Image is required');
    if (!new RegExp(IMAGE_NAME).test(item.name)) throw badRequest(`Image name '${item.name}' may not contain ':' < >`);
    if (!new RegExp(IMAGE_URL).test(item.url)) throw badRequest('Only webp type image will be uploaded');
  }
  if (new Set(image.map((i) => i.name.toLowerCase())).size !== image.length) throw badRequest('Image names must be different');
  return { name, type: body.type, value: [], image };
}

interface ParameterRow {
  id: number;
  name: string;
  type: ParameterType;
  value: string[];
  image: { name: string; url: string }[];
  status: 'Active' | 'Inactive';
}

const toParameter = (row: ParameterRow): Parameter => ({ _id: String(row.id), name: row.name, type: row.type, value: row.value, image: row.image, status: row.status });

async function parametersByName(db: Queryable): Promise<Map<string, ParameterRow>> {
  const { rows } = await db.query<ParameterRow>('SELECT id, name, type, value, image, status FROM variant_parameters');
  return new Map(rows.map((r) => [r.name, r]));
}

/** Is `value` one of the parameter's answers (image answers are 'name:url')? */
function validValue(parameter: ParameterRow, value: string): boolean {
  if (parameter.type === 'yes/no') return YES_NO.includes(value);
  if (parameter.type === 'dropDown') return parameter.value.includes(value);
  const cut = value.indexOf(':');
  return cut > 0 && parameter.image.some((i) => i.name === value.slice(0, cut) && i.url === value.slice(cut + 1));
}

const FIXED_DATA_FIELDS = {
  make_id: id,
  model_id: id,
  modelName: { type: 'string', maxLength: 100 },
  fuelType,
  manufacturingYears: YEARS_TEXT,
  variant: { type: 'string', minLength: 1, maxLength: 100 },
  variantId: id,
  srNo: id,
} as const;

/** A variant data row: the fixed fields plus one key per parameter name (its value). */
const variantDataItem = {
  type: 'object',
  properties: FIXED_DATA_FIELDS,
  propertyNames: { pattern: PARAMETER_NAME },
  additionalProperties: { type: ['string', 'integer'], maxLength: 300 },
  required: ['model_id', 'fuelType', 'manufacturingYears', 'variant', 'variantId'],
} as const;

interface VariantDataInput {
  make_id?: number;
  model_id: number;
  modelName?: string;
  fuelType: string;
  manufacturingYears: string;
  variant: string;
  variantId: number;
  srNo?: number;
  [parameter: string]: unknown;
}

const parseYears = (text: string) => [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);

interface CleanVariant {
  makeId: number;
  modelId: number;
  modelName: string;
  fuelType: string;
  years: number[];
  variant: string;
  variantId: number;
  values: Map<string, string>;
}

/**
 * Checks one variant data row against the catalogue: the model, the variant (a variant family of that model and fuel
 * type in those years) and every parameter key (an Active parameter) and value (one of its answers).
 */
async function cleanVariant(db: Queryable, item: VariantDataInput, parameters: Map<string, ParameterRow>): Promise<CleanVariant> {
  const years = parseYears(item.manufacturingYears);
  const model = (await db.query<{ make_id: number; model_name: string }>('SELECT make_id, model_name FROM models WHERE model_id = $1', [item.model_id])).rows[0];
  if (!model) throw badRequest(`Model ${item.model_id} not found`);
  if (item.make_id !== undefined && item.make_id !== model.make_id) throw badRequest(`Model ${model.model_name} is not of make ${item.make_id}`);
  const family = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM variants WHERE model_id = $1 AND fuel_type = $2 AND year = ANY($3::int[]) AND coalesce(variant_parent_id, variant_id) = $4',
    [item.model_id, item.fuelType, years, item.variantId],
  );
  if (!family.rows[0].n) throw badRequest(`Variant ${item.variant} is not a ${item.fuelType} variant of ${model.model_name} in ${years.join(', ')}`);
  const values = new Map<string, string>();
  for (const key of Object.keys(item)) {
    if (Object.hasOwn(FIXED_DATA_FIELDS, key)) continue;
    const raw = item[key];
    const value = raw === null || raw === undefined ? '' : String(raw).trim();
    if (!value) continue;
    const parameter = parameters.get(key);
    if (!parameter || parameter.status !== 'Active') throw badRequest(`Unknown parameter: ${key}`);
    if (!validValue(parameter, value)) throw badRequest(`'${value}' is not an answer of parameter ${key}`);
    values.set(key, value);
  }
  if (!values.size) throw badRequest(`Add at least one parameter to ${item.variant}`);
  return { makeId: model.make_id, modelId: item.model_id, modelName: model.model_name, fuelType: item.fuelType, years, variant: item.variant.trim(), variantId: item.variantId, values };
}

/** 409 when suggestion data of this variant already covers one of these years (another row than `except`). */
async function refuseOverlap(db: Queryable, v: CleanVariant, except: number | null): Promise<void> {
  const { rows } = await db.query<{ sr_no: number; years: number[] }>(
    `SELECT sr_no, manufacturing_years AS years FROM variant_suggestion_data
      WHERE model_id = $1 AND fuel_type = $2 AND variant_id = $3 AND manufacturing_years && $4::int[] AND sr_no <> coalesce($5::int, 0)`,
    [v.modelId, v.fuelType, v.variantId, v.years, except],
  );
  if (rows[0]) throw conflict(`Variant data for ${v.variant} already exists for ${rows[0].years.filter((y) => v.years.includes(y)).join(', ')}`);
}

const dataColumns = (v: CleanVariant, actor: string) => [v.makeId, v.modelId, v.modelName, v.fuelType, v.years, v.variant, v.variantId, JSON.stringify(Object.fromEntries(v.values)), actor];

interface DataRow {
  sr_no: number;
  make_id: number;
  model_id: number;
  model_name: string;
  fuel_type: string;
  manufacturing_years: number[];
  variant: string;
  variant_id: number;
  parameters: Record<string, string>;
}

/** A stored row as the list shows it: variantParameters hold the variant, its id and the parameter values. */
function listItem(row: DataRow, parameters: Map<string, ParameterRow>) {
  const values = Object.entries(row.parameters).map(([name, value]) => ({ name, type: parameters.get(name)?.type ?? 'Text', value }));
  return {
    srNo: row.sr_no,
    make_id: row.make_id,
    model_id: row.model_id,
    modelName: row.model_name,
    fuelType: row.fuel_type,
    manufacturingYears: row.manufacturing_years.join(','),
    variant: row.variant,
    variantId: row.variant_id,
    variantParameters: [
      { name: 'variant', type: 'Text', value: row.variant },
      { name: 'variantId', type: 'Text', value: String(row.variant_id) },
      ...values,
    ],
  };
}

interface Scope {
  modelId: number;
  fuelType: string;
  years: number[];
}

const rowsInScope = (db: Queryable, s: Scope) =>
  db.query<DataRow>(
    `SELECT sr_no, make_id, model_id, model_name, fuel_type, manufacturing_years, variant, variant_id, parameters FROM variant_suggestion_data
      WHERE model_id = $1 AND fuel_type = $2 AND manufacturing_years && $3::int[] ORDER BY variant, sr_no`,
    [s.modelId, s.fuelType, s.years],
  );

/** Catalogue variants (Active) of the scope's years that no suggestion data covers, per variant and year. */
async function missingVariants(db: Queryable, s: Scope): Promise<{ variant_id: number; variant_name: string; years: number[] }[]> {
  const { rows } = await db.query<{ variant_id: number; variant_name: string; years: number[] }>(
    `SELECT coalesce(v.variant_parent_id, v.variant_id) AS variant_id, v.variant_name, array_agg(v.year ORDER BY v.year) AS years
       FROM variants v
      WHERE v.model_id = $1 AND v.fuel_type = $2 AND v.year = ANY($3::int[]) AND v.variant_status = 'Active'
        AND NOT EXISTS (SELECT 1 FROM variant_suggestion_data d WHERE d.model_id = v.model_id AND d.fuel_type = v.fuel_type
                         AND d.variant_id = coalesce(v.variant_parent_id, v.variant_id) AND v.year = ANY(d.manufacturing_years))
      GROUP BY 1, 2 ORDER BY 2`,
    [s.modelId, s.fuelType, s.years],
  );
  return rows;
}

/** Active only when every year of the scope is Active (spec 002 §4 'Variant suggestion status'). */
async function scopeStatus(db: Queryable, s: Scope): Promise<'Active' | 'Pending'> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM variant_suggestion_settings WHERE model_id = $1 AND fuel_type = $2 AND year = ANY($3::int[]) AND status = 'Active'",
    [s.modelId, s.fuelType, s.years],
  );
  return rows[0].n === s.years.length ? 'Active' : 'Pending';
}

/** Parameters the scope's data uses, in the stored sequence (first year that has one), the rest by name. */
async function sequenceOf(db: Queryable, s: Scope) {
  const [data, settings, parameters] = await Promise.all([
    rowsInScope(db, s),
    db.query<{ display_fields: Record<string, number> }>(
      'SELECT display_fields FROM variant_suggestion_settings WHERE model_id = $1 AND fuel_type = $2 AND year = ANY($3::int[]) AND display_fields IS NOT NULL ORDER BY year LIMIT 1',
      [s.modelId, s.fuelType, s.years],
    ),
    parametersByName(db),
  ]);
  const names = [...new Set(data.rows.flatMap((r) => Object.keys(r.parameters)))];
  const stored = new Map(Object.entries(settings.rows[0]?.display_fields ?? {}));
  const sequenced = names
    .map((name) => ({ name, type: parameters.get(name)?.type ?? 'Text', sequence: stored.get(name) ?? null }))
    .sort((a, b) => (a.sequence ?? Infinity) - (b.sequence ?? Infinity) || a.name.localeCompare(b.name));
  return { parameters: sequenced, displayFields: Object.fromEntries(sequenced.filter((p) => p.sequence !== null).map((p) => [p.name, p.sequence])) };
}

const variantRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/variant-suggestion-parameter',
    {
      config: { access: 'variantEdit' },
      schema: { summary: 'Variant parameters (spec 002 §3 Car variant parameter)', querystring: q(), response: { 200: detailOf({ type: 'array', items: parameterSchema }), ...guardedErrors } },
    },
    async () => {
      const { rows } = await app.db.query<ParameterRow>('SELECT id, name, type, value, image, status FROM variant_parameters ORDER BY lower(name)');
      return { detail: rows.map(toParameter) };
    },
  );

  app.post(
    '/v2/variant-suggestion-parameter',
    {
      config: { access: 'variantEdit' },
      schema: { summary: 'Add a parameter (dropDown, yes/no or image)', querystring: q(), body: parameterBody, response: { 201: detailOf(parameterSchema), ...errors } },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const p = cleanParameter(request.body as ParameterInput);
      return app.db.transaction(async (tx) => {
        const taken = await tx.query('SELECT 1 FROM variant_parameters WHERE lower(name) = lower($1)', [p.name]);
        if (taken.rows.length) throw conflict(`Parameter ${p.name} already exists`);
        const { rows } = await tx.query<ParameterRow>(
          "INSERT INTO variant_parameters (name, type, value, image, status, updated_by) VALUES ($1, $2, $3::jsonb, $4::jsonb, 'Active', $5) RETURNING id, name, type, value, image, status",
          [p.name, p.type, JSON.stringify(p.value), JSON.stringify(p.image), me.email],
        );
        await audit(tx, { actor: me.email, action: 'variant-parameter-add', detail: { after: rows[0] } });
        reply.code(201);
        return { detail: toParameter(rows[0]) };
      });
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
    async (request) => {
      const me = currentUser(request);
      const parameterId = Number((request.params as { id: string }).id);
      const p = cleanParameter(request.body as ParameterInput);
      return app.db.transaction(async (tx) => {
        const before = (await tx.query<ParameterRow>('SELECT id, name, type, value, image, status FROM variant_parameters WHERE id = $1 FOR UPDATE', [parameterId])).rows[0];
        if (!before) throw notFound(`Parameter ${parameterId} not found`);
        const same = before.name === p.name && before.type === p.type && JSON.stringify(before.value) === JSON.stringify(p.value) && JSON.stringify(before.image) === JSON.stringify(p.image) && before.status === 'Active';
        if (same) throw badRequest('Change at least one value');
        if (before.name.toLowerCase() !== p.name.toLowerCase()) {
          const taken = await tx.query('SELECT 1 FROM variant_parameters WHERE lower(name) = lower($1)', [p.name]);
          if (taken.rows.length) throw conflict(`Parameter ${p.name} already exists`);
        }
        const { rows } = await tx.query<ParameterRow>(
          "UPDATE variant_parameters SET name = $2, type = $3, value = $4::jsonb, image = $5::jsonb, status = 'Active', updated_by = $6, updated_at = now() WHERE id = $1 RETURNING id, name, type, value, image, status",
          [parameterId, p.name, p.type, JSON.stringify(p.value), JSON.stringify(p.image), me.email],
        );
        if (before.name !== p.name) {
          await tx.query(
            'UPDATE variant_suggestion_data SET parameters = (parameters - $1::text) || jsonb_build_object($2::text, parameters->$1::text) WHERE parameters ? $1::text',
            [before.name, p.name],
          );
          await tx.query(
            'UPDATE variant_suggestion_settings SET display_fields = (display_fields - $1::text) || jsonb_build_object($2::text, display_fields->$1::text) WHERE display_fields ? $1::text',
            [before.name, p.name],
          );
        }
        await audit(tx, { actor: me.email, action: 'variant-parameter-update', detail: { before, after: rows[0] } });
        return { detail: toParameter(rows[0]) };
      });
    },
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
      const me = currentUser(request);
      const { name } = request.params as { name: string };
      const { status } = request.body as { status: 'Active' | 'Inactive' };
      return app.db.transaction(async (tx) => {
        const before = (await tx.query<ParameterRow>('SELECT id, name, type, value, image, status FROM variant_parameters WHERE lower(name) = lower($1) FOR UPDATE', [name])).rows[0];
        if (!before) throw notFound(`Parameter ${name} not found`);
        const { rows } = await tx.query<ParameterRow>(
          'UPDATE variant_parameters SET status = $2, updated_by = $3, updated_at = now() WHERE id = $1 RETURNING id, name, type, value, image, status',
          [before.id, status, me.email],
        );
        await audit(tx, { actor: me.email, action: 'variant-parameter-status', detail: { name: before.name, before: before.status, after: status } });
        return { detail: toParameter(rows[0]) };
      });
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
      const stored = storeUpload(app.ctx.uploadsDir, 'variant-parameters', imageName.trim(), 'webp', form.file.data);
      try {
        await audit(app.db, { actor: me.email, action: 'variant-parameter-image', detail: { name: imageName.trim(), url: stored.url, bytes: form.file.data.length } });
      } catch (error) {
        stored.remove();
        throw error;
      }
      reply.code(201);
      return { detail: { name: imageName.trim(), url: stored.url } };
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
      const scope = { modelId: body.modelId, fuelType: body.fuelType, years: [...body.years].sort((a, b) => a - b) };
      const [data, missing, status, parameters] = await Promise.all([rowsInScope(app.db, scope), missingVariants(app.db, scope), scopeStatus(app.db, scope), parametersByName(app.db)]);
      return { detail: { variantList: data.rows.map((r) => listItem(r, parameters)), missingVariants: missing, status } };
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
      const me = currentUser(request);
      const body = request.body as { model_id: number; manufacturingYears: string; fuelType: string; status: 'Active' | 'Pending' };
      const scope = { modelId: body.model_id, fuelType: body.fuelType, years: parseYears(body.manufacturingYears) };
      return app.db.transaction(async (tx) => {
        if (body.status === 'Active' && !(await rowsInScope(tx, scope)).rows.length) throw conflict('There is no variant data to enable for these years');
        const before = await scopeStatus(tx, scope);
        for (const year of scope.years) {
          await tx.query(
            `INSERT INTO variant_suggestion_settings (model_id, fuel_type, year, status, updated_by) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (model_id, fuel_type, year) DO UPDATE SET status = EXCLUDED.status, updated_by = EXCLUDED.updated_by, updated_at = now()`,
            [scope.modelId, scope.fuelType, year, body.status, me.email],
          );
        }
        await audit(tx, { actor: me.email, action: 'variant-suggestion-status', before, after: body.status, detail: scope });
        return { detail: { status: body.status, message: body.status === 'Active' ? 'Enabled for the inspection app' : 'Disabled for the inspection app' } };
      });
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
      const me = currentUser(request);
      const body = request.body as { model_id: number; fuelType: string; manufacturingYears: string; displayFields: Record<string, number> };
      const scope = { modelId: body.model_id, fuelType: body.fuelType, years: parseYears(body.manufacturingYears) };
      const given = new Map(Object.entries(body.displayFields));
      return app.db.transaction(async (tx) => {
        const { parameters } = await sequenceOf(tx, scope);
        if (!parameters.length) throw badRequest('No parameter found');
        for (const p of parameters) if (!given.has(p.name)) throw badRequest(`Sequence of ${p.name} is required`);
        for (const name of given.keys()) if (!parameters.some((p) => p.name === name)) throw badRequest(`Unknown parameter: ${name}`);
        const seen = new Set<number>();
        for (const n of given.values()) {
          if (n > parameters.length) throw badRequest(`Sequence numbers run from 1 to ${parameters.length}`);
          if (seen.has(n)) throw badRequest(`${n} is already added`);
          seen.add(n);
        }
        const displayFields = JSON.stringify(Object.fromEntries(given));
        for (const year of scope.years) {
          await tx.query(
            `INSERT INTO variant_suggestion_settings (model_id, fuel_type, year, display_fields, updated_by) VALUES ($1, $2, $3, $4::jsonb, $5)
             ON CONFLICT (model_id, fuel_type, year) DO UPDATE SET display_fields = EXCLUDED.display_fields, updated_by = EXCLUDED.updated_by, updated_at = now()`,
            [scope.modelId, scope.fuelType, year, displayFields, me.email],
          );
        }
        await audit(tx, { actor: me.email, action: 'variant-question-sequence', detail: { ...scope, displayFields: body.displayFields } });
        return { detail: 'Question sequence saved' };
      });
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
      const me = currentUser(request);
      const items = request.body as VariantDataInput[];
      return app.db.transaction(async (tx) => {
        const parameters = await parametersByName(tx);
        const clean: CleanVariant[] = [];
        for (const item of items) {
          const v = await cleanVariant(tx, item, parameters);
          const twin = clean.find((c) => c.variantId === v.variantId && c.modelId === v.modelId && c.fuelType === v.fuelType && c.years.some((y) => v.years.includes(y)));
          if (twin) throw badRequest(`Variant ${v.variant} is given twice`);
          await refuseOverlap(tx, v, null);
          clean.push(v);
        }
        const srNos: number[] = [];
        for (const v of clean) {
          const { rows } = await tx.query<{ sr_no: number }>(
            `INSERT INTO variant_suggestion_data (make_id, model_id, model_name, fuel_type, manufacturing_years, variant, variant_id, parameters, updated_by)
             VALUES ($1, $2, $3, $4, $5::int[], $6, $7, $8::jsonb, $9) RETURNING sr_no`,
            dataColumns(v, me.email),
          );
          srNos.push(rows[0].sr_no);
        }
        await audit(tx, { actor: me.email, action: 'variant-data-add', detail: { srNos, variants: clean.map((v) => v.variant), modelId: clean[0].modelId } });
        reply.code(201);
        return { detail: `Variant data added for ${clean.map((v) => v.variant).join(', ')}` };
      });
    },
  );

  const srNoParams = { type: 'object', properties: { srNo: id }, required: ['srNo'] } as const;
  const update = async (request: FastifyRequest) => {
    const me = currentUser(request);
    const { srNo } = request.params as { srNo: number };
    const item = request.body as VariantDataInput;
    return app.db.transaction(async (tx) => {
      const before = (await tx.query<DataRow>('SELECT * FROM variant_suggestion_data WHERE sr_no = $1 FOR UPDATE', [srNo])).rows[0];
      if (!before) throw notFound(`Variant data ${srNo} not found`);
      const v = await cleanVariant(tx, item, await parametersByName(tx));
      await refuseOverlap(tx, v, srNo);
      await tx.query(
        `UPDATE variant_suggestion_data SET make_id = $1, model_id = $2, model_name = $3, fuel_type = $4, manufacturing_years = $5::int[], variant = $6,
                variant_id = $7, parameters = $8::jsonb, updated_by = $9, updated_at = now() WHERE sr_no = $10`,
        [...dataColumns(v, me.email), srNo],
      );
      await audit(tx, { actor: me.email, action: 'variant-data-update', detail: { srNo, before: { variant: before.variant, years: before.manufacturing_years, parameters: before.parameters }, after: { variant: v.variant, years: v.years, parameters: Object.fromEntries(v.values) } } });
      return { detail: `Variant data updated for ${v.variant}` };
    });
  };
  const updateSchema = { summary: 'Update the suggestion data row srNo', params: srNoParams, querystring: q(), body: variantDataItem, response: { 200: message, ...errors } };
  app.put('/v2/variant-suggestion-data/:srNo', { config: { access: 'variantEdit' }, schema: updateSchema }, update);
  app.patch('/v2/variant-suggestion-data/:srNo', { config: { access: 'variantEdit' }, schema: updateSchema }, update);

  app.delete(
    '/v2/variant-suggestion-data/:srNo',
    { config: { access: 'variantList' }, schema: { summary: 'Delete the suggestion data row srNo', params: srNoParams, querystring: q(), response: { 200: message, ...errors } } },
    async (request) => {
      const me = currentUser(request);
      const { srNo } = request.params as { srNo: number };
      return app.db.transaction(async (tx) => {
        const { rows } = await tx.query<DataRow>('DELETE FROM variant_suggestion_data WHERE sr_no = $1 RETURNING *', [srNo]);
        if (!rows[0]) throw notFound(`Variant data ${srNo} not found`);
        await audit(tx, { actor: me.email, action: 'variant-data-delete', detail: { srNo, variant: rows[0].variant, modelId: rows[0].model_id, years: rows[0].manufacturing_years, parameters: rows[0].parameters } });
        return { detail: `Variant data deleted for ${rows[0].variant}` };
      });
    },
  );
};

export default variantRoutes;
