import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import { outboxLog } from '../repos/email-outbox.ts';
import { appointmentQuery, detailOf, guardedErrors, utm } from '../schemas.ts';
import { sendRiMail } from '../services/ri-mail.ts';

/**
 * Re-inspection e-mail (spec 000 §7): the log per appointment and sending (services/ri-mail.ts), stored in `email_outbox`.
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
    async (request) => ({ detail: await outboxLog(app.db, (request.query as { appointmentId: string }).appointmentId) }),
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
    async (request) => ({ detail: await sendRiMail(app.db, app.ctx, currentUser(request), request.body as { carId: number; version: number; to: string }, request.log) }),
  );
};

export default riMailRoutes;
