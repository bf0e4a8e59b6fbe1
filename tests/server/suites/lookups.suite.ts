import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, GS, OTHER, REVIEWER, REVIEWER2, STORE, VERSION, freeInspection, submission, type Harness } from '../support/harness.ts';

export function lookupSuite(h: Harness) {
  describe('lookups, leaderboard and registry data (spec 000 §7 Lookups)', () => {
    beforeAll(() => h.reset(40));

    const get = async (url: string, email = REVIEWER, query: Record<string, string> = {}) =>
      h.call('GET', url, { token: await h.token(email), query: { utm_source: 'qc', ...query } });

    it('location-store: cities with their store locations', async () => {
      const res = await get('/api/location-store');
      expect(res.statusCode).toBe(200);
      const mumbai = res.json().detail.find((c: { city_name: string }) => c.city_name === 'Mumbai');
      expect(mumbai.locations.length).toBeGreaterThan(1);
      expect(mumbai.locations[0]).toEqual({ location_id: expect.any(Number), name: expect.any(String) });
      // GS users filter their flagged-car list by city and centre too (spec 002 §2).
      expect((await get('/api/location-store', GS)).statusCode).toBe(200);
      expect((await get('/api/location-store', VERSION)).statusCode).toBe(403);
    });

    it('assignee-list?role=qc: a non-excluded user gets only their own entry, an excluded one all (§2)', async () => {
      const mine = (await get('/api/assignee-list', REVIEWER, { role: 'qc' })).json().detail;
      expect(mine).toEqual([{ id: expect.any(Number), name: 'Asha Reviewer', email: REVIEWER }]);
      const all = (await get('/api/assignee-list', STORE, { role: 'qc' })).json().detail.map((a: { email: string }) => a.email);
      expect(all).toEqual(expect.arrayContaining([REVIEWER, REVIEWER2, STORE, ADMIN]));
      expect(all).not.toContain('joseph.fernandes@qc.example');
      expect((await get('/api/assignee-list', REVIEWER)).statusCode).toBe(400);
      expect((await get('/api/assignee-list', REVIEWER, { role: 'admin' })).statusCode).toBe(400);
      expect((await get('/api/assignee-list', VERSION, { role: 'qc' })).statusCode).toBe(403);
    });

    it('state → api/rto?stateId → city?state_id: Indian states, RTO codes, cities', async () => {
      const states = (await get('/api/state')).json().detail as { state_id: number; state_name: string }[];
      const mh = states.find((s) => s.state_name === 'Maharashtra')!;
      const rtos = (await get('/api/api/rto', REVIEWER, { stateId: String(mh.state_id) })).json().detail;
      expect(rtos).toEqual(expect.arrayContaining([{ id: expect.any(Number), rto: 'MUMBAI CENTRAL', rtoCode: 'MH01' }]));
      const cities = (await get('/api/city', REVIEWER, { state_id: String(mh.state_id) })).json().detail.map((c: { city_name: string }) => c.city_name);
      expect(cities).toEqual(['Mumbai', 'Pune']);
      expect((await get('/api/api/rto', REVIEWER)).statusCode).toBe(400);
      expect((await get('/api/city', REVIEWER, { state_id: 'MH' })).statusCode).toBe(400);
      expect((await get('/api/state', OTHER)).statusCode).toBe(403);
    });

    it('make → make/{id} → variant-year?modelId&fuelType with variant and variant-year statuses', async () => {
      const makes = (await get('/api/make')).json().detail as { make_id: number; make_name: string }[];
      expect(makes.length).toBeGreaterThanOrEqual(10);
      const maruti = makes.find((m) => m.make_name === 'Maruti Suzuki')!;
      const models = (await get(`/api/make/${maruti.make_id}`)).json().detail as { model_id: number; model_name: string }[];
      const swift = models.find((m) => m.model_name === 'Swift')!;
      const variants = (await get('/api/variant-year', REVIEWER, { modelId: String(swift.model_id), fuelType: 'Diesel' })).json().detail;
      expect(variants.length).toBeGreaterThan(0);
      expect(variants.every((v: { fuel_type: string }) => v.fuel_type === 'Diesel')).toBe(true);
      expect(variants[0]).toEqual(expect.objectContaining({ variant_id: expect.any(Number), variant_display_name: expect.stringContaining('Swift'), variant_status: expect.stringMatching(/^(Active|Inactive)$/), variantyear_status: expect.stringMatching(/^(Active|Inactive)$/), transportation_category: 'Hatchback', transmission_type: expect.any(String) }));
      const statuses = new Set((await get('/api/variant-year', REVIEWER, { modelId: String(swift.model_id) })).json().detail.map((v: { variantyear_status: string }) => v.variantyear_status));
      expect(statuses).toEqual(new Set(['Active', 'Inactive']));
      expect((await get('/api/make/9999')).statusCode).toBe(404);
      expect((await get('/api/make/abc')).statusCode).toBe(400);
      expect((await get('/api/variant-year')).statusCode).toBe(400);
      expect((await get('/api/make', OTHER)).statusCode).toBe(403);
    });

    it('store?role, bank-list (clearance 0 listed as -1) and noc-issued-for', async () => {
      const stores = (await get('/api/store', REVIEWER, { role: 'qc' })).json().detail;
      expect(stores[0]).toEqual(expect.objectContaining({ location_id: expect.any(Number), name: expect.any(String), city_name: expect.any(String) }));
      const banks = (await get('/api/bank-list')).json().detail as { financierName: string; nocClearanceTime: number }[];
      expect(banks.find((b) => b.financierName === 'Bajaj Finance')!.nocClearanceTime).toBe(-1);
      expect(banks.find((b) => b.financierName === 'HDFC Bank')!.nocClearanceTime).toBe(7);
      const noc = (await get('/api/noc-issued-for')).json().detail;
      expect(noc).toEqual(expect.arrayContaining([expect.objectContaining({ rtoCode: 'KA01', rto: expect.any(String) })]));
      expect((await get('/api/bank-list', OTHER)).statusCode).toBe(403);
      expect((await get('/api/store', REVIEWER, { role: 'x'.repeat(80) })).statusCode).toBe(400);
    });

    it('api/Config and get-qc-auto-assignment-sleep-time ({detail:{data:{sleepTime}}})', async () => {
      const config = await get('/api/api/Config', OTHER);
      expect(config.json().detail).toMatchObject({ duplicateKeyConfig: 1 });
      const sleep = await get('/api/get-qc-auto-assignment-sleep-time');
      expect(sleep.json()).toEqual({ detail: { data: { sleepTime: 0 } } });
      expect((await h.call('GET', '/api/get-qc-auto-assignment-sleep-time')).statusCode).toBe(401);
    });

    it('v2/get-leader-board-data ranks today’s reviewers by reviews, then TAT', async () => {
      const token = await h.token(REVIEWER2);
      const submitted: { car_id: number; version: number }[] = [];
      for (const skip of [0, 1]) {
        const { car_id, version } = await freeInspection(h.db(), skip);
        await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token, body: { carId: car_id, role: 'qc', inspectionStatus: 'smReview', user: REVIEWER2, qcAssignTo: REVIEWER2 } });
        expect((await h.call('PATCH', `/api/qc-section-report-submit/${car_id}`, { token, body: submission(car_id, version) })).statusCode).toBe(200);
        submitted.push({ car_id, version });
      }
      // A done inspection reviewed again (000 §4) is the same review corrected: it counts once.
      const totalOf = async () => (await get('/api/v2/get-leader-board-data', REVIEWER2, { email: REVIEWER2 })).json().detail.myPerformance.totalNoReview;
      const counted = await totalOf();
      const again = { ...submission(submitted[0].car_id, submitted[0].version), reviewStartTime: new Date(Date.now() + 1000).toISOString(), reviewEndTime: new Date(Date.now() + 2000).toISOString() };
      expect((await h.call('PATCH', `/api/qc-section-report-submit/${submitted[0].car_id}`, { token, body: again })).statusCode).toBe(200);
      expect(await totalOf()).toBe(counted);
      const res = await get('/api/v2/get-leader-board-data', REVIEWER2, { email: REVIEWER2 });
      expect(res.statusCode).toBe(200);
      const { topPerformers, myPerformance } = res.json().detail;
      expect(topPerformers.map((p: { rank: number }) => p.rank)).toEqual(topPerformers.map((_: unknown, i: number) => i + 1));
      const me = topPerformers.find((p: { email: string }) => p.email === REVIEWER2);
      expect(me).toMatchObject({ user: 'Ravi Reviewer', isActive: true, totalNoReview: expect.any(Number), tat: expect.any(Number) });
      expect(me.totalNoReview).toBeGreaterThanOrEqual(2);
      expect(myPerformance).toEqual({ rank: me.rank, totalNoReview: me.totalNoReview, tat: me.tat });
      for (let i = 1; i < topPerformers.length; i++) expect(topPerformers[i - 1].totalNoReview).toBeGreaterThanOrEqual(topPerformers[i].totalNoReview);
      expect((await get('/api/v2/get-leader-board-data', REVIEWER, { email: REVIEWER2 })).statusCode).toBe(403);
      expect((await get('/api/v2/get-leader-board-data', REVIEWER)).statusCode).toBe(400);
      expect((await get('/api/v2/get-leader-board-data', GS, { email: GS })).statusCode).toBe(403);
    });

    it('vahan/{appointmentId} answers {detail: RegistryData} with the three sources', async () => {
      const { rows } = await h.db().query<{ appointment_id: string }>('SELECT appointment_id FROM registry_data ORDER BY appointment_id LIMIT 1');
      const res = await get(`/api/vahan/${rows[0].appointment_id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json().detail;
      expect(Object.keys(detail).sort()).toEqual(['bgcData', 'parivahan1', 'parseSms', 'vahanWebsite']);
      const source = detail.parivahan1 ?? detail.vahanWebsite;
      expect(source.registeredAt).toMatch(/^[A-Z]{2}\d{2} /);
      expect(source.registrationDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect((await get('/api/vahan/0000000000')).statusCode).toBe(404);
      expect((await get('/api/vahan/bad id!')).statusCode).toBe(400);
      expect((await get(`/api/vahan/${rows[0].appointment_id}`, OTHER)).statusCode).toBe(403);
    });

    it('the seed holds registry mismatches on purpose', async () => {
      const { rows } = await h.db().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM registry_data r JOIN inspections i ON i.appointment_id = r.appointment_id AND i.is_latest
          WHERE r.data->'parivahan1'->>'chassisNumber' <> i.detail->'inspectionData'->'carDetails'->'chassisNumber'->>'value'
             OR (r.data->'parivahan1'->>'ownerCount')::int <> (i.detail->'inspectionData'->'carDetails'->'ownerNumber'->>'value')::int
             OR r.data->'parivahan1'->>'registeredAt' NOT LIKE (i.detail->'inspectionData'->'carDetails'->'registrationState'->'subParts'->'rto'->>'value') || '%'
             OR r.data->'parseSms'->>'registrationNumber' <> i.detail->'inspectionData'->'carDetails'->'registrationNumber'->>'value'`,
      );
      expect(rows[0].n).toBeGreaterThan(0);
    });
  });
}
