import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../../server/repos/auto-assignment.ts';
import { runPoolAssignment } from '../../../server/services/assignment-pools.ts';
import { bikeAppointmentId, seedBikes } from '../../../server/seed/bikes.ts';
import { multipart, PNG, type FilePart } from '../support/extras.ts';
import { ADMIN, BIKE, GS, OTHER, REVIEWER, REVIEWER2, STORE, VERSION, VERSION_PDF, type Harness } from '../support/harness.ts';

/** Showcases of server/seed/bikes.ts. */
const B2B_V2 = bikeAppointmentId(0);
const PLAIN_V1 = bikeAppointmentId(1);
const THREE_VERSIONS = bikeAppointmentId(2);
const ASSIGNED_TO_BIKE = bikeAppointmentId(3);

export function bikeSuite(h: Harness) {
  const get = async (url: string, email: string | null = BIKE, query: Record<string, string> = {}) =>
    h.call('GET', url, { token: email ? await h.token(email) : undefined, query: { utm_source: 'qc', ...query } });
  const form = async (method: InjectOptions['method'], url: string, email: string, fields: Record<string, string | number | undefined>, file?: FilePart) => {
    const body = multipart(fields, file);
    return h.app().inject({ method, url, query: { utm_source: 'qc' }, headers: { ...body.headers, authorization: `Bearer ${await h.token(email)}` }, payload: body.payload });
  };
  const push = async (id: string, email: string, body: object) =>
    h.call('POST', `/bike-api/appointment/${id}/qc/data`, { token: await h.token(email), query: { utm_source: 'qc' }, body: { appointmentId: id, ...body } });
  const audits = async (action: string, appointmentId: string) =>
    (await h.db().query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND appointment_id = $2', [action, appointmentId])).rows[0].n;
  /** A READY_FOR_REVIEW bike nobody holds, skipping the showcases. */
  const freeBike = async (skip = 0) =>
    (await h.db().query<{ appointment_id: string }>("SELECT appointment_id FROM bike_inspections WHERE is_latest AND qc_user IS NULL AND appointment_id > $1 ORDER BY appointment_id OFFSET $2 LIMIT 1", [ASSIGNED_TO_BIKE, skip])).rows[0].appointment_id;
  const takeBike = async (email: string, skip = 0) => {
    const id = await freeBike(skip);
    const res = await form('POST', `/bike-api/appointment/${id}/qc/assign`, email, { assignUser: email });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };

  describe('bike calls of spec 001 §7 (bikes host /bike-api/, catalogue and image upload on /api/)', () => {
    beforeAll(async () => {
      await h.reset(5);
      await seedBikes(h.db(), { uploadsDir: h.uploadsDir, appointments: 70, seed: 7 });
    });

    describe('GET appointment (list)', () => {
      it('READY_FOR_REVIEW, 50 a page, newest first, with the list row fields', async () => {
        const first = await get('/bike-api/appointment', BIKE, { status: 'READY_FOR_REVIEW', page: '1' });
        expect(first.statusCode, first.body).toBe(200);
        const { data, total } = first.json();
        expect(total).toBe(70);
        expect(data).toHaveLength(50);
        expect(Object.keys(data[0]).sort()).toEqual(['appointmentId', 'bikeId', 'inspectionEndTime', 'inspectionUser', 'make', 'model', 'qcUser', 'status', 'version'].sort());
        const times = data.map((r: { inspectionEndTime: number }) => r.inspectionEndTime);
        expect(times).toEqual([...times].sort((a, b) => b - a));
        const second = (await get('/bike-api/appointment', BIKE, { page: '2' })).json();
        expect(second.data).toHaveLength(20);
        expect(second.data.map((r: { status: string }) => r.status)).toEqual(Array(20).fill('READY_FOR_REVIEW'));
      });

      it('by appointmentId; daysElapsed=7&limit=500; by user and query; other statuses', async () => {
        const one = (await get('/bike-api/appointment', BIKE, { status: 'READY_FOR_REVIEW', appointmentId: B2B_V2 })).json();
        expect(one.data.map((r: { appointmentId: string }) => r.appointmentId)).toEqual([B2B_V2]);
        const recent = (await get('/bike-api/appointment', BIKE, { status: 'READY_FOR_REVIEW', daysElapsed: '7', limit: '500' })).json();
        expect(recent.total).toBeGreaterThanOrEqual(10);
        expect(recent.total).toBeLessThan(70);
        const week = Date.now() / 1000 - 7 * 86400;
        for (const row of recent.data) expect(row.inspectionEndTime).toBeGreaterThan(week);
        const mine = (await get('/bike-api/appointment', BIKE, { user: BIKE })).json();
        expect(mine.data.map((r: { appointmentId: string }) => r.appointmentId)).toContain(ASSIGNED_TO_BIKE);
        for (const row of mine.data) expect(row.qcUser).toBe(BIKE);
        const found = (await get('/bike-api/appointment', BIKE, { query: PLAIN_V1.slice(0, 9) })).json();
        expect(found.data.map((r: { appointmentId: string }) => r.appointmentId)).toContain(PLAIN_V1);
        expect((await get('/bike-api/appointment', BIKE, { query: '%' })).json().total).toBe(0);
        expect((await get('/bike-api/appointment', BIKE, { status: 'APPROVED' })).json().total).toBe(0);
      });

      it('a date range of at most six months (YYYY-MM-DD); bad input is 400', async () => {
        const ok = await get('/bike-api/appointment', BIKE, { startDate: '2026-06-01', endDate: '2026-11-30' });
        expect(ok.statusCode).toBe(200);
        const long = await get('/bike-api/appointment', BIKE, { startDate: '2026-01-01', endDate: '2026-11-30' });
        expect(long.statusCode).toBe(400);
        // The list screen's own sentences (src/products/bike/date-range.ts), not the query's field names.
        expect(long.json().detail).toBe('The date range may span at most six months');
        const reversed = await get('/bike-api/appointment', BIKE, { startDate: '2026-11-02', endDate: '2026-11-01' });
        expect([reversed.statusCode, reversed.json().detail]).toEqual([400, 'The From date must not be after the To date']);
        expect((await get('/bike-api/appointment', BIKE, { startDate: '01/06/2026' })).statusCode).toBe(400);
        expect((await get('/bike-api/appointment', BIKE, { status: 'DONE' })).statusCode).toBe(400);
        expect((await get('/bike-api/appointment', BIKE, { limit: '501', daysElapsed: '7' })).statusCode).toBe(400);
        expect((await get('/bike-api/appointment', BIKE, { appointmentId: "x' OR 1=1" })).statusCode).toBe(400);
      });

      it('roles of 001 §6: bike-qc, QC roles and version-pdf; not qc-Version, gs, other; 401 without a token', async () => {
        for (const email of [BIKE, REVIEWER, STORE, ADMIN, VERSION_PDF]) expect((await get('/bike-api/appointment', email)).statusCode, email).toBe(200);
        for (const email of [VERSION, GS, OTHER]) expect((await get('/bike-api/appointment', email)).statusCode, email).toBe(403);
        expect((await get('/bike-api/appointment', null)).statusCode).toBe(401);
      });
    });

    describe('GET appointment/{id} (detail)', () => {
      it('the latest version with the detail fields of 001 §3; a past one by ?version', async () => {
        const res = await get(`/bike-api/appointment/${B2B_V2}`);
        expect(res.statusCode, res.body).toBe(200);
        const d = res.json().detail;
        expect(d).toMatchObject({ appointmentId: B2B_V2, bikeId: 5000, version: 1, status: 'READY_FOR_REVIEW', isB2B: true, pdfUrl: null });
        for (const key of ['id', 'qcUser', 'cjName', 'cjRemark', 'reportUrl', 'images', 'inspectionData']) expect(d).toHaveProperty(key);
        expect(d.inspectionData).toMatchObject({ uiVersion: 2, cjEmail: expect.stringContaining('@'), formUrl: expect.any(String), cjRemark: d.cjRemark });
        expect(d.inspectionData.bikeDetails.hypothecation.value).toBe('Yes');
        expect(Object.keys(d.inspectionData.bikeDetails.hypothecation.subParts).sort()).toEqual(['bankNoc', 'loanPaid']);
        expect(d.inspectionData.bikeDetails.dealershipName.value).toEqual(expect.any(String));
        const types = new Set(d.images.map((m: { type: string }) => m.type));
        expect([...types].sort()).toEqual(['defectImages', 'insuranceImage', 'mainImage', 'rcImage']);
        const videos = d.images.filter((m: { mediaType: string }) => m.mediaType === 'video');
        expect(videos).toHaveLength(2);
        const served = await h.app().inject({ method: 'GET', url: `/uploads/${videos[0].uri}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toMatch(/video\/webm/);
        expect(served.rawPayload.readUInt32BE(0)).toBe(0x1a45dfa3);
        const past = (await get(`/bike-api/appointment/${THREE_VERSIONS}`, BIKE, { version: '0' })).json().detail;
        expect(past).toMatchObject({ version: 0, isLatest: false, status: expect.stringMatching(/^(APPROVED|REJECTED)$/) });
        const v1 = (await get(`/bike-api/appointment/${PLAIN_V1}`)).json().detail;
        expect(v1.inspectionData.uiVersion).toBe(1);
        expect(v1.inspectionData.bikeDetails.dealershipName).toBeUndefined();
        expect(v1.inspectionData.bikeDetails.fuelType.value).toBe('Electrical');
      });

      it('404 for an unknown appointment or version, 400 for a bad id, 403 for roles without the bike review', async () => {
        expect((await get('/bike-api/appointment/BK00000000')).statusCode).toBe(404);
        expect((await get(`/bike-api/appointment/${B2B_V2}`, BIKE, { version: '9' })).statusCode).toBe(404);
        expect((await get('/bike-api/appointment/__proto__.x')).statusCode).toBe(400);
        expect((await get(`/bike-api/appointment/${B2B_V2}`, BIKE, { version: '-1' })).statusCode).toBe(400);
        for (const email of [VERSION_PDF, VERSION, GS, OTHER]) expect((await get(`/bike-api/appointment/${B2B_V2}`, email)).statusCode, email).toBe(403);
        expect((await get(`/bike-api/appointment/${B2B_V2}`, REVIEWER)).statusCode).toBe(200);
      });
    });

    describe('POST appointment/{id}/qc/assign', () => {
      it('assigns the bike to the caller (form field assignUser), audited; the same user again is fine', async () => {
        const id = await freeBike();
        const res = await form('POST', `/bike-api/appointment/${id}/qc/assign`, BIKE, { assignUser: BIKE });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().detail.qcUser).toBe(BIKE);
        expect((await form('POST', `/bike-api/appointment/${id}/qc/assign`, BIKE, { assignUser: BIKE })).statusCode).toBe(200);
        expect(await audits('bike-assign', id)).toBe(1);
        const taken = await form('POST', `/bike-api/appointment/${id}/qc/assign`, REVIEWER, { assignUser: REVIEWER });
        expect(taken.statusCode).toBe(409);
        expect(taken.json().detail).toMatch(/Already assigned/);
      });

      it('only to oneself (403), by roles with the bike review (403), with assignUser (400)', async () => {
        const id = await freeBike(1);
        expect((await form('POST', `/bike-api/appointment/${id}/qc/assign`, BIKE, { assignUser: REVIEWER })).statusCode).toBe(403);
        expect((await form('POST', `/bike-api/appointment/${id}/qc/assign`, VERSION_PDF, { assignUser: VERSION_PDF })).statusCode).toBe(403);
        expect((await form('POST', `/bike-api/appointment/${id}/qc/assign`, GS, { assignUser: GS })).statusCode).toBe(403);
        expect((await form('POST', `/bike-api/appointment/${id}/qc/assign`, BIKE, {})).statusCode).toBe(400);
        expect((await form('POST', `/bike-api/appointment/${id}/qc/assign`, BIKE, { assignUser: 'not-an-email' })).statusCode).toBe(400);
        const json = await h.call('POST', `/bike-api/appointment/${id}/qc/assign`, { token: await h.token(BIKE), body: { assignUser: BIKE } });
        expect(json.statusCode).toBe(400);
        expect(await audits('bike-assign', id)).toBe(0);
      });
    });

    describe('auto-assignment (001 §2: the bike list follows the live record)', () => {
      it('hands the oldest unassigned bike to a signed-in bike QC user below the limit, turns their record to changed, audited', async () => {
        await h.token(BIKE);
        const held = async () => (await h.db().query<{ n: number }>("SELECT count(*)::int AS n FROM bike_inspections WHERE is_latest AND status = 'READY_FOR_REVIEW' AND lower(qc_user) = lower($1)", [BIKE])).rows[0].n;
        const before = await held();
        const oldest = (await h.db().query<{ appointment_id: string }>("SELECT appointment_id FROM bike_inspections WHERE is_latest AND qc_user IS NULL AND status = 'READY_FOR_REVIEW' ORDER BY inspection_end_time, id LIMIT 1")).rows[0].appointment_id;
        // At the limit nobody gets more.
        expect(await runPoolAssignment(h.db(), 'bike', { maxOpen: before })).toEqual([]);
        const assigned = await runPoolAssignment(h.db(), 'bike', { maxOpen: before + 1 });
        expect(assigned).toEqual([{ email: BIKE, appointmentId: oldest }]);
        expect(await held()).toBe(before + 1);
        expect((await readRecord(h.db(), BIKE)).status).toBe('changed');
        expect(await audits('bike-auto-assign', oldest)).toBe(1);
        // Bike QC users may open the live stream's reset like car and GS reviewers.
        const reset = await h.call('PATCH', '/api/v2/live/auto-assignment', { token: await h.token(BIKE), query: { utm_source: 'qc' }, body: { status: 'pending' } });
        expect(reset.statusCode, reset.body).toBe(200);
        expect((await readRecord(h.db(), BIKE)).status).toBe('pending');
      });
    });

    describe('POST appointment/{id}/qc/data (push appointment data) and appointment/{id}/qc (submit status)', () => {
      it('an untouched review submits APPROVED once; a repeat or a stale version is 409; audited', async () => {
        const id = await takeBike(BIKE, 2);
        const detail = (await get(`/bike-api/appointment/${id}`)).json().detail;
        const mismatch = await form('POST', `/bike-api/appointment/${id}/qc`, BIKE, { status: 'REJECTED', reason: 'x', bikeId: detail.bikeId, appointmentId: id });
        expect(mismatch.statusCode).toBe(400);
        expect(mismatch.json().detail).toMatch(/APPROVED/);
        const stale = await form('POST', `/bike-api/appointment/${id}/qc`, BIKE, { status: 'APPROVED', version: detail.version + 1 });
        expect(stale.statusCode).toBe(409);
        const ok = await form('POST', `/bike-api/appointment/${id}/qc`, BIKE, { status: 'APPROVED', reason: '', bikeId: detail.bikeId, appointmentId: id, version: detail.version });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().detail.status).toBe('APPROVED');
        expect((await get(`/bike-api/appointment/${id}`)).json().detail.status).toBe('APPROVED');
        const again = await form('POST', `/bike-api/appointment/${id}/qc`, BIKE, { status: 'APPROVED' });
        expect(again.statusCode).toBe(409);
        expect(await audits('bike-submit', id)).toBe(1);
        const after = await push(id, BIKE, { images: [] });
        expect(after.statusCode).toBe(409);
      });

      it('ticks of a document, an image and a video are stored and make the status REJECTED', async () => {
        const id = await takeBike(BIKE, 3);
        const detail = (await get(`/bike-api/appointment/${id}`)).json().detail;
        const image = detail.images.find((m: { mediaType: string }) => m.mediaType === 'image');
        const video = detail.images.find((m: { mediaType: string }) => m.mediaType === 'video');
        const res = await push(id, BIKE, {
          inspectionData: {
            bikeDetails: { registrationNumber: { value: 'MH12ZZ9999', rejected: true }, rcCondition: { value: ['Lost'], rejected: true }, insuranceType: { subParts: { insuranceExpiry: { value: '01/01/2027' } } } },
          },
          images: [{ hashKey: image.hashKey, rejected: true }],
          videos: [{ hashKey: video.hashKey, rejected: true }],
          reason: 'Registration number differs from the RC',
        });
        expect(res.statusCode, res.body).toBe(200);
        const stored = (await get(`/bike-api/appointment/${id}`)).json().detail;
        expect(stored.inspectionData.bikeDetails.registrationNumber).toMatchObject({ value: 'MH12ZZ9999', rejected: true, inspectorValue: detail.inspectionData.bikeDetails.registrationNumber.value });
        expect(stored.inspectionData.bikeDetails.insuranceType.subParts.insuranceExpiry.value).toBe('01/01/2027');
        expect(stored.inspectionData.bikeDetails.rcCondition).toMatchObject({ value: ['Lost'], rejected: true });
        expect(stored.images.find((m: { hashKey: string }) => m.hashKey === video.hashKey).rejected).toBe(true);
        expect(stored.reason).toBe('Registration number differs from the RC');
        expect((await form('POST', `/bike-api/appointment/${id}/qc`, BIKE, { status: 'APPROVED' })).statusCode).toBe(400);
        const ok = await form('POST', `/bike-api/appointment/${id}/qc`, BIKE, { status: 'REJECTED', reason: 'Registration number differs from the RC', bikeId: detail.bikeId, appointmentId: id });
        expect(ok.statusCode, ok.body).toBe(200);
        expect((await get(`/bike-api/appointment/${id}`)).json().detail.status).toBe('REJECTED');
        expect(await audits('bike-data', id)).toBe(1);
      });

      it('make, model and variant are checked against the catalogue and update the row', async () => {
        const id = await takeBike(BIKE, 4);
        const wrong = await push(id, BIKE, { make: { code: 'HERO' }, model: { id: 201 }, variant: { code: 'STANDARD' } });
        expect(wrong.statusCode).toBe(400);
        expect((await push(id, BIKE, { make: { code: 'HONDA' }, model: { id: 201 }, variant: { code: 'NOPE' } })).statusCode).toBe(400);
        expect((await push(id, BIKE, { make: { code: 'HONDA' } })).statusCode).toBe(400);
        const ok = await push(id, BIKE, { make: { name: 'Honda', code: 'HONDA' }, model: { name: 'Activa 6G', id: 201 }, variant: { name: 'Deluxe', code: 'DELUXE' } });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().detail).toMatchObject({ make: 'Honda', model: 'Activa 6G', variant: 'Deluxe' });
        expect(ok.json().detail.inspectionData.bikeDetails.variant).toMatchObject({ value: 'Deluxe', id: 'DELUXE' });
        const listed = (await get('/bike-api/appointment', BIKE, { appointmentId: id })).json().data[0];
        expect(listed).toMatchObject({ make: 'Honda', model: 'Activa 6G' });
        expect(await audits('bike-make-model-variant', id)).toBe(1);
      });

      it('edit and submit only by the assigned QC user (403); bad bodies and keys are 400', async () => {
        const id = await takeBike(REVIEWER, 5);
        expect((await push(id, BIKE, { images: [] })).statusCode).toBe(403);
        expect((await push(id, REVIEWER2, { images: [] })).statusCode).toBe(403);
        expect((await form('POST', `/bike-api/appointment/${id}/qc`, BIKE, { status: 'APPROVED' })).statusCode).toBe(403);
        expect((await push(id, VERSION_PDF, { images: [] })).statusCode).toBe(403);
        expect((await push(id, REVIEWER, { inspectionData: { bikeDetails: { nope: { value: 'x' } } } })).statusCode).toBe(400);
        expect((await push(id, REVIEWER, { inspectionData: { summary: { make: { value: 'x' } } } })).statusCode).toBe(400);
        expect((await push(id, REVIEWER, { inspectionData: { bikeDetails: { constructor: { value: 'x' } } } })).statusCode).toBe(400);
        const proto = await h.call('POST', `/bike-api/appointment/${id}/qc/data`, {
          token: await h.token(REVIEWER),
          body: JSON.parse(`{"appointmentId":"${id}","inspectionData":{"bikeDetails":{"__proto__":{"value":"x"}}}}`),
        });
        expect(proto.statusCode).toBe(400);
        expect((await push(id, REVIEWER, { images: [{ hashKey: 'nope', rejected: true }] })).statusCode).toBe(400);
        expect((await push(id, REVIEWER, { extra: 1 })).statusCode).toBe(400);
        expect((await h.call('POST', `/bike-api/appointment/${id}/qc/data`, { token: await h.token(REVIEWER), body: { appointmentId: PLAIN_V1 } })).statusCode).toBe(400);
        expect((await form('POST', `/bike-api/appointment/${id}/qc`, REVIEWER, { status: 'DONE' })).statusCode).toBe(400);
        expect((await form('POST', `/bike-api/appointment/${id}/qc`, REVIEWER, { status: 'APPROVED', bikeId: 1 })).statusCode).toBe(400);
        expect((await form('POST', `/bike-api/appointment/${id}/qc`, REVIEWER, { status: 'APPROVED', appointmentId: PLAIN_V1 })).statusCode).toBe(400);
      });
    });

    describe('POST appointment/{id}/generate and PUT v2/bike-image/{id}', () => {
      it('generate writes a PDF of the report and stores its url (assignee only)', async () => {
        expect((await h.call('POST', `/bike-api/appointment/${B2B_V2}/generate`, { token: await h.token(BIKE) })).statusCode).toBe(403);
        const res = await h.call('POST', `/bike-api/appointment/${ASSIGNED_TO_BIKE}/generate`, { token: await h.token(BIKE) });
        expect(res.statusCode, res.body).toBe(200);
        const { pdfUrl } = res.json().detail;
        const pdf = await h.app().inject({ method: 'GET', url: pdfUrl });
        expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
        expect(pdf.body).toContain('INSPECTION REPORT');
        expect(await audits('bike-generate', ASSIGNED_TO_BIKE)).toBe(1);
      });

      it('an image replaces the one with its hashKey or adds one; content-checked; assignee only', async () => {
        const detail = (await get(`/bike-api/appointment/${ASSIGNED_TO_BIKE}`)).json().detail;
        const rc = detail.images.find((m: { type: string }) => m.type === 'rcImage');
        const png = { field: 'imageFile', filename: 'rc.png', contentType: 'image/png', data: PNG };
        const url = `/api/v2/bike-image/${ASSIGNED_TO_BIKE}`;
        const replaced = await form('PUT', url, BIKE, { type: 'rcImage', title: 'RC Front', hashKey: rc.hashKey, fileExtension: 'png' }, png);
        expect(replaced.statusCode, replaced.body).toBe(200);
        expect(replaced.json().detail).toMatchObject({ hashKey: rc.hashKey, oldUri: rc.uri, uri: expect.stringMatching(/\.png\?exp=\d+&sig=/) });
        const added = await form('PUT', url, BIKE, { type: 'defectImages', title: 'Cracked Visor', fileExtension: 'png' }, png);
        expect(added.statusCode).toBe(200);
        const after = (await get(`/bike-api/appointment/${ASSIGNED_TO_BIKE}`)).json().detail.images;
        expect(after.find((m: { hashKey: string }) => m.hashKey === added.json().detail.hashKey)).toMatchObject({ title: 'Cracked Visor', type: 'defectImages' });
        const svg = await form('PUT', url, BIKE, { type: 'rcImage', title: 'RC Front', hashKey: rc.hashKey }, { ...png, data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
        expect(svg.statusCode).toBe(400);
        expect(svg.json().detail).toMatch(/Only image files/);
        expect((await form('PUT', url, BIKE, { type: 'rcImage', title: 'RC' })).statusCode).toBe(400);
        expect((await form('PUT', url, BIKE, { type: 'engine', title: 'RC' }, png)).statusCode).toBe(400);
        expect((await form('PUT', url, BIKE, { type: 'rcImage', title: 'RC', hashKey: 'nope' }, png)).statusCode).toBe(404);
        expect((await form('PUT', url, REVIEWER, { type: 'rcImage', title: 'RC' }, png)).statusCode).toBe(403);
        expect((await form('PUT', url, VERSION_PDF, { type: 'rcImage', title: 'RC' }, png)).statusCode).toBe(403);
        expect(await audits('bike-image-upload', ASSIGNED_TO_BIKE)).toBe(2);
      });
    });

    describe('catalogue, financiers and public configuration', () => {
      it('api/bikeMake → api/bikeModel?makeCode → api/bikeVariant?model_id (main host)', async () => {
        const makes = (await get('/api/api/bikeMake')).json().detail;
        expect(makes).toContainEqual({ name: 'Honda', code: 'HONDA' });
        const models = (await get('/api/api/bikeModel', BIKE, { makeCode: 'HONDA' })).json().detail;
        expect(models.map((m: { name: string }) => m.name)).toEqual(['Activa 6G', 'Shine']);
        expect(models[0].variant).toContainEqual({ name: 'Deluxe', code: 'DELUXE' });
        const variants = (await get('/api/api/bikeVariant', BIKE, { model_id: '201' })).json().detail;
        expect(variants.map((v: { name: string }) => v.name)).toEqual(['Standard', 'Deluxe', 'Smart']);
        expect((await get('/api/api/bikeModel', BIKE)).statusCode).toBe(400);
        expect((await get('/api/api/bikeModel', BIKE, { makeCode: 'a b' })).statusCode).toBe(400);
        expect((await get('/api/api/bikeVariant', BIKE, { model_id: 'x' })).statusCode).toBe(400);
        expect((await get('/api/api/bikeVariant', BIKE, { model_id: '999' })).statusCode).toBe(404);
        for (const email of [VERSION_PDF, GS, VERSION]) expect((await get('/api/api/bikeMake', email)).statusCode, email).toBe(403);
      });

      it('api/financerListData?status=active lists active financiers only', async () => {
        const res = await get('/bike-api/api/financerListData', BIKE, { status: 'active' });
        expect(res.statusCode).toBe(200);
        const names = res.json().detail.map((f: { name: string }) => f.name);
        expect(names).toContain('HDFC Bank');
        expect(names).not.toContain('Old Two-Wheeler Finance');
        expect((await get('/bike-api/api/financerListData', BIKE, { status: 'inactive' })).statusCode).toBe(400);
        expect((await get('/bike-api/api/financerListData', GS)).statusCode).toBe(403);
      });

      it('public/appconfig gives imageUrlTemplate and videoBaseUrl to every bike role', async () => {
        const res = await get('/bike-api/public/appconfig', VERSION_PDF);
        expect(res.statusCode).toBe(200);
        expect(res.json().detail).toEqual({ imageUrlTemplate: '/uploads/{uri}', videoBaseUrl: '/uploads/' });
        expect((await get('/bike-api/public/appconfig', OTHER)).statusCode).toBe(403);
        expect((await get('/bike-api/public/appconfig', null)).statusCode).toBe(401);
      });
    });

    describe('bike report and versions', () => {
      it('report: labelled sections, CJ remark with line breaks, uiVersion, financerName and titled images', async () => {
        const res = await get(`/bike-api/appointment/${B2B_V2}/report`, VERSION_PDF);
        expect(res.statusCode, res.body).toBe(200);
        const r = res.json().detail;
        expect(r).toMatchObject({ appointmentId: B2B_V2, regNo: expect.any(String), make: expect.any(String), inspectionEndTime: expect.any(Number) });
        expect(Object.keys(r.inspectionData)).toEqual(expect.arrayContaining(['Bike Details', 'Exterior', 'Electricals', 'Engine and transmission', 'Wheels/brakes/suspension', 'Other Features', 'cjRemark', 'uiVersion', 'financerName']));
        expect(r.inspectionData['Bike Details']).toMatchObject({ Hypothecation: 'Yes', 'Fuel Type': 'Petrol' });
        expect(r.inspectionData.cjRemark.split('\n')).toHaveLength(3);
        expect(r.inspectionData.uiVersion).toBe(2);
        const titles = r.images.map((i: { title: string }) => i.title);
        expect(titles).toEqual(expect.arrayContaining(['Front', 'Rear', 'Right Side', 'Left Side', 'Tyre Front', 'Tyre Rear', 'Reading Panel', 'Top', 'Duplicate Key']));
        expect(r.images.some((i: { type: string }) => i.type === 'defectImages')).toBe(true);
        // The RC and insurance documents (the owner's details) are the bike's, not the report's (001 §2 image sections).
        const stored = await h.db().query<{ detail: { images: { type: string }[] } }>('SELECT detail FROM bike_inspections WHERE appointment_id = $1 AND is_latest', [B2B_V2]);
        expect(stored.rows[0].detail.images.map((i) => i.type)).toEqual(expect.arrayContaining(['rcImage', 'insuranceImage']));
        expect(r.images.filter((i: { type: string }) => i.type === 'rcImage' || i.type === 'insuranceImage')).toEqual([]);
        expect(titles).not.toContain('RC Front');
        const v1 = (await get(`/bike-api/appointment/${THREE_VERSIONS}/report`, BIKE, { version: '0' })).json().detail;
        expect(v1).toMatchObject({ version: 0, inspectionData: { uiVersion: 1, financerName: expect.any(String) } });
        expect((await get(`/bike-api/appointment/${B2B_V2}/report`, VERSION)).statusCode).toBe(403);
        expect((await get(`/bike-api/appointment/${B2B_V2}/report`, GS)).statusCode).toBe(403);
        expect((await get(`/bike-api/appointment/${B2B_V2}/report`, BIKE, { version: 'latest' })).statusCode).toBe(400);
      });

      it('versions: every version newest first with the row fields; pdfUrl only where a PDF exists', async () => {
        const res = await get(`/bike-api/appointment/${THREE_VERSIONS}/version/all`, VERSION_PDF);
        expect(res.statusCode).toBe(200);
        const rows = res.json().data;
        expect(rows.map((r: { version: number }) => r.version)).toEqual([2, 1, 0]);
        expect(Object.keys(rows[0]).sort()).toEqual(['appointmentId', 'inspectionEndTime', 'make', 'model', 'pdfUrl', 'qcUser', 'status', 'variant', 'version'].sort());
        expect(rows[0].pdfUrl).toBeNull();
        expect(rows.slice(1).some((r: { pdfUrl: string | null }) => r.pdfUrl)).toBe(true);
        expect((await get(`/bike-api/appointment/${THREE_VERSIONS}/version/all`, VERSION)).statusCode).toBe(403);
        expect((await get(`/bike-api/appointment/${THREE_VERSIONS}/version/all`, OTHER)).statusCode).toBe(403);
        expect((await get('/bike-api/appointment/BK0000/version/all')).json().data).toEqual([]);
      });
    });
  });
}
