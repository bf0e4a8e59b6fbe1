import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import { appointmentIdSchema, appointmentQuery, detailOf, guardedErrors, leadTokenSchema, email, utm } from '../schemas.ts';
import { approveDocuments, documentWithLead, imperfections, rcInsuranceDocs, RC_TYPES, restrictedImages, type Approval } from '../services/documents.ts';

const imageSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, type: { type: 'string' }, imageTitle: { type: 'string' }, qcAction: { type: 'string', nullable: true }, url: { type: 'string' } },
  required: ['type', 'imageTitle', 'qcAction', 'url'],
} as const;
const statusSchema = { type: 'string', enum: ['PENDING', 'VERIFIED', 'UNVERIFIED'] } as const;
const byLead = { type: 'object', properties: { ...utm, appointmentId: appointmentIdSchema, leadToken: leadTokenSchema }, required: ['appointmentId', 'leadToken'] } as const;

/**
 * The pre-inspection documents host (spec 000 §7, served under /docs-api/): customer RC and insurance images and
 * their QC approval, single documents, imperfections and restricted images.
 */
const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/getRcInsuranceDocs',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Customer-uploaded RC and insurance images of an appointment with their QC actions and statuses',
        querystring: byLead,
        response: {
          200: detailOf({
            type: 'object',
            properties: {
              appointmentId: { type: 'string' },
              preRcImages: { type: 'array', items: imageSchema },
              preInsuranceImages: { type: 'array', items: imageSchema },
              rcType: { type: 'string', nullable: true },
              rcStatus: statusSchema,
              insuranceStatus: statusSchema,
            },
            required: ['preRcImages', 'preInsuranceImages', 'rcStatus', 'insuranceStatus'],
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { appointmentId, leadToken } = request.query as { appointmentId: string; leadToken: string };
      return { detail: await rcInsuranceDocs(app.db, appointmentId, leadToken) };
    },
  );

  app.put(
    '/api/approval',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'QC verdict on the customer documents of one type (rc needs rcType); per-image qcAction in images; assignee only',
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          properties: {
            appointmentId: appointmentIdSchema,
            docType: { type: 'string', enum: ['rc', 'insurance'] },
            user: email,
            rcType: { type: 'string', enum: [...RC_TYPES, null], nullable: true },
            status: { type: 'string', enum: ['VERIFIED', 'UNVERIFIED'] },
            images: {
              type: 'array',
              maxItems: 20,
              items: {
                type: 'object',
                properties: { imageTitle: { type: 'string', maxLength: 100 }, type: { type: 'string', maxLength: 50 }, qcAction: { type: 'string', enum: ['APPROVED', 'REJECTED'] } },
                required: ['imageTitle', 'qcAction'],
              },
            },
          },
          required: ['appointmentId', 'docType', 'user', 'status'],
        },
        response: {
          200: detailOf({
            type: 'object',
            properties: { appointmentId: { type: 'string' }, docType: { type: 'string' }, status: statusSchema, rcType: { type: 'string', nullable: true } },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => ({ detail: await approveDocuments(app.db, currentUser(request), request.body as Approval) }),
  );

  app.get(
    '/get-doc/:id',
    {
      config: { access: 'review' },
      schema: {
        summary: 'One customer document; leadToken must be its appointment\'s (ids are sequential, so an id alone is not enough)',
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        querystring: { type: 'object', properties: { ...utm, leadToken: leadTokenSchema }, required: ['leadToken'] },
        response: {
          200: detailOf({
            type: 'object',
            properties: { ...imageSchema.properties, appointmentId: { type: 'string' }, docType: { type: 'string' }, status: statusSchema, uploadedAt: { type: 'string' } },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => ({ detail: await documentWithLead(app.db, (request.params as { id: number }).id, (request.query as { leadToken: string }).leadToken) }),
  );

  app.get(
    '/api/imperfections',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Imperfections recorded for an appointment',
        querystring: appointmentQuery,
        response: {
          200: detailOf({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' }, section: { type: 'string' }, part: { type: 'string' }, title: { type: 'string' },
                description: { type: 'string' }, severity: { type: 'string' }, url: { type: 'string', nullable: true },
              },
            },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => ({ detail: await imperfections(app.db, (request.query as { appointmentId: string }).appointmentId) }),
  );

  app.get(
    '/api/restricted-images',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Images of an appointment withheld from the normal image lists',
        querystring: byLead,
        response: {
          200: detailOf({
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' }, reason: { type: 'string' }, url: { type: 'string' } } },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { appointmentId, leadToken } = request.query as { appointmentId: string; leadToken: string };
      return { detail: await restrictedImages(app.db, appointmentId, leadToken) };
    },
  );
};

export default docsRoutes;
