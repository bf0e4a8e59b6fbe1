import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { submissionSummary } from '../../../server/repos/inspections.ts';
import { ADMIN, BIKE, GS, OTHER, REVIEWER, REVIEWER2, STORE, VERSION, VERSION_PDF, freeInspection, type Harness } from '../support/harness.ts';

export function inspectionSuite(h: Harness) {
  describe('inspection calls (spec 000 §7 Inspection)', () => {
    beforeAll(() => h.reset(80));

    const list = async (email: string, query: Record<string, string | string[]> = {}) =>
      h.call('GET', '/api/v2/inspection-data-list', { token: await h.token(email), query: { page: '1', records: '50', utm_source: 'qc', ...query } });

    it('v2/inspection-data-list answers {data, total}, 50 per page, newest first, latest versions only', async () => {
      const res = await list(REVIEWER);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: { carId: number; inspectionEndTime: string; version: number }[]; total: number }>();
      expect(body.data.length).toBe(50);
      expect(body.total).toBeGreaterThan(50);
      const times = body.data.map((r) => r.inspectionEndTime);
      expect([...times].sort().reverse()).toEqual(times);
      expect(body.data[0]).toEqual(
        expect.objectContaining({
          appointmentId: expect.any(String), carId: expect.any(Number), category: expect.any(String), make: expect.any(String),
          model: expect.any(String), storeName: expect.any(String), qcAssign: expect.any(Object),
          isReportProcessed: expect.any(Number), reInspectionProcessing: expect.any(Number), dealerPriceProcessing: expect.any(Number), inspectionStatus: expect.any(String),
        }),
      );
      const page2 = await list(REVIEWER, { page: '2' });
      const ids1 = new Set(body.data.map((r) => r.carId));
      expect(page2.json().data.every((r: { carId: number }) => !ids1.has(r.carId))).toBe(true);
      expect(body.data.length + page2.json().data.length).toBeLessThanOrEqual(body.total);
      const { rows } = await h.db().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM inspections WHERE is_latest AND inspection_end_time >= now() - interval '6 months' - interval '1 day'",
      );
      expect(Math.abs(body.total - rows[0].n)).toBeLessThanOrEqual(1);
    });

    it("list rows carry inspectionData.carDetails.pdiType.value from the stored detail (§3), null when it has none", async () => {
      type Row = { carId: number; isPDILead: number; inspectionData: { carDetails: { pdiType: { value: string | null } } } };
      const rows = (await list(ADMIN, { records: '200' })).json<{ data: Row[] }>().data;
      const stored = await h.db().query<{ car_id: number; pdi: string | null }>(
        "SELECT car_id, detail #>> '{inspectionData,carDetails,pdiType,value}' AS pdi FROM inspections WHERE car_id = ANY($1::int[])",
        [rows.map((r) => r.carId)],
      );
      const byId = new Map(stored.rows.map((r) => [r.car_id, r.pdi]));
      for (const row of rows) expect(row.inspectionData, String(row.carId)).toEqual({ carDetails: { pdiType: { value: byId.get(row.carId) ?? null } } });
      // The seed gives a share of appointments (the PDI leads) a pdiType; the others answer null.
      const withType = rows.filter((r) => r.inspectionData.carDetails.pdiType.value !== null);
      expect(withType.length).toBeGreaterThan(0);
      expect(withType.length).toBeLessThan(rows.length);
      expect(withType.every((r) => r.isPDILead === 1)).toBe(true);
      // A value written to the stored detail is what the row answers.
      const target = rows.find((r) => r.inspectionData.carDetails.pdiType.value === null)!;
      await h.db().query(
        `UPDATE inspections SET detail = jsonb_set(detail, '{inspectionData,carDetails,pdiType}', '{"title":"PDI Type","value":"Dealer PDI","commentFlag":1}') WHERE car_id = $1`,
        [target.carId],
      );
      const after = (await list(ADMIN, { records: '200' })).json<{ data: Row[] }>().data.find((r) => r.carId === target.carId)!;
      expect(after.inspectionData.carDetails.pdiType.value).toBe('Dealer PDI');
      await h.db().query("UPDATE inspections SET detail = detail #- '{inspectionData,carDetails,pdiType}' WHERE car_id = $1", [target.carId]);
    });

    it('filters by storeCityId[], storeId[], category[] and appointmentId', async () => {
      const all = (await list(ADMIN, { records: '200' })).json<{ data: { carId: number; category: string; appointmentId: string }[] }>().data;
      const { rows } = await h.db().query<{ city_id: number; store_id: number }>('SELECT city_id, store_id FROM inspections WHERE car_id = $1', [all[0].carId]);
      const byCity = (await list(ADMIN, { 'storeCityId[]': [String(rows[0].city_id)], records: '200' })).json<{ data: { carId: number }[]; total: number }>();
      expect(byCity.data.map((r) => r.carId)).toContain(all[0].carId);
      const cityRows = await h.db().query<{ city_id: number }>('SELECT DISTINCT city_id FROM inspections WHERE car_id = ANY($1::int[])', [byCity.data.map((r) => r.carId)]);
      expect(cityRows.rows).toEqual([{ city_id: rows[0].city_id }]);
      const byStore = (await list(ADMIN, { 'storeId[]': [String(rows[0].store_id)] })).json<{ data: { storeName: string }[] }>();
      expect(new Set(byStore.data.map((r) => r.storeName)).size).toBe(1);
      const byCategory = (await list(ADMIN, { 'category[]': ['New', 'New(R)'] })).json<{ data: { category: string }[] }>();
      expect(byCategory.data.length).toBeGreaterThan(0);
      expect(byCategory.data.every((r) => r.category === 'New' || r.category === 'New(R)')).toBe(true);
      const one = (await list(REVIEWER, { appointmentId: all[3].appointmentId })).json<{ data: { appointmentId: string }[]; total: number }>();
      expect(one.total).toBe(1);
      expect(one.data[0].appointmentId).toBe(all[3].appointmentId);
    });

    it('assignTo: a non-excluded user may filter only by themselves; an excluded user by anyone (§2, §6)', async () => {
      const mine = (await list(REVIEWER, { assignTo: REVIEWER })).json<{ data: { qcAssign: { to: string } }[] }>();
      expect(mine.data.every((r) => r.qcAssign.to === REVIEWER)).toBe(true);
      expect((await list(REVIEWER, { assignTo: REVIEWER2 })).statusCode).toBe(403);
      const theirs = await list(ADMIN, { assignTo: REVIEWER2 });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().data.every((r: { qcAssign: { to: string } }) => r.qcAssign.to === REVIEWER2)).toBe(true);
    });

    it('the six-month window: a narrower startDate narrows; an older one is clamped', async () => {
      const end = dayjs().format('YYYY-MM-DD');
      const week = (await list(ADMIN, { startDate: dayjs().subtract(7, 'day').format('YYYY-MM-DD'), endDate: end })).json<{ total: number; data: { inspectionEndTime: string }[] }>();
      const full = (await list(ADMIN, { startDate: dayjs().subtract(6, 'month').format('YYYY-MM-DD'), endDate: end })).json<{ total: number }>();
      const wide = (await list(ADMIN, { startDate: '2000-01-01', endDate: end })).json<{ total: number }>();
      expect(week.total).toBeLessThan(full.total);
      expect(wide.total).toBe(full.total);
      expect(week.data.every((r) => dayjs(r.inspectionEndTime).isAfter(dayjs().subtract(8, 'day')))).toBe(true);
    });

    it.each([
      [{ page: '0' }], [{ page: 'abc' }], [{ records: '5000' }], [{ 'category[]': ['Bogus'] }], [{ startDate: '23-11-2026' }],
      [{ startDate: '2026-12-01', endDate: '2026-11-01' }], [{ 'storeCityId[]': ['x'] }], [{ assignTo: 'nobody' }],
    ])('inspection-data-list rejects bad query %j with 400 and a message', async (query) => {
      const res = await list(ADMIN, query as Record<string, string>);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), detail: expect.any(String) });
    });

    it.each([[GS], [VERSION], [VERSION_PDF], [OTHER]])('inspection-data-list refuses role of %s with 403', async (email) => {
      expect((await list(email)).statusCode).toBe(403);
    });

    it.each([[REVIEWER], [STORE], [ADMIN], [BIKE]])('inspection-data-list is open to %s', async (email) => {
      expect((await list(email)).statusCode).toBe(200);
    });

    it('v2/inspection/{id} and v2/inspection?inspectionId answer the detail in the shape of docs/architecture.md', async () => {
      const { car_id } = await freeInspection(h.db());
      const token = await h.token(REVIEWER);
      const res = await h.call('GET', `/api/v2/inspection/${car_id}`, { token, query: { utm_source: 'qc' } });
      expect(res.statusCode).toBe(200);
      const detail = res.json().detail;
      expect(detail).toMatchObject({ carId: car_id, inspectionStatus: 'smReview', qcAssign: { to: null }, version: expect.any(Number) });
      const car = detail.inspectionData.carDetails;
      for (const key of ['year', 'month', 'make', 'model', 'variant', 'fuelType', 'registrationState', 'registrationNumber', 'rcAvailability', 'isUnderHypothecation', 'rtoNocIssued', 'roadTaxPaid', 'insuranceType', 'storeName', 'rcImages', 'insuranceImages']) {
        expect(car[key], key).toBeDefined();
      }
      expect(car.registrationState.subParts.rto.value).toMatch(/^[A-Z]{2}\d{2}$/);
      expect(car.rcImages.images[0]).toMatchObject({ title: 'RC1', hashKey: expect.stringMatching(/RC0$/), url: expect.stringMatching(/^\/uploads\//) });
      expect(detail.inspectionData.exteriorTyres.mainImages.images).toHaveLength(10);
      expect(detail.inspectionData.electricalsInterior.interiorImages.images.at(-1).title).toBe('Odometer');
      const image = await h.app().inject({ method: 'GET', url: car.rcImages.images[0].url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
      const byQuery = await h.call('GET', '/api/v2/inspection', { token, query: { inspectionId: String(car_id) } });
      expect(byQuery.json().detail.carId).toBe(car_id);
    });

    it('inspection detail: 404 unknown, 400 bad id, 403 for a role without review access, 401 without token', async () => {
      const token = await h.token(REVIEWER);
      expect((await h.call('GET', '/api/v2/inspection/999', { token })).statusCode).toBe(404);
      expect((await h.call('GET', '/api/v2/inspection/abc', { token })).statusCode).toBe(400);
      expect((await h.call('GET', '/api/v2/inspection', { token })).statusCode).toBe(400);
      // Past PostgreSQL's integer: 400 with a message, never 500 (by the schema, or by the database's refusal).
      for (const path of ['/api/v2/inspection/99999999999999999999', '/api/v2/inspection?inspectionId=3000000000']) {
        const res = await h.call('GET', path, { token });
        expect(res.statusCode, path).toBe(400);
        expect(res.json()).toEqual({ message: expect.any(String), detail: expect.any(String) });
      }
      // A URL Fastify cannot decode answers in the API's own error shape.
      const badUrl = await h.call('GET', '/api/vahan/%00%ff', { token });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json()).toEqual({ message: 'Bad Request', detail: expect.any(String) });
      expect((await h.call('GET', '/api/v2/inspection/1000001', { token: await h.token(OTHER) })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v2/inspection/1000001')).statusCode).toBe(401);
      expect((await h.call('GET', '/api/v2/inspection/1000001', { token: await h.token(GS) })).statusCode).toBe(200);
    });

    it('v2/inspection-version-list lists every version of an appointment, newest first', async () => {
      const { rows } = await h.db().query<{ appointment_id: string; version: number }>(
        "SELECT appointment_id, version FROM inspections WHERE is_latest AND version > 0 AND inspection_end_time > now() - interval '30 days' ORDER BY car_id LIMIT 1",
      );
      const { appointment_id, version } = rows[0];
      const res = await h.call('GET', '/api/v2/inspection-version-list', { token: await h.token(OTHER), query: { appointmentId: appointment_id, user: OTHER } });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: { version: number; carId: number; pdfUrl: string | null }[]; total: number }>();
      expect(body.data.map((r) => r.version)).toEqual(Array.from({ length: version + 1 }, (_, i) => version - i));
      expect(body.total).toBe(version + 1);
      expect(new Set(body.data.map((r) => r.carId)).size).toBe(version + 1);
      expect(body.data[0]).toEqual(expect.objectContaining({ storeName: expect.any(String), variant: expect.any(String), inspectionBy: expect.any(String) }));
      expect((await h.call('GET', '/api/v2/inspection-version-list', { token: await h.token(OTHER) })).statusCode).toBe(400);
      expect((await h.call('GET', '/api/v2/inspection-version-list', { query: { appointmentId: appointment_id } })).statusCode).toBe(401);
    });

    it('the version list\'s submission fields (kept beside the detail, migration 160) follow every write of the detail', async () => {
      const { rows } = await h.db().query<{ appointment_id: string; car_id: number }>(
        "SELECT appointment_id, car_id FROM inspections WHERE is_latest AND version > 0 AND inspection_end_time > now() - interval '30 days' ORDER BY car_id LIMIT 1",
      );
      const { appointment_id: appointmentId, car_id: carId } = rows[0];
      const versions = async () => {
        const res = await h.call('GET', '/api/v2/inspection-version-list', { token: await h.token(OTHER), query: { appointmentId } });
        expect(res.statusCode).toBe(200);
        return res.json<{ data: { carId: number; submission: unknown }[] }>().data;
      };
      /** What the list must answer: the summary of each version's whole stored document. */
      const fromDocuments = async () => {
        const docs = await h.db().query<{ car_id: number; detail: Parameters<typeof submissionSummary>[0] }>(
          'SELECT car_id, detail FROM inspections WHERE appointment_id = $1 ORDER BY version DESC',
          [appointmentId],
        );
        return docs.rows.map((r) => ({ carId: r.car_id, submission: submissionSummary(r.detail) }));
      };
      const answered = async () => (await versions()).map((v) => ({ carId: v.carId, submission: v.submission }));
      expect(await answered()).toEqual(await fromDocuments());
      // A submission's fields written into the document (as the submit does, in one UPDATE of detail).
      const submitted = {
        qcUser: REVIEWER, isCritical: 1, issueType: [3, 8], isDummyInspection: 0, isApprovedByQc: 1, reviewStartTime: '2026-01-02T10:00:00.000Z',
        reviewEndTime: '2026-01-02T10:20:00.000Z', submittedAt: '2026-01-02T10:21:00.000Z', sections: { carDetails: { errorsCount: 2, errors: { a: 1 } }, summary: { errorsCount: 3 } },
      };
      await h.db().query('UPDATE inspections SET detail = detail || $2::jsonb WHERE car_id = $1', [carId, JSON.stringify(submitted)]);
      const after = await answered();
      expect(after).toEqual(await fromDocuments());
      expect(after.find((v) => v.carId === carId)?.submission).toMatchObject({ qcUser: REVIEWER, isCritical: 1, issueType: [3, 8], errorsCount: 5 });
      // Sections that are not an object do not break the write, and answer no submission.
      await h.db().query(`UPDATE inspections SET detail = jsonb_set(detail, '{sections}', '"odd"') WHERE car_id = $1`, [carId]);
      expect((await versions()).find((v) => v.carId === carId)?.submission).toBeNull();
      await h.db().query("UPDATE inspections SET detail = detail - 'sections' WHERE car_id = $1", [carId]);
      expect(await answered()).toEqual(await fromDocuments());
    });

    it('inspection-log lists stored states and the audit trail; additionalImages=1 adds the images', async () => {
      const { car_id } = await freeInspection(h.db(), 5);
      const token = await h.token(REVIEWER2);
      await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body: { carId: car_id, role: 'qc', inspectionStatus: 'smReview', user: REVIEWER2, qcAssignTo: REVIEWER2 } });
      const res = await h.call('GET', '/api/inspection-log', { token, query: { carId: String(car_id), additionalImages: '1' } });
      expect(res.statusCode).toBe(200);
      const detail = res.json().detail;
      expect(detail.states.map((s: { reason: string }) => s.reason)).toEqual(['seed', 'assign']);
      expect(detail.log).toEqual([expect.objectContaining({ user: REVIEWER2, action: 'assign', beforeStatus: 'smReview', afterStatus: 'smReview' })]);
      expect(detail.additionalImages.length).toBeGreaterThan(0);
      expect((await h.call('GET', '/api/inspection-log', { token })).statusCode).toBe(400);
      expect((await h.call('GET', '/api/inspection-log', { token: await h.token(OTHER), query: { carId: String(car_id) } })).statusCode).toBe(403);
    });

    it('an inspection no one may take in its status is refused naming the status as the list shows it, not its code', async () => {
      const { car_id } = await freeInspection(h.db(), 7);
      await h.db().query("UPDATE inspections SET status = 'smReviewRejected', assignee = NULL WHERE car_id = $1", [car_id]);
      const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token: await h.token(REVIEWER), body: { carId: car_id, role: 'qc', inspectionStatus: 'smReview', user: REVIEWER, qcAssignTo: REVIEWER } });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toBe('The inspection cannot be assigned: it is Rejected by QC');
      await h.db().query("UPDATE inspections SET status = 'smReview' WHERE car_id = $1", [car_id]);
    });

    it('v2/set-review-start-time: assignee only', async () => {
      const { car_id } = await freeInspection(h.db(), 6);
      const token = await h.token(REVIEWER);
      await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body: { carId: car_id, role: 'qc', inspectionStatus: 'smReview', user: REVIEWER, qcAssignTo: REVIEWER } });
      const ok = await h.call('POST', '/api/v2/set-review-start-time', { token, body: { carId: car_id } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().detail.reviewStartTime).toEqual(expect.any(String));
      expect((await h.call('POST', '/api/v2/set-review-start-time', { token: await h.token(REVIEWER2), body: { carId: car_id } })).statusCode).toBe(403);
      expect((await h.call('POST', '/api/v2/set-review-start-time', { token, body: { carId: 'x' } })).statusCode).toBe(400);
      expect((await h.call('POST', '/api/v2/set-review-start-time', { token: await h.token(GS), body: { carId: car_id } })).statusCode).toBe(403);
    });
  });
}
