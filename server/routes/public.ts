import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { errorSchema, forbidden } from '../errors.ts';
import { checkLink, type LinkPage } from '../link-token.ts';
import { databaseAnswers } from '../repos/public-pages.ts';
import { anyObject, detailOf, utm } from '../schemas.ts';
import { answerCustomerAudit, answerSellOnline, customerAuditData, openSellOnline, sellOnlineData } from '../services/public-pages.ts';

const appointmentId = { type: 'string', pattern: '^[0-9]{1,20}$' } as const;
/** Every public call names its link: the expiry (unix seconds) and the signature, both checked by the server. */
const linkQuery = {
  ...utm,
  exp: { type: 'integer', minimum: 0, maximum: 99999999999 },
  token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
} as const;
const publicErrors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;

const LINK_INVALID = 'This link is invalid or has expired';

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
      await databaseAnswers(app.db);
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
      return { detail: await customerAuditData(app.db, id) };
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
      return { detail: await answerCustomerAudit(app.db, body.appointmentId, body.status) };
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
      return { detail: await sellOnlineData(app.db, id) };
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
      return { detail: await openSellOnline(app.db, body.appointmentId) };
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
      return { detail: await answerSellOnline(app.db, id, status) };
    },
  );
};

export default publicRoutes;
