import type { Db } from '../db.ts';
import { claimOldestPoolItem, poolReviewers, type PoolName } from '../repos/assignment-pools.ts';
import { setRecord, tryRoundLock } from '../repos/auto-assignment.ts';
import { audit } from '../repos/inspections.ts';

/** A queue that reviewers of one role are handed work from, oldest first (its queries: repos/assignment-pools.ts). */
interface AssignmentPool {
  /** Advisory lock key: one round of a pool at a time across server processes. */
  lock: number;
  role: string;
  actor: string;
}

const POOLS = {
  // Spec 002 §7: flagged cars go to GS reviewers.
  gs: { lock: 727276, role: 'gs', actor: 'gs-auto-assignment' },
  // Spec 001 §2: the bike list follows the user's auto-assignment record; bikes awaiting review go to bike QC users.
  bike: { lock: 727277, role: 'bike-qc', actor: 'bike-auto-assignment' },
} satisfies Record<PoolName, AssignmentPool>;

/**
 * One round of a pool's auto-assignment: each active reviewer of its role who is signed in and holds fewer than
 * `maxOpen` open items gets the oldest unassigned one; their live record turns 'changed', so their open list
 * refreshes over the auto-assignment stream (routes/live.ts), which then sets the record back to 'pending'.
 */
export async function runPoolAssignment(db: Db, name: PoolName, opts: { maxOpen?: number } = {}): Promise<{ email: string; appointmentId: string }[]> {
  const pool: AssignmentPool = POOLS[name];
  const maxOpen = opts.maxOpen ?? 3;
  return db.transaction(async (tx) => {
    if (!(await tryRoundLock(tx, pool.lock))) return [];
    const assigned: { email: string; appointmentId: string }[] = [];
    for (const reviewer of await poolReviewers(tx, name, pool.role)) {
      if (reviewer.open >= maxOpen) continue;
      const appointmentId = await claimOldestPoolItem(tx, name, reviewer.email);
      if (!appointmentId) break;
      await audit(tx, { actor: pool.actor, action: `${name}-auto-assign`, appointmentId, detail: { assignedTo: reviewer.email } });
      await setRecord(tx, reviewer.email, 'changed');
      assigned.push({ email: reviewer.email, appointmentId });
    }
    return assigned;
  });
}
