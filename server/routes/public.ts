import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { conflict, errorSchema, forbidden, notFound } from '../errors.ts';
import { audit } from '../repos/inspections.ts';
import { checkLink, type LinkPage } from '../link-token.ts';
import { anyObject, detailOf, utm } from '../schemas.ts';

const appointmentId = { type: 'string', pattern: '^[0-9]{1,20}$' } as const;
/** Every public call names its link: the expiry (unix seconds) and the signature, both checked by the server. */
const linkQuery = {
  ...utm,
  exp: { type: 'integer', minimum: 0, maximum: 99999999999 },
  token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
} as const;
const publicErrors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;

export const LINK_INVALID = 'This link is invalid or has expired';

/**
 * A public page may read and answer for the appointment its signed link names, and only until the link expires
 * (DESIGN.md 'Public pages'): a guessed id, a missing or edited signature and an edited expiry all answer 403.
 */
function requireLink(request: FastifyRequest, page: LinkPage, id: string): void {
  const { exp, token } = request.query as { exp?: number; token?: string };
  if (exp === undefined || !token) throw forbidden(LINK_INVALID);
  const check = checkLink(request.server.ctx.linkSecret, page, id, exp, token);
  if (check === 'expired') throw forbidden('This link has expired');
  if (check !== 'ok') throw forbidden(LINK_INVALID);
}

interface AuditRow {
  appointment_id: string;
  car_details: unknown;
  customer_input: unknown;
  cj_input: unknown;
  inspection_by: string;
  status: string | null;
}

interface SellRow {
  appointment_id: string;
  record: Record<string, unknown>;
  status: string | null;
}

