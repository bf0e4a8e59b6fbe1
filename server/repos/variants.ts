/**
 * The car variant catalogue's tables (spec 002 §3, §4): variant_parameters, variant_suggestion_data (one row per
 * variant and its years) and variant_suggestion_settings (status and question sequence per model, fuel type, year).
 */
import type { ParameterType } from '../../src/products/admin/variant-parameter.ts';
import type { Queryable } from '../db.ts';

export type { ParameterType };

export interface ParameterRow {
  id: number;
  name: string;
  type: ParameterType;
  value: string[];
  image: { name: string; url: string }[];
  status: 'Active' | 'Inactive';
}

export interface DataRow {
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

/** A model, fuel type and manufacturing years: what the suggestion data and its settings are kept per. */
export interface Scope {
  modelId: number;
  fuelType: string;
  years: number[];
}

/** The columns of a suggestion data row as the service has checked them. */
export interface DataColumns {
  makeId: number;
  modelId: number;
  modelName: string;
  fuelType: string;
  years: number[];
  variant: string;
  variantId: number;
  values: Map<string, string>;
}

const PARAMETER_COLUMNS = 'id, name, type, value, image, status';

export async function allParameters(db: Queryable): Promise<ParameterRow[]> {
  return (await db.query<ParameterRow>(`SELECT ${PARAMETER_COLUMNS} FROM variant_parameters ORDER BY lower(name)`)).rows;
}

export async function parametersByName(db: Queryable): Promise<Map<string, ParameterRow>> {
  const { rows } = await db.query<ParameterRow>(`SELECT ${PARAMETER_COLUMNS} FROM variant_parameters`);
  return new Map(rows.map((r) => [r.name, r]));
}

/** Is this name (case-insensitive) a parameter's already? */
export async function parameterNameTaken(db: Queryable, name: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM variant_parameters WHERE lower(name) = lower($1)', [name])).rows.length > 0;
}

export async function lockParameterById(db: Queryable, id: number): Promise<ParameterRow | null> {
  return (await db.query<ParameterRow>(`SELECT ${PARAMETER_COLUMNS} FROM variant_parameters WHERE id = $1 FOR UPDATE`, [id])).rows[0] ?? null;
}

export async function lockParameterByName(db: Queryable, name: string): Promise<ParameterRow | null> {
  return (await db.query<ParameterRow>(`SELECT ${PARAMETER_COLUMNS} FROM variant_parameters WHERE lower(name) = lower($1) FOR UPDATE`, [name])).rows[0] ?? null;
}

type ParameterValues = Pick<ParameterRow, 'name' | 'type' | 'value' | 'image'>;

/** A new parameter, Active. */
export async function insertParameter(db: Queryable, p: ParameterValues, actor: string): Promise<ParameterRow> {
  const { rows } = await db.query<ParameterRow>(
    `INSERT INTO variant_parameters (name, type, value, image, status, updated_by) VALUES ($1, $2, $3::jsonb, $4::jsonb, 'Active', $5) RETURNING ${PARAMETER_COLUMNS}`,
    [p.name, p.type, JSON.stringify(p.value), JSON.stringify(p.image), actor],
  );
  return rows[0];
}

/** Replaces a parameter's values; an update makes it Active again. */
export async function updateParameter(db: Queryable, id: number, p: ParameterValues, actor: string): Promise<ParameterRow> {
  const { rows } = await db.query<ParameterRow>(
    `UPDATE variant_parameters SET name = $2, type = $3, value = $4::jsonb, image = $5::jsonb, status = 'Active', updated_by = $6, updated_at = now() WHERE id = $1 RETURNING ${PARAMETER_COLUMNS}`,
    [id, p.name, p.type, JSON.stringify(p.value), JSON.stringify(p.image), actor],
  );
  return rows[0];
}

/** Carries a parameter's new name into the variant data and the question sequences that use it. */
export async function renameParameterUses(db: Queryable, from: string, to: string): Promise<void> {
  await db.query('UPDATE variant_suggestion_data SET parameters = (parameters - $1::text) || jsonb_build_object($2::text, parameters->$1::text) WHERE parameters ? $1::text', [from, to]);
  await db.query(
    'UPDATE variant_suggestion_settings SET display_fields = (display_fields - $1::text) || jsonb_build_object($2::text, display_fields->$1::text) WHERE display_fields ? $1::text',
    [from, to],
  );
}

export async function setParameterStatus(db: Queryable, id: number, status: ParameterRow['status'], actor: string): Promise<ParameterRow> {
  const { rows } = await db.query<ParameterRow>(`UPDATE variant_parameters SET status = $2, updated_by = $3, updated_at = now() WHERE id = $1 RETURNING ${PARAMETER_COLUMNS}`, [id, status, actor]);
  return rows[0];
}

export async function carModel(db: Queryable, modelId: number): Promise<{ make_id: number; model_name: string } | null> {
  return (await db.query<{ make_id: number; model_name: string }>('SELECT make_id, model_name FROM models WHERE model_id = $1', [modelId])).rows[0] ?? null;
}

/** Does the catalogue have this variant family for the model and fuel type in one of these years? */
export async function variantFamilyExists(db: Queryable, q: { modelId: number; fuelType: string; years: number[]; variantId: number }): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM variants WHERE model_id = $1 AND fuel_type = $2 AND year = ANY($3::int[]) AND coalesce(variant_parent_id, variant_id) = $4',
    [q.modelId, q.fuelType, q.years, q.variantId],
  );
  return rows[0].n > 0;
}

