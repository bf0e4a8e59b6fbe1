import { beforeAll, describe, expect, it } from 'vitest';
import { assignedInspection, auditCount, resetWithExtras } from '../support/extras.ts';
import { OTHER, REVIEWER, REVIEWER2, VERSION, type Harness } from '../support/harness.ts';

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
