import type { FastifyPluginAsync } from 'fastify';
import config from '../../src/config/refurbishment/refurbishment.json' with { type: 'json' };
import { evaluateOutcome, type OutcomeRule } from '../../src/engine/outcome.ts';
import { currentUser } from '../auth.ts';
import { badRequest, conflict, errorSchema, forbidden, notFound } from '../errors.ts';
import { audit } from '../inspections-repo.ts';
import { appointmentIdSchema, sameEmail } from '../review-helpers.ts';
import { anyObject, detailOf, email, guardedErrors, utm } from '../schemas.ts';
import { getRefurbishment, recordVersion, toDetail, toListRow, type RefurbItem, type RefurbRow } from './refurbishment-store.ts';

type Status = (typeof config.statuses)[number];
type Section = 'beforeRef' | 'afterRef';
const OUTCOME = config.outcomes.submission as OutcomeRule<{ status: Status | null; section: Section | null }>[];

/** The status and section a submit leads to (config outcome rules, the same ones the review machine runs). */
export function refurbishmentOutcome(status: string, rejectedCount: number) {
  return evaluateOutcome(OUTCOME, { status, rejectedCount });
}

/** hashKeys are item ids from the seed or the GS app: plain word characters, never an object's own keys. */
const hashKeySchema = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$', not: { enum: ['constructor', 'prototype'] } } as const;
const statusSchema = { type: 'string', enum: config.statuses } as const;
const notFoundAnswer = { 404: errorSchema } as const;

