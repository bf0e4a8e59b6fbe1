/** The seller's pages' tables (spec 002 §2, §7): customer_audits and sell_online, one row per appointment. */
import type { Queryable } from '../db.ts';

export interface AuditRow {
  appointment_id: string;
  car_details: unknown;
  customer_input: unknown;
  cj_input: unknown;
  inspection_by: string;
  status: string | null;
}

export interface SellRow {
  appointment_id: string;
  record: Record<string, unknown>;
  status: string | null;
}

/** Does the database answer? (the health check) */
export async function databaseAnswers(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

export async function customerAudit(db: Queryable, appointmentId: string, opts: { forUpdate?: boolean } = {}): Promise<AuditRow | null> {
  const { rows } = await db.query<AuditRow>(`SELECT * FROM customer_audits WHERE appointment_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [appointmentId]);
  return rows[0] ?? null;
}

export async function setCustomerAuditStatus(db: Queryable, appointmentId: string, status: string): Promise<void> {
  await db.query('UPDATE customer_audits SET status = $2, answered_at = now() WHERE appointment_id = $1', [appointmentId, status]);
}

export async function sellOnline(db: Queryable, appointmentId: string, opts: { forUpdate?: boolean } = {}): Promise<SellRow | null> {
  const { rows } = await db.query<SellRow>(`SELECT * FROM sell_online WHERE appointment_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [appointmentId]);
  return rows[0] ?? null;
}

export async function markSellOnlineOpen(db: Queryable, appointmentId: string): Promise<void> {
  await db.query("UPDATE sell_online SET status = 'OPEN', opened_at = now() WHERE appointment_id = $1", [appointmentId]);
}

export async function setSellOnlineAnswer(db: Queryable, appointmentId: string, status: string): Promise<void> {
  await db.query('UPDATE sell_online SET status = $2, answered_at = now() WHERE appointment_id = $1', [appointmentId, status]);
}
