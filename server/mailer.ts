import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

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
