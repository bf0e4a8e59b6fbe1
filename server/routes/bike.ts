import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import { readForm, validateForm } from '../forms.ts';
import { appConfigValue } from '../repos/app-config.ts';
import { financiersOfStatus, getBike, toBikeDetail, toBikeReport } from '../repos/bikes.ts';
import { anyObject, appointmentIdSchema, detailOf, guardedErrors, email, ymd, utm } from '../schemas.ts';
import {
  assignBike,
  bikeVersions,
  generateBikeReport,
  listBikes,
  pushBikeData,
  submitBike,
  type BikeListQuery,
  type BikePush,
  type BikeSubmitForm,
} from '../services/bike-review.ts';

interface BikeMediaConfig {
  imageUrlTemplate: string;
  videoBaseUrl: string;
}

/** A key a request may name (sections, fields): letters and digits, never a prototype key. */
const safeKey = '^(?!(?:__proto__|constructor|prototype)$)[A-Za-z][A-Za-z0-9_]{0,40}$';
const hashKey = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,150}$' } as const;
const appointmentParams = { type: 'object', properties: { id: appointmentIdSchema }, required: ['id'] } as const;
const versionQuery = { type: 'object', properties: { ...utm, version: { type: 'integer', minimum: 0, maximum: 1000 } } } as const;
const statusEnum = ['READY_FOR_REVIEW', 'APPROVED', 'REJECTED'] as const;
const notFoundAndConflict = { 404: errorSchema, 409: errorSchema } as const;
const detailAnswer = { 200: detailOf(anyObject), ...guardedErrors, ...notFoundAndConflict };

const listRowSchema = {
  type: 'object',
  properties: {
    bikeId: { type: 'integer' },
    appointmentId: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string' },
    inspectionUser: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    inspectionEndTime: { type: 'integer', description: 'unix seconds' },
    qcUser: { type: 'string', nullable: true },
  },
} as const;

const versionRowSchema = {
  type: 'object',
  properties: {
    appointmentId: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    variant: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string' },
    qcUser: { type: 'string', nullable: true },
    inspectionEndTime: { type: 'integer', description: 'unix seconds' },
    pdfUrl: { type: 'string', nullable: true },
  },
} as const;

const listOf = (items: object) => ({ type: 'object', properties: { data: { type: 'array', items }, total: { type: 'integer' } }, required: ['data', 'total'] });

/** A corrected field of the push call: a value (text, number or a multi-select's list), its id, the reject tick and sub-parts. */
const fieldProperties = {
  // One schema with a list of types: with the app's coerceTypes 'array', anyOf branches would turn ['Lost'] into 'Lost'.
  value: { type: ['string', 'number', 'array', 'null'], maxLength: 200, maxItems: 20, items: { type: 'string', maxLength: 100 } },
  id: { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'integer' }, { type: 'null' }] },
  rejected: { type: 'boolean' },
} as const;
const pushedField = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fieldProperties,
    subParts: { type: 'object', maxProperties: 20, propertyNames: { pattern: safeKey }, additionalProperties: { type: 'object', additionalProperties: false, properties: fieldProperties } },
  },
} as const;

const mediaTicks = { type: 'array', maxItems: 200, items: { type: 'object', additionalProperties: false, properties: { hashKey, rejected: { type: 'boolean' } }, required: ['hashKey', 'rejected'] } } as const;

const pushBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    appointmentId: appointmentIdSchema,
    inspectionData: {
      type: 'object',
      maxProperties: 10,
      propertyNames: { pattern: safeKey },
      additionalProperties: { type: 'object', maxProperties: 60, propertyNames: { pattern: safeKey }, additionalProperties: pushedField },
    },
    images: mediaTicks,
    videos: mediaTicks,
    reason: { type: 'string', maxLength: 500 },
    make: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 60 }, code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,30}$' } }, required: ['code'] },
    model: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 60 }, id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
    variant: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 60 }, code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,60}$' } }, required: ['code'] },
  },
  required: ['appointmentId'],
} as const;

const assignForm = { type: 'object', properties: { ...utm, assignUser: email }, required: ['assignUser'] } as const;
const submitForm = {
  type: 'object',
  properties: {
    ...utm,
    status: { type: 'string', enum: ['APPROVED', 'REJECTED'] },
    reason: { type: 'string', maxLength: 500 },
    bikeId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    appointmentId: appointmentIdSchema,
    version: { type: 'integer', minimum: 0, maximum: 1000 },
    // The bike config version the review was opened on (issue 17): an id, or 'seed' for the JSON in src/config.
    configVersion: { type: 'string', pattern: '^(seed|[1-9][0-9]{0,8})$' },
  },
  required: ['status'],
} as const;

