import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignedInspection, multipart, postForm, resetWithExtras } from '../../server/support/extras.ts';
import { REVIEWER, submission, type Harness } from '../../server/support/harness.ts';

/** A submission whose rejectedFields nest `depth` levels of subParts, as JSON text (JSON.stringify would overflow). */
function nestedSubmission(carId: number, version: number, depth: number): string {
  const open = '{"title":"n","message":"","isValidate":0,"subParts":{"n":';
  const inner = `${open.repeat(depth)}{"title":"leaf","message":"","isValidate":0}${'}}'.repeat(depth)}`;
  return JSON.stringify(submission(carId, version)).replace('"rejectedFields":{}', `"rejectedFields":{"registrationNumber":${inner}}`);
}

export function badInputSuite(h: Harness) {
  describe('input outside the contract is a 4xx with a clear message, never a 500 (issue 11 defect 3)', () => {
    let car: { car_id: number; version: number; appointment_id: string };
    beforeAll(async () => {
      await resetWithExtras(h, 8);
      car = await assignedInspection(h, REVIEWER);
    });

    it.each([
      ['page', 'Infinity'], ['page', '-Infinity'], ['page', 'NaN'], ['page', '1e999'], ['records', '1e999'], ['records', 'Infinity'],
      ['endDate', '9999-99-99'], ['endDate', '2024-02-30'], ['startDate', '2024-13-01'], ['appointmentId', 'a\u0000b'], ['user', 'a\u0000@b.c'],
      ['utm_source', 'qc\u0000'],
    ])('list with %s=%j answers 400', async (name, value) => {
      const res = await h.call('GET', '/api/v2/inspection-data-list', { token: await h.token(REVIEWER), query: { utm_source: 'qc', [name]: value } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), detail: expect.any(String) });
    });

    it.each([
      ['an id past the router\'s parameter length', `/api/v2/inspection/${'1'.repeat(5000)}`, 414, 'A value in the address of this request is too long'],
      ['a path that does not decode', '/api/v2/inspection/%E0%A4%A', 400, 'The address of this request is not valid'],
    ])('%s answers in a sentence of its own, not an echo of the address', async (_what, url, status, detail) => {
      const res = await h.app().inject({ method: 'GET', url, query: { utm_source: 'qc' }, headers: { authorization: `Bearer ${await h.token(REVIEWER)}` } });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message: expect.any(String), detail });
      expect(res.body.length).toBeLessThan(200);
    });

    /** What the server answers to `request` sent as raw bytes on a real socket (inject has no header limit). */
    async function rawAnswer(request: string): Promise<{ head: string[]; body: string }> {
      const app = await h.buildWith({});
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { port } = app.server.address() as { port: number };
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(request));
          let text = '';
          socket.on('data', (chunk) => (text += chunk));
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
        });
        const [head, body] = answer.split('\r\n\r\n');
        return { head: head.split('\r\n'), body };
      } finally {
        await app.close();
      }
    }

    it('an API address past Node\'s header limit answers 431 in the API\'s shape and words', async () => {
      const { head, body } = await rawAnswer(`GET /api/v2/inspection/${'1'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(head[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(head).toContain('Content-Type: application/json; charset=utf-8');
      expect(JSON.parse(body)).toEqual({ message: 'Request Header Fields Too Large', detail: 'The address or the headers of this request are too long' });
    });

    it('a page address past the limit (a browser opening it) answers a small page in the same words, not JSON', async () => {
      const { head, body } = await rawAnswer(`GET /review/${'1'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n`);
      expect(head[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(head).toContain('Content-Type: text/html; charset=utf-8');
      expect(body).toContain('<p>The address or the headers of this request are too long.</p>');
      expect(body).toContain('<a href="/">Open the QC panel</a>');
      expect(body).not.toContain('{');
      expect(body).not.toContain('1111');
    });

    it.each(['/review/%ZZ', '/inspection/%E0%A4%A'])('a page address that does not decode (%s, a browser opening it) answers a small page in words, not JSON', async (url) => {
      const res = await h.app().inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<p>The address of this request is not valid.</p>');
      expect(res.body).toContain('<a href="/">Open the QC panel</a>');
      expect(res.body).not.toContain('{');
    });

    it('a refused request Node cannot read a request line of answers JSON, never the page', async () => {
      const { head, body } = await rawAnswer('NOT HTTP AT ALL\r\n\r\n');
      expect(head[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(body)).toEqual({ message: 'Bad Request', detail: 'The request could not be read' });
    });

    it("a JSON body with a __proto__ key answers 400 in the API's words, not the parser's", async () => {
      const res = await h.app().inject({
        method: 'POST',
        url: '/api/v2/variant-suggestion-parameter',
        query: { utm_source: 'qc' },
        headers: { authorization: `Bearer ${await h.token(REVIEWER)}`, 'content-type': 'application/json' },
        payload: '{"name":"Sunroof","type":"dropDown","value":["Yes"],"image":[],"status":"Active","__proto__":{"x":1}}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Bad Request', detail: 'The name __proto__ is not allowed as a field.' });
      const list = await h.app().inject({ method: 'GET', url: '/api/v2/variant-suggestion-parameter', query: { utm_source: 'qc' }, headers: { authorization: `Bearer ${await h.token(REVIEWER)}` } });
      expect(list.json().detail.map((p: { name: string }) => p.name)).not.toContain('Sunroof');
    });

    it('a NUL byte in a multipart field answers 400 and stores nothing', async () => {
      const res = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), {
        carId: car.car_id, section: 'carDetails', part: 'registrationNumber', remarkType: 'text', remark: 'a\u0000b',
        type: 'rejectionRemark', role: 'qc', inspectionStatus: 'smReview', user: REVIEWER,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(/NUL/);
    });

    it.each(['__proto__', 'constructor', 'hasOwnProperty', 'prototype'])('a multipart field named %s answers 400 in plain words (not the parser\'s text) and stores nothing', async (name) => {
      const remarks = async () => (await h.db().query('SELECT count(*)::int AS n FROM remarks WHERE car_id = $1', [car.car_id])).rows[0].n;
      const before = await remarks();
      const fields = JSON.parse(JSON.stringify({ carId: car.car_id, section: 'carDetails', part: 'registrationNumber', remarkType: 'text', remark: 'fine', type: 'rejectionRemark', role: 'qc', inspectionStatus: 'smReview', user: REVIEWER }));
      Object.defineProperty(fields, name, { value: 'x', enumerable: true });
      const res = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(/^The form (has a field with a name that is not allowed|field name "prototype" is not allowed)/);
      expect(res.body).not.toMatch(/prototype property|Malformed/);
      expect(await remarks()).toBe(before);
    });

    it('a multipart body cut off midway answers 400 in plain words', async () => {
      const { payload, headers } = multipart({ carId: car.car_id, remark: 'fine' });
      const res = await h.app().inject({
        method: 'POST', url: '/api/v2/rejection-remark', query: { utm_source: 'qc' },
        headers: { ...headers, authorization: `Bearer ${await h.token(REVIEWER)}` }, payload: payload.subarray(0, payload.length - 20),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toBe('The form could not be read: it is incomplete or malformed.');
    });

    it.each([1000, 3000, 20])('a submission nested %i deep is refused with 400 and the inspection stays as it was', async (depth) => {
      const before = await h.db().query('SELECT status, detail FROM inspections WHERE car_id = $1', [car.car_id]);
      const res = await h.app().inject({
        method: 'PATCH', url: `/api/qc-section-report-submit/${car.car_id}`, query: { utm_source: 'qc' },
        headers: { authorization: `Bearer ${await h.token(REVIEWER)}`, 'content-type': 'application/json' },
        payload: nestedSubmission(car.car_id, car.version, depth),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(/nested too deeply/);
      expect((await h.db().query('SELECT status, detail FROM inspections WHERE car_id = $1', [car.car_id])).rows).toEqual(before.rows);
    });

    it('a reviewStartTime with an impossible calendar date is refused', async () => {
      const payload = { ...submission(car.car_id, car.version), reviewStartTime: '2026-02-31T10:00:00.000Z' };
      const res = await h.call('PATCH', `/api/qc-section-report-submit/${car.car_id}`, { token: await h.token(REVIEWER), query: { utm_source: 'qc' }, body: payload });
      expect(res.statusCode, res.body).toBe(400);
    });

    it('a JSON body over the route limit answers 413', async () => {
      const payload = { ...submission(car.car_id, car.version), otherComments: { title: 'x', lines: Array.from({ length: 2000 }, () => 'x'.repeat(999)) } };
      const res = await h.call('PATCH', `/api/qc-section-report-submit/${car.car_id}`, { token: await h.token(REVIEWER), query: { utm_source: 'qc' }, body: payload });
      expect(res.statusCode).toBe(413);
    });
  });
}
