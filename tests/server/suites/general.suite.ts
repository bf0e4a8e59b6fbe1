import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/migrate.ts';
import { REVIEWER, type Harness } from '../support/harness.ts';

export function generalSuite(h: Harness) {
  describe('API-wide rules', () => {
    beforeAll(() => h.reset(10));

    it('serves the OpenAPI document built from the route schemas at /api/docs/openapi.json', async () => {
      const res = await h.app().inject({ method: 'GET', url: '/api/docs/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v2/inspection-data-list', '/api/qc-section-report-submit/{id}', '/api/oauth']));
      expect(doc.paths['/api/qc-section-report-submit/{id}'].patch.requestBody.content['application/json'].schema.required).toContain('sections');
    });

    it('every guarded call answers 401 {message, detail} without a token', async () => {
      const doc = (await h.app().inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>();
      let checked = 0;
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          if (Array.isArray(op.security) && op.security.length === 0) continue;
          const url = path.replace('{id}', '1000001').replace('{appointmentId}', '1000000001');
          const res = await h.app().inject({ method: method.toUpperCase() as 'GET', url, payload: method === 'get' ? undefined : {} });
          expect(res.statusCode, `${method} ${path}`).toBe(401);
          expect(res.json()).toEqual({ message: 'Unauthorized', detail: expect.any(String) });
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(20);
    });

    it('migrations are recorded and applied once', async () => {
      expect(await migrate(h.db())).toEqual([]);
      const { rows } = await h.db().query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
      expect(rows[0].name).toBe('001_init.sql');
    });

    it('malformed JSON is a 400 with a message, never a 500', async () => {
      const res = await h.app().inject({ method: 'POST', url: '/api/oauth', headers: { 'content-type': 'application/json' }, payload: '{"grant_type":' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Bad Request', detail: 'The request body is not valid JSON' });
    });

    it('a JSON body with a __proto__ or constructor.prototype key is refused naming the key; an empty body says so', async () => {
      const post = (payload: string) => h.app().inject({ method: 'POST', url: '/api/oauth', headers: { 'content-type': 'application/json' }, payload });
      for (const [payload, detail] of [
        ['{"grant_type":"password","__proto__":{"isAdmin":true}}', 'The name __proto__ is not allowed as a field.'],
        ['{"a":[{"b":{"__proto__":1}}]}', 'The name __proto__ is not allowed as a field.'],
        ['{"constructor":{"prototype":{"isAdmin":true}}}', 'The name constructor is not allowed as a field.'],
        ['{"__proto__":1', 'The request body is not valid JSON'],
        ['', 'The request body is empty'],
      ]) {
        const res = await post(payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.json(), payload).toEqual({ message: 'Bad Request', detail });
      }
      expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    });

    it('unknown API paths answer 404 JSON', async () => {
      const res = await h.call('GET', '/api/v2/nothing-here', { token: await h.token(REVIEWER) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Not Found' });
    });

    it('serves the built app with an index.html fallback for non-API paths', async () => {
      const dist = mkdtempSync(join(tmpdir(), 'qc-dist-'));
      try {
        writeFileSync(join(dist, 'index.html'), '<!doctype html><title>QC</title>');
        writeFileSync(join(dist, 'app.js'), 'console.log(1)');
        const app = await h.buildWith({ staticDir: dist });
        const deep = await app.inject({ method: 'GET', url: '/review/1000001' });
        expect(deep.statusCode).toBe(200);
        expect(deep.body).toContain('<title>QC</title>');
        expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toContain('console.log');
        expect((await app.inject({ method: 'GET', url: '/api/v2/unknown' })).statusCode).toBe(404);
      } finally {
        rmSync(dist, { recursive: true, force: true });
      }
    });
  });
}
