import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { notFound } from '../errors.ts';
import { anyObject, detailOf, guardedErrors, utm } from '../schemas.ts';

const list = (properties: Record<string, object>) => detailOf({ type: 'array', items: { type: 'object', properties } });
const int = { type: 'integer' };
const str = { type: 'string' };
const q = (properties: Record<string, object> = {}, required: string[] = []) => ({ type: 'object', properties: { ...utm, ...properties }, required });

/** Lookups of spec 000 §7: stores, states, RTOs, cities, makes, models, variants, banks, NOC-for, assignees, config. */
const lookupRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/location-store',
    {
      config: { access: 'cityStores' },
      schema: {
        summary: 'Cities with their store locations (list filters)',
        querystring: q(),
        response: {
          200: list({ city_id: int, city_name: str, locations: { type: 'array', items: { type: 'object', properties: { location_id: int, name: str } } } }),
          ...guardedErrors,
        },
      },
    },
    async () => {
      const { rows } = await app.db.query<{ city_id: number; city_name: string; locations: { location_id: number; name: string }[] }>(
        `SELECT c.city_id, c.city_name, json_agg(json_build_object('location_id', s.location_id, 'name', s.name) ORDER BY s.name) AS locations
           FROM cities c JOIN stores s ON s.city_id = c.city_id GROUP BY c.city_id, c.city_name ORDER BY c.city_name`,
      );
      return { detail: rows };
    },
  );

  app.get(
    '/assignee-list',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'Reviewers of a role; a non-excluded user gets only their own entry (spec 000 §2)',
        querystring: q({ role: { type: 'string', enum: ['qc', 'bike-qc'] } }, ['role']),
        response: { 200: list({ id: int, name: str, email: str }), ...guardedErrors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { role } = request.query as { role: string };
      const roles = role === 'qc' ? ['qc', 'StoreManager-Qc', 'SM-QcAdmin'] : ['bike-qc'];
      const { rows } = await app.db.query<{ id: number; name: string; email: string }>(
        'SELECT id, name, email FROM users WHERE role = ANY($1::text[]) AND is_active AND ($2::boolean OR lower(email) = lower($3)) ORDER BY name',
        [roles, me.isExcludedUser, me.email],
      );
      return { detail: rows };
    },
  );

  app.get(
    '/store',
    {
      config: { access: 'lookups' },
      schema: { summary: 'Stores for a role', querystring: q({ role: { type: 'string', maxLength: 50 } }), response: { 200: list({ location_id: int, name: str, city_id: int, city_name: str, region_id: int, region_name: str }), ...guardedErrors } },
    },
    async (request) => {
      const { role } = request.query as { role?: string };
      const type = role?.startsWith('bike') ? 'bike' : 'car';
      const { rows } = await app.db.query(
        'SELECT s.location_id, s.name, s.city_id, c.city_name, s.region_id, s.region_name FROM stores s JOIN cities c USING (city_id) WHERE s.store_type = $1 ORDER BY s.name',
        [type],
      );
      return { detail: rows };
    },
  );

  app.get(
    '/state',
    { config: { access: 'lookups' }, schema: { querystring: q(), response: { 200: list({ state_id: int, state_name: str }), ...guardedErrors } } },
    async () => ({ detail: (await app.db.query('SELECT state_id, state_name FROM states ORDER BY state_name')).rows }),
  );

  app.get(
    '/api/rto',
    {
      config: { access: 'lookups' },
      schema: { querystring: q({ stateId: { type: 'integer', minimum: 1 } }, ['stateId']), response: { 200: list({ id: int, rto: str, rtoCode: str }), ...guardedErrors } },
    },
    async (request) => {
      const { stateId } = request.query as { stateId: number };
      const { rows } = await app.db.query('SELECT id, rto, rto_code AS "rtoCode" FROM rtos WHERE state_id = $1 ORDER BY rto_code', [stateId]);
      return { detail: rows };
    },
  );

  app.get(
    '/city',
    {
      config: { access: 'lookups' },
      schema: { querystring: q({ state_id: { type: 'integer', minimum: 1 } }, ['state_id']), response: { 200: list({ city_id: int, city_name: str }), ...guardedErrors } },
    },
    async (request) => {
      const { state_id } = request.query as { state_id: number };
      return { detail: (await app.db.query('SELECT city_id, city_name FROM cities WHERE state_id = $1 ORDER BY city_name', [state_id])).rows };
    },
  );

  app.get(
    '/make',
    { config: { access: 'lookups' }, schema: { querystring: q(), response: { 200: list({ make_id: int, make_name: str }), ...guardedErrors } } },
    async () => ({ detail: (await app.db.query('SELECT make_id, make_name FROM makes ORDER BY make_name')).rows }),
  );

  app.get(
    '/make/:id',
    {
      config: { access: 'lookups' },
      schema: {
        summary: 'Models of a make',
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        querystring: q(),
        response: { 200: list({ model_id: int, model_name: str }), ...guardedErrors, 404: guardedErrors[400] },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const make = await app.db.query('SELECT 1 FROM makes WHERE make_id = $1', [id]);
      if (!make.rows.length) throw notFound(`Make ${id} not found`);
      return { detail: (await app.db.query('SELECT model_id, model_name FROM models WHERE make_id = $1 ORDER BY model_name', [id])).rows };
    },
  );

  app.get(
    '/variant-year',
    {
      config: { access: 'lookups' },
      schema: {
        summary: 'Variants of a model by year (optionally of one fuel type), with their statuses',
        querystring: q({ modelId: { type: 'integer', minimum: 1 }, fuelType: { type: 'string', maxLength: 30 }, year: { type: 'integer', minimum: 1990, maximum: 2100 } }, ['modelId']),
        response: {
          200: list({
            variant_id: int, variant_name: str, variant_display_name: str, variant_parent_id: { type: 'integer', nullable: true },
            variant_status: str, variantyear_status: str, transportation_category: str, transmission_type: str, fuel_type: str, year: int,
          }),
          ...guardedErrors,
        },
      },
    },
    async (request) => {
      const { modelId, fuelType, year } = request.query as { modelId: number; fuelType?: string; year?: number };
      const { rows } = await app.db.query(
        `SELECT variant_id, variant_name, variant_display_name, variant_parent_id, variant_status, variantyear_status,
                transportation_category, transmission_type, fuel_type, year
           FROM variants WHERE model_id = $1 AND ($2::text IS NULL OR fuel_type = $2) AND ($3::int IS NULL OR year = $3)
          ORDER BY year DESC, variant_name`,
        [modelId, fuelType ?? null, year ?? null],
      );
      return { detail: rows };
    },
  );

  app.get(
    '/bank-list',
    {
      config: { access: 'lookups' },
      schema: { summary: 'Financiers; a clearance time of 0 is listed as -1 (spec 000 §9)', querystring: q(), response: { 200: list({ id: int, financierName: str, nocClearanceTime: int }), ...guardedErrors } },
    },
    async () => {
      const { rows } = await app.db.query<{ id: number; financier_name: string; noc_clearance_time: number }>('SELECT * FROM banks ORDER BY financier_name');
      return { detail: rows.map((b) => ({ id: b.id, financierName: b.financier_name, nocClearanceTime: b.noc_clearance_time === 0 ? -1 : b.noc_clearance_time })) };
    },
  );

  app.get(
    '/noc-issued-for',
    { config: { access: 'lookups' }, schema: { querystring: q(), response: { 200: list({ id: int, rtoCode: str, rto: str }), ...guardedErrors } } },
    async () => ({ detail: (await app.db.query('SELECT id, rto_code AS "rtoCode", rto FROM noc_issued_for ORDER BY rto_code')).rows }),
  );

  app.get(
    '/api/Config',
    { config: { access: 'session' }, schema: { querystring: q(), response: { 200: detailOf(anyObject), ...guardedErrors } } },
    async () => {
      const { rows } = await app.db.query<{ value: object }>("SELECT value FROM app_config WHERE key = 'config'");
      return { detail: rows[0]?.value ?? {} };
    },
  );

  app.get(
    '/get-qc-auto-assignment-sleep-time',
    {
      config: { access: 'session' },
      schema: {
        querystring: q(),
        response: { 200: detailOf({ type: 'object', properties: { data: { type: 'object', properties: { sleepTime: int } } } }), ...guardedErrors },
      },
    },
    async () => {
      const { rows } = await app.db.query<{ value: number }>("SELECT value FROM app_config WHERE key = 'sleepTime'");
      return { detail: { data: { sleepTime: Number(rows[0]?.value ?? 0) } } };
    },
  );
};

export default lookupRoutes;
