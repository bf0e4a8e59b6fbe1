import type { FastifyPluginAsync } from 'fastify';
import listConfig from '../../src/config/inspection-list.json' with { type: 'json' };
import { currentUser } from '../auth.ts';
import { anyObject, detailOf, email, guardedErrors, idParam, utm, ymd } from '../schemas.ts';
import { inspectionDetail, inspectionLog, listInspections, startReview, versionList, type ListQuery } from '../services/inspections.ts';

const intArray = { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 100 } as const;
const categoryArray = { type: 'array', items: { type: 'string', enum: listConfig.categories }, maxItems: 10 } as const;

const listRowSchema = {
  type: 'object',
  properties: {
    appointmentId: { type: 'string' },
    carId: { type: 'integer' },
    category: { type: 'string' },
    inspectionEndTime: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    storeName: { type: 'string' },
    qcAssign: { type: 'object', properties: { to: { type: 'string', nullable: true }, assignedAt: { type: 'string', nullable: true } } },
    qcAudit: { type: 'integer' },
    reInspectionReason: { type: 'object', nullable: true, properties: { reason: { type: 'string' } } },
    isReportProcessed: { type: 'integer' },
    reInspectionProcessing: { type: 'integer' },
    dealerPriceProcessing: { type: 'integer' },
    isPDILead: { type: 'integer' },
    workflowId: { type: 'string', nullable: true },
    inspectionStatus: { type: 'string' },
    version: { type: 'integer' },
    inspectionData: {
      type: 'object',
      description: 'Only carDetails.pdiType.value of the stored detail (null when the inspection has none)',
      properties: {
        carDetails: {
          type: 'object',
          properties: { pdiType: { type: 'object', properties: { value: { type: 'string', nullable: true } }, required: ['value'] } },
          required: ['pdiType'],
        },
      },
      required: ['carDetails'],
    },
  },
} as const;

const versionRowSchema = {
  type: 'object',
  properties: Object.fromEntries(
    [
      ['carId', 'integer'], ['appointmentId', 'string'], ['version', 'integer'], ['storeName', 'string'], ['make', 'string'], ['model', 'string'],
      ['variant', 'string'], ['inspectionStatus', 'string'], ['inspectionBy', 'string'], ['qcBy', 'string'], ['inspectionStartTime', 'string'],
      ['inspectionEndTime', 'string'], ['qcStartTime', 'string'], ['qcEndTime', 'string'], ['pdfUrl', 'string'],
    ].map(([k, t]) => [k, { type: t, nullable: !['carId', 'appointmentId', 'version'].includes(k) }]),
  ),
} as const;

/** The stored QC submission of a version (null before it is submitted). */
const submissionSummarySchema = {
  type: 'object',
  nullable: true,
  properties: {
    qcUser: { type: 'string', nullable: true },
    reviewStartTime: { type: 'string', nullable: true },
    reviewEndTime: { type: 'string', nullable: true },
    submittedAt: { type: 'string', nullable: true },
    isCritical: { type: 'integer' },
    isDummyInspection: { type: 'integer' },
    isApprovedByQc: { type: 'integer' },
    issueType: { type: 'array', items: { type: 'integer' } },
    errorsCount: { type: 'integer' },
  },
} as const;

const versionRowWithSubmission = { ...versionRowSchema, properties: { ...versionRowSchema.properties, submission: submissionSummarySchema } } as const;

/** Inspection calls of spec 000 §7: list, detail, versions, log, review start. */
const inspectionRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/inspection-data-list',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'Car inspections of the last six months, 50 per page, newest first',
        querystring: {
          type: 'object',
          properties: {
            ...utm,
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            records: { type: 'integer', minimum: 1, maximum: 200, default: listConfig.pageSize },
            user: email,
            'storeCityId[]': intArray,
            storeCityId: intArray,
            'storeId[]': intArray,
            storeId: intArray,
            'category[]': categoryArray,
            category: categoryArray,
            assignTo: email,
            startDate: ymd,
            endDate: ymd,
            appointmentId: { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' },
          },
        },
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: listRowSchema }, total: { type: 'integer' } }, required: ['data', 'total'] },
          ...guardedErrors,
        },
      },
    },
    async (request) => listInspections(app.db, currentUser(request), request.query as ListQuery),
  );

  const detailResponse = { 200: detailOf(anyObject), ...guardedErrors, 404: guardedErrors[400] };

  app.get(
    '/v2/inspection/:id',
    { config: { access: 'review' }, schema: { summary: 'One inspection by carId', params: idParam, querystring: { type: 'object', properties: utm }, response: detailResponse } },
    async (request) => ({ detail: await inspectionDetail(app.db, (request.params as { id: number }).id) }),
  );

  app.get(
    '/v2/inspection',
    {
      config: { access: 'review' },
      schema: {
        summary: 'One inspection by ?inspectionId (carId)',
        querystring: { type: 'object', properties: { ...utm, inspectionId: { type: 'integer', minimum: 1 } }, required: ['inspectionId'] },
        response: detailResponse,
      },
    },
    async (request) => ({ detail: await inspectionDetail(app.db, (request.query as { inspectionId: number }).inspectionId) }),
  );

  app.get(
    '/v2/inspection-version-list',
    {
      config: { access: 'versions' },
      schema: {
        summary: 'Every version of an appointment in the six-month window, newest first',
        querystring: {
          type: 'object',
          properties: { ...utm, appointmentId: { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' }, user: email, startDate: ymd, endDate: ymd },
          required: ['appointmentId'],
        },
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: versionRowWithSubmission }, total: { type: 'integer' } }, required: ['data', 'total'] },
          ...guardedErrors,
        },
      },
    },
    async (request) => versionList(app.db, request.query as { appointmentId: string; startDate?: string; endDate?: string }),
  );

  app.get(
    '/inspection-log',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Stored states and audit trail of an inspection; with additionalImages=1 also its additional images',
        querystring: {
          type: 'object',
          properties: {
            ...utm,
            carId: { type: 'integer', minimum: 1 },
            version: { type: 'integer', minimum: 0 },
            inspectionStatus: { type: 'string', enum: ['new', 'smReview', 'done', 'smReviewRejected', 'DONE', 'SM_REVIEW'] },
            additionalImages: { type: 'integer', enum: [0, 1] },
          },
          required: ['carId'],
        },
        response: { 200: detailOf(anyObject), ...guardedErrors },
      },
    },
    async (request) => ({ detail: await inspectionLog(app.db, request.query as { carId: number; version?: number; additionalImages?: number }) }),
  );

  app.post(
    '/v2/set-review-start-time',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'Records when the assignee opened the review',
        querystring: { type: 'object', properties: utm },
        body: { type: 'object', properties: { carId: { type: 'integer', minimum: 1 } }, required: ['carId'] },
        response: { 200: detailOf(anyObject), ...guardedErrors },
      },
    },
    async (request) => ({ detail: await startReview(app.db, currentUser(request), (request.body as { carId: number }).carId) }),
  );
};

export default inspectionRoutes;
