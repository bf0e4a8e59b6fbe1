/**
 * Car variant catalogue (spec 002 §2 'Car variant list', 'Add / edit car variant', §3, §4, §5, §7 'Variant catalogue'):
 * the parameter form's rules, the checks of a variant data row against the catalogue, the Active / Pending switch of
 * the inspection app and the question sequence, each change one transaction with its audit line. Parameter names
 * become keys of the variant data, so they follow PARAMETER_NAME and never name a fixed field or an Object.prototype
 * member.
 */
import type { VariantParameter } from '../../src/products/admin/variant-parameter.ts';
import type { Db, Queryable } from '../db.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { storeUpload } from '../forms.ts';
import { audit } from '../repos/inspections.ts';
import {
  activeYears,
  allParameters,
  carModel,
  deleteData,
  firstDisplayFields,
  insertData,
  insertParameter,
  lockData,
  lockParameterById,
  lockParameterByName,
  missingVariants,
  overlappingData,
  parameterNameTaken,
  parametersByName,
  renameParameterUses,
  rowsInScope,
  setParameterStatus,
  setYearDisplayFields,
  setYearStatus,
  updateData,
  updateParameter,
  variantFamilyExists,
  type DataColumns,
  type DataRow,
  type ParameterRow,
  type ParameterType,
  type Scope,
} from '../repos/variants.ts';

export const FUEL_TYPES = ['Diesel', 'Petrol', 'Petrol + CNG', 'Petrol + LPG', 'Electric', 'Hybrid'] as const;
export const PARAMETER_TYPES = ['dropDown', 'yes/no', 'image'] as const satisfies readonly ParameterType[];
const YES_NO = ['Yes', 'No'];

export const PARAMETER_NAME = '^[A-Za-z][A-Za-z0-9 ()._-]{0,39}$';
const PARAMETER_NAME_RE = new RegExp(PARAMETER_NAME);
/** Fixed fields of a variant data row and Object.prototype names: never a parameter name. */
const RESERVED = new Set(['make_id', 'model_id', 'modelname', 'fueltype', 'manufacturingyears', 'variant', 'variantid', 'srno', 'constructor', 'prototype', 'hasownproperty', 'tostring', 'valueof']);
export const IMAGE_NAME = '^[^:<>\\r\\n]{1,60}$';
const IMAGE_URL = '^/uploads/variant-parameters/[A-Za-z0-9_.-]+\\.webp$';

/** The fixed keys of a variant data row; every other key names a parameter. */
export const FIXED_DATA_KEYS = ['make_id', 'model_id', 'modelName', 'fuelType', 'manufacturingYears', 'variant', 'variantId', 'srNo'] as const;

/** A parameter as the API answers it. */
export type Parameter = VariantParameter;

export interface ParameterInput {
  name: string;
  type: ParameterType;
  value?: string[];
  image?: { name?: string; url?: string }[];
}

