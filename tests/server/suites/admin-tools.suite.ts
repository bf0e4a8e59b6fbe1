import { existsSync } from 'node:fs';
import dayjs from 'dayjs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadPath } from '../../../server/forms.ts';
import { auditCount, postForm, WEBM } from '../support/extras.ts';
import { ADMIN, REVIEWER, STORE, type Harness } from '../support/harness.ts';
import { resetCatalogue } from './variants.suite.ts';

/** An MP4 start: a `ftyp` box, as cameras and encoders write it. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42', 'latin1'), Buffer.alloc(64, 2)]);

/** A multipart body with several files (the video tutorial sends two). */
function multipartFiles(fields: Record<string, string>, files: { field: string; filename: string; contentType: string; data: Buffer }[]) {
  const boundary = `----qc-admin-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const csv = (text: string) => ({ field: 'file', filename: 'xfactor.csv', contentType: 'text/csv', data: Buffer.from(text) });

export function adminToolsSuite(h: Harness) {
  describe('store cancellation X factor and admin uploads (spec 002 §2, §5, §7)', () => {
    beforeAll(async () => {
      await resetCatalogue(h);
    });
    const get = async (url: string, query: Record<string, string> = {}, email = ADMIN) => h.call('GET', url, { token: await h.token(email), query: { utm_source: 'qc', ...query } });
    const put = async (url: string, body: object, email = ADMIN) => h.call('PUT', url, { token: await h.token(email), query: { utm_source: 'qc' }, body });

    it('lists X factor rows of locality / sell_online stores only, filtered by store, date and slot; QC admin only', async () => {
      const res = await get('/api/v2/store-cancellation-factor');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().detail as { id: number; storeId: number; storeName: string; date: string; slotXFactor: Record<string, number>; updatedBy: string }[];
      expect(rows.length).toBe(20);
      const channels = await h.db().query<{ location_id: number }>("SELECT location_id FROM stores WHERE channel IN ('locality', 'sell_online')");
      expect(new Set(rows.map((r) => r.storeId))).toEqual(new Set(channels.rows.map((r) => r.location_id)));
      expect(rows[0]).toMatchObject({ storeName: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), updatedBy: 'qc.admin@qc.example' });
      const one = await get('/api/v2/store-cancellation-factor', { storeId: '106', date: rows.find((r) => r.storeId === 106)!.date, slotTime: '19:00:00' });
      expect(one.json().detail).toHaveLength(1);
      expect((await get('/api/v2/store-cancellation-factor', { storeId: '106', slotTime: '20:00:00' })).json().detail).toEqual([]);
      expect((await get('/api/v2/store-cancellation-factor', { slotTime: '7pm' })).statusCode).toBe(400);
      expect((await get('/api/v2/store-cancellation-factor', { date: '2026-13-01x' })).statusCode).toBe(400);
      // The screen's stores come from GET store?role (spec 002 §7), which answers each store's channel and hours.
      const stores = (await get('/api/store', { role: 'SM-QcAdmin' })).json().detail as { location_id: number; channel: string | null; open_hour: number; close_hour: number }[];
      expect(stores.find((s) => s.location_id === 104)).toMatchObject({ channel: 'locality', open_hour: 9, close_hour: 18 });
      expect(new Set(stores.filter((s) => s.channel === 'locality' || s.channel === 'sell_online').map((s) => s.location_id))).toEqual(new Set(channels.rows.map((r) => r.location_id)));
      for (const email of [REVIEWER, STORE]) expect((await get('/api/v2/store-cancellation-factor', {}, email)).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v2/store-cancellation-factor')).statusCode).toBe(401);
    });

    it("updates one slot's factor (a number); 'Slot is required', 'X factor is required', slots outside the store's hours refused", async () => {
      const row = (await get('/api/v2/store-cancellation-factor', { storeId: '101' })).json().detail[0];
      const res = await put(`/api/v2/store-cancellation-factor/${row.id}`, { slotTime: '12:00:00', xFactor: 1.75, updatedBy: ADMIN });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail.slotXFactor['12:00:00']).toBe(1.75);
      expect(res.json().detail.slotXFactor['11:00:00']).toBe(row.slotXFactor['11:00:00']);
      expect(await auditCount(h, 'x-factor-update')).toBe(1);
      const cases: [object, string | RegExp][] = [
        [{ xFactor: 1 }, 'Slot is required'],
        [{ slotTime: '12:00:00' }, 'X factor is required'],
        [{ slotTime: '12:00:00', xFactor: null }, 'X factor is required'],
        [{ slotTime: '12:00:00', xFactor: 11 }, /from 0 to 10/],
        [{ slotTime: '12:00:00', xFactor: 1.234 }, /two decimals/],
        [{ slotTime: '12:00:00', xFactor: 'abc' }, /^X factor must be a number\.$/],
        [{ slotTime: '19:00:00', xFactor: 1 }, /outside the store's hours/],
      ];
      for (const [body, text] of cases) {
        const bad = await put(`/api/v2/store-cancellation-factor/${row.id}`, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json().detail).toMatch(text);
      }
      expect((await put('/api/v2/store-cancellation-factor/999999', { slotTime: '12:00:00', xFactor: 1 })).statusCode).toBe(404);
      expect((await put(`/api/v2/store-cancellation-factor/${row.id}`, { slotTime: '12:00:00', xFactor: 1 }, REVIEWER)).statusCode).toBe(403);
    });

    it('applies the valid rows of an X factor CSV in one go and answers each bad row with its row number', async () => {
      const monday = dayjs().add(14, 'day').day(1);
      const date = monday.format('YYYY-MM-DD');
      const text = [
        'CENTRE_ID,DATE,DAY,SLOT,FACTOR,START_DATE,END_DATE',
        `101,${date},Monday,11:00:00,1.4,,`,
        `101,${date},Tuesday,12:00:00,1.2,,`,
        `106,${date},MON,19:00:00,2,${date},${monday.add(14, 'day').format('YYYY-MM-DD')}`,
        `102,${date},Monday,11:00:00,1.1,,`,
        `104,${date},Monday,18:00:00,1.1,,`,
      ].join('\n');
      const res = await postForm(h, '/api/v2/store-cancellation-factor/upload', await h.token(ADMIN), { updatedBy: ADMIN }, csv(text));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toMatchObject({ updatedRows: 2, errorRows: 3, message: '2 rows updated successfully, 3 error rows' });
      expect(res.json().detail.errors).toEqual([
        { row: 3, message: `DATE ${date} is not a Tuesday` },
        { row: 5, message: 'CENTRE_ID 102 is not a locality or sell_online store' },
        { row: 6, message: expect.stringMatching(/^SLOT 18:00:00 is outside the hours of/) },
      ]);
      const stored = await h.db().query<{ store_id: number; date: string; f: string }>(
        "SELECT store_id, to_char(date, 'YYYY-MM-DD') AS date, slot_x_factor->>(CASE WHEN store_id = 101 THEN '11:00:00' ELSE '19:00:00' END) AS f FROM store_cancellation_factor WHERE date >= $1 ORDER BY store_id, date",
        [date],
      );
      expect(stored.rows).toEqual([
        { store_id: 101, date, f: '1.4' },
        { store_id: 106, date, f: '2' },
        { store_id: 106, date: monday.add(7, 'day').format('YYYY-MM-DD'), f: '2' },
        { store_id: 106, date: monday.add(14, 'day').format('YYYY-MM-DD'), f: '2' },
      ]);
      const clean = await postForm(h, '/api/v2/store-cancellation-factor/upload', await h.token(ADMIN), {}, csv(`CENTRE_ID,DATE,DAY,SLOT,FACTOR\n101,${date},Monday,13:00:00,0.9`));
      expect(clean.json().detail).toMatchObject({ message: 'File uploaded successfully', updatedRows: 1, errorRows: 0 });
      expect(await auditCount(h, 'x-factor-upload')).toBe(2);
    });

    it('refuses an X factor file without the required headers, without a file or not text, and non-admins', async () => {
      const token = await h.token(ADMIN);
      const missing = await postForm(h, '/api/v2/store-cancellation-factor/upload', token, {}, csv('CENTRE_ID,DATE,DAY,SLOT\n101,2030-01-07,Monday,11:00:00'));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().detail).toBe('Missing column: FACTOR');
      expect((await postForm(h, '/api/v2/store-cancellation-factor/upload', token, {})).json().detail).toBe('Please select csv file to upload');
      expect((await postForm(h, '/api/v2/store-cancellation-factor/upload', token, {}, { ...csv(''), data: Buffer.from([0, 1, 2, 0xff]) })).statusCode).toBe(400);
      expect((await postForm(h, '/api/v2/store-cancellation-factor/upload', token, { role: 'x' }, csv('CENTRE_ID'))).statusCode).toBe(400);
      expect((await postForm(h, '/api/v2/store-cancellation-factor/upload', await h.token(REVIEWER), {}, csv('CENTRE_ID,DATE,DAY,SLOT,FACTOR\n'))).statusCode).toBe(403);
    });

    it('uploads evaluator leaves (all rows or none; each error with its row number)', async () => {
      const token = await h.token(ADMIN);
      const leave = (text: string) => ({ field: 'leaveFile', filename: 'leaves.csv', contentType: 'text/csv', data: Buffer.from(text) });
      const ok = await postForm(h, '/api/api/updateLeaveData', token, { uploadedBy: ADMIN }, leave('EVALUATOR_EMAIL,LEAVE_DATE,LEAVE_TYPE\nasha.rao@evaluators.example,2030-02-03,FIRST_HALF\nvikram.das@evaluators.example,2030-02-04,'));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().detail).toMatchObject({ uploaded: 2 });
      const stored = await h.db().query<{ leave_type: string }>("SELECT leave_type FROM evaluator_leaves WHERE evaluator_email = 'vikram.das@evaluators.example'");
      expect(stored.rows).toEqual([{ leave_type: 'FULL_DAY' }]);
      const bad = await postForm(h, '/api/api/updateLeaveData', token, {}, leave('EVALUATOR_EMAIL,LEAVE_DATE\nnot-an-email,2030-02-03\nok@evaluators.example,2030-02-30'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail.split('\n')).toEqual(["Row 2: Invalid EVALUATOR_EMAIL 'not-an-email'", "Row 3: Invalid LEAVE_DATE '2030-02-30' (use YYYY-MM-DD)"]);
      expect((await h.db().query("SELECT 1 FROM evaluator_leaves WHERE evaluator_email = 'ok@evaluators.example'")).rows).toEqual([]);
      expect((await postForm(h, '/api/api/updateLeaveData', token, {})).json().detail).toBe('Please select csv file to upload');
      expect((await postForm(h, '/api/api/updateLeaveData', await h.token(STORE), {}, leave('EVALUATOR_EMAIL,LEAVE_DATE\n'))).statusCode).toBe(403);
      expect(await auditCount(h, 'evaluator-leaves-upload')).toBe(1);
    });

    it('triggers a video tutorial with two video files; the six messages in order; non-video files refused', async () => {
      const send = async (fields: Record<string, string>, files: { field: string; data: Buffer }[], email = ADMIN): Promise<LightMyRequestResponse> => {
        const body = multipartFiles(fields, files.map((f) => ({ ...f, filename: `${f.field}.mp4`, contentType: 'video/mp4' })));
        return h.app().inject({ method: 'POST', url: '/api/upload-video-tutorial', query: { utm_source: 'qc' }, headers: { ...body.headers, authorization: `Bearer ${await h.token(email)}` }, payload: body.payload });
      };
      const fields = { featureTitle: 'Tyre tread check', description: 'How to measure tread depth', startDate: dayjs().format('YYYY-MM-DD'), configName: 'ALL_STORES' };
      const files = [{ field: 'hindiVideo', data: MP4 }, { field: 'englishVideo', data: WEBM }];
      const ok = await send(fields, files);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().detail.message).toBe('Video Uploaded Successfully');
      expect(existsSync(uploadPath(h.uploadsDir, ok.json().detail.hindiVideo))).toBe(true);
      expect(ok.json().detail.englishVideo).toMatch(/\.webm\?exp=\d+&sig=/);
      expect(await auditCount(h, 'video-tutorial')).toBe(1);
      const order: [Record<string, string>, typeof files, string][] = [
        [{}, [], 'Please Enter Video Title'],
        [{ featureTitle: 'T' }, [], 'Please Enter Video Message'],
        [{ featureTitle: 'T', description: 'D' }, [], 'Please Upload Hindi Video'],
        [{ featureTitle: 'T', description: 'D' }, [files[0]], 'Please Upload English Video'],
        [{ featureTitle: 'T', description: 'D' }, files, 'Please Enter Date to trigger'],
        [{ featureTitle: 'T', description: 'D', startDate: '2030-01-01' }, files, 'Please Enter Store Config'],
      ];
      for (const [f, fs, text] of order) {
        const res = await send(f, fs);
        expect(res.statusCode, text).toBe(400);
        expect(res.json().detail).toBe(text);
      }
      const notVideo = await send(fields, [{ field: 'hindiVideo', data: Buffer.from('just text') }, files[1]]);
      expect(notVideo.statusCode).toBe(400);
      expect(notVideo.json().detail).toMatch(/only video files/);
      expect((await send({ ...fields, startDate: '03/01/2030' }, files)).statusCode).toBe(400);
      // A refused value is named as the form labels it.
      const long = await send({ ...fields, description: 'x'.repeat(1001) }, files);
      expect([long.statusCode, long.json().detail]).toEqual([400, 'Video Message is too long (at most 1000 characters).']);
      const odd = await send({ ...fields, configName: 'cfg 🚗' }, files);
      expect([odd.statusCode, odd.json().detail]).toEqual([400, 'Store Config has the wrong format.']);
      expect((await send(fields, files, REVIEWER)).statusCode).toBe(403);
    });
  });
}
