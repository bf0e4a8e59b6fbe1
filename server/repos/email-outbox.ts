/** The `email_outbox` table: RI mails as stored before (and whether or not) they are sent (server/README.md 'RI mail'). */
import type { Queryable } from '../db.ts';

/** The RI mails of an appointment as the mail log shows them, newest first. */
export async function outboxLog(db: Queryable, appointmentId: string) {
  const { rows } = await db.query<{ created_at: Date; diff_url: string | null; version: number; to_addresses: string[]; created_by: string; status: string }>(
    'SELECT created_at, diff_url, version, to_addresses, created_by, status FROM email_outbox WHERE appointment_id = $1 ORDER BY created_at DESC, id DESC',
    [appointmentId],
  );
  return rows.map((r) => ({
    createdAt: new Date(r.created_at).toISOString(),
    reinspectionDiffUrl: r.diff_url,
    version: r.version,
    to: r.to_addresses,
    sentBy: r.created_by,
    status: r.status,
  }));
}

export interface OutboxMail {
  carId: number;
  appointmentId: string;
  version: number;
  to: string[];
  subject: string;
  body: string;
  diffUrl: string;
  createdBy: string;
}

/** Stores a mail to send ('queued'); answers its id and status. */
export async function insertOutboxMail(db: Queryable, m: OutboxMail): Promise<{ id: number; status: string }> {
  const { rows } = await db.query<{ id: number; status: string }>(
    `INSERT INTO email_outbox (car_id, appointment_id, version, to_addresses, subject, body, diff_url, created_by)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8) RETURNING id, status`,
    [m.carId, m.appointmentId, m.version, m.to, m.subject, m.body, m.diffUrl, m.createdBy],
  );
  return rows[0];
}

/** What sending a stored mail needs of its row; null when there is no row `id`. */
export async function outboxMailToSend(db: Queryable, id: number): Promise<{ to: string[]; subject: string; body: string; createdBy: string } | null> {
  const { rows } = await db.query<{ to_addresses: string[]; subject: string; body: string; created_by: string }>(
    'SELECT to_addresses, subject, body, created_by FROM email_outbox WHERE id = $1',
    [id],
  );
  const r = rows[0];
  return r ? { to: r.to_addresses, subject: r.subject, body: r.body, createdBy: r.created_by } : null;
}

/** The SMTP server accepted the mail: 'sent', with the provider's message id and the time. */
export async function markOutboxSent(db: Queryable, id: number, messageId: string): Promise<void> {
  await db.query("UPDATE email_outbox SET status = 'sent', message_id = $2, error = NULL, sent_at = now() WHERE id = $1", [id, messageId]);
}

/** The send failed: 'failed', with the error text (and the message id when the server gave one). */
export async function markOutboxFailed(db: Queryable, id: number, error: string, messageId: string | null): Promise<void> {
  await db.query("UPDATE email_outbox SET status = 'failed', error = $2, message_id = $3 WHERE id = $1", [id, error, messageId]);
}