/** The seller's pages (spec 002 §2, §7): customer audit, sell-online; and the health check. No sign-in. */
const publicRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/public/health',
    {
      config: { access: 'public' },
      schema: {
        security: [],
        summary: 'Health: the server answers and its database too',
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf({ type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' }, time: { type: 'string' } } }) },
      },
    },
    async () => {
      await app.db.query('SELECT 1');
      return { detail: { status: 'ok', database: 'ok', time: new Date().toISOString() } };
    },
  );

  app.get(
    '/v2/customer-audit-data',
    {
      config: { access: 'public' },
      schema: {
        security: [],
        summary: "The seller's values against the evaluator's, for the appointment of a signed customer-audit link",
        querystring: { type: 'object', properties: { ...linkQuery, appointmentId }, required: ['appointmentId'] },
        response: { 200: detailOf(anyObject), ...publicErrors },
      },
    },
    async (request) => {
      const { appointmentId: id } = request.query as { appointmentId: string };
      requireLink(request, 'customer-audit', id);
      const { rows } = await app.db.query<AuditRow>('SELECT * FROM customer_audits WHERE appointment_id = $1', [id]);
      const row = rows[0];
      if (!row) throw notFound('AppointmentId not found');
      return {
        detail: { appointmentId: row.appointment_id, carDetails: row.car_details, customerInput: row.customer_input, cjInput: row.cj_input, inspectionBy: row.inspection_by, status: row.status },
      };
    },
  );

  app.post(
    '/v2/customer-audit-data',
    {
      config: { access: 'public' },
      schema: {
        security: [],
        summary: 'The seller approves or rejects the evaluator\'s values, once (409 after an answer)',
        querystring: { type: 'object', properties: linkQuery },
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { appointmentId, status: { type: 'string', enum: ['approved', 'rejected'] } },
          required: ['appointmentId', 'status'],
        },
        response: { 200: detailOf({ type: 'string' }), ...publicErrors },
      },
    },
    async (request) => {
      const body = request.body as { appointmentId: string; status: 'approved' | 'rejected' };
      requireLink(request, 'customer-audit', body.appointmentId);
      return app.db.transaction(async (tx) => {
        const { rows } = await tx.query<AuditRow>('SELECT * FROM customer_audits WHERE appointment_id = $1 FOR UPDATE', [body.appointmentId]);
        const row = rows[0];
        if (!row) throw notFound('AppointmentId not found');
        if (row.status) throw conflict(`This audit was already answered (${row.status})`);
        await tx.query('UPDATE customer_audits SET status = $2, answered_at = now() WHERE appointment_id = $1', [body.appointmentId, body.status]);
        await audit(tx, { actor: 'customer', action: 'customer-audit', appointmentId: body.appointmentId, before: null, after: body.status });
        return { detail: 'Thank you, your feedback has been recorded' };
      });
    },
  );

  app.get(
    '/v2/sell-online',
    {
      config: { access: 'public' },
      schema: {
        security: [],
        summary: 'The sell-online offer and the seller vs evaluator review data, for the appointment of a signed link',
        querystring: { type: 'object', properties: { ...linkQuery, appointmentId }, required: ['appointmentId'] },
        response: { 200: detailOf(anyObject), ...publicErrors },
      },
    },
    async (request) => {
      const { appointmentId: id } = request.query as { appointmentId: string };
      requireLink(request, 'sell-online', id);
      const { rows } = await app.db.query<SellRow>('SELECT * FROM sell_online WHERE appointment_id = $1', [id]);
      if (!rows[0]) throw notFound('AppointmentId not found');
      return { detail: { ...rows[0].record, appointmentId: id, status: rows[0].status } };
    },
  );

  app.post(
    '/v2/sell-online',
    {
      config: { access: 'public' },
      schema: {
        security: [],
        summary: 'Marks the offer OPEN on its first view (later views and answered offers keep their status)',
        querystring: { type: 'object', properties: linkQuery },
        body: { type: 'object', additionalProperties: false, properties: { appointmentId, status: { type: 'string', enum: ['OPEN'] } }, required: ['appointmentId', 'status'] },
        response: { 200: detailOf({ type: 'string', nullable: true }), ...publicErrors },
      },
    },
    async (request) => {
      const body = request.body as { appointmentId: string };
      requireLink(request, 'sell-online', body.appointmentId);
      return app.db.transaction(async (tx) => {
        const { rows } = await tx.query<SellRow>('SELECT * FROM sell_online WHERE appointment_id = $1 FOR UPDATE', [body.appointmentId]);
        if (!rows[0]) throw notFound('AppointmentId not found');
        if (rows[0].status) return { detail: rows[0].status };
        await tx.query("UPDATE sell_online SET status = 'OPEN', opened_at = now() WHERE appointment_id = $1", [body.appointmentId]);
        await audit(tx, { actor: 'customer', action: 'sell-online-open', appointmentId: body.appointmentId, before: null, after: 'OPEN' });
        return { detail: 'OPEN' };
      });
    },
  );

  app.put(
    '/v2/sell-online/:appointmentId',
    {
      config: { access: 'public' },
      schema: {
        security: [],
        summary: 'The seller approves the changes or sends them for correction, once (409 after an answer)',
        params: { type: 'object', properties: { appointmentId }, required: ['appointmentId'] },
        querystring: { type: 'object', properties: linkQuery },
        body: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: ['APPROVED', 'REJECTED'] } }, required: ['status'] },
        response: { 200: detailOf({ type: 'string' }), ...publicErrors },
      },
    },
    async (request) => {
      const { appointmentId: id } = request.params as { appointmentId: string };
      const { status } = request.body as { status: 'APPROVED' | 'REJECTED' };
      requireLink(request, 'sell-online', id);
      return app.db.transaction(async (tx) => {
        const { rows } = await tx.query<SellRow>('SELECT * FROM sell_online WHERE appointment_id = $1 FOR UPDATE', [id]);
        if (!rows[0]) throw notFound('AppointmentId not found');
        if (rows[0].status === 'APPROVED' || rows[0].status === 'REJECTED') throw conflict(`This offer was already answered (${rows[0].status})`);
        await tx.query('UPDATE sell_online SET status = $2, answered_at = now() WHERE appointment_id = $1', [id, status]);
        await audit(tx, { actor: 'customer', action: 'sell-online-answer', appointmentId: id, before: rows[0].status, after: status });
        return { detail: status };
      });
    },
  );
};

export default publicRoutes;
