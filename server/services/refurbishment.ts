/** GS refurbishment review (spec 001 §2, §7): assign to me and the QC submit, each one transaction with its audit line. */
import seed from '../../src/config/refurbishment/refurbishment.json' with { type: 'json' };
import { evaluateOutcome, type OutcomeRule } from '../../src/engine/outcome.ts';
import type { RefurbishmentConfig } from '../../src/products/refurbishment/refurbishment-config.ts';
import type { SessionUser } from '../auth.ts';
import type { Db } from '../db.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { audit } from '../repos/inspections.ts';
import {
  getRefurbishment,
  recordVersion,
  setRefurbishmentAssignee,
  storeReviewedRefurbishment,
  toDetail,
  type RefurbDetail,
  type RefurbItem,
  type RefurbRow,
} from '../repos/refurbishments.ts';
import { rulesProductConfig } from './product-config.ts';
import { sameEmail } from './assignee.ts';

export type Status = (typeof seed.statuses)[number];
type Section = 'beforeRef' | 'afterRef';

/** The status and section a submit leads to (the config version's outcome rules, the same ones the review machine runs). */
export function refurbishmentOutcome(config: RefurbishmentConfig, status: string, rejectedCount: number) {
  return evaluateOutcome(config.outcomes.submission as OutcomeRule<{ status: Status | null; section: Section | null }>[], { status, rejectedCount });
}

/** Assigns a refurbishment awaiting QC to the caller; already theirs answers it unchanged. */
export async function assignRefurbishment(db: Db, me: SessionUser, body: { appointmentId: string; qcAssignTo: string }): Promise<RefurbDetail> {
  if (!sameEmail(body.qcAssignTo, me.email)) throw forbidden('You can only assign a refurbishment to yourself');
  return db.transaction(async (tx) => {
    const row = await getRefurbishment(tx, body.appointmentId, { forUpdate: true });
    if (!seed.queueStatuses.includes(row.status)) throw conflict(`This refurbishment is not awaiting review (status ${row.status})`);
    if (sameEmail(row.qc_assign_to, me.email)) return toDetail(row);
    if (row.qc_assign_to) throw conflict(`This refurbishment is already assigned to ${row.qc_assign_to}`);
    await setRefurbishmentAssignee(tx, row.appointment_id, me.email);
    await audit(tx, { actor: me.email, action: 'refurbishment-assign', appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { qcAssignTo: me.email } });
    return toDetail({ ...row, qc_assign_to: me.email });
  });
}

export interface RefurbishmentSubmission {
  appointmentId: string;
  fields: { hashKey: string; qcRemark: string; isRejected: 0 | 1 }[];
  reviewBy: string;
  status: Status;
  section: Section;
  version?: number;
  /** The refurbishment config version the review was opened on (null: the JSON in src/config; absent: the active one). */
  configVersion?: number | null;
}

/**
 * The assignee's verdicts on the items; the status it leads to comes from the outcome rules of the config version the
 * review was opened on, not the client. The version is recorded with the refurbishment version the submit writes.
 */
export async function submitRefurbishment(db: Db, me: SessionUser, appointmentId: string, body: RefurbishmentSubmission) {
  if (body.appointmentId !== appointmentId) throw badRequest('appointmentId in the body must be the one in the path');
  if (!sameEmail(body.reviewBy, me.email)) throw forbidden('reviewBy must be the signed-in user');
  const { version: configVersion, config } = await rulesProductConfig<RefurbishmentConfig>(db, 'refurbishment', body.configVersion);
  const entries = new Map<string, RefurbishmentSubmission['fields'][number]>();
  for (const entry of body.fields) {
    if (entries.has(entry.hashKey)) throw badRequest(`Item ${entry.hashKey} appears more than once`);
    if (entry.qcRemark.length > config.remarkMaxLength) throw badRequest(`Qc remark is too long (at most ${config.remarkMaxLength} characters)`);
    entries.set(entry.hashKey, entry);
  }
  return db.transaction(async (tx) => {
    const row = await getRefurbishment(tx, appointmentId, { forUpdate: true });
    if (!sameEmail(row.qc_assign_to, me.email)) throw forbidden('Only the assignee can submit this review');
    if (body.version !== undefined && body.version !== row.version) {
      throw conflict(`This refurbishment changed since you opened it (version ${body.version}, now ${row.version}); reload to review it again`);
    }
    if (body.status !== row.status) {
      // A submit repeated after it went through finds the status it led to.
      const repeated = [0, 1].some((rejected) => refurbishmentOutcome(config, body.status, rejected).status === row.status);
      throw conflict(repeated ? `This review was already submitted (status ${row.status})` : `This refurbishment is in status ${row.status}, not ${body.status}`);
    }
    const known = new Set(row.fields.map((f) => f.hashKey));
    for (const hashKey of entries.keys()) if (!known.has(hashKey)) throw badRequest(`Unknown item ${hashKey}`);
    const rejectedCount = body.fields.filter((f) => f.isRejected === 1).length;
    const outcome = refurbishmentOutcome(config, row.status, rejectedCount);
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
    await storeReviewedRefurbishment(tx, next);
    await recordVersion(tx, next, me.email, { configVersion });
    await audit(tx, {
      actor: me.email,
      action: 'refurbishment-submit',
      appointmentId,
      before: row.status,
      after: next.status,
      detail: { version: next.version, section, rejected: rejectedCount, entries: body.fields.length, configVersion },
    });
    return { message: 'Refurbishment review submitted', status: next.status, version: next.version };
  });
}
