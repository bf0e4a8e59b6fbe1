import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { readRecord, setRecord } from '../../../server/repos/auto-assignment.ts';
import { runAutoAssignment } from '../../../server/services/auto-assignment.ts';
import { auditCount, resetWithExtras } from '../support/extras.ts';
import { openStream, type EventStream } from '../support/events.ts';
import { OTHER, REVIEWER, REVIEWER2, type Harness } from '../support/harness.ts';

export function liveSuite(h: Harness) {
  describe('live auto-assignment (DESIGN.md Live updates, spec 000 §4)', () => {
    let server: FastifyInstance;
    let base: string;
    const streams: EventStream[] = [];
    const open = async (token: string) => {
      const stream = await openStream(`${base}/api/v2/live/auto-assignment?utm_source=qc&token=${encodeURIComponent(token)}`);
      streams.push(stream);
      return stream;
    };

    beforeAll(async () => {
      await resetWithExtras(h, 20);
      server = await h.buildWith({});
      await server.listen({ host: '127.0.0.1', port: 0 });
      const address = server.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => {
      for (const stream of streams) stream.close();
    });

    it('the stream (token as query parameter) sends the current record, then each NOTIFY of that user only', async () => {
      const stream = await open(await h.token(REVIEWER));
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      expect(await stream.next()).toMatchObject({ email: REVIEWER, status: 'pending' });
      await setRecord(h.db(), REVIEWER2, 'changed', 1);
      await setRecord(h.db(), REVIEWER, 'changed', 4242);
      const event = await stream.next();
      expect(event).toMatchObject({ email: REVIEWER, status: 'changed', carId: 4242 });
      // Delivered: the server resets the record to 'pending' (the app only reloads on 'changed').
      expect(await stream.next()).toMatchObject({ email: REVIEWER, status: 'pending', carId: 4242 });
      expect((await readRecord(h.db(), REVIEWER)).status).toBe('pending');
      expect((await readRecord(h.db(), REVIEWER2)).status).toBe('changed');
      expect(await auditCount(h, 'auto-assignment-delivered')).toBe(1);
      stream.close();
    });

    it('a change made through another app instance (another process) reaches the stream', async () => {
      const stream = await open(await h.token(REVIEWER2));
      await stream.next();
      const token = await h.token(REVIEWER2);
      // The reset goes through the app under test (app.inject), the stream is served by the listening one.
      const res = await h.call('PATCH', '/api/v2/live/auto-assignment', { token, query: { utm_source: 'qc' }, body: { status: 'pending' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toMatchObject({ email: REVIEWER2, status: 'pending' });
      expect(await stream.next((r) => r.email === REVIEWER2)).toMatchObject({ status: 'pending' });
      expect(await auditCount(h, 'auto-assignment-reset')).toBeGreaterThanOrEqual(1);
      stream.close();
    });

    it('the auto-assignment job gives signed-in active reviewers the oldest waiting inspections, marks them changed and notifies', async () => {
      await h.db().query("UPDATE auto_assignment SET status = 'pending'");
      await h.db().query("UPDATE app_config SET value = '30'::jsonb WHERE key = 'sleepTime'");
      const tokenA = await h.token(REVIEWER);
      await h.token(REVIEWER2);
      const stream = await open(tokenA);
      await stream.next();
      const oldest = await h.db().query<{ car_id: number }>(
        `SELECT car_id FROM inspections WHERE is_latest AND assignee IS NULL AND status IN ('smReview', 'new') AND is_report_processed = 1
            AND re_inspection_processing = 0 AND dealer_price_processing = 0 ORDER BY inspection_end_time, car_id LIMIT 2`,
      );
      const assigned = await runAutoAssignment(h.db(), { maxOpenPerReviewer: 100 });
      expect(assigned.map((a) => a.email).sort()).toEqual([REVIEWER, REVIEWER2].sort());
      expect(assigned.map((a) => a.carId).sort()).toEqual(oldest.rows.map((r) => r.car_id).sort());
      for (const a of assigned) {
        const { rows } = await h.db().query<{ assignee: string; status: string }>('SELECT assignee, status FROM inspections WHERE car_id = $1', [a.carId]);
        expect(rows[0]).toEqual({ assignee: a.email, status: 'smReview' });
        expect(await auditCount(h, 'auto-assign', a.carId)).toBe(1);
      }
      const mine = assigned.find((a) => a.email === REVIEWER)!;
      const theirs = assigned.find((a) => a.email === REVIEWER2)!;
      // REVIEWER2 has no open stream: the record waits as 'changed' and is delivered on connect.
      expect(await readRecord(h.db(), REVIEWER2)).toMatchObject({ status: 'changed', carId: theirs.carId });
      expect(await stream.next((r) => r.status === 'changed')).toMatchObject({ email: REVIEWER, carId: mine.carId });
      const late = await open(await h.token(REVIEWER2));
      expect(await late.next()).toMatchObject({ email: REVIEWER2, status: 'changed', carId: theirs.carId });
      expect(await late.next()).toMatchObject({ email: REVIEWER2, status: 'pending' });
      late.close();
      // Reviewers who are not signed in get nothing; the list shows the assignment.
      expect(assigned.some((a) => a.email === 'neha.kulkarni@qc.example')).toBe(false);
      const list = await h.call('GET', '/api/v2/inspection-data-list', { token: tokenA, query: { page: '1', records: '50', user: REVIEWER, appointmentId: (await h.db().query<{ appointment_id: string }>('SELECT appointment_id FROM inspections WHERE car_id = $1', [mine.carId])).rows[0].appointment_id } });
      expect(list.json().data[0].qcAssign.to).toBe(REVIEWER);
      stream.close();
    });

    it('a reviewer at the open-inspection limit gets no more; sleep time 0 (self-assignment) turns the job off', async () => {
      expect(await runAutoAssignment(h.db(), { maxOpenPerReviewer: 1 })).toEqual([]);
      await h.db().query("UPDATE app_config SET value = '0'::jsonb WHERE key = 'sleepTime'");
      expect(await runAutoAssignment(h.db(), { maxOpenPerReviewer: 100 })).toEqual([]);
      expect((await runAutoAssignment(h.db(), { maxOpenPerReviewer: 100, ignoreSleepTime: true })).length).toBe(2);
    });

    it('closing the server ends open streams instead of waiting for the clients', async () => {
      const other = await buildApp({ db: h.db(), authMode: 'dev', uploadsDir: h.uploadsDir });
      await other.listen({ host: '127.0.0.1', port: 0 });
      const address = other.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const stream = await openStream(`http://127.0.0.1:${port}/api/v2/live/auto-assignment?token=${encodeURIComponent(await h.token(REVIEWER))}`);
      streams.push(stream);
      await stream.next();
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(3000);
      await expect(stream.next(() => true, 2000)).rejects.toThrow(/stream ended/);
    });

    it.runIf(h.kind === 'pg')('a pg listener whose connection drops listens again (Db.listen)', async () => {
      const channel = `qc_test_${process.pid}_${Date.now()}`;
      const got: string[] = [];
      const stop = await h.db().listen(channel, (payload) => got.push(payload));
      try {
        const notify = (text: string) => h.db().query('SELECT pg_notify($1, $2)', [channel, text]);
        await notify('one');
        await expect.poll(() => got, { timeout: 3000 }).toEqual(['one']);
        const listening = async () => (await h.db().query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE query = $1', [`LISTEN "${channel}"`])).rows.map((r) => r.pid);
        const [pid] = await listening();
        expect(pid).toEqual(expect.any(Number));
        await h.db().query('SELECT pg_terminate_backend($1)', [pid]);
        await expect.poll(async () => (await listening()).filter((p) => p !== pid).length, { timeout: 5000, interval: 200 }).toBe(1);
        await notify('two');
        await expect.poll(() => got, { timeout: 3000 }).toEqual(['one', 'two']);
      } finally {
        await stop();
      }
    });

    it("the ?token= of the stream (and any authorization header) is logged as '[redacted]', never as the token", async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      });
      const logged = await h.buildWith({ logger: { level: 'info', stream: sink } });
      await logged.listen({ host: '127.0.0.1', port: 0 });
      const address = logged.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const token = await h.token(REVIEWER);
      const stream = await openStream(`http://127.0.0.1:${port}/api/v2/live/auto-assignment?utm_source=qc&token=${encodeURIComponent(token)}`);
      streams.push(stream);
      expect(await stream.next()).toMatchObject({ email: REVIEWER });
      stream.close();
      // A refused token (401) is logged the same way.
      expect((await fetch(`http://127.0.0.1:${port}/api/v2/live/auto-assignment?token=not-a-real-token&utm_source=qc`)).status).toBe(401);

      // Logger options with their own request serializer that logs headers: its output is redacted too.
      const withHeaders = await h.buildWith({
        logger: { level: 'info', stream: sink, serializers: { req: (req: { method: string; url: string; headers: object }) => ({ method: req.method, url: req.url, headers: req.headers }) } },
      });
      const res = await withHeaders.inject({ method: 'PATCH', url: `/api/v2/live/auto-assignment?token=${token}&utm_source=qc`, headers: { authorization: `Bearer ${token}` }, payload: { status: 'pending' } });
      expect(res.statusCode).toBe(200);

      const entries = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string; headers?: Record<string, string> } });
      const requests = entries.filter((e) => e.msg === 'incoming request').map((e) => e.req!);
      expect(requests.map((r) => r.url)).toEqual([
        '/api/v2/live/auto-assignment?utm_source=qc&token=[redacted]',
        '/api/v2/live/auto-assignment?token=[redacted]&utm_source=qc',
        '/api/v2/live/auto-assignment?token=[redacted]&utm_source=qc',
      ]);
      expect(requests[2].headers).toMatchObject({ authorization: '[redacted]' });
      const all = lines.join('\n');
      expect(all).not.toContain(token);
      expect(all).not.toContain(encodeURIComponent(token));
      expect(all).not.toContain('not-a-real-token');
    });

    it('PATCH refuses anything but pending (400); 401 without or with a bad token; 403 for roles without the list', async () => {
      const token = await h.token(REVIEWER);
      const bad = await h.call('PATCH', '/api/v2/live/auto-assignment', { token, body: { status: 'changed' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/^Status /);
      expect((await h.call('PATCH', '/api/v2/live/auto-assignment', { body: { status: 'pending' } })).statusCode).toBe(401);
      expect((await h.call('GET', '/api/v2/live/auto-assignment')).statusCode).toBe(401);
      expect((await h.call('GET', '/api/v2/live/auto-assignment', { query: { token: 'not-a-token' } })).statusCode).toBe(401);
      expect((await h.call('GET', '/api/v2/live/auto-assignment', { query: { token: await h.token(OTHER) } })).statusCode).toBe(403);
      expect((await h.call('PATCH', '/api/v2/live/auto-assignment', { token: await h.token(OTHER), body: { status: 'pending' } })).statusCode).toBe(403);
      const revoked = await fetch(`${base}/api/v2/live/auto-assignment?token=nope`);
      expect(revoked.status).toBe(401);
      expect(await revoked.json()).toMatchObject({ message: 'Unauthorized' });
    });
  });
}
