import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type { FastifyPluginAsync } from 'fastify';
import type { RegistryData, SubmissionPayload } from '../../src/engine/inspection.ts';
import { submissionFactsOfPayload, submissionOutcome } from '../../src/engine/submission.ts';
import type { Queryable } from '../db.ts';
import type { SubmissionContext } from '../submission-check.ts';
import { currentUser } from '../auth.ts';
import { badRequest, conflict, errorSchema, forbidden, HttpError } from '../errors.ts';
import { audit, getInspection, readDetail, snapshot, type InspectionRow } from '../inspections-repo.ts';
import { applySubmission, type StoredRemark } from '../review-results.ts';
import { getProduct } from '../../src/products/registry.ts';
import { anyObject, detailOf, email, guardedErrors, idParam, utm } from '../schemas.ts';
import { keyedMap, realDate } from '../safe-input.ts';

dayjs.extend(customParseFormat);

const TIME_FORMATS = ['YYYY-MM-DDTHH:mm:ss.SSSZ', 'YYYY-MM-DDTHH:mm:ssZ', 'YYYY-MM-DD HH:mm:ss', 'DD-MM-YYYY HH:mm:ss'];

function parseTime(value: string, field: string): Date {
  const iso = dayjs(value);
  const parsed = iso.isValid() && /^\d{4}-/.test(value) ? iso : dayjs(value, TIME_FORMATS, true);
  if (!parsed.isValid()) throw badRequest(`${field} is not a valid date-time`);
  // dayjs rolls an ISO 2024-13-45 over into a real date: the calendar part must exist as written.
  if (/^\d{4}-/.test(value)) realDate(value.slice(0, 10), field);
  return parsed.toDate();
}

const fieldValue = { type: ['string', 'number', 'array', 'null'], items: { type: 'string' } } as const;

const rejectedField = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 500 },
    value: fieldValue,
    message: { type: 'string', maxLength: 2000 },
    isValidate: { type: 'integer', enum: [0, 1, 2, 4, 5] },
    subParts: keyedMap({ type: 'object' }),
    additionalInfo: { type: 'object', propertyNames: keyedMap({}).propertyNames },
  },
  required: ['title', 'message', 'isValidate'],
} as const;

const sectionResult = {
  type: 'object',
  properties: {
    isApproved: { type: 'integer', enum: [0, 1] },
    errorsCount: { type: 'integer', minimum: 0 },
    rejectedFields: keyedMap(rejectedField),
    qcEditableFields: keyedMap({
      type: 'object',
      properties: { title: { type: 'string', maxLength: 500 }, value: fieldValue, id: { type: ['string', 'number', 'null'] } },
      required: ['title'],
    }),
  },
  required: ['isApproved', 'errorsCount', 'rejectedFields', 'qcEditableFields'],
} as const;

/** JSON Schema of the submission payload (spec 000 §3 'Submission payload'). */
export const submissionSchema = {
  type: 'object',
  properties: {
    carId: { type: 'integer', minimum: 1 },
    version: { type: 'integer', minimum: 0 },
    role: { type: 'string', enum: ['qc'] },
    inspectionStatus: { type: 'string', enum: ['smReview', 'done', 'smReviewRejected'] },
    reviewStartTime: { type: 'string', minLength: 10, maxLength: 40 },
    reviewEndTime: { type: 'string', minLength: 10, maxLength: 40 },
    client: { type: 'string', enum: ['web'] },
    isCritical: { type: 'integer', enum: [0, 1] },
    otherComments: {
      type: 'object',
      properties: { title: { type: 'string', maxLength: 200 }, lines: { type: 'array', items: { type: 'string', maxLength: 1000 }, maxItems: 100 } },
      required: ['title', 'lines'],
    },
    isDummyInspection: { type: 'integer', enum: [0, 1] },
    isApprovedByQc: { type: 'integer', enum: [0, 1] },
    sections: {
      type: 'object',
      properties: {
        carDetails: sectionResult,
        exteriorTyres: sectionResult,
        electricalsInterior: sectionResult,
        airConditioning: sectionResult,
        engineTransmission: sectionResult,
        steeringSuspensionBrakes: sectionResult,
        summary: {
          type: 'object',
          properties: { issueType: { type: 'array', items: { type: 'integer', minimum: 0 }, maxItems: 50 } },
          required: ['issueType'],
        },
      },
      required: ['summary'],
      additionalProperties: false,
    },
  },
  required: [
    'carId', 'version', 'role', 'inspectionStatus', 'reviewStartTime', 'reviewEndTime', 'client',
    'isCritical', 'otherComments', 'isDummyInspection', 'isApprovedByQc', 'sections',
  ],
} as const;

/** What the engine needs besides the inspection: registry data, the reviewer's role and the duplicate-key config. */
async function submissionContext(db: Queryable, row: InspectionRow, role: string): Promise<SubmissionContext> {
  const registry = await db.query<{ data: RegistryData }>('SELECT data FROM registry_data WHERE appointment_id = $1', [row.appointment_id]);
  const config = await db.query<{ value: { duplicateKeyConfig?: number } }>("SELECT value FROM app_config WHERE key = 'config'");
  return { registry: registry.rows[0]?.data ?? null, role, duplicateKeyConfig: Number(config.rows[0]?.value.duplicateKeyConfig ?? 0) };
}

const processing = (row: InspectionRow) => row.is_report_processed === 0 || row.re_inspection_processing === 1 || row.dealer_price_processing === 1;

