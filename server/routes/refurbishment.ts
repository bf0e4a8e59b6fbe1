import type { FastifyPluginAsync } from 'fastify';
import config from '../../src/config/refurbishment/refurbishment.json' with { type: 'json' };
import { currentUser } from '../auth.ts';
import { errorSchema, notFound } from '../errors.ts';
import { getRefurbishment, refurbishmentPage, toDetail, toListRow, versionDetail, versionRows } from '../repos/refurbishments.ts';
import { anyObject, appointmentIdSchema, detailOf, guardedErrors, email, utm } from '../schemas.ts';
import { assignRefurbishment, submitRefurbishment, type RefurbishmentSubmission } from '../services/refurbishment.ts';

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
          // The config version's own limit is checked by the service (a version may raise it up to its schema's 5000).
          qcRemark: { type: 'string', maxLength: 5000 },
          isRejected: { type: 'integer', enum: [0, 1] },
        },
      },
    },
    reviewBy: email,
    status: statusSchema,
    section: { type: 'string', enum: ['beforeRef', 'afterRef'] },
    /** The version the reviewer's page showed (optional): a submit against an older one is stale (409). */
    version: { type: 'integer', minimum: 1, maximum: 2147483647 },
    /** The refurbishment config version the review was opened on (issue 17; null: the config in src/config; absent: the active one). */
    configVersion: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
  },
} as const;

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
      const { rows, total } = await refurbishmentPage(app.db, { appointmentId, statuses: config.queueStatuses, page, pageSize: config.pageSize });
      return { data: rows.map(toListRow), total };
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
      const detail = await versionDetail(app.db, q);
      if (!detail) throw notFoundVersion(q);
      return { detail };
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
      const data = await versionRows(app.db, (request.params as { appointment: string }).appointment);
      return { data, total: data.length };
    },
  );

  app.put(
    '/v2/refurbishment-qc-assign-to',
    {
      // Taking one is the review's first step: a role with the list but no review (bike-qc) would leave it stuck.
      config: { access: 'refurbishmentReview' },
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
    async (request) => ({ detail: await assignRefurbishment(app.db, currentUser(request), request.body as { appointmentId: string; qcAssignTo: string }) }),
  );

  app.post(
    '/v2/refurbishment/:appointmentId',
    {
      config: { access: 'refurbishmentReview' },
      schema: {
        summary:
          'Submit the QC review of a refurbishment; the server decides the resulting status from the outcome rules of the config version ' +
          'the review was opened on (configVersion; null: the config in src/config; absent: the active one) and records that version',
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
    async (request) => ({
      detail: await submitRefurbishment(app.db, currentUser(request), (request.params as { appointmentId: string }).appointmentId, request.body as RefurbishmentSubmission),
    }),
  );
};

const notFoundVersion = (q: { appointmentId: string; status: string; version: number }) =>
  notFound(`No version ${q.version} in status ${q.status} for appointment ${q.appointmentId}`);

export default refurbishmentRoutes;
