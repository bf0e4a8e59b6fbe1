import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import { submissionEnvelope } from '../review-schemas.ts';
import { anyObject, detailOf, email, guardedErrors, idParam, utm } from '../schemas.ts';
import { assignToMe, type AssignRequest } from '../services/assignment.ts';
import { storedConfigDocument } from '../services/product-config.ts';
import { submitReview, type ReviewSubmission } from '../services/submission.ts';

/**
 * Assignment and submission (spec 000 §4): the two calls that change who holds an inspection and its status, and
 * one stored version of the car review config (issue 17; the active one is `GET v2/review-config/car` of
 * config-studio.ts). The flows are in services/.
 */
const reviewRoutes: FastifyPluginAsync = async (app) => {
  app.patch(
    '/qc-appointment-assign-to/:id',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'Assign to me: only when free or already mine; two callers at once get exactly one winner',
        params: idParam,
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          properties: {
            carId: { type: 'integer', minimum: 1 },
            role: { type: 'string', maxLength: 50 },
            inspectionStatus: { type: 'string', enum: ['smReview'] },
            user: email,
            qcAssignTo: email,
          },
          required: ['carId', 'role', 'inspectionStatus', 'user', 'qcAssignTo'],
        },
        response: { 200: detailOf(anyObject), ...guardedErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => ({
      detail: await assignToMe(app.db, currentUser(request), (request.params as { id: number }).id, request.body as AssignRequest),
    }),
  );

  app.patch(
    '/qc-section-report-submit/:id',
    {
      // sections › section › rejectedFields › field › subParts › … : real payloads stay well inside 16 levels.
      config: { access: 'inspectionList', maxDepth: 16 },
      schema: {
        summary:
          'Submit the review: assignee only; a stale or repeated submit is refused with 409 and changes nothing. ' +
          'configVersion: the car config version the review was opened on (null: the config in src/config; absent: the active one); ' +
          'the body is checked against the submission schema of that version (server/review-schemas.ts submissionSchema)',
        params: idParam,
        querystring: { type: 'object', properties: utm },
        body: submissionEnvelope,
        response: {
          200: detailOf({ type: 'object', properties: { message: { type: 'string' }, inspectionStatus: { type: 'string' } } }),
          ...guardedErrors,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => ({
      detail: await submitReview(app.db, app.ctx.validateSubmission, currentUser(request), (request.params as { id: number }).id, request.body as ReviewSubmission),
    }),
  );

  app.get(
    '/v2/review-config/car/:id',
    {
      config: { access: 'review' },
      schema: {
        summary: 'One version of the car review config, active or not: what an open review started on keeps running',
        params: idParam,
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf({ type: 'object', properties: { id: { type: 'integer' }, config: anyObject }, required: ['id', 'config'] }), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => ({ detail: await storedConfigDocument(app.db, 'car', (request.params as { id: number }).id) }),
  );
};

export default reviewRoutes;