export interface VariantDataInput {
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

const toParameter = (row: ParameterRow): Parameter => ({ _id: String(row.id), name: row.name, type: row.type, value: row.value, image: row.image, status: row.status });

/** Is `value` one of the parameter's answers (image answers are 'name:url')? */
function validValue(parameter: ParameterRow, value: string): boolean {
  if (parameter.type === 'yes/no') return YES_NO.includes(value);
  if (parameter.type === 'dropDown') return parameter.value.includes(value);
  const cut = value.indexOf(':');
  return cut > 0 && parameter.image.some((i) => i.name === value.slice(0, cut) && i.url === value.slice(cut + 1));
}

export const parseYears = (text: string) => [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);

const FIXED = new Set<string>(FIXED_DATA_KEYS);

/**
 * Checks one variant data row against the catalogue: the model, the variant (a variant family of that model and fuel
 * type in those years) and every parameter key (an Active parameter) and value (one of its answers).
 */
async function cleanVariant(db: Queryable, item: VariantDataInput, parameters: Map<string, ParameterRow>): Promise<DataColumns> {
  const years = parseYears(item.manufacturingYears);
  const model = await carModel(db, item.model_id);
  if (!model) throw badRequest(`Model ${item.model_id} not found`);
  if (item.make_id !== undefined && item.make_id !== model.make_id) throw badRequest(`Model ${model.model_name} is not of make ${item.make_id}`);
  if (!(await variantFamilyExists(db, { modelId: item.model_id, fuelType: item.fuelType, years, variantId: item.variantId }))) {
    throw badRequest(`Variant ${item.variant} is not a ${item.fuelType} variant of ${model.model_name} in ${years.join(', ')}`);
  }
  const values = new Map<string, string>();
  for (const key of Object.keys(item)) {
    if (FIXED.has(key)) continue;
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
async function refuseOverlap(db: Queryable, v: DataColumns, except: number | null): Promise<void> {
  const overlap = await overlappingData(db, v, except);
  if (overlap) throw conflict(`Variant data for ${v.variant} already exists for ${overlap.years.filter((y) => v.years.includes(y)).join(', ')}`);
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

/** Active only when every year of the scope is Active (spec 002 §4 'Variant suggestion status'). */
async function scopeStatus(db: Queryable, s: Scope): Promise<'Active' | 'Pending'> {
  return (await activeYears(db, s)) === s.years.length ? 'Active' : 'Pending';
}

/** Parameters the scope's data uses, in the stored sequence (first year that has one), the rest by name. */
export async function sequenceOf(db: Queryable, s: Scope) {
  const [data, displayFields, parameters] = await Promise.all([rowsInScope(db, s), firstDisplayFields(db, s), parametersByName(db)]);
  const names = [...new Set(data.flatMap((r) => Object.keys(r.parameters)))];
  const stored = new Map(Object.entries(displayFields ?? {}));
  const sequenced = names
    .map((name) => ({ name, type: parameters.get(name)?.type ?? 'Text', sequence: stored.get(name) ?? null }))
    .sort((a, b) => (a.sequence ?? Infinity) - (b.sequence ?? Infinity) || a.name.localeCompare(b.name));
  return { parameters: sequenced, displayFields: Object.fromEntries(sequenced.filter((p) => p.sequence !== null).map((p) => [p.name, p.sequence])) };
}

export const listParameters = async (db: Queryable) => (await allParameters(db)).map(toParameter);

export async function addParameter(db: Db, actor: string, body: ParameterInput): Promise<Parameter> {
  const p = cleanParameter(body);
  return db.transaction(async (tx) => {
    if (await parameterNameTaken(tx, p.name)) throw conflict(`Parameter ${p.name} already exists`);
    const row = await insertParameter(tx, p, actor);
    await audit(tx, { actor, action: 'variant-parameter-add', detail: { after: row } });
    return toParameter(row);
  });
}

/** Updates a parameter; a new name is carried into the variant data and question sequences that use it. */
export async function changeParameter(db: Db, actor: string, parameterId: number, body: ParameterInput): Promise<Parameter> {
  const p = cleanParameter(body);
  return db.transaction(async (tx) => {
    const before = await lockParameterById(tx, parameterId);
    if (!before) throw notFound(`Parameter ${parameterId} not found`);
    const same = before.name === p.name && before.type === p.type && JSON.stringify(before.value) === JSON.stringify(p.value) && JSON.stringify(before.image) === JSON.stringify(p.image) && before.status === 'Active';
    if (same) throw badRequest('Change at least one value');
    if (before.name.toLowerCase() !== p.name.toLowerCase() && (await parameterNameTaken(tx, p.name))) throw conflict(`Parameter ${p.name} already exists`);
    const row = await updateParameter(tx, parameterId, p, actor);
    if (before.name !== p.name) await renameParameterUses(tx, before.name, p.name);
    await audit(tx, { actor, action: 'variant-parameter-update', detail: { before, after: row } });
    return toParameter(row);
  });
}

export async function changeParameterStatus(db: Db, actor: string, name: string, status: ParameterRow['status']): Promise<Parameter> {
  return db.transaction(async (tx) => {
    const before = await lockParameterByName(tx, name);
    if (!before) throw notFound(`Parameter ${name} not found`);
    const row = await setParameterStatus(tx, before.id, status, actor);
    await audit(tx, { actor, action: 'variant-parameter-status', detail: { name: before.name, before: before.status, after: status } });
    return toParameter(row);
  });
}

/** Stores a parameter image (webp, checked by the route) under uploads/; the file is removed when its audit line fails. */
export async function storeParameterImage(db: Queryable, uploadsDir: string, actor: string, imageName: string, data: Buffer) {
  const name = imageName.trim();
  const stored = storeUpload(uploadsDir, 'variant-parameters', name, 'webp', data);
  try {
    await audit(db, { actor, action: 'variant-parameter-image', detail: { name, url: stored.url, bytes: data.length } });
  } catch (error) {
    stored.remove();
    throw error;
  }
  return { name, url: stored.url };
}

/** The suggestion data of a scope as the list shows it, the catalogue variants it misses and its status. */
export async function suggestionData(db: Queryable, scope: Scope) {
  const [data, missing, status, parameters] = await Promise.all([rowsInScope(db, scope), missingVariants(db, scope), scopeStatus(db, scope), parametersByName(db)]);
  return { variantList: data.map((r) => listItem(r, parameters)), missingVariants: missing, status };
}

/** Enables (Active) or disables (Pending) a scope's data for the inspection app; enabling needs data. */
export async function setSuggestionStatus(db: Db, actor: string, scope: Scope, status: 'Active' | 'Pending') {
  return db.transaction(async (tx) => {
    if (status === 'Active' && !(await rowsInScope(tx, scope)).length) throw conflict('There is no variant data to enable for these years');
    const before = await scopeStatus(tx, scope);
    for (const year of scope.years) await setYearStatus(tx, scope, year, status, actor);
    await audit(tx, { actor, action: 'variant-suggestion-status', before, after: status, detail: scope });
    return { status, message: status === 'Active' ? 'Enabled for the inspection app' : 'Disabled for the inspection app' };
  });
}

/** Saves the question sequence: every parameter of the scope's data numbered 1..n, each number once. */
export async function saveQuestionSequence(db: Db, actor: string, scope: Scope, displayFields: Record<string, number>) {
  const given = new Map(Object.entries(displayFields));
  return db.transaction(async (tx) => {
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
    const stored = Object.fromEntries(given);
    for (const year of scope.years) await setYearDisplayFields(tx, scope, year, stored, actor);
    await audit(tx, { actor, action: 'variant-question-sequence', detail: { ...scope, displayFields } });
    return 'Question sequence saved';
  });
}

/** Adds data rows, each checked against the catalogue and refused when it overlaps another (given or stored). */
export async function addVariantData(db: Db, actor: string, items: VariantDataInput[]) {
  return db.transaction(async (tx) => {
    const parameters = await parametersByName(tx);
    const clean: DataColumns[] = [];
    for (const item of items) {
      const v = await cleanVariant(tx, item, parameters);
      const twin = clean.find((c) => c.variantId === v.variantId && c.modelId === v.modelId && c.fuelType === v.fuelType && c.years.some((y) => v.years.includes(y)));
      if (twin) throw badRequest(`Variant ${v.variant} is given twice`);
      await refuseOverlap(tx, v, null);
      clean.push(v);
    }
    const srNos: number[] = [];
    for (const v of clean) srNos.push(await insertData(tx, v, actor));
    await audit(tx, { actor, action: 'variant-data-add', detail: { srNos, variants: clean.map((v) => v.variant), modelId: clean[0].modelId } });
    return `Variant data added for ${clean.map((v) => v.variant).join(', ')}`;
  });
}

export async function changeVariantData(db: Db, actor: string, srNo: number, item: VariantDataInput) {
  return db.transaction(async (tx) => {
    const before = await lockData(tx, srNo);
    if (!before) throw notFound(`Variant data ${srNo} not found`);
    const v = await cleanVariant(tx, item, await parametersByName(tx));
    await refuseOverlap(tx, v, srNo);
    await updateData(tx, srNo, v, actor);
    await audit(tx, {
      actor,
      action: 'variant-data-update',
      detail: { srNo, before: { variant: before.variant, years: before.manufacturing_years, parameters: before.parameters }, after: { variant: v.variant, years: v.years, parameters: Object.fromEntries(v.values) } },
    });
    return `Variant data updated for ${v.variant}`;
  });
}

export async function removeVariantData(db: Db, actor: string, srNo: number) {
  return db.transaction(async (tx) => {
    const row = await deleteData(tx, srNo);
    if (!row) throw notFound(`Variant data ${srNo} not found`);
    await audit(tx, { actor, action: 'variant-data-delete', detail: { srNo, variant: row.variant, modelId: row.model_id, years: row.manufacturing_years, parameters: row.parameters } });
    return `Variant data deleted for ${row.variant}`;
  });
}
