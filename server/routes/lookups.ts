import type { FastifyPluginAsync } from 'fastify';
import routeAccess from '../../src/config/route-access.json' with { type: 'json' };
import { currentUser } from '../auth.ts';
import { notFound } from '../errors.ts';
import { appConfigValue } from '../repos/app-config.ts';
import * as lookups from '../repos/lookups.ts';
import { anyObject, detailOf, guardedErrors, utm } from '../schemas.ts';
import { revalidatedGets } from '../http-cache.ts';

/** `assignee-list?role=`: the list named → the roles whose users it lists (route-access.json `assigneeLists`). */
const ASSIGNEE_LISTS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(routeAccess.assigneeLists));

const list = (properties: Record<string, object>) => detailOf({ type: 'array', items: { type: 'object', properties } });
const int = { type: 'integer' };
const str = { type: 'string' };
const q = (properties: Record<string, object> = {}, required: string[] = []) => ({ type: 'object', properties: { ...utm, ...properties }, required });

/** Lookups of spec 000 §7: stores, states, RTOs, cities, makes, models, variants, banks, NOC-for, assignees, config. */
const lookupRoutes: FastifyPluginAsync = async (app) => {
  revalidatedGets(app);
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
    async () => ({ detail: await lookups.citiesWithStores(app.db) }),
  );

  app.get(
    '/assignee-list',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'Reviewers of a role; a non-excluded user gets only their own entry (spec 000 §2)',
        querystring: q({ role: { type: 'string', enum: [...ASSIGNEE_LISTS.keys()] } }, ['role']),
        response: { 200: list({ id: int, name: str, email: str }), ...guardedErrors },
      },
    },
    async (request) => {
      const roles = ASSIGNEE_LISTS.get((request.query as { role: string }).role) ?? [];
      return { detail: await lookups.activeUsersOfRoles(app.db, roles, currentUser(request)) };
    },
  );

  app.get(
    '/store',
    {
      config: { access: 'lookups' },
      schema: {
        summary: 'Stores for a role, with their channel and opening hours',
        querystring: q({ role: { type: 'string', maxLength: 50 } }),
        response: { 200: list({ location_id: int, name: str, city_id: int, city_name: str, region_id: int, region_name: str, channel: { type: ['string', 'null'] }, open_hour: int, close_hour: int }), ...guardedErrors },
      },
    },
    async (request) => {
      const { role } = request.query as { role?: string };
      return { detail: await lookups.storesOfType(app.db, role?.startsWith('bike') ? 'bike' : 'car') };
    },
  );

  app.get(
    '/state',
    { config: { access: 'lookups' }, schema: { querystring: q(), response: { 200: list({ state_id: int, state_name: str }), ...guardedErrors } } },
    async () => ({ detail: await lookups.states(app.db) }),
  );

  app.get(
    '/api/rto',
    {
      config: { access: 'lookups' },
      schema: { querystring: q({ stateId: { type: 'integer', minimum: 1 } }, ['stateId']), response: { 200: list({ id: int, rto: str, rtoCode: str }), ...guardedErrors } },
    },
    async (request) => ({ detail: await lookups.rtosOfState(app.db, (request.query as { stateId: number }).stateId) }),
  );

  app.get(
    '/city',
    {
      config: { access: 'lookups' },
      schema: { querystring: q({ state_id: { type: 'integer', minimum: 1 } }, ['state_id']), response: { 200: list({ city_id: int, city_name: str }), ...guardedErrors } },
    },
    async (request) => ({ detail: await lookups.citiesOfState(app.db, (request.query as { state_id: number }).state_id) }),
  );

  app.get(
    '/make',
    { config: { access: 'lookups' }, schema: { querystring: q(), response: { 200: list({ make_id: int, make_name: str }), ...guardedErrors } } },
    async () => ({ detail: await lookups.makes(app.db) }),
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
      const models = await lookups.modelsOfMake(app.db, id);
      if (!models) throw notFound(`Make ${id} not found`);
      return { detail: models };
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
    async (request) => ({ detail: await lookups.variantsOfModel(app.db, request.query as { modelId: number; fuelType?: string; year?: number }) }),
  );

  app.get(
    '/bank-list',
    {
      config: { access: 'lookups' },
      schema: { summary: 'Financiers; a clearance time of 0 is listed as -1 (spec 000 §9)', querystring: q(), response: { 200: list({ id: int, financierName: str, nocClearanceTime: int }), ...guardedErrors } },
    },
    async () => ({ detail: await lookups.banks(app.db) }),
  );

  app.get(
    '/noc-issued-for',
    { config: { access: 'lookups' }, schema: { querystring: q(), response: { 200: list({ id: int, rtoCode: str, rto: str }), ...guardedErrors } } },
    async () => ({ detail: await lookups.nocIssuedFor(app.db) }),
  );

  app.get(
    '/api/Config',
    { config: { access: 'session' }, schema: { querystring: q(), response: { 200: detailOf(anyObject), ...guardedErrors } } },
    async () => ({ detail: (await appConfigValue<object>(app.db, 'config')) ?? {} }),
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
    async () => ({ detail: { data: { sleepTime: Number((await appConfigValue<number>(app.db, 'sleepTime')) ?? 0) } } }),
  );
};

export default lookupRoutes;
