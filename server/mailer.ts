import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Queryable } from './db.ts';

/** A mail as handed to the SMTP server. */
export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
}

/** Sends one mail; resolves once the SMTP server accepted it for every recipient, rejects otherwise. */
export interface MailSender {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer connection URL; query options such as `?tls.rejectUnauthorized=false` work). */
  smtpUrl?: string;
  /** The From address (MAIL_FROM); default: the SMTP user when it is an e-mail address, else qc-noreply@<first allowed domain>. */
  from?: string;
  /** Upper bound for connecting, the greeting and each SMTP reply (default 15 s): the request waits for the send. */
  timeoutMs?: number;
}

/** The From address of RI mails when MAIL_FROM is unset. */
export function defaultMailFrom(smtpUrl: string | undefined, allowedDomains: string[]): string {
  let user = '';
  try {
    user = smtpUrl ? decodeURIComponent(new URL(smtpUrl).username) : '';
  } catch {
    user = '';
  }
  const address = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user) ? user : `qc-noreply@${allowedDomains[0] ?? 'qc.example'}`;
  return `QC Review Panel <${address}>`;
}

/** Mail over SMTP with nodemailer: one connection per mail (RI mails are rare, manual sends), bounded timeouts. */
export function smtpSender(smtpUrl: string, timeoutMs = 15_000): MailSender {
  // The transport instance (not createTransport({ url })): createTransport drops every option beside a `url`.
  const transport = nodemailer.createTransport(
    new SMTPTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs, dnsTimeout: timeoutMs }),
  );
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: mail.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
      const rejected = info.rejected.map((a) => (typeof a === 'string' ? a : a.address));
      if (rejected.length) {
        throw Object.assign(new Error(`Recipients refused by the SMTP server: ${rejected.join(', ')}`), { messageId: info.messageId });
      }
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** The error text kept on a failed outbox row: nodemailer's message (it carries the SMTP reply), capped. */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends a stored `email_outbox` row and records the outcome on it: 'sent' with the provider's message id and
 * sent_at, or 'failed' with the error. Returns the outcome; never throws for an SMTP failure.
 */
export async function deliverOutboxMail(
  db: Queryable,
  sender: MailSender,
  id: number,
  from: string,
): Promise<{ status: 'sent'; messageId: string } | { status: 'failed'; error: string }> {
  const { rows } = await db.query<{ to_addresses: string[]; subject: string; body: string; created_by: string }>(
    'SELECT to_addresses, subject, body, created_by FROM email_outbox WHERE id = $1',
    [id],
  );
  const mail = rows[0];
  if (!mail) throw new Error(`email_outbox ${id} not found`);
  try {
    const { messageId } = await sender.send({ from, to: mail.to_addresses, replyTo: mail.created_by, subject: mail.subject, text: mail.body });
    await db.query("UPDATE email_outbox SET status = 'sent', message_id = $2, error = NULL, sent_at = now() WHERE id = $1", [id, messageId]);
    return { status: 'sent', messageId };
  } catch (error) {
    const text = errorText(error);
    const messageId = (error as { messageId?: unknown }).messageId;
    await db.query("UPDATE email_outbox SET status = 'failed', error = $2, message_id = $3 WHERE id = $1", [id, text, typeof messageId === 'string' ? messageId : null]);
    return { status: 'failed', error: text };
  }
}
