import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMailFrom } from '../../../server/mailer.ts';
import { assignedInspection, auditCount, resetWithExtras } from '../support/extras.ts';
import { OTHER, REVIEWER, REVIEWER2, VERSION, type Harness } from '../support/harness.ts';

interface ReceivedMail {
  user: string | undefined;
  from: string;
  to: string[];
  headers: Record<string, string>;
  body: string;
}

/** The message as sent: headers (unfolded, lower-cased names) and the body with quoted-printable undone. */
function parseMessage(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = Object.fromEntries(head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    body = Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  }
  return { headers, body: body.replace(/\r\n/g, '\n') };
}

/** A real SMTP server on 127.0.0.1 (smtp-server): AUTH qc/secret, no TLS; `reject` refuses every message after DATA. */
async function startSmtp(opts: { reject?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'qc' && auth.password === 's3cret:pw') callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (opts.reject) return callback(Object.assign(new Error('Message rejected by policy'), { responseCode: 554 }));
        const address = (a: SMTPServerAddress | false) => (a ? a.address : '');
        received.push({
          user: session.user as string | undefined,
          from: address(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map(address),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://qc:${encodeURIComponent('s3cret:pw')}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function riMailSuite(h: Harness) {
  describe('re-inspection e-mail (spec 000 §5 Re-inspection e-mail, §7)', () => {
    let car: { car_id: number; version: number; appointment_id: string };
    beforeAll(async () => {
      await resetWithExtras(h, 20);
      car = await assignedInspection(h, REVIEWER);
    });

    const send = async (email: string, body: object) => h.call('POST', '/api/reinspection-send-email', { token: await h.token(email), query: { utm_source: 'qc' }, body });

    it('the assignee queues the mail in the outbox; the log lists it with createdAt and reinspectionDiffUrl', async () => {
      const res = await send(REVIEWER, { carId: car.car_id, version: car.version, to: 'qc.audit@qc.example, RA.Pune@qc.example,qc.audit@qc.example' });
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json().detail;
      expect(detail).toMatchObject({ message: 'Email Sent!', to: ['qc.audit@qc.example', 'ra.pune@qc.example'], status: 'queued', reinspectionDiffUrl: expect.stringMatching(/^\/uploads\/ri-diff\//) });
      const page = await h.app().inject({ method: 'GET', url: detail.reinspectionDiffUrl });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`appointment ${car.appointment_id}`);
      const { rows } = await h.db().query<{ to_addresses: string[]; subject: string; created_by: string }>('SELECT to_addresses, subject, created_by FROM email_outbox WHERE id = $1', [detail.id]);
      expect(rows[0]).toMatchObject({ to_addresses: ['qc.audit@qc.example', 'ra.pune@qc.example'], created_by: REVIEWER, subject: expect.stringContaining(car.appointment_id) });
      const log = await h.call('GET', '/api/v2/get-reinspection-email-log-data', { token: await h.token(VERSION), query: { utm_source: 'qc', appointmentId: car.appointment_id } });
      expect(log.statusCode).toBe(200);
      expect(log.json().detail[0]).toMatchObject({ createdAt: expect.any(String), reinspectionDiffUrl: detail.reinspectionDiffUrl });
      expect(await auditCount(h, 'ri-mail', car.car_id)).toBe(1);
    });

    it('the seed holds earlier RI mails for some re-inspections', async () => {
      const { rows } = await h.db().query<{ appointment_id: string }>("SELECT appointment_id FROM email_outbox WHERE body = 'Seeded RI mail' LIMIT 1");
      expect(rows.length).toBe(1);
      const log = await h.call('GET', '/api/v2/get-reinspection-email-log-data', { token: await h.token(REVIEWER), query: { appointmentId: rows[0].appointment_id } });
      expect(log.json().detail.length).toBeGreaterThan(0);
    });

    it('recipients must all be valid e-mail addresses, at least one (400)', async () => {
      for (const to of ['', ' , ', 'qc.audit@qc.example, not-an-email', 'a@b']) {
        const res = await send(REVIEWER, { carId: car.car_id, version: car.version, to });
        expect(res.statusCode, to).toBe(400);
        expect(res.json().detail).toMatch(/Please select recipients|Invalid e-mail address/);
      }
      expect((await send(REVIEWER, { carId: car.car_id, version: car.version })).statusCode).toBe(400);
      expect((await send(REVIEWER, { carId: 'x', version: car.version, to: 'a@b.co' })).statusCode).toBe(400);
      expect((await h.call('GET', '/api/v2/get-reinspection-email-log-data', { token: await h.token(REVIEWER) })).statusCode).toBe(400);
    });

    describe('over SMTP (SMTP_URL set): sent in the request, the outcome recorded on the outbox row', () => {
      type Smtp = Awaited<ReturnType<typeof startSmtp>>;
      let accepting: Smtp;
      let rejecting: Smtp;
      const FROM = 'QC Review Panel <qc-mail@qc.example>';
      const appWith = (smtpUrl: string) => h.buildWith({ mail: { smtpUrl, from: FROM, timeoutMs: 3000 }, publicUrl: 'https://qc.example.com/' });
      const sendVia = async (app: FastifyInstance, to: string) =>
        app.inject({
          method: 'POST',
          url: '/api/reinspection-send-email',
          query: { utm_source: 'qc' },
          headers: { authorization: `Bearer ${await h.token(REVIEWER)}` },
          payload: { carId: car.car_id, version: car.version, to },
        });
      const outboxRow = async (id: number) =>
        (
          await h.db().query<{ status: string; message_id: string | null; error: string | null; sent_at: Date | null; subject: string; body: string; to_addresses: string[] }>(
            'SELECT status, message_id, error, sent_at, subject, body, to_addresses FROM email_outbox WHERE id = $1',
            [id],
          )
        ).rows[0];
      const lastOutboxId = async () => (await h.db().query<{ id: number }>('SELECT max(id)::int AS id FROM email_outbox')).rows[0].id;

      beforeAll(async () => {
        [accepting, rejecting] = await Promise.all([startSmtp(), startSmtp({ reject: true })]);
      });
      // The apps close with the harness (buildWith), which also closes their SMTP transports.
      afterAll(async () => {
        await Promise.all([accepting?.close(), rejecting?.close()]);
      });

      it("an accepted mail: recipients, subject and body arrive from MAIL_FROM; the row is 'sent' with the message id", { timeout: 15_000 }, async () => {
        const app = await appWith(accepting.url);
        const res = await sendVia(app, 'qc.audit@qc.example, RA.Pune@qc.example');
        expect(res.statusCode, res.body).toBe(200);
        const detail = res.json().detail;
        expect(detail).toMatchObject({ message: 'Email Sent!', status: 'sent', messageId: expect.stringMatching(/^<.+@.+>$/), to: ['qc.audit@qc.example', 'ra.pune@qc.example'] });
        const row = await outboxRow(detail.id);
        expect(row).toMatchObject({ status: 'sent', message_id: detail.messageId, error: null, sent_at: expect.anything() });
        expect(accepting.received).toHaveLength(1);
        const mail = accepting.received[0];
        expect(mail.user).toBe('qc');
        expect(mail.from).toBe('qc-mail@qc.example');
        expect(mail.to).toEqual(['qc.audit@qc.example', 'ra.pune@qc.example']);
        expect(mail.headers.from).toBe(FROM);
        expect(mail.headers['reply-to']).toBe(REVIEWER);
        expect(mail.headers.subject).toBe(row.subject);
        expect(mail.headers.subject).toContain(car.appointment_id);
        expect(mail.headers['message-id']).toBe(detail.messageId);
        expect(mail.body.trim()).toBe(row.body.trim());
        // The diff link is absolute (PUBLIC_URL) and signed for a week, so it opens from a mail client without signing in.
        const link = mail.body.match(/Full table: https:\/\/qc\.example\.com(\S+)/)?.[1] ?? '';
        expect(link.split('?')[0]).toBe(detail.reinspectionDiffUrl.split('?')[0]);
        expect(Number(new URLSearchParams(link.split('?')[1]).get('exp'))).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
        expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
        const log = await h.call('GET', '/api/v2/get-reinspection-email-log-data', { token: await h.token(REVIEWER), query: { appointmentId: car.appointment_id } });
        // Signed by each app with its own key: the same file.
        expect(log.json().detail[0]).toMatchObject({ status: 'sent', reinspectionDiffUrl: expect.stringMatching(`^${detail.reinspectionDiffUrl.split('?')[0]}\\?`) });
      });

      it("a refused mail answers 502 'Email send issue' (the client's failure toast); the row stays, 'failed' with the error", { timeout: 15_000 }, async () => {
        const before = await auditCount(h, 'ri-mail', car.car_id);
        const app = await appWith(rejecting.url);
        const res = await sendVia(app, 'qc.audit@qc.example');
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json()).toMatchObject({ message: 'Email send issue', detail: expect.stringMatching(/^Email send issue: .*554.*rejected by policy/) });
        const row = await outboxRow(await lastOutboxId());
        expect(row).toMatchObject({ status: 'failed', message_id: null, sent_at: null, to_addresses: ['qc.audit@qc.example'], error: expect.stringMatching(/554/) });
        expect(await auditCount(h, 'ri-mail', car.car_id)).toBe(before + 1);
        const log = await h.call('GET', '/api/v2/get-reinspection-email-log-data', { token: await h.token(REVIEWER), query: { appointmentId: car.appointment_id } });
        expect(log.json().detail[0]).toMatchObject({ status: 'failed' });
      });

      it("wrong credentials and an unreachable server fail the same way, within the timeout", { timeout: 15_000 }, async () => {
        const badAuth = await appWith(accepting.url.replace('s3cret', 'wrong'));
        const refused = await sendVia(badAuth, 'qc.audit@qc.example');
        expect(refused.statusCode, refused.body).toBe(502);
        expect((await outboxRow(await lastOutboxId())).error).toMatch(/535|Invalid login/);
        // A port that was just free: connection refused.
        const gone = await startSmtp();
        const goneUrl = gone.url;
        await gone.close();
        const unreachable = await appWith(goneUrl);
        const started = Date.now();
        const res = await sendVia(unreachable, 'qc.audit@qc.example');
        expect(res.statusCode, res.body).toBe(502);
        expect(Date.now() - started).toBeLessThan(5000);
        expect(await outboxRow(await lastOutboxId())).toMatchObject({ status: 'failed', error: expect.stringMatching(/ECONNREFUSED|connect/i) });
        expect(accepting.received).toHaveLength(1);
      });

      it('MAIL_FROM defaults to the SMTP user when it is an address, else qc-noreply@ the first allowed domain', () => {
        expect(defaultMailFrom('smtp://mailer%40qc.example:pw@smtp.example:587', ['qc.example'])).toBe('QC Review Panel <mailer@qc.example>');
        expect(defaultMailFrom('smtp://apikey:pw@smtp.example:587', ['cars.example', 'qc.example'])).toBe('QC Review Panel <qc-noreply@cars.example>');
        expect(defaultMailFrom('not a url', [])).toBe('QC Review Panel <qc-noreply@qc.example>');
      });
    });

    it('only the assignee may send (403); a stale version is 409; 401 without a token', async () => {
      expect((await send(REVIEWER2, { carId: car.car_id, version: car.version, to: 'a@b.co' })).statusCode).toBe(403);
      expect((await send(OTHER, { carId: car.car_id, version: car.version, to: 'a@b.co' })).statusCode).toBe(403);
      expect((await send(REVIEWER, { carId: car.car_id, version: car.version + 1, to: 'a@b.co' })).statusCode).toBe(409);
      expect((await h.call('POST', '/api/reinspection-send-email', { body: { carId: car.car_id, version: car.version, to: 'a@b.co' } })).statusCode).toBe(401);
      expect((await h.call('GET', '/api/v2/get-reinspection-email-log-data', { query: { appointmentId: car.appointment_id } })).statusCode).toBe(401);
      expect((await h.call('GET', '/api/v2/get-reinspection-email-log-data', { token: await h.token(OTHER), query: { appointmentId: car.appointment_id } })).statusCode).toBe(403);
    });
  });
}
