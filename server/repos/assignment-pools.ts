/**
 * The queues of the pool rounds (services/assignment-pools.ts): per pool, how many open items a reviewer holds and
 * how the oldest unassigned item is claimed for one.
 */
import type { Queryable } from '../db.ts';
import { SIGNED_IN } from './auto-assignment.ts';

export type PoolName = 'gs' | 'bike';

/** `openItems` counts the open items of the reviewer `u`; `claimOldest` answers `appointment_id`, `$1` the reviewer's e-mail. */
const POOL_SQL = new Map<PoolName, { openItems: string; claimOldest: string }>([
  // Spec 002 §7: flagged cars wait in gs_flags.
  [
    'gs',
    {
      openItems: "SELECT count(*)::int FROM gs_flags f WHERE lower(f.assigned_to) = lower(u.email) AND f.status = 'pending'",
      claimOldest: `UPDATE gs_flags SET assigned_to = $1, updated_at = now()
          WHERE appointment_id = (SELECT appointment_id FROM gs_flags WHERE assigned_to IS NULL AND status = 'pending'
                                  ORDER BY created_at, appointment_id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING appointment_id`,
    },
  ],
  // Spec 001 §2: bikes awaiting review, latest version.
  [
    'bike',
    {
      openItems: "SELECT count(*)::int FROM bike_inspections b WHERE lower(b.qc_user) = lower(u.email) AND b.status = 'READY_FOR_REVIEW' AND b.is_latest",
      claimOldest: `UPDATE bike_inspections SET qc_user = $1, updated_at = now()
          WHERE id = (SELECT id FROM bike_inspections WHERE qc_user IS NULL AND status = 'READY_FOR_REVIEW' AND is_latest
                      ORDER BY inspection_end_time, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING appointment_id`,
    },
  ],
]);

const poolSql = (pool: PoolName) => POOL_SQL.get(pool)!;

/** The active, signed-in users of `role` and how many open items of the pool each holds; fewest first. */
export async function poolReviewers(tx: Queryable, pool: PoolName, role: string): Promise<{ email: string; open: number }[]> {
  const { rows } = await tx.query<{ email: string; open: number }>(
    `SELECT u.email, (${poolSql(pool).openItems}) AS open
       FROM users u
      WHERE u.role = $1 AND u.is_active AND ${SIGNED_IN}
      ORDER BY open, u.email`,
    [role],
  );
  return rows;
}

/**
 * Hands the pool's oldest unassigned item to `email`; SKIP LOCKED passes over one being taken by someone else right
 * now. Answers its appointment id, or null when none waits.
 */
export async function claimOldestPoolItem(tx: Queryable, pool: PoolName, email: string): Promise<string | null> {
  const { rows } = await tx.query<{ appointment_id: string }>(poolSql(pool).claimOldest, [email]);
  return rows[0]?.appointment_id ?? null;
}