/** The first stored row (other than `except`) of this variant that covers one of these years, if any. */
export async function overlappingData(db: Queryable, v: DataColumns, except: number | null): Promise<{ sr_no: number; years: number[] } | null> {
  const { rows } = await db.query<{ sr_no: number; years: number[] }>(
    `SELECT sr_no, manufacturing_years AS years FROM variant_suggestion_data
      WHERE model_id = $1 AND fuel_type = $2 AND variant_id = $3 AND manufacturing_years && $4::int[] AND sr_no <> coalesce($5::int, 0)`,
    [v.modelId, v.fuelType, v.variantId, v.years, except],
  );
  return rows[0] ?? null;
}

const dataColumns = (v: DataColumns, actor: string) => [v.makeId, v.modelId, v.modelName, v.fuelType, v.years, v.variant, v.variantId, JSON.stringify(Object.fromEntries(v.values)), actor];

/** Stores a new data row; answers its srNo. */
export async function insertData(db: Queryable, v: DataColumns, actor: string): Promise<number> {
  const { rows } = await db.query<{ sr_no: number }>(
    `INSERT INTO variant_suggestion_data (make_id, model_id, model_name, fuel_type, manufacturing_years, variant, variant_id, parameters, updated_by)
     VALUES ($1, $2, $3, $4, $5::int[], $6, $7, $8::jsonb, $9) RETURNING sr_no`,
    dataColumns(v, actor),
  );
  return rows[0].sr_no;
}

export async function lockData(db: Queryable, srNo: number): Promise<DataRow | null> {
  return (await db.query<DataRow>('SELECT * FROM variant_suggestion_data WHERE sr_no = $1 FOR UPDATE', [srNo])).rows[0] ?? null;
}

export async function updateData(db: Queryable, srNo: number, v: DataColumns, actor: string): Promise<void> {
  await db.query(
    `UPDATE variant_suggestion_data SET make_id = $1, model_id = $2, model_name = $3, fuel_type = $4, manufacturing_years = $5::int[], variant = $6,
            variant_id = $7, parameters = $8::jsonb, updated_by = $9, updated_at = now() WHERE sr_no = $10`,
    [...dataColumns(v, actor), srNo],
  );
}

/** Deletes a data row; answers it, or null when there was none. */
export async function deleteData(db: Queryable, srNo: number): Promise<DataRow | null> {
  return (await db.query<DataRow>('DELETE FROM variant_suggestion_data WHERE sr_no = $1 RETURNING *', [srNo])).rows[0] ?? null;
}

/** The data rows of a scope (any of its years), by variant. */
export async function rowsInScope(db: Queryable, s: Scope): Promise<DataRow[]> {
  const { rows } = await db.query<DataRow>(
    `SELECT sr_no, make_id, model_id, model_name, fuel_type, manufacturing_years, variant, variant_id, parameters FROM variant_suggestion_data
      WHERE model_id = $1 AND fuel_type = $2 AND manufacturing_years && $3::int[] ORDER BY variant, sr_no`,
    [s.modelId, s.fuelType, s.years],
  );
  return rows;
}

/** Catalogue variants (Active) of the scope's years that no suggestion data covers, per variant and year. */
export async function missingVariants(db: Queryable, s: Scope): Promise<{ variant_id: number; variant_name: string; years: number[] }[]> {
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

/** How many of the scope's years are Active. */
export async function activeYears(db: Queryable, s: Scope): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM variant_suggestion_settings WHERE model_id = $1 AND fuel_type = $2 AND year = ANY($3::int[]) AND status = 'Active'",
    [s.modelId, s.fuelType, s.years],
  );
  return rows[0].n;
}

/** The question sequence of the first of the scope's years that has one. */
export async function firstDisplayFields(db: Queryable, s: Scope): Promise<Record<string, number> | null> {
  const { rows } = await db.query<{ display_fields: Record<string, number> }>(
    'SELECT display_fields FROM variant_suggestion_settings WHERE model_id = $1 AND fuel_type = $2 AND year = ANY($3::int[]) AND display_fields IS NOT NULL ORDER BY year LIMIT 1',
    [s.modelId, s.fuelType, s.years],
  );
  return rows[0]?.display_fields ?? null;
}

export async function setYearStatus(db: Queryable, s: Scope, year: number, status: 'Active' | 'Pending', actor: string): Promise<void> {
  await db.query(
    `INSERT INTO variant_suggestion_settings (model_id, fuel_type, year, status, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (model_id, fuel_type, year) DO UPDATE SET status = EXCLUDED.status, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [s.modelId, s.fuelType, year, status, actor],
  );
}

export async function setYearDisplayFields(db: Queryable, s: Scope, year: number, displayFields: Record<string, number>, actor: string): Promise<void> {
  await db.query(
    `INSERT INTO variant_suggestion_settings (model_id, fuel_type, year, display_fields, updated_by) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (model_id, fuel_type, year) DO UPDATE SET display_fields = EXCLUDED.display_fields, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [s.modelId, s.fuelType, year, JSON.stringify(displayFields), actor],
  );
}
