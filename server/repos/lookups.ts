/** Catalogue lookups of spec 000 §7 (cities, stores, states, RTOs, makes, models, variants, banks, NOC-for, comment options). */
import type { Queryable } from '../db.ts';
import { DEFAULT_HOURS } from './admin-tools.ts';

export interface CityStores {
  city_id: number;
  city_name: string;
  locations: { location_id: number; name: string }[];
}

export async function citiesWithStores(db: Queryable): Promise<CityStores[]> {
  const { rows } = await db.query<CityStores>(
    `SELECT c.city_id, c.city_name, json_agg(json_build_object('location_id', s.location_id, 'name', s.name) ORDER BY s.name) AS locations
       FROM cities c JOIN stores s ON s.city_id = c.city_id GROUP BY c.city_id, c.city_name ORDER BY c.city_name`,
  );
  return rows;
}

/** Active users of these roles, by name; all of them for an excluded (admin-type) user, else only `me`. */
export async function activeUsersOfRoles(db: Queryable, roles: readonly string[], me: { email: string; isExcludedUser: boolean }) {
  const { rows } = await db.query<{ id: number; name: string; email: string }>(
    'SELECT id, name, email FROM users WHERE role = ANY($1::text[]) AND is_active AND ($2::boolean OR lower(email) = lower($3)) ORDER BY name',
    [roles, me.isExcludedUser, me.email],
  );
  return rows;
}

export async function storesOfType(db: Queryable, type: 'car' | 'bike') {
  const { rows } = await db.query(
    // With the store's channel and opening hours: the X factor screen lists the locality and sell_online stores and
    // their hourly slots from this answer (spec 002 §7 'Store list by role').
    `SELECT s.location_id, s.name, s.city_id, c.city_name, s.region_id, s.region_name, s.channel,
            coalesce(s.open_hour, ${DEFAULT_HOURS[0]}) AS open_hour, coalesce(s.close_hour, ${DEFAULT_HOURS[1]}) AS close_hour
       FROM stores s JOIN cities c USING (city_id) WHERE s.store_type = $1 ORDER BY s.name`,
    [type],
  );
  return rows;
}

export const states = async (db: Queryable) => (await db.query('SELECT state_id, state_name FROM states ORDER BY state_name')).rows;

export const rtosOfState = async (db: Queryable, stateId: number) =>
  (await db.query('SELECT id, rto, rto_code AS "rtoCode" FROM rtos WHERE state_id = $1 ORDER BY rto_code', [stateId])).rows;

export const citiesOfState = async (db: Queryable, stateId: number) =>
  (await db.query('SELECT city_id, city_name FROM cities WHERE state_id = $1 ORDER BY city_name', [stateId])).rows;

export const makes = async (db: Queryable) => (await db.query('SELECT make_id, make_name FROM makes ORDER BY make_name')).rows;

/** Models of a make; null when there is no such make. */
export async function modelsOfMake(db: Queryable, makeId: number) {
  const make = await db.query('SELECT 1 FROM makes WHERE make_id = $1', [makeId]);
  if (!make.rows.length) return null;
  return (await db.query('SELECT model_id, model_name FROM models WHERE make_id = $1 ORDER BY model_name', [makeId])).rows;
}

export async function variantsOfModel(db: Queryable, q: { modelId: number; fuelType?: string; year?: number }) {
  const { rows } = await db.query(
    `SELECT variant_id, variant_name, variant_display_name, variant_parent_id, variant_status, variantyear_status,
            transportation_category, transmission_type, fuel_type, year
       FROM variants WHERE model_id = $1 AND ($2::text IS NULL OR fuel_type = $2) AND ($3::int IS NULL OR year = $3)
      ORDER BY year DESC, variant_name`,
    [q.modelId, q.fuelType ?? null, q.year ?? null],
  );
  return rows;
}

/** Financiers as the spec answers them: a clearance time of 0 is listed as -1 (spec 000 §9). */
export async function banks(db: Queryable) {
  const { rows } = await db.query<{ id: number; financier_name: string; noc_clearance_time: number }>('SELECT * FROM banks ORDER BY financier_name');
  return rows.map((b) => ({ id: b.id, financierName: b.financier_name, nocClearanceTime: b.noc_clearance_time === 0 ? -1 : b.noc_clearance_time }));
}

export const nocIssuedFor = async (db: Queryable) => (await db.query('SELECT id, rto_code AS "rtoCode", rto FROM noc_issued_for ORDER BY rto_code')).rows;

/** Comment options of a section, by rank. */
export const commentOptions = async (db: Queryable, section: string) =>
  (await db.query('SELECT comment, id, status, rank, type FROM comment_options WHERE section = $1 ORDER BY rank, id', [section])).rows;

/** The catalogue variant an admin names by id, name or display name (of the model when known; the inspection's year first). */
export async function variantByIdOrName(db: Queryable, q: { modelId: number | null; variant: string; year: number | null }) {
  const { rows } = await db.query<{ variant_id: number; variant_name: string; variant_display_name: string; transportation_category: string }>(
    `SELECT variant_id, variant_name, variant_display_name, transportation_category FROM variants
      WHERE ($1::int IS NULL OR model_id = $1) AND (variant_id::text = $2 OR lower(variant_name) = lower($2) OR lower(variant_display_name) = lower($2))
      ORDER BY (year = $3::int) IS TRUE DESC, year DESC LIMIT 1`,
    [q.modelId, q.variant, q.year],
  );
  return rows[0] ?? null;
}
