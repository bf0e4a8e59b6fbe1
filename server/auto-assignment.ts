import type { Db, Queryable } from './db.ts';
import { audit, snapshot, type InspectionRow } from './repos/inspections.ts';

/** The NOTIFY channel of auto-assignment records (DESIGN.md 'Live updates'). */
export const AUTO_ASSIGNMENT_CHANNEL = 'auto_assignment';

export type AutoAssignmentStatus = 'pending' | 'changed';

/** A reviewer's live record (spec 000 §4) as the stream sends it. */
export interface AutoAssignmentRecord {
  email: string;
  status: AutoAssignmentStatus;
  carId: number | null;
  updatedAt: string;
}

/** What a NOTIFY carries: whose record changed, and the schema it lives in (tests share one database). */
interface Notice {
  email: string;
  status: AutoAssignmentStatus;
  schema: string;
}

export async function readRecord(db: Queryable, email: string): Promise<AutoAssignmentRecord> {
  const { rows } = await db.query<{ email: string; status: AutoAssignmentStatus; car_id: number | null; updated_at: Date }>(
    'SELECT email, status, car_id, updated_at FROM auto_assignment WHERE lower(email) = lower($1)',
    [email],
  );
  const row = rows[0];
  return row
    ? { email: row.email, status: row.status, carId: row.car_id, updatedAt: new Date(row.updated_at).toISOString() }
    : { email, status: 'pending', carId: null, updatedAt: new Date(0).toISOString() };
}

/** Sets a reviewer's record and NOTIFYs; inside a transaction the notice goes out on commit. */
export async function setRecord(db: Queryable, email: string, status: AutoAssignmentStatus, carId?: number | null): Promise<void> {
  await db.query(
    `INSERT INTO auto_assignment (email, status, car_id, updated_at) VALUES (lower($1), $2, $3, now())
     ON CONFLICT (email) DO UPDATE SET status = EXCLUDED.status, car_id = COALESCE(EXCLUDED.car_id, auto_assignment.car_id), updated_at = now()`,
    [email, status, carId ?? null],
  );
  await db.query(`SELECT pg_notify($1, json_build_object('email', lower($2::text), 'status', $3::text, 'schema', current_schema())::text)`, [
    AUTO_ASSIGNMENT_CHANNEL,
    email,
    status,
  ]);
}

/**
 * Resets a 'changed' record to 'pending' once its change reached the user's stream (the app reloads the list on
 * 'changed', spec 000 §4); only the record that was delivered, so a newer change is never lost. Answers whether it reset.
 */
export async function acknowledge(db: Db, record: AutoAssignmentRecord): Promise<boolean> {
  if (record.status !== 'changed') return false;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string }>(
      `UPDATE auto_assignment SET status = 'pending', updated_at = now()
        WHERE lower(email) = lower($1) AND status = 'changed' AND date_trunc('milliseconds', updated_at) = $2::timestamptz RETURNING email`,
      [record.email, record.updatedAt],
    );
    if (!rows[0]) return false;
    await tx.query(`SELECT pg_notify($1, json_build_object('email', lower($2::text), 'status', 'pending', 'schema', current_schema())::text)`, [
      AUTO_ASSIGNMENT_CHANNEL,
      record.email,
    ]);
    await audit(tx, { actor: record.email, action: 'auto-assignment-delivered', before: 'changed', after: 'pending', detail: { carId: record.carId } });
    return true;
  });
}

/** The schema this process's records live in: a notice of another schema (another test's database) is not ours. */
export async function noticeSchema(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return rows[0].schema;
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
    const lock = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(727275) AS ok');
    if (!lock.rows[0].ok) return [];
    if (!opts.ignoreSleepTime) {
      const sleep = await tx.query<{ value: unknown }>("SELECT value FROM app_config WHERE key = 'sleepTime'");
      if (!Number(sleep.rows[0]?.value ?? 0)) return [];
    }
    const reviewers = await tx.query<{ email: string; open: number }>(
      `SELECT u.email, (SELECT count(*)::int FROM inspections i WHERE lower(i.assignee) = lower(u.email) AND i.status = 'smReview' AND i.is_latest) AS open
         FROM users u JOIN auto_assignment a ON lower(a.email) = lower(u.email)
        WHERE u.role = 'qc' AND u.is_active
          AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now())
        ORDER BY open, a.updated_at, u.email`,
    );
    const assigned: { email: string; carId: number }[] = [];
    for (const reviewer of reviewers.rows) {
      if (reviewer.open >= maxOpen) continue;
      const { rows } = await tx.query<InspectionRow>(
        `SELECT * FROM inspections
          WHERE is_latest AND assignee IS NULL AND status IN ('smReview', 'new')
            AND is_report_processed = 1 AND re_inspection_processing = 0 AND dealer_price_processing = 0
          ORDER BY inspection_end_time, car_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const waiting = rows[0];
      if (!waiting) break;
      const updated = await tx.query<InspectionRow>(
        "UPDATE inspections SET assignee = $2, assigned_at = now(), status = 'smReview', updated_at = now() WHERE car_id = $1 AND assignee IS NULL RETURNING *",
        [waiting.car_id, reviewer.email],
      );
      if (!updated.rows[0]) continue;
      await snapshot(tx, updated.rows[0], 'auto-assign');
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
