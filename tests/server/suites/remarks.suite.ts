import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadPath } from '../../../server/forms.ts';
import { auditCount, assignedInspection, postForm, resetWithExtras, WEBM } from '../support/extras.ts';
import { OTHER, REVIEWER, REVIEWER2, VERSION, type Harness } from '../support/harness.ts';
import { REMARK_MAX_LENGTH } from '../../../src/engine/limits.ts';

export function remarkSuite(h: Harness) {
  describe('rejection remarks and comment choices (spec 000 §3 Rejection remark payload, §7)', () => {
    let car: { car_id: number; appointment_id: string };
    beforeAll(async () => {
      await resetWithExtras(h, 20);
      car = await assignedInspection(h, REVIEWER);
    });

    const form = (over: Record<string, string | number | undefined> = {}) => ({
      carId: car.car_id,
      section: 'carDetails',
      part: 'registrationNumber',
      remarkType: 'text',
      remark: '  Number plate differs from RC  ',
      type: 'rejectionRemark',
      role: 'qc',
      inspectionStatus: 'smReview',
      user: REVIEWER,
      ...over,
    });

    it('POST v2/rejection-remark (text) by the assignee answers a RemarkEntry, and GET lists it for the row', async () => {
      const res = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), form());
      expect(res.statusCode, res.body).toBe(200);
      const entry = res.json().detail;
      expect(entry).toEqual({ id: expect.any(String), user: REVIEWER, type: 'text', remark: 'Number plate differs from RC', timestamp: expect.any(Number), role: 'qc' });
      expect(Math.abs(entry.timestamp - Date.now() / 1000)).toBeLessThan(60);
      const list = await h.call('GET', '/api/v2/rejection-remark', {
        token: await h.token(VERSION),
        query: { utm_source: 'qc', appointmentId: car.appointment_id, section: 'carDetails', part: 'registrationNumber' },
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().detail).toContainEqual(entry);
      const other = await h.call('GET', '/api/v2/rejection-remark', {
        token: await h.token(REVIEWER),
        query: { appointmentId: car.appointment_id, section: 'carDetails', part: 'registrationNumber', subPart: 'rto' },
      });
      expect(other.json().detail).toEqual([]);
      expect(await auditCount(h, 'rejection-remark', car.car_id)).toBe(1);
    });

    it('POST v2/rejection-remark takes a remark of REMARK_MAX_LENGTH characters and refuses a longer one in plain words', async () => {
      const longest = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), form({ part: 'chassisNumber', remark: 'x'.repeat(REMARK_MAX_LENGTH) }));
      expect(longest.statusCode, longest.body).toBe(200);
      const over = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), form({ part: 'chassisNumber', remark: 'x'.repeat(REMARK_MAX_LENGTH + 1) }));
      expect(over.statusCode).toBe(400);
      expect(over.json().detail).toBe(`Remark is too long (at most ${REMARK_MAX_LENGTH} characters).`);
    });

    it('an audio remark stores the recording under uploads and answers its presignedUrl; GET by hashKey finds it', async () => {
      const hashKey = `${car.appointment_id}_carDetails_RC0`;
      const res = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), form({ part: 'rcImages', hashKey, remarkType: 'audio', remark: undefined }), {
        field: 'audio', filename: 'remark.webm', contentType: 'audio/webm', data: WEBM,
      });
      expect(res.statusCode, res.body).toBe(200);
      const entry = res.json().detail;
      expect(entry).toMatchObject({ type: 'audio', presignedUrl: expect.stringMatching(/^\/uploads\/remarks\/.+\.webm\?exp=\d+&sig=/) });
      expect(existsSync(uploadPath(h.uploadsDir, entry.presignedUrl))).toBe(true);
      expect((await h.app().inject({ method: 'GET', url: entry.presignedUrl })).statusCode).toBe(200);
      const list = await h.call('GET', '/api/v2/rejection-remark', { token: await h.token(REVIEWER), query: { appointmentId: car.appointment_id, section: 'carDetails', hashKey } });
      expect(list.json().detail).toEqual([entry]);
    });

    it('only the assignee may save a remark (403), and only as themselves', async () => {
      const res = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER2), form({ user: REVIEWER2 }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Forbidden', detail: expect.stringContaining('assignee') });
      expect((await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), form({ user: REVIEWER2 }))).statusCode).toBe(403);
      expect((await postForm(h, '/api/v2/rejection-remark', await h.token(OTHER), form({ user: OTHER }))).statusCode).toBe(403);
    });

    it('malformed remarks are 400 with a message', async () => {
      const token = await h.token(REVIEWER);
      const cases: [Record<string, string | number | undefined>, RegExp][] = [
        [{ remark: '   ' }, /remark must not be empty/i],
        [{ section: undefined }, /^Section is missing\.$/],
        [{ section: 'engine' }, /^Section /],
        [{ remarkType: 'video' }, /^Remark type /],
        [{ type: 'comment' }, /^Type /],
        [{ carId: 'abc' }, /^Car ID must be a number\.$/],
        [{ part: undefined }, /part or hashKey/],
        [{ remarkType: 'audio', remark: undefined }, /audio remark needs/],
      ];
      for (const [over, message] of cases) {
        const res = await postForm(h, '/api/v2/rejection-remark', token, form(over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().detail).toMatch(message);
      }
      const notAudio = await postForm(h, '/api/v2/rejection-remark', token, form({ remarkType: 'audio' }), { field: 'audio', filename: 'a.webm', contentType: 'audio/webm', data: Buffer.from('hello') });
      expect(notAudio.statusCode).toBe(400);
      expect(notAudio.json().detail).toMatch(/not an audio recording/);
      const json = await h.call('POST', '/api/v2/rejection-remark', { token, body: form() });
      expect(json.statusCode).toBe(400);
      expect(json.json().detail).toMatch(/multipart/);
      const missing = await h.call('GET', '/api/v2/rejection-remark', { token, query: { appointmentId: car.appointment_id } });
      expect(missing.statusCode).toBe(400);
      const noTarget = await h.call('GET', '/api/v2/rejection-remark', { token, query: { appointmentId: car.appointment_id, section: 'carDetails' } });
      expect(noTarget.statusCode).toBe(400);
    });

    it('answers 401 without a token and 403 for a role without review access', async () => {
      expect((await postForm(h, '/api/v2/rejection-remark', null, form())).statusCode).toBe(401);
      expect((await h.call('GET', '/api/v2/rejection-remark', { query: { appointmentId: car.appointment_id, section: 'carDetails', part: 'x' } })).statusCode).toBe(401);
      const res = await h.call('GET', '/api/v2/rejection-remark', { token: await h.token(OTHER), query: { appointmentId: car.appointment_id, section: 'carDetails', part: 'x' } });
      expect(res.statusCode).toBe(403);
    });

    it('the seed holds remark history for rejected inspections', async () => {
      const { rows } = await h.db().query<{ appointment_id: string; section: string; part: string }>('SELECT appointment_id, section, part FROM remarks WHERE car_id <> $1 LIMIT 1', [car.car_id]);
      expect(rows.length).toBe(1);
      const { appointment_id: appointmentId, section, part } = rows[0];
      const res = await h.call('GET', '/api/v2/rejection-remark', { token: await h.token(REVIEWER), query: { appointmentId, section, part } });
      expect(res.json().detail[0]).toMatchObject({ type: 'text', role: 'qc', remark: expect.any(String) });
    });

    it('GET api/comments?section lists {comment, id, status, rank, type} by rank', async () => {
      const res = await h.call('GET', '/api/api/comments', { token: await h.token(REVIEWER), query: { utm_source: 'qc', section: 'carDetails' } });
      expect(res.statusCode).toBe(200);
      const list = res.json().detail as { comment: string; id: number; status: string; rank: number; type: string }[];
      expect(list.length).toBeGreaterThanOrEqual(10);
      expect(list[0]).toEqual({ comment: expect.any(String), id: expect.any(Number), status: 'Active', rank: expect.any(Number), type: 'text' });
      expect(list.map((c) => c.rank)).toEqual([...list.map((c) => c.rank)].sort((a, b) => a - b));
      expect(list.some((c) => c.status === 'Inactive')).toBe(true);
      const interior = (await h.call('GET', '/api/api/comments', { token: await h.token(REVIEWER), query: { section: 'electricalsInterior' } })).json().detail;
      expect(interior.map((c: { comment: string }) => c.comment)).toContain('Horn not working');
      expect((await h.call('GET', '/api/api/comments', { token: await h.token(REVIEWER), query: { section: 'summary' } })).statusCode).toBe(400);
      expect((await h.call('GET', '/api/api/comments', { token: await h.token(REVIEWER) })).statusCode).toBe(400);
      expect((await h.call('GET', '/api/api/comments', { token: await h.token(OTHER), query: { section: 'carDetails' } })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/api/comments', { query: { section: 'carDetails' } })).statusCode).toBe(401);
    });
  });
}
