import type { FastifyPluginAsync } from 'fastify';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import { currentUser } from '../auth.ts';
import { badRequest, conflict, errorSchema, HttpError } from '../errors.ts';
import { storeUpload } from '../forms.ts';
import { audit, getInspection } from '../repos/inspections.ts';
import { deliverOutboxMail } from '../mailer.ts';
import { appointmentQuery, assertAssignee } from '../review-helpers.ts';
import { detailOf, guardedErrors, utm } from '../schemas.ts';
import { signUploadUrl, uploadExpiry } from '../upload-url.ts';

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

/**
 * Re-inspection e-mail (spec 000 §7): the log per appointment and sending, stored in `email_outbox`. With SMTP_URL set
 * the stored mail is sent in the request, after the commit, and the outcome recorded on its row (server/README.md).
 */
const riMailRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/get-reinspection-email-log-data',
    {
      config: { access: 'review' },
      schema: {
        summary: 'RI mails sent for an appointment, newest first',
        querystring: appointmentQuery,
        response: {
          200: detailOf({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                createdAt: { type: 'string' },
                reinspectionDiffUrl: { type: 'string', nullable: true },
                version: { type: 'integer' },
                to: { type: 'array', items: { type: 'string' } },
                sentBy: { type: 'string' },
                status: { type: 'string' },
              },
              required: ['createdAt', 'reinspectionDiffUrl'],
            },
          }),
          ...guardedErrors,
        },
      },
    },
    async (request) => {
      const { appointmentId } = request.query as { appointmentId: string };
      const { rows } = await app.db.query<{ created_at: Date; diff_url: string | null; version: number; to_addresses: string[]; created_by: string; status: string }>(
        'SELECT created_at, diff_url, version, to_addresses, created_by, status FROM email_outbox WHERE appointment_id = $1 ORDER BY created_at DESC, id DESC',
        [appointmentId],
      );
      return {
        detail: rows.map((r) => ({
          createdAt: new Date(r.created_at).toISOString(),
          reinspectionDiffUrl: r.diff_url,
          version: r.version,
          to: r.to_addresses,
          sentBy: r.created_by,
          status: r.status,
        })),
      };
    },
  );

  app.post(
    '/reinspection-send-email',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary:
          'Send the RI Changes mail (to: comma-separated, all valid); assignee only. Stored in the outbox; with SMTP configured sent before the ' +
          "answer: 'sent' with the message id, or 502 when the SMTP server failed or refused it (the row stays, 'failed')",
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          properties: { carId: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 0 }, to: { type: 'string', maxLength: 5000 } },
          required: ['carId', 'version', 'to'],
        },
        response: {
          200: detailOf({
            type: 'object',
            properties: {
              message: { type: 'string' },
              id: { type: 'integer' },
              to: { type: 'array', items: { type: 'string' } },
              status: { type: 'string', enum: ['queued', 'sent'] },
              messageId: { type: 'string' },
              reinspectionDiffUrl: { type: 'string' },
            },
          }),
          ...guardedErrors,
          404: errorSchema,
          409: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const body = request.body as { carId: number; version: number; to: string };
      const recipients = parseRecipients(body.to);
      const first = await getInspection(app.db, body.carId);
      assertAssignee(first, me, 'send the RI mail');
      if (first.version !== body.version) throw conflict(`The inspection is at version ${first.version}`);
      const detail = { ...first.detail, appointmentId: first.appointment_id, version: first.version, make: first.make, model: first.model, storeName: first.store_name };
      const page = storeUpload(app.ctx.uploadsDir, `ri-diff/${first.appointment_id}`, `${first.car_id}-v${first.version}`, 'html', Buffer.from(diffPage(detail)));
      let queued: { id: number; to: string[]; reinspectionDiffUrl: string; status: string };
      try {
        queued = await app.db.transaction(async (tx) => {
          const row = await getInspection(tx, body.carId, { forUpdate: true });
          assertAssignee(row, me, 'send the RI mail');
          const changes = (row.detail.riTableData ?? []).map((r) => `- ${r.title}: ${String(r.oldValue ?? '')} -> ${String(r.newValue ?? '')}`);
          const subject = `Re-inspection changes: appointment ${row.appointment_id} (version ${row.version})`;
          // The mail's link is read days later, outside the app: it is signed for a week, not the API's hour.
          const link = signUploadUrl(app.ctx.linkSecret, page.url, uploadExpiry(Math.floor(Date.now() / 1000), MAIL_LINK_TTL_S));
          const text = [`${row.make} ${row.model}, ${row.store_name}`, '', ...(changes.length ? changes : ['No changes']), '', `Full table: ${app.ctx.publicUrl ? new URL(link, app.ctx.publicUrl).href : link}`, `Sent by ${me.email}`].join('\n');
          const { rows } = await tx.query<{ id: number; status: string }>(
            `INSERT INTO email_outbox (car_id, appointment_id, version, to_addresses, subject, body, diff_url, created_by)
             VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8) RETURNING id, status`,
            [row.car_id, row.appointment_id, row.version, recipients, subject, text, page.url, me.email],
          );
          await audit(tx, { actor: me.email, action: 'ri-mail', carId: row.car_id, appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { outboxId: rows[0].id, to: recipients } });
          return { id: rows[0].id, to: recipients, status: rows[0].status, reinspectionDiffUrl: page.url };
        });
      } catch (error) {
        page.remove();
        throw error;
      }
      // Sent after the commit, holding no lock: the row exists whatever the SMTP server does, and records the outcome.
      const mailer = app.ctx.mailer;
      if (!mailer) return { detail: { message: 'Email Sent!', ...queued } };
      const outcome = await deliverOutboxMail(app.db, mailer.sender, queued.id, mailer.from);
      if (outcome.status === 'failed') {
        request.log.warn({ outboxId: queued.id, error: outcome.error }, 'RI mail not sent');
        throw new HttpError(502, 'Email send issue', `Email send issue: ${outcome.error}`);
      }
      return { detail: { message: 'Email Sent!', ...queued, status: outcome.status, messageId: outcome.messageId } };
    },
  );
};

export default riMailRoutes;
