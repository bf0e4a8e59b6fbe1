import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import { readForm, validateForm } from '../forms.ts';
import type { RemarkTarget } from '../repos/remarks.ts';
import { remarkHistory, saveRemark, type RemarkForm } from '../services/remarks.ts';
import { appointmentIdSchema, detailOf, guardedErrors, email, utm } from '../schemas.ts';
import { keyString } from '../safe-input.ts';
import { carSectionSchema } from '../review-schemas.ts';
import { REMARK_MAX_LENGTH } from '../../src/engine/limits.ts';

const entrySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    user: { type: 'string' },
    type: { type: 'string', enum: ['text', 'audio'] },
    remark: { type: 'string' },
    presignedUrl: { type: 'string' },
    timestamp: { type: 'integer' },
    role: { type: 'string' },
  },
  required: ['id', 'user', 'type', 'remark', 'timestamp', 'role'],
} as const;

const key = keyString(150);

/** Fields of the `POST v2/rejection-remark` form (spec 000 §3 'Rejection remark payload'). */
const remarkFormSchema = {
  type: 'object',
  properties: {
    carId: { type: 'integer', minimum: 1 },
    section: carSectionSchema,
    hashKey: key,
    part: key,
    subPart: key,
    remarkType: { type: 'string', enum: ['text', 'audio'] },
    remark: { type: 'string', maxLength: REMARK_MAX_LENGTH },
    type: { type: 'string', enum: ['rejectionRemark'] },
    role: { type: 'string', maxLength: 50 },
    inspectionStatus: { type: 'string', enum: ['smReview'] },
    user: email,
    ...utm,
  },
  required: ['carId', 'section', 'remarkType', 'type', 'role', 'inspectionStatus', 'user'],
} as const;

/** Rejection remarks (spec 000 §7 `GET`/`POST v2/rejection-remark`): text, or audio uploaded as a file. */
const remarkRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/rejection-remark',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Remark history of a row (section, part, subPart) or an image (hashKey) across the versions of an appointment',
        querystring: {
          type: 'object',
          properties: { ...utm, appointmentId: appointmentIdSchema, section: carSectionSchema, part: key, subPart: key, hashKey: key },
          required: ['appointmentId', 'section'],
        },
        response: { 200: detailOf({ type: 'array', items: entrySchema }), ...guardedErrors },
      },
    },
    async (request) => {
      const { appointmentId, ...target } = request.query as { appointmentId: string } & RemarkTarget;
      return { detail: await remarkHistory(app.db, appointmentId, target) };
    },
  );

  app.post(
    '/v2/rejection-remark',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary:
          'Save a remark (multipart form: carId, section, hashKey | part [+ subPart], remarkType text|audio, remark or the audio file, ' +
          'type=rejectionRemark, role, inspectionStatus=smReview, user); assignee only',
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf(entrySchema), ...guardedErrors, 404: errorSchema, 413: errorSchema },
      },
    },
    async (request) => {
      const { fields, file } = await readForm(request);
      const form = validateForm<RemarkForm>(remarkFormSchema, fields);
      return { detail: await saveRemark(app.db, app.ctx.uploadsDir, currentUser(request), form, file) };
    },
  );
};

export default remarkRoutes;
