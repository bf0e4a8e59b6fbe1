import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedRefurbishments } from '../../../server/seed/refurbishment.ts';
import { ADMIN, BIKE, GS, OTHER, REVIEWER, REVIEWER2, STORE, VERSION, VERSION_PDF, type Harness } from '../support/harness.ts';

interface Item {
  hashKey: string;
  beforeRef: { estimatedRefurbishmentCost: number; qcRemark?: string; isRejected?: number; video: { url: string }[]; image: { url: string }[] };
  afterRef: { actualRefurbishmentCost: number | null; qcRemark?: string; isRejected?: number } | null;
}
interface Detail {
  appointmentId: string;
  status: string;
  version: number;
  qcAssignTo: { to: string | null };
  gsReInspectionReason: string | null;
  fields: Item[];
  totalEstimatedRefurbishmentCost: number;
  totalActualRefurbishmentCost: number | null;
}

export function refurbishmentSuite(h: Harness) {
  describe('GS refurbishment (spec 001 §4, §6, §7)', () => {
    beforeAll(async () => {
      await h.reset(5);
      await seedRefurbishments(h.db(), { uploadsDir: h.uploadsDir, seed: 11 });
    });

    const get = async (email: string, url: string, query: Record<string, string> = {}) =>
      h.call('GET', url, { token: await h.token(email), query: { utm_source: 'qc', ...query } });
    const detail = async (appointmentId: string) => (await get(REVIEWER, `/api/v2/refurbishment/${appointmentId}`)).json<{ detail: Detail }>().detail;
    /** The first refurbishment the seed left in `status` with assignee `to` (null: unassigned). */
    const seeded = async (status: string, to: string | null) => {
      const { rows } = await h.db().query<{ appointment_id: string }>(
        'SELECT appointment_id FROM refurbishments WHERE status = $1 AND qc_assign_to IS NOT DISTINCT FROM $2 ORDER BY end_time DESC LIMIT 1',
        [status, to],
      );
      return rows[0].appointment_id;
    };
    const submit = async (email: string, appointmentId: string, body: Record<string, unknown>) =>
      h.call('POST', `/api/v2/refurbishment/${appointmentId}`, { token: await h.token(email), body });
    const auditRows = async (appointmentId: string) =>
      (await h.db().query<{ action: string; before_status: string; after_status: string; actor: string }>(
        'SELECT action, before_status, after_status, actor FROM audit_log WHERE appointment_id = $1 ORDER BY id',
        [appointmentId],
      )).rows;

    it('GET v2/refurbishment lists review and refReview only, newest first, 50 a page, with the total', async () => {
      const first = await get(REVIEWER, '/api/v2/refurbishment', { page: '1' });
      expect(first.statusCode).toBe(200);
      const { data, total } = first.json<{ data: { appointmentId: string; status: string; endTime: string; refurbishedBy: string; qcAssignTo: { to: string | null } }[]; total: number }>();
      expect(total).toBeGreaterThan(50);
      expect(data).toHaveLength(50);
      expect(new Set(data.map((r) => r.status))).toEqual(new Set(['review', 'refReview']));
      expect(data[0]).toEqual({ appointmentId: expect.any(String), refurbishedBy: expect.any(String), make: expect.any(String), model: expect.any(String), endTime: expect.any(String), qcAssignTo: { to: null }, status: expect.any(String), version: expect.any(Number) });
      const times = data.map((r) => Date.parse(r.endTime));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const second = (await get(REVIEWER, '/api/v2/refurbishment', { page: '2' })).json<{ data: { appointmentId: string }[] }>().data;
      expect(second).toHaveLength(total - 50);
      expect(second.some((r) => data.some((d) => d.appointmentId === r.appointmentId))).toBe(false);
    });

    it('search by appointment ID finds that refurbishment whatever its status; an unknown one gives an empty list', async () => {
      const done = await seeded('done', REVIEWER);
      const res = (await get(REVIEWER, '/api/v2/refurbishment', { page: '1', appointmentId: done })).json<{ data: { appointmentId: string; status: string }[]; total: number }>();
      expect(res).toEqual({ data: [expect.objectContaining({ appointmentId: done, status: 'done' })], total: 1 });
      expect((await get(REVIEWER, '/api/v2/refurbishment', { appointmentId: '999' })).json()).toEqual({ data: [], total: 0 });
    });

    it('detail by appointment has the header, items with before/after data, a playable video and the totals', async () => {
      const id = await seeded('refReview', REVIEWER);
      const d = await detail(id);
      expect(d).toMatchObject({ appointmentId: id, status: 'refReview', qcAssignTo: { to: REVIEWER }, make: expect.any(String), serviceCenter: expect.any(String), fuelType: expect.any(String) });
      expect(d.fields.length).toBeGreaterThanOrEqual(3);
      expect(d.totalEstimatedRefurbishmentCost).toBe(d.fields.reduce((s, f) => s + f.beforeRef.estimatedRefurbishmentCost, 0));
      expect(d.totalActualRefurbishmentCost).toBe(d.fields.reduce((s, f) => s + (f.afterRef?.actualRefurbishmentCost ?? 0), 0));
      const video = d.fields[0].beforeRef.video[0].url;
      expect(video).toMatch(/^\/uploads\/.+\.webm\?exp=\d+&sig=/);
      expect(existsSync(join(h.uploadsDir, video.replace('/uploads/', '').split('?')[0]))).toBe(true);
      const served = await h.app().inject({ method: 'GET', url: video });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
      expect((await get(REVIEWER, '/api/v2/refurbishment/12345')).statusCode).toBe(404);
    });

    it('the seed has re-inspection reasons on some and after-refurbishment data only from refReview on', async () => {
      const { rows } = await h.db().query<{ status: string; reason: string | null; after: boolean }>(
        "SELECT status, gs_re_inspection_reason AS reason, fields->0->'afterRef' <> 'null'::jsonb AS after FROM refurbishments",
      );
      expect(rows.some((r) => r.reason)).toBe(true);
      expect(rows.some((r) => !r.reason)).toBe(true);
      for (const r of rows) expect(r.after, r.status).toBe(r.status === 'refReview' || r.status === 'done');
    });

    it('PUT v2/refurbishment-qc-assign-to assigns a free one to the caller (audited); someone else’s is 409; for another user 403', async () => {
      const id = await seeded('review', null);
      const res = await h.call('PUT', '/api/v2/refurbishment-qc-assign-to', { token: await h.token(REVIEWER2), body: { appointmentId: id, qcAssignTo: REVIEWER2 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail.qcAssignTo).toEqual({ to: REVIEWER2 });
      expect((await detail(id)).qcAssignTo.to).toBe(REVIEWER2);
      expect(await auditRows(id)).toEqual([{ action: 'refurbishment-assign', before_status: 'review', after_status: 'review', actor: REVIEWER2 }]);
      const again = await h.call('PUT', '/api/v2/refurbishment-qc-assign-to', { token: await h.token(REVIEWER), body: { appointmentId: id, qcAssignTo: REVIEWER } });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toContain(REVIEWER2);
      const forOther = await h.call('PUT', '/api/v2/refurbishment-qc-assign-to', { token: await h.token(REVIEWER), body: { appointmentId: await seeded('review', null), qcAssignTo: REVIEWER2 } });
      expect(forOther.statusCode).toBe(403);
      const finished = await h.call('PUT', '/api/v2/refurbishment-qc-assign-to', { token: await h.token(REVIEWER), body: { appointmentId: await seeded('done', REVIEWER), qcAssignTo: REVIEWER } });
      expect(finished.statusCode).toBe(409);
    });

    it('a review with a rejected item becomes rejected (beforeRef), stores the verdicts as a new version, audited', async () => {
      const id = await seeded('review', REVIEWER);
      const before = await detail(id);
      const [a, b] = before.fields;
      const res = await submit(REVIEWER, id, {
        appointmentId: id,
        fields: [{ hashKey: a.hashKey, qcRemark: ' Use an OEM part ', isRejected: 0 }, { hashKey: b.hashKey, qcRemark: '', isRejected: 1 }],
        reviewBy: REVIEWER,
        status: 'review',
        section: 'beforeRef',
        version: before.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toEqual({ message: expect.any(String), status: 'rejected', version: before.version + 1 });
      const after = await detail(id);
      expect(after.status).toBe('rejected');
      expect(after.fields[0].beforeRef).toMatchObject({ qcRemark: 'Use an OEM part', isRejected: 0 });
      expect(after.fields[1].beforeRef).toMatchObject({ qcRemark: '', isRejected: 1 });
      expect(after.fields[2].beforeRef).toMatchObject({ qcRemark: '', isRejected: 0 });
      expect((await auditRows(id)).at(-1)).toEqual({ action: 'refurbishment-submit', before_status: 'review', after_status: 'rejected', actor: REVIEWER });
      const versions = (await get(VERSION_PDF, `/api/v2/refurbishment-version/${id}`)).json<{ data: { version: number; status: string; reviewedBy: string | null }[] }>().data;
      expect(versions.map((v) => [v.version, v.status])).toEqual([[2, 'rejected'], [1, 'review']]);
      expect(versions[0].reviewedBy).toBe(REVIEWER);
      const v2 = (await get(REVIEWER, '/api/v2/refurbishment-version-detail', { appointmentId: id, status: 'rejected', version: '2' })).json<{ detail: Detail }>().detail;
      expect(v2.fields[1].beforeRef.isRejected).toBe(1);
      const v1 = (await get(REVIEWER, '/api/v2/refurbishment-version-detail', { appointmentId: id, status: 'review', version: '1' })).json<{ detail: Detail }>().detail;
      expect(v1.fields[1].beforeRef.isRejected).toBeUndefined();
      expect((await get(REVIEWER, '/api/v2/refurbishment-version-detail', { appointmentId: id, status: 'done', version: '1' })).statusCode).toBe(404);

      // The same submit again: already submitted (409), nothing changes.
      const repeat = await submit(REVIEWER, id, { appointmentId: id, fields: [], reviewBy: REVIEWER, status: 'review', section: 'beforeRef' });
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().detail).toMatch(/already submitted/);
      expect((await detail(id)).version).toBe(before.version + 1);
    });

    it('a review with remarks only becomes inRef; a refReview becomes done or refRejected (afterRef verdicts)', async () => {
      const review = await seeded('review', STORE);
      const r = await detail(review);
      const inRef = await submit(STORE, review, { appointmentId: review, fields: [{ hashKey: r.fields[0].hashKey, qcRemark: 'Fine', isRejected: 0 }], reviewBy: STORE, status: 'review', section: 'beforeRef' });
      expect(inRef.json().detail.status).toBe('inRef');

      const refReview = await seeded('refReview', REVIEWER);
      const rr = await detail(refReview);
      const done = await submit(REVIEWER, refReview, { appointmentId: refReview, fields: [{ hashKey: rr.fields[0].hashKey, qcRemark: 'Good finish', isRejected: 0 }], reviewBy: REVIEWER, status: 'refReview', section: 'afterRef' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().detail.status).toBe('done');
      const stored = await detail(refReview);
      expect(stored.fields[0].afterRef).toMatchObject({ qcRemark: 'Good finish', isRejected: 0, actualRefurbishmentCost: rr.fields[0].afterRef!.actualRefurbishmentCost });
      expect(stored.fields[0].beforeRef).toEqual(rr.fields[0].beforeRef);

      const other = await seeded('refReview', REVIEWER2);
      const o = await detail(other);
      const refRejected = await submit(REVIEWER2, other, { appointmentId: other, fields: [{ hashKey: o.fields[1].hashKey, qcRemark: 'Paint mismatch', isRejected: 1 }], reviewBy: REVIEWER2, status: 'refReview', section: 'afterRef' });
      expect(refRejected.json().detail.status).toBe('refRejected');
    });

    it('refuses a submit from anyone but the assignee (403), a stale one and one for another status (409)', async () => {
      const id = await seeded('review', REVIEWER2);
      const d = await detail(id);
      const body = { appointmentId: id, fields: [{ hashKey: d.fields[0].hashKey, qcRemark: 'x', isRejected: 0 }], reviewBy: REVIEWER, status: 'review', section: 'beforeRef' };
      const notAssignee = await submit(REVIEWER, id, body);
      expect(notAssignee.statusCode).toBe(403);
      expect(notAssignee.json()).toEqual({ message: 'Forbidden', detail: 'Only the assignee can submit this review' });
      expect((await submit(REVIEWER2, id, body)).statusCode).toBe(403); // reviewBy names someone else
      const stale = await submit(REVIEWER2, id, { ...body, reviewBy: REVIEWER2, version: d.version + 5 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().detail).toMatch(/changed since you opened it/);
      const wrongStatus = await submit(REVIEWER2, id, { ...body, reviewBy: REVIEWER2, status: 'refReview', section: 'afterRef' });
      expect(wrongStatus.statusCode).toBe(409);
      expect(wrongStatus.json().detail).toBe('This refurbishment is in status review, not refReview');
      const wrongSection = await submit(REVIEWER2, id, { ...body, reviewBy: REVIEWER2, section: 'afterRef' });
      expect(wrongSection.statusCode).toBe(400);
      expect((await detail(id))).toMatchObject({ status: 'review', version: d.version });
      expect((await auditRows(id)).filter((a) => a.action === 'refurbishment-submit')).toEqual([]);
    });

    it('bad input is 400 with a message, never 500', async () => {
      const id = await seeded('review', REVIEWER);
      const d = await detail(id);
      const ok = { appointmentId: id, fields: [{ hashKey: d.fields[0].hashKey, qcRemark: 'x', isRejected: 0 }], reviewBy: REVIEWER, status: 'review', section: 'beforeRef' };
      const cases: [unknown, RegExp][] = [
        [{ ...ok, fields: [{ hashKey: '__proto__', qcRemark: '', isRejected: 1 }] }, /./],
        [{ ...ok, fields: [{ hashKey: 'constructor', qcRemark: '', isRejected: 1 }] }, /^Image key /],
        [{ ...ok, fields: [{ hashKey: 'a b', qcRemark: '', isRejected: 1 }] }, /^Image key has the wrong format\.$/],
        [{ ...ok, fields: [{ hashKey: 'nope', qcRemark: '', isRejected: 1 }] }, /Unknown item nope/],
        [{ ...ok, fields: [ok.fields[0], ok.fields[0]] }, /more than once/],
        [{ ...ok, fields: [{ ...ok.fields[0], isRejected: 2 }] }, /^Is rejected /],
        [{ ...ok, fields: [{ ...ok.fields[0], qcRemark: 'x'.repeat(501) }] }, /^Qc remark is too long/],
        [{ ...ok, status: 'bogus' }, /^Status is not one of the allowed choices\.$/],
        [{ ...ok, section: 'middleRef' }, /^Section is not one of the allowed choices\.$/],
        [{ ...ok, appointmentId: '123' }, /appointmentId in the body/],
        [{ ...ok, extra: 1 }, /^The request has a field the server does not accept\.$/],
        [{ ...ok, reviewBy: 'not-an-email' }, /^Review by /],
        ['{"appointmentId":"1","__proto__":{"x":1}}', /./],
      ];
      for (const [body, message] of cases) {
        const res = await h.app().inject({
          method: 'POST',
          url: `/api/v2/refurbishment/${id}`,
          headers: { authorization: `Bearer ${await h.token(REVIEWER)}`, 'content-type': 'application/json' },
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail, JSON.stringify(body)).toMatch(message);
      }
      expect((await get(REVIEWER, '/api/v2/refurbishment', { page: '0' })).statusCode).toBe(400);
      expect((await get(REVIEWER, '/api/v2/refurbishment', { appointmentId: '../x' })).statusCode).toBe(400);
      expect((await get(REVIEWER, '/api/v2/refurbishment-version-detail', { appointmentId: id, status: 'review' })).statusCode).toBe(400);
      expect((await get(REVIEWER, '/api/v2/refurbishment-version-detail', { appointmentId: id, status: 'review', version: 'abc' })).statusCode).toBe(400);
      const put = await h.call('PUT', '/api/v2/refurbishment-qc-assign-to', { token: await h.token(REVIEWER), body: { appointmentId: id } });
      expect(put.statusCode).toBe(400);
      expect((await detail(id)).version).toBe(d.version);
    });

    it('roles of spec 001 §6: list for QC and bike-qc; review, assign and submit for QC roles only; versions also for version-pdf', async () => {
      const id = await seeded('done', REVIEWER);
      const status = async (email: string, url: string, query: Record<string, string> = {}) => (await get(email, url, query)).statusCode;
      for (const email of [REVIEWER, STORE, ADMIN, BIKE]) expect(await status(email, '/api/v2/refurbishment'), email).toBe(200);
      for (const email of [VERSION, VERSION_PDF, GS, OTHER]) expect(await status(email, '/api/v2/refurbishment'), email).toBe(403);
      for (const email of [REVIEWER, STORE, ADMIN]) expect(await status(email, `/api/v2/refurbishment/${id}`), email).toBe(200);
      for (const email of [BIKE, VERSION, VERSION_PDF, GS, OTHER]) expect(await status(email, `/api/v2/refurbishment/${id}`), email).toBe(403);
      for (const email of [BIKE, VERSION_PDF, GS]) {
        expect(await status(email, '/api/v2/refurbishment-version-detail', { appointmentId: id, status: 'done', version: '4' }), email).toBe(403);
      }
      for (const email of [REVIEWER, STORE, ADMIN, VERSION_PDF, BIKE]) expect(await status(email, `/api/v2/refurbishment-version/${id}`), email).toBe(200);
      for (const email of [VERSION, GS, OTHER]) expect(await status(email, `/api/v2/refurbishment-version/${id}`), email).toBe(403);
      const bikeSubmit = await submit(BIKE, id, { appointmentId: id, fields: [], reviewBy: BIKE, status: 'refReview', section: 'afterRef' });
      expect(bikeSubmit.statusCode).toBe(403);
      // Nor may bike-qc take one: it could never review it, and no one else could take it from it.
      const free = await seeded('review', null);
      const bikeAssign = await h.call('PUT', '/api/v2/refurbishment-qc-assign-to', { token: await h.token(BIKE), body: { appointmentId: free, qcAssignTo: BIKE } });
      expect(bikeAssign.statusCode).toBe(403);
      expect(await seeded('review', null)).toBe(free);
      expect((await h.call('GET', '/api/v2/refurbishment')).statusCode).toBe(401);
      expect((await get(REVIEWER, '/api/v2/refurbishment-version/1')).json()).toEqual({ data: [], total: 0 });
    });
  });
}