/** Assignment and submission (spec 000 §4): the two calls that change who holds an inspection and its status. */
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
    async (request) => {
      const me = currentUser(request);
      const carId = (request.params as { id: number }).id;
      const body = request.body as { carId: number; qcAssignTo: string; user: string };
      if (body.carId !== carId) throw badRequest('carId in the body does not match the path');
      if (body.qcAssignTo.toLowerCase() !== me.email.toLowerCase() || body.user.toLowerCase() !== me.email.toLowerCase()) {
        throw forbidden('You can only assign an inspection to yourself');
      }
      const row = await app.db.transaction(async (tx) => {
        // The row lock serialises concurrent assigners: the second waits, then sees the first one's assignee.
        const current = await getInspection(tx, carId, { forUpdate: true });
        if (current.assignee?.toLowerCase() === me.email.toLowerCase()) return current;
        if (current.assignee) throw conflict(`Already assigned to ${current.assignee}`);
        if (processing(current)) throw conflict('Report is under process');
        if (!current.is_latest) throw conflict('Only the latest version can be assigned');
        if (current.status !== 'smReview' && current.status !== 'new') throw conflict(`Inspection is ${current.status}`);
        const { rows } = await tx.query<InspectionRow>(
          "UPDATE inspections SET assignee = $2, assigned_at = now(), status = 'smReview', updated_at = now() WHERE car_id = $1 AND assignee IS NULL RETURNING *",
          [carId, me.email],
        );
        if (!rows[0]) throw conflict('Assigned to someone else meanwhile');
        await snapshot(tx, rows[0], 'assign');
        await audit(tx, { actor: me.email, action: 'assign', carId, appointmentId: current.appointment_id, before: current.status, after: 'smReview', detail: { assignee: me.email } });
        return rows[0];
      });
      return { detail: await readDetail(app.db, row) };
    },
  );

  app.patch(
    '/qc-section-report-submit/:id',
    {
      // sections › section › rejectedFields › field › subParts › … : real payloads stay well inside 16 levels.
      config: { access: 'inspectionList', maxDepth: 16 },
      schema: {
        summary: 'Submit the review: assignee only; a stale or repeated submit is refused with 409 and changes nothing',
        params: idParam,
        querystring: { type: 'object', properties: utm },
        body: submissionSchema,
        response: {
          200: detailOf({ type: 'object', properties: { message: { type: 'string' }, inspectionStatus: { type: 'string' } } }),
          ...guardedErrors,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const carId = (request.params as { id: number }).id;
      const payload = request.body as SubmissionPayload;
      if (payload.carId !== carId) throw badRequest('carId in the body does not match the path');
      const start = parseTime(payload.reviewStartTime, 'reviewStartTime');
      const end = parseTime(payload.reviewEndTime, 'reviewEndTime');
      if (end < start) throw badRequest('reviewEndTime is before reviewStartTime');
      // The status comes from the config's submission outcome rules, the same ones the client built its payload with.
      const next = submissionOutcome(submissionFactsOfPayload(payload), getProduct('car').config).inspectionStatus;
      return app.db.transaction(async (tx) => {
        const row = await getInspection(tx, carId, { forUpdate: true });
        if (row.assignee?.toLowerCase() !== me.email.toLowerCase()) throw forbidden('Only the assignee can submit this inspection');
        if (payload.version !== row.version) throw conflict(`Stale submission: the inspection is at version ${row.version}`);
        if (row.status !== 'smReview') throw conflict(`Already submitted: the inspection is ${row.status}`);
        // The engine checks the detail as the page had it (remark history merged); the store starts from the stored document.
        const detail = await readDetail(tx, row);
        const problem = await app.ctx.validateSubmission(detail, payload, await submissionContext(tx, row, me.role ?? 'qc'));
        if (problem) throw new HttpError(400, problem.alert, `${problem.alert} ${problem.fields.join(', ')}`.trim());
        const remarks = await tx.query<StoredRemark>(
          `SELECT id, car_id, section, part, sub_part, hash_key, type, remark, presigned_url, user_email, role, created_at
             FROM remarks WHERE car_id = $1 ORDER BY created_at, id`,
          [carId],
        );
        const stored = applySubmission(row.detail, payload, {
          reviewer: me.email,
          role: me.role ?? 'qc',
          at: new Date(),
          reviewStartTime: start,
          reviewEndTime: end,
          remarks: remarks.rows,
          config: getProduct('car').config,
        });
        const { rows } = await tx.query<InspectionRow>(
          `UPDATE inspections SET status = $2, qc_by = $3, qc_start_time = $4, qc_end_time = $5, detail = $6::jsonb, updated_at = now()
            WHERE car_id = $1 RETURNING *`,
          [carId, next, me.email, start.toISOString(), end.toISOString(), JSON.stringify(stored)],
        );
        await tx.query(
          `INSERT INTO submissions (car_id, version, reviewer, status_before, status_after, is_approved_by_qc, is_dummy, is_critical,
             review_start_time, review_end_time, payload) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11::jsonb)`,
          [carId, row.version, me.email, row.status, next, payload.isApprovedByQc, payload.isDummyInspection, payload.isCritical, start.toISOString(), end.toISOString(), JSON.stringify(payload)],
        );
        await snapshot(tx, rows[0], 'submit');
        await audit(tx, { actor: me.email, action: 'submit', carId, appointmentId: row.appointment_id, before: row.status, after: next, detail: { isApprovedByQc: payload.isApprovedByQc, isDummyInspection: payload.isDummyInspection } });
        return { detail: { message: 'Inspection Completed Successfully', inspectionStatus: next } };
      });
    },
  );
};

export default reviewRoutes;