const listRowSchema = {
  type: 'object',
  properties: {
    appointmentId: { type: 'string' },
    refurbishedBy: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    endTime: { type: 'string' },
    qcAssignTo: { type: 'object', properties: { to: { type: 'string', nullable: true } } },
    status: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;

const versionRowSchema = {
  type: 'object',
  properties: {
    appointmentId: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string' },
    refurbishedBy: { type: 'string' },
    reviewedBy: { type: 'string', nullable: true },
    endTime: { type: 'string' },
  },
} as const;

const submitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['appointmentId', 'fields', 'reviewBy', 'status', 'section'],
  properties: {
    appointmentId: appointmentIdSchema,
    fields: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['hashKey', 'qcRemark', 'isRejected'],
        properties: {
          hashKey: hashKeySchema,
          qcRemark: { type: 'string', maxLength: config.remarkMaxLength },
          isRejected: { type: 'integer', enum: [0, 1] },
        },
      },
    },
    reviewBy: email,
    status: statusSchema,
    section: { type: 'string', enum: ['beforeRef', 'afterRef'] },
    /** The version the reviewer's page showed (optional): a submit against an older one is stale (409). */
    version: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

interface SubmitBody {
  appointmentId: string;
  fields: { hashKey: string; qcRemark: string; isRejected: 0 | 1 }[];
  reviewBy: string;
  status: Status;
  section: Section;
  version?: number;
}

/** Refurbishment calls of spec 001 §7 (main host). */
const refurbishmentRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/refurbishment',
    {
      config: { access: 'refurbishmentList' },
      schema: {
        summary: 'Refurbishments awaiting QC (review, refReview), 50 per page, newest first; or the one of ?appointmentId (any status)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...utm, page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 }, appointmentId: appointmentIdSchema },
        },
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: listRowSchema }, total: { type: 'integer' } }, required: ['data', 'total'] }, ...guardedErrors },
      },
    },
    async (request) => {
      const { page, appointmentId } = request.query as { page: number; appointmentId?: string };
      const [where, params] = appointmentId ? ['appointment_id = $1', [appointmentId]] : ['status = ANY($1::text[])', [config.queueStatuses]];
      const total = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refurbishments WHERE ${where}`, params);
      const { rows } = await app.db.query<RefurbRow>(
        `SELECT * FROM refurbishments WHERE ${where} ORDER BY end_time DESC, appointment_id LIMIT ${config.pageSize} OFFSET ${(page - 1) * config.pageSize}`,
        params,
      );
      return { data: rows.map(toListRow), total: total.rows[0].n };
    },
  );

  app.get(
    '/v2/refurbishment/:appointmentId',
    {
      config: { access: 'refurbishmentReview' },
      schema: {
        summary: 'The current refurbishment of an appointment',
        params: { type: 'object', properties: { appointmentId: appointmentIdSchema }, required: ['appointmentId'] },
        querystring: { type: 'object', additionalProperties: false, properties: utm },
        response: { 200: detailOf(anyObject), ...guardedErrors, ...notFoundAnswer },
      },
    },
    async (request) => ({ detail: toDetail(await getRefurbishment(app.db, (request.params as { appointmentId: string }).appointmentId)) }),
  );

  app.get(
    '/v2/refurbishment-version-detail',
    {
      config: { access: 'refurbishmentReview' },
      schema: {
        summary: 'A refurbishment as it stood at one version (appointmentId, status, version)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...utm, appointmentId: appointmentIdSchema, status: statusSchema, version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
          required: ['appointmentId', 'status', 'version'],
        },
        response: { 200: detailOf(anyObject), ...guardedErrors, ...notFoundAnswer },
      },
    },
    async (request) => {
      const q = request.query as { appointmentId: string; status: string; version: number };
      const { rows } = await app.db.query<{ detail: object }>(
        'SELECT detail FROM refurbishment_versions WHERE appointment_id = $1 AND version = $2 AND status = $3',
        [q.appointmentId, q.version, q.status],
      );
      if (!rows[0]) throw notFoundVersion(q);
      return { detail: rows[0].detail };
    },
  );

  app.get(
    '/v2/refurbishment-version/:appointment',
    {
      config: { access: 'refurbishmentVersions' },
      schema: {
        summary: 'Every version of an appointment’s refurbishment, newest first (empty when there is none)',
        params: { type: 'object', properties: { appointment: appointmentIdSchema }, required: ['appointment'] },
        querystring: { type: 'object', additionalProperties: false, properties: utm },
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: versionRowSchema }, total: { type: 'integer' } }, required: ['data', 'total'] }, ...guardedErrors },
      },
    },
    async (request) => {
      const { appointment } = request.params as { appointment: string };
      const { rows } = await app.db.query<{ version: number; status: string; detail: { make: string; model: string; refurbishedBy: string }; reviewed_by: string | null; created_at: Date }>(
        'SELECT version, status, detail, reviewed_by, created_at FROM refurbishment_versions WHERE appointment_id = $1 ORDER BY version DESC',
        [appointment],
      );
      const data = rows.map((r) => ({
        appointmentId: appointment,
        make: r.detail.make,
        model: r.detail.model,
        version: r.version,
        status: r.status,
        refurbishedBy: r.detail.refurbishedBy,
        reviewedBy: r.reviewed_by,
        endTime: new Date(r.created_at).toISOString(),
      }));
      return { data, total: data.length };
    },
  );

  app.put(
    '/v2/refurbishment-qc-assign-to',
    {
      config: { access: 'refurbishmentList' },
      schema: {
        summary: 'Assign a refurbishment awaiting QC to the caller (assign to me)',
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['appointmentId', 'qcAssignTo'],
          properties: { appointmentId: appointmentIdSchema, qcAssignTo: email },
        },
        response: { 200: detailOf(anyObject), ...guardedErrors, ...notFoundAnswer, 409: errorSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const body = request.body as { appointmentId: string; qcAssignTo: string };
      if (!sameEmail(body.qcAssignTo, me.email)) throw forbidden('You can only assign a refurbishment to yourself');
      const detail = await app.db.transaction(async (tx) => {
        const row = await getRefurbishment(tx, body.appointmentId, { forUpdate: true });
        if (!config.queueStatuses.includes(row.status)) throw conflict(`This refurbishment is not awaiting review (status ${row.status})`);
        if (sameEmail(row.qc_assign_to, me.email)) return toDetail(row);
        if (row.qc_assign_to) throw conflict(`This refurbishment is already assigned to ${row.qc_assign_to}`);
        await tx.query('UPDATE refurbishments SET qc_assign_to = $2, updated_at = now() WHERE appointment_id = $1', [row.appointment_id, me.email]);
        await audit(tx, { actor: me.email, action: 'refurbishment-assign', appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { qcAssignTo: me.email } });
        return toDetail({ ...row, qc_assign_to: me.email });
      });
      return { detail };
    },
  );

  app.post(
    '/v2/refurbishment/:appointmentId',
    {
      config: { access: 'refurbishmentReview' },
      schema: {
        summary: 'Submit the QC review of a refurbishment; the server decides the resulting status from the config outcome rules',
        params: { type: 'object', properties: { appointmentId: appointmentIdSchema }, required: ['appointmentId'] },
        querystring: { type: 'object', properties: utm },
        body: submitSchema,
        response: {
          200: detailOf({ type: 'object', properties: { message: { type: 'string' }, status: { type: 'string' }, version: { type: 'integer' } } }),
          ...guardedErrors,
          ...notFoundAnswer,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { appointmentId } = request.params as { appointmentId: string };
      const body = request.body as SubmitBody;
      if (body.appointmentId !== appointmentId) throw badRequest('appointmentId in the body must be the one in the path');
      if (!sameEmail(body.reviewBy, me.email)) throw forbidden('reviewBy must be the signed-in user');
      const entries = new Map<string, SubmitBody['fields'][number]>();
      for (const entry of body.fields) {
        if (entries.has(entry.hashKey)) throw badRequest(`Item ${entry.hashKey} appears more than once`);
        entries.set(entry.hashKey, entry);
      }
      return app.db.transaction(async (tx) => {
        const row = await getRefurbishment(tx, appointmentId, { forUpdate: true });
        if (!sameEmail(row.qc_assign_to, me.email)) throw forbidden('Only the assignee can submit this review');
        if (body.version !== undefined && body.version !== row.version) {
          throw conflict(`This refurbishment changed since you opened it (version ${body.version}, now ${row.version}); reload to review it again`);
        }
        if (body.status !== row.status) {
          // A submit repeated after it went through finds the status it led to.
          const repeated = [0, 1].some((rejected) => refurbishmentOutcome(body.status, rejected).status === row.status);
          throw conflict(
            repeated
              ? `This review was already submitted (status ${row.status})`
              : `This refurbishment is in status ${row.status}, not ${body.status}`,
          );
        }
        const known = new Set(row.fields.map((f) => f.hashKey));
        for (const hashKey of entries.keys()) if (!known.has(hashKey)) throw badRequest(`Unknown item ${hashKey}`);
        const rejectedCount = body.fields.filter((f) => f.isRejected === 1).length;
        const outcome = refurbishmentOutcome(row.status, rejectedCount);
        if (!outcome.status || !outcome.section) throw conflict(`A refurbishment in status ${row.status} is not awaiting review`);
        if (body.section !== outcome.section) throw badRequest(`section must be ${outcome.section} for a review in status ${row.status}`);
        const section = outcome.section;
        const fields: RefurbItem[] = row.fields.map((item) => {
          const entry = entries.get(item.hashKey);
          const verdict = { qcRemark: entry?.qcRemark.trim() ?? '', isRejected: entry?.isRejected ?? 0 };
          if (section === 'beforeRef') return { ...item, beforeRef: { ...item.beforeRef, ...verdict } };
          // An item without after-refurbishment data still carries the verdict on its (empty) afterRef.
          const afterRef = item.afterRef ?? { image: [], video: [], observation: null, actualRefurbishmentCost: null };
          return { ...item, afterRef: { ...afterRef, ...verdict } };
        });
        const next: RefurbRow = { ...row, version: row.version + 1, status: outcome.status, fields };
        await tx.query('UPDATE refurbishments SET version = $2, status = $3, fields = $4::jsonb, updated_at = now() WHERE appointment_id = $1', [
          appointmentId,
          next.version,
          next.status,
          JSON.stringify(fields),
        ]);
        await recordVersion(tx, next, me.email);
        await audit(tx, {
          actor: me.email,
          action: 'refurbishment-submit',
          appointmentId,
          before: row.status,
          after: next.status,
          detail: { version: next.version, section, rejected: rejectedCount, entries: body.fields.length },
        });
        return { detail: { message: 'Refurbishment review submitted', status: next.status, version: next.version } };
      });
    },
  );
};

const notFoundVersion = (q: { appointmentId: string; status: string; version: number }) =>
  notFound(`No version ${q.version} in status ${q.status} for appointment ${q.appointmentId}`);

export default refurbishmentRoutes;
