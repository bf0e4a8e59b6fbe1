import type { Db } from './db.ts';
import { setRecord } from './auto-assignment.ts';
import { audit } from './repos/inspections.ts';

/**
 * A queue that reviewers of one role are handed work from, oldest first: how many open items a reviewer holds, and
 * how the oldest unassigned item is claimed for one (SQL that answers `appointment_id`, `$1` the reviewer's e-mail).
 */
interface AssignmentPool {
  /** Advisory lock key: one round of a pool at a time across server processes. */
  lock: number;
  role: string;
  openItems: string;
  claimOldest: string;
  actor: string;
}

const POOLS = {
  // Spec 002 §7: flagged cars go to GS reviewers.
  gs: {
    lock: 727276,
    role: 'gs',
    openItems: "SELECT count(*)::int FROM gs_flags f WHERE lower(f.assigned_to) = lower(u.email) AND f.status = 'pending'",
    claimOldest: `UPDATE gs_flags SET assigned_to = $1, updated_at = now()
          WHERE appointment_id = (SELECT appointment_id FROM gs_flags WHERE assigned_to IS NULL AND status = 'pending'
                                  ORDER BY created_at, appointment_id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING appointment_id`,
    actor: 'gs-auto-assignment',
  },
  // Spec 001 §2: the bike list follows the user's auto-assignment record; bikes awaiting review go to bike QC users.
  bike: {
    lock: 727277,
    role: 'bike-qc',
    openItems: "SELECT count(*)::int FROM bike_inspections b WHERE lower(b.qc_user) = lower(u.email) AND b.status = 'READY_FOR_REVIEW' AND b.is_latest",
    claimOldest: `UPDATE bike_inspections SET qc_user = $1, updated_at = now()
          WHERE id = (SELECT id FROM bike_inspections WHERE qc_user IS NULL AND status = 'READY_FOR_REVIEW' AND is_latest
                      ORDER BY inspection_end_time, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING appointment_id`,
    actor: 'bike-auto-assignment',
  },
} satisfies Record<string, AssignmentPool>;

export type PoolName = keyof typeof POOLS;

/**
 * One round of a pool's auto-assignment: each active reviewer of its role who is signed in and holds fewer than
 * `maxOpen` open items gets the oldest unassigned one; their live record turns 'changed', so their open list
 * refreshes over the auto-assignment stream (routes/live.ts), which then sets the record back to 'pending'.
 */
export async function runPoolAssignment(db: Db, name: PoolName, opts: { maxOpen?: number } = {}): Promise<{ email: string; appointmentId: string }[]> {
  const pool: AssignmentPool = POOLS[name];
  const maxOpen = opts.maxOpen ?? 3;
  return db.transaction(async (tx) => {
    const lock = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [pool.lock]);
    if (!lock.rows[0].ok) return [];
    const reviewers = await tx.query<{ email: string; open: number }>(
      `SELECT u.email, (${pool.openItems}) AS open
         FROM users u
        WHERE u.role = $1 AND u.is_active
          AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now())
        ORDER BY open, u.email`,
      [pool.role],
    );
    const assigned: { email: string; appointmentId: string }[] = [];
    for (const reviewer of reviewers.rows) {
      if (reviewer.open >= maxOpen) continue;
      const { rows } = await tx.query<{ appointment_id: string }>(pool.claimOldest, [reviewer.email]);
      if (!rows[0]) break;
      await audit(tx, { actor: pool.actor, action: `${name}-auto-assign`, appointmentId: rows[0].appointment_id, detail: { assignedTo: reviewer.email } });
      await setRecord(tx, reviewer.email, 'changed');
      assigned.push({ email: reviewer.email, appointmentId: rows[0].appointment_id });
    }
    return assigned;
  });
}
