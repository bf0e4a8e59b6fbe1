import { beforeAll, describe, expect, it } from 'vitest';
import demoUsers from '../../../src/config/demo-users.json' with { type: 'json' };
import { AREA_PATHS, roleMayCall, type Area } from '../../../server/access.ts';
import type { ApiRoute } from '../../../server/app.ts';
import { createSession, findUserByEmail } from '../../../server/auth.ts';
import type { Harness } from '../../server/support/harness.ts';
import { figures } from '../figures.ts';
import { rawSchemaText } from './plain-text.ts';

/** A path of the route table with its parameters filled in (`:id` → 1, any other → a plausible id). */
export const concretePath = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x1'));

/** Calls that end sessions run last so they do not sign the matrix's tokens out mid-way. */
const ENDS_SESSIONS = /qcLogout/;
export const orderedRoutes = (routes: ApiRoute[]) => [...routes.filter((r) => !ENDS_SESSIONS.test(r.url)), ...routes.filter((r) => ENDS_SESSIONS.test(r.url))];
const isStream = (r: ApiRoute) => r.url.includes('/live/');
const GUARD_403 = /may not use this call/;

export function matrixSuite(h: Harness) {
  describe('role × call matrix from the route table (issue 11, SECURITY.md)', () => {
    const tokens = new Map<string, string>();
    let bad: Record<'none' | 'garbage' | 'expired' | 'signed-out', string | null>;
    beforeAll(async () => {
      await h.reset(4);
      for (const u of demoUsers.users) tokens.set(u.email, await h.token(u.email));
      const me = (await findUserByEmail(h.db(), demoUsers.users[0].email))!;
      const out = (await h.app().inject({ method: 'POST', url: '/api/oauth', payload: { grant_type: 'password', loginUserName: me.email } })).json().access_token;
      await h.app().inject({ method: 'POST', url: '/api/v2/api/qcLogout', headers: { authorization: `Bearer ${out}` }, payload: {} });
      bad = { none: null, garbage: 'garbage-token', expired: await createSession(h.db(), me.id, -60_000), 'signed-out': out };
    });

    it('every registered API route declares an area of access.ts or public', () => {
      const routes = h.app().apiRoutes;
      expect(routes.length).toBeGreaterThan(50);
      for (const r of routes) expect(r.access === 'public' || Object.hasOwn(AREA_PATHS, r.access), `${r.method} ${r.url}`).toBe(true);
    });

    it('without a valid token (none, garbage, expired, signed out) every guarded call answers 401', { timeout: 120_000 }, async () => {
      let calls = 0;
      for (const r of h.app().apiRoutes.filter((r) => r.access !== 'public')) {
        for (const [name, token] of Object.entries(bad)) {
          const res = await h.app().inject({ method: r.method as 'GET', url: concretePath(r.url), query: { utm_source: 'qc' }, headers: token ? { authorization: `Bearer ${token}` } : {} });
          expect(res.statusCode, `${r.method} ${r.url} with ${name} token`).toBe(401);
          expect(rawSchemaText(res.statusCode, res.body), `${r.method} ${r.url} with ${name} token`).toBeNull();
          calls++;
        }
      }
      figures.add('matrix: calls without a valid token', calls);
    });

    it('each demo role gets 403 exactly where access.ts says no, never a 5xx, and every refusal reads plainly (no schema text)', { timeout: 120_000 }, async () => {
      let calls = 0;
      let plain = 0;
      for (const r of orderedRoutes(h.app().apiRoutes)) {
        for (const u of demoUsers.users) {
          const allowed = r.access === 'public' || roleMayCall(u.role, r.access as Area);
          if (allowed && isStream(r)) continue;
          const res = await h.app().inject({
            method: r.method as 'GET', url: concretePath(r.url), query: { utm_source: 'qc' }, headers: { authorization: `Bearer ${tokens.get(u.email)}` },
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
          });
          const where = `${u.role} ${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(rawSchemaText(res.statusCode, res.body), where).toBeNull();
          if (res.statusCode >= 400) plain++;
          if (allowed) {
            expect(res.statusCode === 403 && GUARD_403.test(res.body), where).toBe(false);
            if (!ENDS_SESSIONS.test(r.url)) expect(res.statusCode, where).not.toBe(401);
          } else {
            expect(res.statusCode, where).toBe(403);
          }
          calls++;
        }
      }
      figures.add('matrix: role × call checks', calls);
      figures.add('matrix: 4xx answers checked for schema text', plain);
      figures.add('matrix: registered API calls', h.app().apiRoutes.length);
      figures.add('matrix: demo roles', new Set(demoUsers.users.map((u) => u.role)).size);
    });
  });
}
