import type { FastifyPluginAsync } from 'fastify';
import { actionFor, actionOutcome, dispositionsFor } from '../../src/products/gs-unflagging/unflag.ts';
import { currentUser } from '../auth.ts';
import { badRequest, errorSchema, forbidden, HttpError, notFound } from '../errors.ts';
import { UNFLAG_CONFIG } from '../gs-config.ts';
import { audit } from '../inspections-repo.ts';
import { leadTokenSchema, sameEmail } from '../review-helpers.ts';
import { anyObject, detailOf, email, guardedErrors, utm } from '../schemas.ts';


const preconditionFailed = (detail: string) => new HttpError(412, 'Precondition Failed', detail);

interface FlagRow {
  appointment_id: string;
  lead_token: string;
  category: string;
  city_id: number;
  store_id: number;
  store_name: string;
  make: string;
  model: string;
  inspection_end_time: Date;
  assigned_to: string | null;
  condition_flag: number;
  hard_beta: boolean;
  status: string;
  workflow_id: string | null;
  detail: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The version a page loaded, sent back as If-Match so an action on a changed flag is refused (412). */
const etagOf = (row: FlagRow) => `"${row.condition_flag}-${new Date(row.updated_at).getTime()}"`;

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
      const me = currentUser(request);
      const q = request.query as ListQuery;
      if (!sameEmail(q.emailId, me.email)) throw forbidden('emailId must be your own e-mail');
      const where = ["status = 'pending'"];
      const params: unknown[] = [];
      const add = (sql: (n: string) => string, value: unknown) => {
        params.push(value);
        where.push(sql(`$${params.length}`));
      };
      if (q.appointmentId) add((n) => `appointment_id = ${n}`, q.appointmentId);
      const cities = arrayParam<number>(q, 'storeCityId');
      const stores = arrayParam<number>(q, 'storeId');
      const categories = arrayParam<string>(q, 'category');
      const assignees = arrayParam<string>(q, 'assignedTo');
      if (cities.length) add((n) => `city_id = ANY(${n}::int[])`, cities);
      if (stores.length) add((n) => `store_id = ANY(${n}::int[])`, stores);
      if (categories.length) add((n) => `category = ANY(${n}::text[])`, categories);
      if (assignees.length) {
        // Like the car list: only an admin-type (excluded) user may filter by other assignees (spec 002 §2).
        if (!me.isExcludedUser && assignees.some((a) => !sameEmail(a, me.email))) throw forbidden('You may only filter by your own assignee entry');
        add((n) => `lower(assigned_to) = ANY(${n}::text[])`, assignees.map((a) => a.toLowerCase()));
      }
      const { rows } = await app.db.query<FlagRow>(`SELECT * FROM gs_flags WHERE ${where.join(' AND ')} ORDER BY created_at DESC, appointment_id LIMIT 500`, params);
      return {
        detail: rows.map((r) => ({
          appointmentId: r.appointment_id,
          category: r.category,
          inspectionEndTime: iso(r.inspection_end_time),
          make: r.make,
          model: r.model,
          storeName: r.store_name,
          createdAt: iso(r.created_at),
          assignedTo: r.assigned_to,
          conditionFlag: r.condition_flag,
          leadToken: r.lead_token,
        })),
      };
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
      const { leadToken } = request.query as { leadToken: string };
      const { rows } = await app.db.query<FlagRow>('SELECT * FROM gs_flags WHERE appointment_id = $1 AND lead_token = $2', [appointmentId, leadToken]);
      const row = rows[0];
      if (!row) throw notFound(`No flagged car ${appointmentId} with this lead token`);
      void reply.header('etag', etagOf(row));
      return {
        detail: {
          ...row.detail,
          appointmentId: row.appointment_id,
          workflowId: row.workflow_id,
          conditionFlag: row.condition_flag,
          assignedTo: row.assigned_to,
          status: row.status,
        },
      };
    },
  );

  app.patch(
    '/v2/gs-dealer-data/:appointmentId',
    {
      config: { access: 'gs' },
      schema: {
        summary:
          'The assignee confirms, changes or removes the flag (rules: src/config/gs-unflagging/unflag.json); answers the success message as detail; ' +
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
          },
          required: ['conditionFlag', 'status'],
        },
        response: { 200: detailOf({ type: 'string' }), ...guardedErrors, 404: errorSchema, 412: errorSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { appointmentId } = request.params as { appointmentId: string };
      const body = request.body as { reason?: string; disposition?: string; conditionFlag: number; status: string; subDisposition?: string[] };
      const ifMatch = request.headers['if-match'];
      const messages = UNFLAG_CONFIG.messages;
      return app.db.transaction(async (tx) => {
        const { rows } = await tx.query<FlagRow>('SELECT * FROM gs_flags WHERE appointment_id = $1 FOR UPDATE', [appointmentId]);
        const row = rows[0];
        if (!row) throw notFound(`No flagged car ${appointmentId}`);
        if (!sameEmail(row.assigned_to, me.email)) throw forbidden(messages.notAssignee);
        const facts = { conditionFlag: row.condition_flag, hardBeta: row.hard_beta };
        const action = row.status === 'pending' && (!ifMatch || ifMatch === etagOf(row)) ? actionFor(UNFLAG_CONFIG, facts, body) : null;
        if (!action) throw preconditionFailed(messages.flagChanged);
        const outcome = actionOutcome(UNFLAG_CONFIG, action, facts);
        const reason = body.reason?.trim() ?? '';
        const sub = body.subDisposition ?? [];
        if (outcome.needsReason) {
          if (!reason) throw badRequest(messages.reasonRequired);
          if (!body.disposition) throw badRequest(messages.dispositionRequired);
          if (!dispositionsFor(UNFLAG_CONFIG, row.condition_flag).some((d) => d.key === body.disposition)) throw badRequest(`Unknown disposition ${body.disposition}`);
        }
        if (sub.length && !outcome.subDispositions) throw badRequest('Sub-dispositions are only given when an Alpha car is changed to Beta');
        const unknown = sub.find((key) => !UNFLAG_CONFIG.subDispositions.some((s) => s.key === key));
        if (unknown !== undefined) throw badRequest(`Unknown sub-disposition ${unknown}`);
        await tx.query(
          `UPDATE gs_flags SET condition_flag = $2, status = $3, reason = $4, disposition = $5, sub_disposition = $6::jsonb,
             actioned_by = $7, actioned_at = now(), updated_at = now() WHERE appointment_id = $1`,
          [appointmentId, outcome.conditionFlag, outcome.status, outcome.needsReason ? reason : null, outcome.needsReason ? body.disposition : null, JSON.stringify(sub), me.email],
        );
        await audit(tx, {
          actor: me.email,
          action: `gs-${action}`,
          appointmentId,
          before: String(row.condition_flag),
          after: String(outcome.conditionFlag),
          detail: { status: outcome.status, reason, disposition: body.disposition ?? null, subDisposition: sub },
        });
        return { detail: action === 'unflag' ? messages.unflagged : messages.success };
      });
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
    async (request) => {
      const me = currentUser(request);
      const { rows } = await app.db.query<{ id: number; name: string; email: string }>(
        "SELECT id, name, email FROM users WHERE role = 'gs' AND is_active AND ($1::boolean OR lower(email) = lower($2)) ORDER BY name",
        [me.isExcludedUser, me.email],
      );
      return { detail: rows };
    },
  );
};

export default gsRoutes;
