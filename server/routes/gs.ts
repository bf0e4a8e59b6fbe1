import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import { activeUsersOfRoles } from '../repos/lookups.ts';
import { anyObject, detailOf, guardedErrors, leadTokenSchema, email, utm } from '../schemas.ts';
import { actOnFlag, flagDetail, flagList, type FlagActionBody } from '../services/gs-unflagging.ts';

const appointmentParam = {
  type: 'object',
  // Numeric ids only (spec 002 §5: the detail route's appointment id is numeric).
  properties: { appointmentId: { type: 'string', pattern: '^[0-9]{1,20}$' } },
  required: ['appointmentId'],
} as const;

const strArray = (item: object) => ({ type: 'array', maxItems: 50, items: item }) as const;
const intArray = strArray({ type: 'integer', minimum: 1, maximum: 2147483647 });
const categoryArray = strArray({ type: 'string', maxLength: 40 });
const emailArray = strArray(email);

const listItem = {
  type: 'object',
  properties: {
    appointmentId: { type: 'string' },
    category: { type: 'string' },
    inspectionEndTime: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    storeName: { type: 'string' },
    createdAt: { type: 'string' },
    assignedTo: { type: 'string', nullable: true },
    conditionFlag: { type: 'integer', nullable: true },
    leadToken: { type: 'string' },
  },
} as const;

interface ListQuery {
  emailId: string;
  appointmentId?: string;
  [key: string]: unknown;
}

/** `storeCityId[]=1&storeCityId[]=2` and `storeCityId=1` alike (the spec sends multi-selects as arrays). */
function arrayParam<T>(query: ListQuery, name: string): T[] {
  return [...((query[`${name}[]`] as T[] | undefined) ?? []), ...((query[name] as T[] | undefined) ?? [])];
}

/** GS unflagging (spec 002 §2–§8): flagged-car list, detail, the assignee's flag action, and the assignee filter. */
const gsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/gs-dealer-data',
    {
      config: { access: 'gs' },
      schema: {
        summary: 'Flagged cars waiting for a GS action, newest first; filters as arrays; emailId is the caller',
        querystring: {
          type: 'object',
          properties: {
            ...utm,
            emailId: email,
            appointmentId: { type: 'string', pattern: '^[0-9]{1,20}$' },
            'storeCityId[]': intArray,
            storeCityId: intArray,
            'storeId[]': intArray,
            storeId: intArray,
            'category[]': categoryArray,
            category: categoryArray,
            'assignedTo[]': emailArray,
            assignedTo: emailArray,
          },
          required: ['emailId'],
        },
        response: { 200: detailOf({ type: 'array', items: listItem }), ...guardedErrors },
      },
    },
    async (request) => {
      const q = request.query as ListQuery;
      const filters = {
        appointmentId: q.appointmentId,
        cities: arrayParam<number>(q, 'storeCityId'),
        stores: arrayParam<number>(q, 'storeId'),
        categories: arrayParam<string>(q, 'category'),
        assignees: arrayParam<string>(q, 'assignedTo'),
      };
      return { detail: await flagList(app.db, currentUser(request), q.emailId, filters) };
    },
  );

  app.get(
    '/v2/gs-dealer-data/:appointmentId',
    {
      config: { access: 'gs' },
      schema: {
        summary: 'A flagged car by appointment id and its lead token (404 when they do not match); ETag for the action\'s If-Match',
        params: appointmentParam,
        querystring: { type: 'object', properties: { ...utm, leadToken: leadTokenSchema }, required: ['leadToken'] },
        response: { 200: detailOf(anyObject), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { appointmentId } = request.params as { appointmentId: string };
      const { etag, detail } = await flagDetail(app.db, appointmentId, (request.query as { leadToken: string }).leadToken);
      void reply.header('etag', etag);
      return { detail };
    },
  );

  app.patch(
    '/v2/gs-dealer-data/:appointmentId',
    {
      config: { access: 'gs' },
      schema: {
        summary:
          'The assignee confirms, changes or removes the flag by the rules of the GS unflagging config version the page was opened on ' +
          '(configVersion; null: src/config/gs-unflagging/unflag.json; absent: the active one), recorded on the flag; answers the success message as detail; ' +
          '412 when the flag changed since the page loaded (optional If-Match: the detail\'s ETag)',
        params: appointmentParam,
        querystring: { type: 'object', properties: utm },
        headers: { type: 'object', properties: { 'if-match': { type: 'string', maxLength: 100 } } },
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            reason: { type: 'string', maxLength: 1000 },
            disposition: { type: 'string', maxLength: 60 },
            conditionFlag: { type: 'integer', minimum: -1, maximum: 100 },
            status: { type: 'string', minLength: 1, maxLength: 30 },
            subDisposition: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 60 } },
            configVersion: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
          },
          required: ['conditionFlag', 'status'],
        },
        response: { 200: detailOf({ type: 'string' }), ...guardedErrors, 404: errorSchema, 412: errorSchema },
      },
    },
    async (request) => {
      const { appointmentId } = request.params as { appointmentId: string };
      return { detail: await actOnFlag(app.db, currentUser(request), appointmentId, request.body as FlagActionBody, request.headers['if-match']) };
    },
  );

  app.get(
    '/v2/gs-assignees',
    {
      config: { access: 'gs' },
      schema: {
        summary: 'GS reviewers for the Assignee filter: all for an admin-type (excluded) user, else only the caller (spec 002 §2)',
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf({ type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } } } }), ...guardedErrors },
      },
    },
    async (request) => ({ detail: await activeUsersOfRoles(app.db, ['gs'], currentUser(request)) }),
  );
};

export default gsRoutes;
