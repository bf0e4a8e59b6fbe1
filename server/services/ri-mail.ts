/**
 * Re-inspection e-mail (spec 000 §7, §8): the recipients' check, the stored mail (with its RI Changes page under
 * uploads/) committed with its audit line, then, with SMTP configured, the send and its outcome (server/README.md 'RI mail').
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import type { SessionUser } from '../auth.ts';
import type { Db, Queryable } from '../db.ts';
import { badRequest, conflict, HttpError } from '../errors.ts';
import { storeUpload } from '../forms.ts';
import { audit, getInspection } from '../repos/inspections.ts';
import type { MailSender } from '../mailer.ts';
import { insertOutboxMail, markOutboxFailed, markOutboxSent, outboxMailToSend } from '../repos/email-outbox.ts';
import { signUploadUrl, uploadExpiry } from '../upload-url.ts';
import { assertAssignee } from './assignee.ts';

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const MAX_RECIPIENTS = 20;
const MAIL_LINK_TTL_S = 7 * 24 * 3600;

/** Splits `to` (comma-separated, spec 000 §7) and checks every address (000 §5: all valid, at least one). */
export function parseRecipients(to: string): string[] {
  const list = to.split(',').map((a) => a.trim()).filter(Boolean);
  if (!list.length) throw badRequest('Please select recipients');
  const invalid = list.filter((a) => !EMAIL.test(a));
  if (invalid.length) throw badRequest(`Invalid e-mail address: ${invalid.join(', ')}`);
  if (list.length > MAX_RECIPIENTS) throw badRequest(`At most ${MAX_RECIPIENTS} recipients`);
  return [...new Set(list.map((a) => a.toLowerCase()))];
}

const escapeHtml = (value: unknown) =>
  String(Array.isArray(value) ? value.join(', ') : (value ?? '')).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The RI Changes table (re-inspection vs last auction version) as a standalone page: the mail's diff link. */
function diffPage(detail: InspectionDetail): string {
  const rows = (detail.riTableData ?? []).map((r) => `<tr><td>${escapeHtml(r.title)}</td><td>${escapeHtml(r.oldValue)}</td><td>${escapeHtml(r.newValue)}</td></tr>`);
  return (
    `<!doctype html><meta charset="utf-8"><title>RI changes ${escapeHtml(detail.appointmentId)}</title>` +
    `<h1>Re-inspection changes: appointment ${escapeHtml(detail.appointmentId)}, version ${detail.version}</h1>` +
    `<p>${escapeHtml(detail.make)} ${escapeHtml(detail.model)}, ${escapeHtml(detail.storeName)}</p>` +
    `<table border="1" cellpadding="4"><tr><th>Field</th><th>Last auction version</th><th>Re-inspection</th></tr>${rows.join('') || '<tr><td colspan="3">No changes</td></tr>'}</table>`
  );
}

/** The error text kept on a failed outbox row: nodemailer's message (it carries the SMTP reply), capped. */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends a stored `email_outbox` row and records the outcome on it: 'sent' with the provider's message id and
 * sent_at, or 'failed' with the error. Returns the outcome; never throws for an SMTP failure.
 */
async function deliverOutboxMail(
  db: Queryable,
  sender: MailSender,
  id: number,
  from: string,
): Promise<{ status: 'sent'; messageId: string } | { status: 'failed'; error: string }> {
  const mail = await outboxMailToSend(db, id);
  if (!mail) throw new Error(`email_outbox ${id} not found`);
  try {
    const { messageId } = await sender.send({ from, to: mail.to, replyTo: mail.createdBy, subject: mail.subject, text: mail.body });
    await markOutboxSent(db, id, messageId);
    return { status: 'sent', messageId };
  } catch (error) {
    const text = errorText(error);
    const messageId = (error as { messageId?: unknown }).messageId;
    await markOutboxFailed(db, id, text, typeof messageId === 'string' ? messageId : null);
    return { status: 'failed', error: text };
  }
}

/** What sending needs of the app: where pages are stored, how links are signed and the SMTP sender (null: store only). */
export interface RiMailContext {
  uploadsDir: string;
  linkSecret: string;
  publicUrl?: string;
  mailer: { sender: MailSender; from: string } | null;
}

/**
 * Stores the RI mail of the caller's inspection (assignee only, at the version they saw) and, with SMTP configured,
 * sends it after the commit, holding no lock: 502 'Email send issue' when the SMTP server failed or refused it.
 */
export async function sendRiMail(db: Db, ctx: RiMailContext, me: SessionUser, body: { carId: number; version: number; to: string }, log: FastifyBaseLogger) {
  const recipients = parseRecipients(body.to);
  const first = await getInspection(db, body.carId);
  assertAssignee(first, me, 'send the RI mail');
  if (first.version !== body.version) throw conflict(`The inspection is at version ${first.version}`);
  const detail = { ...first.detail, appointmentId: first.appointment_id, version: first.version, make: first.make, model: first.model, storeName: first.store_name };
  const page = storeUpload(ctx.uploadsDir, `ri-diff/${first.appointment_id}`, `${first.car_id}-v${first.version}`, 'html', Buffer.from(diffPage(detail)));
  let queued: { id: number; to: string[]; reinspectionDiffUrl: string; status: string };
  try {
    queued = await db.transaction(async (tx) => {
      const row = await getInspection(tx, body.carId, { forUpdate: true });
      assertAssignee(row, me, 'send the RI mail');
      const changes = (row.detail.riTableData ?? []).map((r) => `- ${r.title}: ${String(r.oldValue ?? '')} -> ${String(r.newValue ?? '')}`);
      const subject = `Re-inspection changes: appointment ${row.appointment_id} (version ${row.version})`;
      // The mail's link is read days later, outside the app: it is signed for a week, not the API's hour.
      const link = signUploadUrl(ctx.linkSecret, page.url, uploadExpiry(Math.floor(Date.now() / 1000), MAIL_LINK_TTL_S));
      const text = [`${row.make} ${row.model}, ${row.store_name}`, '', ...(changes.length ? changes : ['No changes']), '', `Full table: ${ctx.publicUrl ? new URL(link, ctx.publicUrl).href : link}`, `Sent by ${me.email}`].join('\n');
      const stored = await insertOutboxMail(tx, { carId: row.car_id, appointmentId: row.appointment_id, version: row.version, to: recipients, subject, body: text, diffUrl: page.url, createdBy: me.email });
      await audit(tx, { actor: me.email, action: 'ri-mail', carId: row.car_id, appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { outboxId: stored.id, to: recipients } });
      return { id: stored.id, to: recipients, status: stored.status, reinspectionDiffUrl: page.url };
    });
  } catch (error) {
    page.remove();
    throw error;
  }
  // Sent after the commit, holding no lock: the row exists whatever the SMTP server does, and records the outcome.
  if (!ctx.mailer) return { message: 'Email Sent!', ...queued };
  const outcome = await deliverOutboxMail(db, ctx.mailer.sender, queued.id, ctx.mailer.from);
  if (outcome.status === 'failed') {
    log.warn({ outboxId: queued.id, error: outcome.error }, 'RI mail not sent');
    throw new HttpError(502, 'Email send issue', `Email send issue: ${outcome.error}`);
  }
  return { message: 'Email Sent!', ...queued, status: outcome.status, messageId: outcome.messageId };
}
