import type { Db } from './db.ts';
import { setRecord } from './auto-assignment.ts';
import { audit } from './inspections-repo.ts';

/**
 * One round of GS auto-assignment (spec 002 §7): each active GS reviewer who is signed in and holds fewer than
 * `maxOpen` pending flagged cars gets the oldest unassigned one; their live record turns 'changed', so their open
 * list refreshes over the auto-assignment stream (routes/live.ts), which then sets the record back to 'pending'.
 */
export async function runGsAutoAssignment(db: Db, opts: { maxOpen?: number } = {}): Promise<{ email: string; appointmentId: string }[]> {
  const maxOpen = opts.maxOpen ?? 3;
  return db.transaction(async (tx) => {
    const lock = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(727276) AS ok');
    if (!lock.rows[0].ok) return [];
    const reviewers = await tx.query<{ email: string; open: number }>(
      `SELECT u.email, (SELECT count(*)::int FROM gs_flags f WHERE lower(f.assigned_to) = lower(u.email) AND f.status = 'pending') AS open
         FROM users u
        WHERE u.role = 'gs' AND u.is_active
          AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now())
        ORDER BY open, u.email`,
    );
    const assigned: { email: string; appointmentId: string }[] = [];
    for (const reviewer of reviewers.rows) {
      if (reviewer.open >= maxOpen) continue;
      const { rows } = await tx.query<{ appointment_id: string }>(
        `UPDATE gs_flags SET assigned_to = $1, updated_at = now()
          WHERE appointment_id = (SELECT appointment_id FROM gs_flags WHERE assigned_to IS NULL AND status = 'pending'
                                  ORDER BY created_at, appointment_id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING appointment_id`,
        [reviewer.email],
      );
      if (!rows[0]) break;
      await audit(tx, { actor: 'gs-auto-assignment', action: 'gs-auto-assign', appointmentId: rows[0].appointment_id, detail: { assignedTo: reviewer.email } });
      await setRecord(tx, reviewer.email, 'changed');
      assigned.push({ email: reviewer.email, appointmentId: rows[0].appointment_id });
    }
    return assigned;
  });
}

/** Runs a GS round every `intervalMs` (0 = off), like the car job; answers the stop function. */
export function startGsAutoAssignmentJob(db: Db, opts: { intervalMs: number; onError?: (error: unknown) => void }): () => void {
  if (!(opts.intervalMs > 0)) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runGsAutoAssignment(db)
      .catch((error) => opts.onError?.(error))
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
