/**
 * Submitting a review (spec 000 §4, §5): in one transaction, the assignee and version checks, the engine's
 * pre-submit check on the config version the review runs, the stored results and status, the submission record and
 * the audit line. A refused submission changes nothing.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type { SubmissionPayload } from '../../src/products/car/inspection.ts';
import { canEdit } from '../../src/engine/product.ts';
import { submissionFactsOfPayload, submissionOutcome } from '../../src/engine/submission.ts';
import { statusLabel } from '../../src/products/car/status-label.ts';
import type { SessionUser } from '../auth.ts';
import type { Db } from '../db.ts';
import { badRequest, conflict, forbidden, HttpError } from '../errors.ts';
import { audit, getInspection, snapshot } from '../repos/inspections.ts';
import { readDetail } from './inspections.ts';
import { duplicateKeyConfig } from '../repos/app-config.ts';
import { registryData } from '../repos/registry.ts';
import { remarksOfInspection } from '../repos/remarks.ts';
import { insertSubmission, storeReviewResult } from '../repos/review-writes.ts';
import { applySubmission } from './review-results.ts';
import { checkSubmissionBody } from '../review-schemas.ts';
import { realDate } from '../safe-input.ts';
import type { SubmissionValidator } from '../submission-check.ts';
import { reviewProductConfig } from './product-config.ts';
import { sameEmail } from './assignee.ts';

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

/** The car submission payload with the config version the review was opened on (absent: the active one). */
export type ReviewSubmission = SubmissionPayload & { configVersion?: number | null };

export interface SubmitAnswer {
  message: string;
  inspectionStatus: string;
}

export async function submitReview(db: Db, validate: SubmissionValidator, me: SessionUser, carId: number, body: ReviewSubmission): Promise<SubmitAnswer> {
  const product = await reviewProductConfig(db, 'car', body.configVersion);
  // The body's sections, statuses and codes are the ones of the config version the review runs.
  checkSubmissionBody('car', product, body);
  const { configVersion: _named, ...payload } = body;
  if (payload.carId !== carId) throw badRequest('carId in the body does not match the path');
  const start = parseTime(payload.reviewStartTime, 'reviewStartTime');
  const end = parseTime(payload.reviewEndTime, 'reviewEndTime');
  if (end < start) throw badRequest('reviewEndTime is before reviewStartTime');
  // The status comes from the config's submission outcome rules, the same ones the client built its payload with.
  const next = submissionOutcome(submissionFactsOfPayload(payload), product.config).inspectionStatus as string;
  const role = me.role ?? 'qc';
  return db.transaction(async (tx) => {
    const row = await getInspection(tx, carId, { forUpdate: true });
    if (!sameEmail(row.assignee, me.email)) throw forbidden('Only the assignee can submit this inspection');
    if (payload.version !== row.version) throw conflict(`Stale submission: the inspection is at version ${row.version}`);
    // The statuses the assignee may submit in are the config's edit rights (the car's: smReview, and done, 'Doc Upload
    // Verification', where 000 §4 lets the assignee edit again). A review begun before the last submission ended is
    // that submission again (a retry, a second tab opened before it): refused, as is any status without the right.
    const mayEdit = canEdit(product.config, { status: row.status, isAssignee: true, isVersionView: false });
    if (!mayEdit || (row.qc_end_time && start <= new Date(row.qc_end_time))) throw conflict(`Already submitted: the inspection is ${statusLabel(row.status)}`);
    // The engine checks the detail as the page had it (remark history merged); the store starts from the stored document.
    const problem = await validate(await readDetail(tx, row), payload, {
      engine: product.engine,
      registry: await registryData(tx, row.appointment_id),
      role,
      duplicateKeyConfig: await duplicateKeyConfig(tx),
    });
    if (problem) throw new HttpError(400, problem.alert, `${problem.alert} ${problem.fields.join(', ')}`.trim());
    const stored = applySubmission(row.detail, payload, {
      reviewer: me.email,
      role,
      at: new Date(),
      reviewStartTime: start,
      reviewEndTime: end,
      remarks: await remarksOfInspection(tx, carId),
      config: product.config,
    });
    const updated = await storeReviewResult(tx, carId, { status: next, reviewer: me.email, start, end, detail: stored });
    await insertSubmission(tx, {
      carId,
      version: row.version,
      reviewer: me.email,
      statusBefore: row.status,
      statusAfter: next,
      isApprovedByQc: payload.isApprovedByQc,
      isDummy: payload.isDummyInspection,
      isCritical: payload.isCritical,
      start,
      end,
      payload,
      configVersion: product.version,
    });
    await snapshot(tx, updated, 'submit');
    await audit(tx, {
      actor: me.email,
      action: 'submit',
      carId,
      appointmentId: row.appointment_id,
      before: row.status,
      after: next,
      detail: { isApprovedByQc: payload.isApprovedByQc, isDummyInspection: payload.isDummyInspection, configVersion: product.version },
    });
    return { message: 'Inspection Completed Successfully', inspectionStatus: next };
  });
}
