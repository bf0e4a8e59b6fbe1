import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession, findUserByEmail, hashToken } from '../../../server/auth.ts';
import type { Db } from '../../../server/db.ts';
import { ACCOUNT_INACTIVE } from '../../../server/services/session.ts';
import { SessionCache } from '../../../server/session-cache.ts';
import { REVIEWER, REVIEWER2, type Harness } from '../../server/support/harness.ts';
import { parseOrigins } from '../../../server/content-origins.ts';

const INACTIVE = 'joseph.fernandes@qc.example';
const signIn = (h: Harness, email: string, app = h.app()) =>
  app.inject({ method: 'POST', url: '/api/oauth', query: { utm_source: 'qc' }, payload: { grant_type: 'password', loginUserName: email } });
const me = (h: Harness, token: string) => h.call('GET', '/api/v2/api/getLoginDetails', { token, query: { utm_source: 'qc' } });

export function authSuite(h: Harness) {
  describe('sign-in and sessions (issue 11 defects 2, 6)', () => {
    beforeAll(() => h.reset(4));

    it('a seeded inactive account is refused at sign-in with a plain sentence', async () => {
      const res = await signIn(h, INACTIVE);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Forbidden', detail: ACCOUNT_INACTIVE });
    });

    it('the tokens of an account stop working once it is made inactive, and work again when it is active', async () => {
      const token = (await signIn(h, REVIEWER2)).json().access_token as string;
      expect((await me(h, token)).statusCode).toBe(200);
      await h.db().query('UPDATE users SET is_active = false WHERE email = $1', [REVIEWER2]);
      // Made inactive by hand, outside the app: the commit's notice (migration 161) drops the session cache's entry
      // as it arrives, within the cache's few seconds at most.
      await vi.waitFor(async () => expect((await me(h, token)).statusCode).toBe(401), { timeout: 6_000, interval: 20 });
      expect((await h.call('GET', '/api/v2/inspection-data-list', { token, query: { utm_source: 'qc' } })).statusCode).toBe(401);
      await h.db().query('UPDATE users SET is_active = true WHERE email = $1', [REVIEWER2]);
      expect((await me(h, token)).statusCode).toBe(200);
    });

    it('sign out everywhere ends every session of the caller and no one else\'s', async () => {
      const a = (await signIn(h, REVIEWER)).json().access_token as string;
      const b = (await signIn(h, REVIEWER)).json().access_token as string;
      const other = (await signIn(h, REVIEWER2)).json().access_token as string;
      const res = await h.call('POST', '/api/v2/api/qcLogoutAll', { token: a, query: { utm_source: 'qc' }, body: {} });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail.revoked).toBeGreaterThanOrEqual(2);
      expect((await me(h, a)).statusCode).toBe(401);
      expect((await me(h, b)).statusCode).toBe(401);
      expect((await me(h, other)).statusCode).toBe(200);
    });

    describe('the session cache (server/session-cache.ts) keeps revocation exact', () => {
      const signedIn = async (email: string) => (await signIn(h, email)).json().access_token as string;
      const meOn = (app: Awaited<ReturnType<Harness['buildWith']>>, token: string) =>
        app.inject({ method: 'GET', url: '/api/v2/api/getLoginDetails', query: { utm_source: 'qc' }, headers: { authorization: `Bearer ${token}` } });
      const logout = (token: string, all = false) => h.call('POST', `/api/v2/api/${all ? 'qcLogoutAll' : 'qcLogout'}`, { token, query: { utm_source: 'qc' }, body: {} });

      it('a sign-out refuses the token in this app at once, and in a second app on the same database once the notice arrives', async () => {
        // A long TTL: only the sign-out itself or its notice can end the cached sessions here.
        const other = await h.buildWith({ sessionCache: { ttlMs: 600_000 } });
        const token = await signedIn(REVIEWER);
        const kept = await signedIn(REVIEWER);
        for (const t of [token, kept]) {
          expect((await me(h, t)).statusCode).toBe(200);
          expect((await meOn(other, t)).statusCode).toBe(200);
        }
        expect(other.sessions.size).toBeGreaterThanOrEqual(2);
        expect((await logout(token)).statusCode).toBe(200);
        expect((await me(h, token)).statusCode).toBe(401);
        await vi.waitFor(async () => expect((await meOn(other, token)).statusCode).toBe(401), { timeout: 5_000, interval: 20 });
        // The other session of the account is untouched.
        expect((await meOn(other, kept)).statusCode).toBe(200);
        expect((await me(h, kept)).statusCode).toBe(200);
        // Sign out everywhere through the second app: every session of the account, in both apps.
        const third = await signedIn(REVIEWER);
        expect((await me(h, third)).statusCode).toBe(200);
        const all = await other.inject({ method: 'POST', url: '/api/v2/api/qcLogoutAll', query: { utm_source: 'qc' }, headers: { authorization: `Bearer ${kept}` }, payload: {} });
        expect(all.statusCode, all.body).toBe(200);
        expect((await meOn(other, kept)).statusCode).toBe(401);
        await vi.waitFor(async () => {
          expect((await me(h, kept)).statusCode).toBe(401);
          expect((await me(h, third)).statusCode).toBe(401);
        }, { timeout: 5_000, interval: 20 });
      });

      it('an expired session never passes, however long the cache would keep it', async () => {
        const cache = new SessionCache(h.db(), { ttlMs: 600_000 });
        await cache.start();
        try {
          const user = (await findUserByEmail(h.db(), REVIEWER))!;
          const lifetimeMs = 1_500;
          const hash = hashToken(await createSession(h.db(), user.id, lifetimeMs));
          // The session was written before this instant, so it has expired lifetimeMs after it.
          const written = performance.now();
          expect((await cache.user(hash))?.email).toBe(REVIEWER);
          expect(cache.size).toBe(1);
          while (performance.now() < written + lifetimeMs + 50) await new Promise((r) => setTimeout(r, 50));
          expect(await cache.user(hash)).toBeNull();
        } finally {
          await cache.stop();
        }
      });

      it('without a notice (triggers off) a revoked session passes no longer than the TTL', async () => {
        const ttlMs = 400;
        const cache = new SessionCache(h.db(), { ttlMs });
        await cache.start();
        const user = (await findUserByEmail(h.db(), REVIEWER))!;
        const hash = hashToken(await createSession(h.db(), user.id, 3_600_000));
        await h.db().exec('ALTER TABLE sessions DISABLE TRIGGER sessions_change_notice');
        try {
          const readStarted = performance.now();
          expect((await cache.user(hash))?.email).toBe(REVIEWER);
          await h.db().query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hash]);
          while (performance.now() < readStarted + ttlMs + 20) await new Promise((r) => setTimeout(r, 20));
          expect(await cache.user(hash)).toBeNull();
        } finally {
          await h.db().exec('ALTER TABLE sessions ENABLE TRIGGER sessions_change_notice');
          await cache.stop();
        }
      });

      it('a read under way while a session is revoked is answered but not kept', async () => {
        const user = (await findUserByEmail(h.db(), REVIEWER))!;
        const hash = hashToken(await createSession(h.db(), user.id, 3_600_000));
        // The guard's read completes before the revocation and is held back until after it.
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        let reads = 0;
        const slow: Db = {
          ...h.db(),
          query: async (sql, params) => {
            const result = await h.db().query(sql, params);
            if (sql.includes('FROM sessions s JOIN users u') && reads++ === 0) await held;
            return result as never;
          },
        };
        const cache = new SessionCache(slow, { ttlMs: 600_000 });
        await cache.start();
        try {
          const pending = cache.user(hash);
          await vi.waitFor(() => expect(reads).toBe(1));
          await cache.revoke(hash);
          release();
          expect((await pending)?.email).toBe(REVIEWER);
          expect(cache.size).toBe(0);
          expect(await cache.user(hash)).toBeNull();
        } finally {
          await cache.stop();
        }
      });
    });

    it('sign-in is rate limited per address and account: past the limit 429 with retry-after, other accounts unaffected', async () => {
      const app = await h.buildWith({ signInLimit: { max: 3, timeWindowMs: 60_000 } });
      for (let i = 0; i < 3; i++) expect((await signIn(h, 'nobody@qc.example', app)).statusCode).toBe(403);
      const limited = await signIn(h, 'nobody@qc.example', app);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json()).toMatchObject({ message: expect.any(String), detail: expect.any(String) });
      expect((await signIn(h, REVIEWER, app)).statusCode).toBe(200);
    });

    it('every answer carries the security headers; the CSP allows no inline script', async () => {
      for (const url of ['/api/v2/api/getLoginDetails', '/uploads/none.png', '/api/docs/openapi.json']) {
        const res = await h.app().inject({ method: 'GET', url });
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'none'");
        const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
        expect(scriptSrc).toContain("'self'");
        expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
        expect(res.headers['strict-transport-security'], 'no HSTS over plain http').toBeUndefined();
      }
      const tls = await h.buildWith({ publicUrl: 'https://qc.example.com' });
      expect((await tls.inject({ method: 'GET', url: '/api/docs/openapi.json' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });

    it("CONTENT_ORIGINS (another backend's API and image hosts) are allowed for calls, images and videos, nothing else; a value that is not an origin is refused", async () => {
      const origins = parseOrigins(' https://api.example.com , https://img.example.com/');
      expect(origins).toEqual(['https://api.example.com', 'https://img.example.com']);
      const app = await h.buildWith({ contentOrigins: origins });
      const csp = String((await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).headers['content-security-policy']);
      for (const directive of ['img-src', 'media-src', 'connect-src']) expect(new RegExp(`${directive} [^;]*https://img\\.example\\.com`).test(csp), directive).toBe(true);
      expect(/script-src [^;]*example\.com/.test(csp)).toBe(false);
      expect(parseOrigins(undefined)).toEqual([]);
      for (const bad of ['*', 'https://*.example.com', 'https://img.example.com/path', 'javascript:alert(1)', 'img.example.com']) expect(() => parseOrigins(bad), bad).toThrow(/is not an origin/);
    });
  });
}
