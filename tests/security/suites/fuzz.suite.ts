import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import demoUsers from '../../../src/config/demo-users.json' with { type: 'json' };
import { roleMayCall, type Area } from '../../../server/access.ts';
import type { ApiRoute } from '../../../server/app.ts';
import type { Harness } from '../../server/support/harness.ts';
import { multipart } from '../../server/support/extras.ts';
import { figures } from '../figures.ts';
import { rawSchemaText } from './plain-text.ts';
import { concretePath } from './matrix.suite.ts';

/** Inputs per endpoint (issue 11: at least 200). */
const RUNS = 200;

const nasty = fc.oneof(
  fc.constantFrom('Infinity', '-Infinity', 'NaN', '1e999', '-1', '0', '2147483648', '9999-99-99', '2024-02-30', 'true', 'null', '[]', '{}'),
  fc.constantFrom("' OR 1=1 --", "'; DROP TABLE inspections; --", '$1', '%00', '../../etc/passwd', '..%2F..%2Fserver%2Fmain.ts', '<script>alert(1)</script>'),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000b', '\u202e\ud83d\ude00\u0301', '\ud800'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.nat({ max: 20 }).map((n) => 'x'.repeat(n * 5000)),
);
const nastyKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'carId', 'appointmentId', 'page', 'a\u0000'), fc.string({ maxLength: 12 }));
const deep = fc.integer({ min: 30, max: 400 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);
const json = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.dictionary(nastyKey, fc.oneof(nasty, fc.integer(), fc.double(), fc.constant(null)), { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  deep,
  fc.constantFrom('{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '{', '[1,2', '"\\u0000"', 'null'),
);

/** One malformed request: wrong types, huge/NUL/unicode/SQL-ish text, reserved keys, deep nesting, wrong content types, path traversal, mislabelled uploads. */
const request = fc.record({
  param: fc.oneof(nasty, fc.constantFrom('1', '0', '-5', '99999999999')),
  query: fc.dictionary(nastyKey, fc.oneof(nasty, fc.array(nasty, { maxLength: 3 })), { maxKeys: 4 }),
  body: fc.oneof(
    json.map((payload) => ({ payload, type: 'application/json' })),
    fc.tuple(nasty, fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png')).map(([payload, type]) => ({ payload, type })),
    fc.tuple(fc.dictionary(nastyKey, nasty, { maxKeys: 4 }), fc.constantFrom('x.png', '../../x.png', 'a.webm', 'x.pdf'), nasty).map(([fields, filename, content]) => {
      const form = multipart(fields, { field: 'imageFile', filename, contentType: 'image/png', data: Buffer.from(content) });
      return { payload: form.payload, type: form.headers['content-type'] };
    }),
  ),
});

/** What a malformed call must leave as it was: every row of the tables the API writes, summed up. */
async function state(h: Harness): Promise<string> {
  const { rows } = await h.db().query<{ t: string }>(
    "SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'sessions', 'audit_log') ORDER BY 1",
  );
  const parts: string[] = [];
  for (const { t } of rows) {
    const r = await h.db().query<{ n: number; s: string | null }>(`SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS s FROM "${t}" x`);
    parts.push(`${t}:${r.rows[0].n}:${r.rows[0].s}`);
  }
  const audit = await h.db().query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action NOT IN ('login', 'logout')");
  return `${parts.join(',')};audit:${audit.rows[0].n}`;
}

/** A path segment; a lone surrogate cannot be encoded, so it goes as the invalid UTF-8 bytes it would be. */
function encodeParam(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Calls whose answer legitimately changes state without any input (sign-out) or that stream forever. */
const SKIP = /qcLogout|\/live\//;

export function fuzzSuite(h: Harness) {
  describe(`fuzzer: ${RUNS} malformed inputs per endpoint, no 5xx, no schema text in a refusal and no changed state (issue 11)`, () => {
    const tokens = new Map<string, string>();
    beforeAll(async () => {
      await h.reset(4);
      for (const u of demoUsers.users) tokens.set(u.role, await h.token(u.email));
    });

    const caller = (r: ApiRoute) => (r.access === 'public' ? tokens.get('qc')! : [...tokens].find(([role]) => roleMayCall(role, r.access as Area))?.[1]);

    it('every endpoint of the route table', { timeout: 600_000 }, async () => {
      const routes = h.app().apiRoutes.filter((r) => !SKIP.test(r.url));
      let sent = 0;
      let fiveHundreds = 0;
      const rawTexts: string[] = [];
      for (const r of routes) {
        const token = caller(r);
        if (!token) continue;
        const before = await state(h);
        await fc.assert(
          fc.asyncProperty(request, async (req) => {
            const url = r.url.includes(':') ? r.url.replace(/:(\w+)/g, () => encodeParam(req.param)) : concretePath(r.url);
            const res = await h.app().inject({
              method: r.method as 'POST',
              url,
              query: { utm_source: 'qc', ...req.query } as Record<string, string>,
              headers: { authorization: `Bearer ${token}`, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { 'content-type': req.body.type }) },
              ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: req.body.payload }),
            });
            sent++;
            if (res.statusCode >= 500) fiveHundreds++;
            const raw = rawSchemaText(res.statusCode, res.body);
            if (raw) rawTexts.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            return res.statusCode < 500;
          }),
          { numRuns: RUNS, seed: 11, endOnFailure: true },
        );
        expect(await state(h), `${r.method} ${r.url} changed state`).toBe(before);
      }
      figures.add('fuzzer: endpoints', routes.length);
      figures.add('fuzzer: inputs sent', sent);
      figures.add('fuzzer: 5xx seen', fiveHundreds);
      figures.add('fuzzer: 4xx with schema text', rawTexts.length);
      expect(rawTexts).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(routes.length * RUNS * 0.9);
    });
  });
}