/** Bikes host calls of spec 001 §7 (DESIGN.md: `/bike-api/`). */
const bikeRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/appointment',
    {
      config: { access: 'bikeList' },
      schema: {
        summary:
          'Bike inspections by status (default READY_FOR_REVIEW): one appointment (appointmentId), the last daysElapsed days (limit ≤ 500), ' +
          'or 50 a page by page, user (qcUser), query (appointment id, make, model, inspector) and a date range of at most six months',
        querystring: {
          type: 'object',
          properties: {
            ...utm,
            status: { type: 'string', enum: statusEnum, default: 'READY_FOR_REVIEW' },
            appointmentId: appointmentIdSchema,
            daysElapsed: { type: 'integer', minimum: 1, maximum: 183 },
            limit: { type: 'integer', minimum: 1, maximum: 500 },
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            user: email,
            query: { type: 'string', maxLength: 50 },
            startDate: ymd,
            endDate: ymd,
          },
        },
        response: { 200: listOf(listRowSchema), ...guardedErrors },
      },
    },
    async (request) => listBikes(app.db, request.query as BikeListQuery),
  );

  app.get(
    '/appointment/:id',
    {
      config: { access: 'bikeReview' },
      schema: { summary: 'One bike inspection by appointment id (the latest, or ?version)', params: appointmentParams, querystring: versionQuery, response: detailAnswer },
    },
    async (request) => ({ detail: toBikeDetail(await getBike(app.db, (request.params as { id: string }).id, { version: (request.query as { version?: number }).version })) }),
  );

  app.post(
    '/appointment/:id/qc/assign',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary: 'Assign the bike to the caller (multipart form field assignUser, the caller\'s e-mail); 409 when someone else holds it or it is reviewed',
        consumes: ['multipart/form-data'],
        params: appointmentParams,
        querystring: { type: 'object', properties: utm },
        response: detailAnswer,
      },
    },
    async (request) => {
      const form = validateForm<{ assignUser: string }>(assignForm, (await readForm(request)).fields);
      return { detail: await assignBike(app.db, currentUser(request), (request.params as { id: string }).id, form.assignUser) };
    },
  );

  app.post(
    '/appointment/:id/qc',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary:
          'Submit the review status (multipart form fields status APPROVED|REJECTED, reason, bikeId, appointmentId, version, configVersion); assignee only; ' +
          'the status must follow the review\'s ticks by the outcome rule of the bike config version the review was opened on ' +
          '(configVersion: its id, \'seed\' for the config in src/config, absent for the active one; spec 001 §4); 409 when already submitted or for another version',
        consumes: ['multipart/form-data'],
        params: appointmentParams,
        querystring: { type: 'object', properties: utm },
        response: detailAnswer,
      },
    },
    async (request) => {
      const form = validateForm<BikeSubmitForm>(submitForm, (await readForm(request)).fields);
      return { detail: await submitBike(app.db, currentUser(request), (request.params as { id: string }).id, form) };
    },
  );

  app.post(
    '/appointment/:id/qc/data',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary:
          'Push the review\'s data: corrected inspectionData fields (value, id, rejected), images and videos ticks ({hashKey, rejected}), reason, ' +
          'make/model/variant; assignee only, before the submit',
        params: appointmentParams,
        querystring: { type: 'object', properties: utm },
        body: pushBody,
        response: detailAnswer,
      },
    },
    async (request) => ({ detail: await pushBikeData(app.db, currentUser(request), (request.params as { id: string }).id, request.body as BikePush) }),
  );

  app.post(
    '/appointment/:id/generate',
    {
      config: { access: 'bikeReview' },
      schema: { summary: 'Generate the PDF of the bike report of the latest version (assignee only); answers the detail with its pdfUrl', params: appointmentParams, querystring: { type: 'object', properties: utm }, response: detailAnswer },
    },
    async (request) => ({ detail: await generateBikeReport(app.db, app.ctx.uploadsDir, currentUser(request), (request.params as { id: string }).id) }),
  );

  app.get(
    '/appointment/:id/report',
    {
      config: { access: 'bikeReport' },
      schema: { summary: 'The bike report of an appointment (latest, or ?version)', params: appointmentParams, querystring: versionQuery, response: detailAnswer },
    },
    async (request) => ({ detail: toBikeReport(await getBike(app.db, (request.params as { id: string }).id, { version: (request.query as { version?: number }).version })) }),
  );

  app.get(
    '/appointment/:id/version/all',
    {
      config: { access: 'bikeVersions' },
      schema: { summary: 'All versions of a bike appointment in the six-month window, newest first', params: appointmentParams, querystring: { type: 'object', properties: utm }, response: { 200: listOf(versionRowSchema), ...guardedErrors } },
    },
    async (request) => bikeVersions(app.db, (request.params as { id: string }).id),
  );

  app.get(
    '/api/financerListData',
    {
      config: { access: 'bikeLookups' },
      schema: {
        summary: 'Financiers (status=active: the active ones only)',
        querystring: { type: 'object', properties: { ...utm, status: { type: 'string', enum: ['active'], default: 'active' } } },
        response: { 200: detailOf({ type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, status: { type: 'string' } } } }), ...guardedErrors },
      },
    },
    async (request) => ({ detail: await financiersOfStatus(app.db, (request.query as { status: string }).status) }),
  );

  app.get(
    '/public/appconfig',
    {
      config: { access: 'bike' },
      schema: {
        summary: 'Media URL configuration: imageUrlTemplate ({uri} is replaced by an image\'s uri) and videoBaseUrl (prefixed to a video\'s uri)',
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf({ type: 'object', properties: { imageUrlTemplate: { type: 'string' }, videoBaseUrl: { type: 'string' } }, required: ['imageUrlTemplate', 'videoBaseUrl'] }), ...guardedErrors },
      },
    },
    async () => ({ detail: (await appConfigValue<BikeMediaConfig>(app.db, 'bikePublic')) ?? { imageUrlTemplate: '/uploads/{uri}', videoBaseUrl: '/uploads/' } }),
  );
};

export default bikeRoutes;
