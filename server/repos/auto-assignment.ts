/**
 * The `auto_assignment` table (a reviewer's live record, spec 000 §4) with its NOTIFY, and what the auto-assignment
 * rounds (services/auto-assignment.ts, services/assignment-pools.ts) lock, read and claim.
 */
import type { Queryable } from '../db.ts';
import type { InspectionRow } from './inspections.ts';

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

/** The record of a reviewer; one never set reads as 'pending'. */
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

/** Tells the streams whose record changed; the schema lets a listener skip another schema's notices (tests share one database). */
async function notifyRecord(db: Queryable, email: string, status: AutoAssignmentStatus): Promise<void> {
  await db.query(`SELECT pg_notify($1, json_build_object('email', lower($2::text), 'status', $3::text, 'schema', current_schema())::text)`, [
    AUTO_ASSIGNMENT_CHANNEL,
    email,
    status,
  ]);
}

/** Sets a reviewer's record and NOTIFYs; inside a transaction the notice goes out on commit. */
export async function setRecord(db: Queryable, email: string, status: AutoAssignmentStatus, carId?: number | null): Promise<void> {
  await db.query(
    `INSERT INTO auto_assignment (email, status, car_id, updated_at) VALUES (lower($1), $2, $3, now())
     ON CONFLICT (email) DO UPDATE SET status = EXCLUDED.status, car_id = COALESCE(EXCLUDED.car_id, auto_assignment.car_id), updated_at = now()`,
    [email, status, carId ?? null],
  );
  await notifyRecord(db, email, status);
}

/**
 * Sets a 'changed' record back to 'pending' (and NOTIFYs) only while it is still the one delivered (same
 * updatedAt), so a newer change is never lost. Answers whether it did.
 */
export async function resetDeliveredRecord(db: Queryable, record: AutoAssignmentRecord): Promise<boolean> {
  const { rows } = await db.query<{ email: string }>(
    `UPDATE auto_assignment SET status = 'pending', updated_at = now()
      WHERE lower(email) = lower($1) AND status = 'changed' AND date_trunc('milliseconds', updated_at) = $2::timestamptz RETURNING email`,
    [record.email, record.updatedAt],
  );
  if (!rows[0]) return false;
  await notifyRecord(db, record.email, 'pending');
  return true;
}

/** The schema this process's records live in: a notice of another schema (another test's database) is not ours. */
export async function noticeSchema(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return rows[0].schema;
}

/** Takes a round's advisory lock for the rest of the transaction, or answers false when another process holds it. */
export async function tryRoundLock(tx: Queryable, key: number): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [key]);
  return rows[0].ok;
}

/** A reviewer counts as signed in while one of their sessions is open. */
export const SIGNED_IN = 'EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now())';

/**
 * The car reviewers a round may hand work to (role qc, active, signed in, with a live record) and how many open
 * (smReview, latest) inspections each holds; fewest open first, then the longest unchanged record.
 */
export async function carRoundReviewers(tx: Queryable): Promise<{ email: string; open: number }[]> {
  const { rows } = await tx.query<{ email: string; open: number }>(
    `SELECT u.email, (SELECT count(*)::int FROM inspections i WHERE lower(i.assignee) = lower(u.email) AND i.status = 'smReview' AND i.is_latest) AS open
       FROM users u JOIN auto_assignment a ON lower(a.email) = lower(u.email)
      WHERE u.role = 'qc' AND u.is_active AND ${SIGNED_IN}
      ORDER BY open, a.updated_at, u.email`,
  );
  return rows;
}

/**
 * Locks the oldest inspection waiting for a reviewer (latest version, unassigned, smReview or new, not under
 * processing); SKIP LOCKED passes over one that someone is assigning by hand right now. Null when none waits.
 */
export async function lockOldestWaitingInspection(tx: Queryable): Promise<InspectionRow | null> {
  const { rows } = await tx.query<InspectionRow>(
    `SELECT * FROM inspections
      WHERE is_latest AND assignee IS NULL AND status IN ('smReview', 'new')
        AND is_report_processed = 1 AND re_inspection_processing = 0 AND dealer_price_processing = 0
      ORDER BY inspection_end_time, car_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return rows[0] ?? null;
}
