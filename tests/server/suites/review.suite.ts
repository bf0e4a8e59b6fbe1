import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db.ts';
import { GS, REVIEWER, REVIEWER2, VERSION, freeInspection, submission, type Harness } from '../support/harness.ts';

const assignBody = (carId: number, email: string) => ({ carId, role: 'qc', inspectionStatus: 'smReview', user: email, qcAssignTo: email });

/** Everything a submission may touch, to prove a refused one changed nothing. */
async function state(db: Db, carId: number) {
  const row = await db.query('SELECT status, assignee, version, qc_by, qc_end_time, detail FROM inspections WHERE car_id = $1', [carId]);
  const counts = await db.query(
    `SELECT (SELECT count(*)::int FROM submissions) AS submissions, (SELECT count(*)::int FROM audit_log) AS audit,
            (SELECT count(*)::int FROM inspection_versions) AS versions`,
  );
  return { row: row.rows[0], counts: counts.rows[0] };
}

export function reviewSuite(h: Harness) {
  describe('assignment (spec 000 §4 Assign to me)', () => {
    beforeAll(() => h.reset(60));

    it('assigns a free inspection to the caller, keeps smReview and writes the audit trail', async () => {
      const { car_id } = await freeInspection(h.db());
      const token = await h.token(REVIEWER);
      const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body: assignBody(car_id, REVIEWER), query: { utm_source: 'qc' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().detail).toMatchObject({ carId: car_id, inspectionStatus: 'smReview', qcAssign: { to: REVIEWER } });
      const audit = await h.db().query('SELECT actor, action, before_status, after_status FROM audit_log WHERE car_id = $1', [car_id]);
      expect(audit.rows).toEqual([{ actor: REVIEWER, action: 'assign', before_status: 'smReview', after_status: 'smReview' }]);
      const again = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body: assignBody(car_id, REVIEWER) });
      expect(again.statusCode).toBe(200);
      const taken = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token: await h.token(REVIEWER2), body: assignBody(car_id, REVIEWER2) });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ message: 'Conflict', detail: expect.stringContaining(REVIEWER) });
    });

    it('stores when the inspection was assigned and answers it as qcAssign.assignedAt (the review countdown runs from it)', async () => {
      const { car_id } = await freeInspection(h.db());
      const token = await h.token(REVIEWER);
      const before = Date.now();
      const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body: assignBody(car_id, REVIEWER) });
      const assignedAt = Date.parse(res.json().detail.qcAssign.assignedAt);
      expect(assignedAt).toBeGreaterThanOrEqual(before - 2000);
      expect(assignedAt).toBeLessThanOrEqual(Date.now() + 2000);
      // Opening it again later answers the same time: a reload does not restart the countdown.
      const detail = await h.call('GET', `/api/v2/inspection/${car_id}`, { token });
      expect(Date.parse(detail.json().detail.qcAssign.assignedAt)).toBe(assignedAt);
    });

    it('refuses assigning to someone else (403), a body that does not match (400), unknown ids (404), 401 without token', async () => {
      const { car_id } = await freeInspection(h.db(), 1);
      const token = await h.token(REVIEWER);
      expect((await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body: assignBody(car_id, REVIEWER2) })).statusCode).toBe(403);
      expect((await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body: assignBody(car_id + 1, REVIEWER) })).statusCode).toBe(400);
      for (const body of [{}, { ...assignBody(car_id, REVIEWER), inspectionStatus: 'done' }, { ...assignBody(car_id, REVIEWER), carId: 'x' }]) {
        const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect((await h.call('PATCH', '/api/qc-appointment-assign-to/999', { token, body: assignBody(999, REVIEWER) })).statusCode).toBe(404);
      expect((await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { body: assignBody(car_id, REVIEWER) })).statusCode).toBe(401);
      const { rows } = await h.db().query('SELECT assignee FROM inspections WHERE car_id = $1', [car_id]);
      expect(rows[0]).toEqual({ assignee: null });
    });

    it.each([[GS], [VERSION]])('refuses the role of %s (403)', async (email) => {
      const { car_id } = await freeInspection(h.db(), 2);
      const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token: await h.token(email), body: assignBody(car_id, email) });
      expect(res.statusCode).toBe(403);
    });

    it("refuses a row whose report is under process (409 'Report is under process')", async () => {
      const { car_id } = await freeInspection(h.db(), 3);
      await h.db().query('UPDATE inspections SET is_report_processed = 0 WHERE car_id = $1', [car_id]);
      const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token: await h.token(REVIEWER), body: assignBody(car_id, REVIEWER) });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('Report is under process');
    });

    it('two reviewers assigning the same inspection at once: exactly one winner, 50 times over', async () => {
      const { car_id } = await freeInspection(h.db(), 4);
      const [t1, t2] = [await h.token(REVIEWER), await h.token(REVIEWER2)];
      const wins = { [REVIEWER]: 0, [REVIEWER2]: 0 };
      for (let round = 0; round < 50; round++) {
        await h.db().query('UPDATE inspections SET assignee = NULL WHERE car_id = $1', [car_id]);
        const [a, b] = await Promise.all([
          h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token: t1, body: assignBody(car_id, REVIEWER) }),
          h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token: t2, body: assignBody(car_id, REVIEWER2) }),
        ]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
        const winner = a.statusCode === 200 ? REVIEWER : REVIEWER2;
        wins[winner]++;
        const { rows } = await h.db().query<{ assignee: string }>('SELECT assignee FROM inspections WHERE car_id = $1', [car_id]);
        expect(rows[0].assignee).toBe(winner);
      }
      expect(wins[REVIEWER] + wins[REVIEWER2]).toBe(50);
    });
  });

  describe('submission (spec 000 §4 Submission status)', () => {
    beforeAll(() => h.reset(60));

    async function assigned(skip: number, email = REVIEWER) {
      const inspection = await freeInspection(h.db(), skip);
      const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${inspection.car_id}`, { token: await h.token(email), body: assignBody(inspection.car_id, email) });
      expect(res.statusCode).toBe(200);
      return inspection;
    }

    it('approved with no rejections → done; records reviewer, times, the payload, a stored state and the audit line', async () => {
      const { car_id, version } = await assigned(0);
      const payload = submission(car_id, version);
      const res = await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token: await h.token(REVIEWER), body: payload, query: { utm_source: 'qc' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: { message: 'Inspection Completed Successfully', inspectionStatus: 'done' } });
      const row = await h.db().query<{ status: string; qc_by: string; qc_end_time: Date }>('SELECT status, qc_by, qc_end_time FROM inspections WHERE car_id = $1', [car_id]);
      expect(row.rows[0]).toMatchObject({ status: 'done', qc_by: REVIEWER });
      expect(new Date(row.rows[0].qc_end_time).toISOString()).toBe(payload.reviewEndTime);
      const sub = await h.db().query<{ payload: { carId: number }; status_after: string }>('SELECT payload, status_after FROM submissions WHERE car_id = $1', [car_id]);
      expect(sub.rows).toEqual([expect.objectContaining({ status_after: 'done', payload: expect.objectContaining({ carId: car_id }) })]);
      const audit = await h.db().query("SELECT before_status, after_status FROM audit_log WHERE car_id = $1 AND action = 'submit'", [car_id]);
      expect(audit.rows).toEqual([{ before_status: 'smReview', after_status: 'done' }]);
      const states = await h.db().query('SELECT reason, status FROM inspection_versions WHERE car_id = $1 ORDER BY id', [car_id]);
      expect(states.rows).toEqual([{ reason: 'seed', status: 'smReview' }, { reason: 'assign', status: 'smReview' }, { reason: 'submit', status: 'done' }]);
      const detail = await h.call('GET', `/api/v2/inspection/${car_id}`, { token: await h.token(REVIEWER) });
      expect(detail.json().detail.inspectionStatus).toBe('done');
    });

    it('rejections → smReviewRejected; a dummy submission → done', async () => {
      const rejected = await assigned(1);
      const r1 = await h.call('PATCH', `/api/qc-section-report-submit/${rejected.car_id}`, { token: await h.token(REVIEWER), body: submission(rejected.car_id, rejected.version, { reject: true }) });
      expect(r1.json().detail.inspectionStatus).toBe('smReviewRejected');
      const dummy = await assigned(2);
      const r2 = await h.call('PATCH', `/api/qc-section-report-submit/${dummy.car_id}`, { token: await h.token(REVIEWER), body: submission(dummy.car_id, dummy.version, { dummy: true }) });
      expect(r2.json().detail.inspectionStatus).toBe('done');
    });

    it('only the assignee may submit (403), unassigned too; nothing changes', async () => {
      const { car_id, version } = await assigned(3);
      const other = await h.token(REVIEWER2);
      const before = await state(h.db(), car_id);
      const res = await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token: other, body: submission(car_id, version) });
      expect(res.statusCode).toBe(403);
      expect(await state(h.db(), car_id)).toEqual(before);
      const free = await freeInspection(h.db(), 10);
      expect((await h.call('PATCH', `/api/qc-section-report-submit/${free.car_id}`, { token: await h.token(REVIEWER), body: submission(free.car_id, free.version) })).statusCode).toBe(403);
    });

    it('a stale or duplicate submit is refused with 409 and changes nothing', async () => {
      const { car_id, version } = await assigned(4);
      const token = await h.token(REVIEWER);
      const before = await state(h.db(), car_id);
      const stale = await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token, body: submission(car_id, version + 1) });
      expect(stale.statusCode).toBe(409);
      expect(await state(h.db(), car_id)).toEqual(before);
      expect((await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token, body: submission(car_id, version) })).statusCode).toBe(200);
      const afterFirst = await state(h.db(), car_id);
      const duplicate = await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token, body: submission(car_id, version, { reject: true }) });
      expect(duplicate.statusCode).toBe(409);
      expect(await state(h.db(), car_id)).toEqual(afterFirst);
    });

    it("done ('Doc Upload Verification'): the assignee submits again from a review begun after the last submission; one begun before it is 409, as is smReviewRejected", async () => {
      const token = await h.token(REVIEWER);
      const submit = (carId: number, body: ReturnType<typeof submission>) => h.call('PATCH', `/api/qc-section-report-submit/${carId}`, { token, body });
      const { car_id, version } = await assigned(7);
      const first = submission(car_id, version);
      expect((await submit(car_id, first)).json().detail.inspectionStatus).toBe('done');
      // A second tab opened before that submission: its review began before the stored end.
      const before = await state(h.db(), car_id);
      const secondTab = await submit(car_id, { ...submission(car_id, version, { reject: true }), reviewStartTime: first.reviewStartTime });
      expect(secondTab.statusCode).toBe(409);
      expect(secondTab.json().detail).toBe('Already submitted: the inspection is Doc Upload Verification');
      expect(await state(h.db(), car_id)).toEqual(before);
      // The inspection reopened afterwards (the review screen's start is when it opens): stored, with its new outcome.
      const later = (ms: number) => new Date(Date.now() + ms).toISOString();
      const reopened = await submit(car_id, { ...submission(car_id, version, { reject: true }), reviewStartTime: later(1000), reviewEndTime: later(2000) });
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json().detail.inspectionStatus).toBe('smReviewRejected');
      const audit = await h.db().query("SELECT before_status, after_status FROM audit_log WHERE car_id = $1 AND action = 'submit' ORDER BY id", [car_id]);
      expect(audit.rows).toEqual([
        { before_status: 'smReview', after_status: 'done' },
        { before_status: 'done', after_status: 'smReviewRejected' },
      ]);
      // smReviewRejected gives the assignee no edit right: a later review is refused too.
      const again = await submit(car_id, { ...submission(car_id, version), reviewStartTime: later(3000), reviewEndTime: later(4000) });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('Already submitted: the inspection is Rejected by QC');
    });

    it('two submits at once: one stored, the other 409', async () => {
      const { car_id, version } = await assigned(5);
      const token = await h.token(REVIEWER);
      const results = await Promise.all([0, 1].map(() => h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token, body: submission(car_id, version) })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const { rows } = await h.db().query<{ n: number }>('SELECT count(*)::int AS n FROM submissions WHERE car_id = $1', [car_id]);
      expect(rows[0].n).toBe(1);
    });

    const broken: [string, (p: ReturnType<typeof submission>) => unknown][] = [
      ['no sections', (p) => ({ ...p, sections: undefined })],
      ['role admin', (p) => ({ ...p, role: 'admin' })],
      ['isCritical 2', (p) => ({ ...p, isCritical: 2 })],
      ['client app', (p) => ({ ...p, client: 'app' })],
      ['isValidate 3', (p) => ({ ...p, sections: { ...p.sections, carDetails: { ...p.sections.carDetails, rejectedFields: { x: { title: 'X', value: 1, message: 'm', isValidate: 3 } } } } })],
      ['an unknown section', (p) => ({ ...p, sections: { ...p.sections, bogus: {} } })],
      ['no issueType', (p) => ({ ...p, sections: { ...p.sections, summary: {} } })],
      ['a bad review time', (p) => ({ ...p, reviewEndTime: 'yesterday-ish' })],
      ['end before start', (p) => ({ ...p, reviewEndTime: '2001-01-01T00:00:00.000Z' })],
      ['another carId', (p) => ({ ...p, carId: p.carId + 1 })],
    ];
    it.each(broken)('a payload with %s is refused with 400 and leaves the database unchanged', async (_name, mutate) => {
      const { rows } = await h.db().query<{ car_id: number; version: number }>("SELECT car_id, version FROM inspections WHERE assignee = $1 AND status = 'smReview' LIMIT 1", [REVIEWER]);
      const target = rows[0] ?? (await assigned(6));
      const before = await state(h.db(), target.car_id);
      const res = await h.call('PATCH', `/api/qc-section-report-submit/${target.car_id}`, { token: await h.token(REVIEWER), body: mutate(submission(target.car_id, target.version)) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), detail: expect.any(String) });
      expect(await state(h.db(), target.car_id)).toEqual(before);
    });

    it("the engine's pre-submit validation runs on the server: a ticked editable field without a new value is refused", async () => {
      const { car_id, version } = await assigned(9);
      const token = await h.token(REVIEWER);
      const payload = submission(car_id, version, { reject: true });
      payload.sections.carDetails.qcEditableFields = {};
      const before = await state(h.db(), car_id);
      const res = await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token, body: payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Please fill the following Fields:/);
      expect(await state(h.db(), car_id)).toEqual(before);
    });

    it('the engine hook can refuse a submission (400 with its alert) and nothing is stored', async () => {
      const app = await h.buildWith({ validateSubmission: () => ({ alert: 'Please fill the following Fields:', fields: ['Odometer Reading'] }) });
      const { car_id, version } = await assigned(7);
      const before = await state(h.db(), car_id);
      const res = await app.inject({
        method: 'PATCH', url: `/api/qc-section-report-submit/${car_id}`, headers: { authorization: `Bearer ${await h.token(REVIEWER)}` }, payload: submission(car_id, version),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please fill the following Fields:', detail: 'Please fill the following Fields: Odometer Reading' });
      expect(await state(h.db(), car_id)).toEqual(before);
    });

    it('role refusal (403) and 401 without token', async () => {
      const { car_id, version } = await assigned(8);
      expect((await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token: await h.token(GS), body: submission(car_id, version) })).statusCode).toBe(403);
      expect((await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { body: submission(car_id, version) })).statusCode).toBe(401);
    });
  });
}
