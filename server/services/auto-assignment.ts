/**
 * Auto-assignment (spec 000 §4): a reviewer's live record once its change reached their stream or they reloaded the
 * list, and the round that hands waiting inspections to signed-in reviewers (the records' SQL: repos/auto-assignment.ts).
 */
import type { Db } from '../db.ts';
import { appConfigValue } from '../repos/app-config.ts';
import {
  carRoundReviewers,
  lockOldestWaitingInspection,
  readRecord,
  resetDeliveredRecord,
  setRecord,
  tryRoundLock,
  type AutoAssignmentRecord,
  type AutoAssignmentStatus,
} from '../repos/auto-assignment.ts';
import { audit, snapshot } from '../repos/inspections.ts';
import { assignInspection } from '../repos/review-writes.ts';

/** Advisory lock key of the car round: one round at a time across server processes. */
const CAR_ROUND_LOCK = 727275;

/** What a NOTIFY carries: whose record changed, and the schema it lives in (tests share one database). */
interface Notice {
  email: string;
  status: AutoAssignmentStatus;
  schema: string;
}

/**
 * Resets a 'changed' record to 'pending' once its change reached the user's stream (the app reloads the list on
 * 'changed', spec 000 §4); only the record that was delivered, so a newer change is never lost. Answers whether it reset.
 */
export async function acknowledge(db: Db, record: AutoAssignmentRecord): Promise<boolean> {
  if (record.status !== 'changed') return false;
  return db.transaction(async (tx) => {
    if (!(await resetDeliveredRecord(tx, record))) return false;
    await audit(tx, { actor: record.email, action: 'auto-assignment-delivered', before: 'changed', after: 'pending', detail: { carId: record.carId } });
    return true;
  });
}

/** Sets the caller's record back to 'pending' after reloading the list, with its audit line; answers the record. */
export async function resetRecord(db: Db, email: string): Promise<AutoAssignmentRecord> {
  return db.transaction(async (tx) => {
    const before = await readRecord(tx, email);
    await setRecord(tx, email, 'pending');
    await audit(tx, { actor: email, action: 'auto-assignment-reset', before: before.status, after: 'pending', detail: { carId: before.carId } });
    return readRecord(tx, email);
  });
}

export function parseNotice(payload: string): Notice | null {
  try {
    const value = JSON.parse(payload) as Partial<Notice>;
    return typeof value.email === 'string' && typeof value.status === 'string' && typeof value.schema === 'string' ? (value as Notice) : null;
  } catch {
    return null;
  }
}

export interface AutoAssignOptions {
  /** Open (smReview, unsubmitted) inspections a reviewer may hold before getting another one. */
  maxOpenPerReviewer?: number;
  /** Assign even when the configured sleep time is 0 (tests). */
  ignoreSleepTime?: boolean;
}

/**
 * One round of auto-assignment: each active reviewer (role qc, active account, signed in, with a live record)
 * holding fewer than `maxOpenPerReviewer` open inspections gets the oldest waiting one (latest version, unassigned,
 * smReview or new, not under processing); their record turns 'changed' and a NOTIFY tells their stream.
 * Does nothing when the configured sleep time is 0: then reviewers assign themselves (spec 000 §4).
 * An advisory lock keeps two server processes from running a round at once; SKIP LOCKED leaves inspections
 * that someone is assigning by hand right now.
 */
export async function runAutoAssignment(db: Db, opts: AutoAssignOptions = {}): Promise<{ email: string; carId: number }[]> {
  const maxOpen = opts.maxOpenPerReviewer ?? 1;
  return db.transaction(async (tx) => {
    if (!(await tryRoundLock(tx, CAR_ROUND_LOCK))) return [];
    if (!opts.ignoreSleepTime && !Number((await appConfigValue<unknown>(tx, 'sleepTime')) ?? 0)) return [];
    const assigned: { email: string; carId: number }[] = [];
    for (const reviewer of await carRoundReviewers(tx)) {
      if (reviewer.open >= maxOpen) continue;
      const waiting = await lockOldestWaitingInspection(tx);
      if (!waiting) break;
      const updated = await assignInspection(tx, waiting.car_id, reviewer.email);
      if (!updated) continue;
      await snapshot(tx, updated, 'auto-assign');
      await audit(tx, {
        actor: 'auto-assignment',
        action: 'auto-assign',
        carId: waiting.car_id,
        appointmentId: waiting.appointment_id,
        before: waiting.status,
        after: 'smReview',
        detail: { assignee: reviewer.email },
      });
      await setRecord(tx, reviewer.email, 'changed', waiting.car_id);
      assigned.push({ email: reviewer.email, carId: waiting.car_id });
    }
    return assigned;
  });
}

/**
 * Runs one product's auto-assignment round every `intervalMs` (server/main.ts: AUTO_ASSIGN_INTERVAL_MS, default
 * 60 s, 0 = off), never two rounds of it at once. Never started by buildApp, so tests run a round only when they ask
 * for one. Answers the stop function.
 */
export function startRoundJob(round: () => Promise<unknown>, opts: { intervalMs: number; onError?: (error: unknown) => void }): () => void {
  if (!(opts.intervalMs > 0)) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round()
      .catch((error) => opts.onError?.(error))
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
