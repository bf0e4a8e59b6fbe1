import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_INACTIVE } from '../../../server/services/session.ts';
import { REVIEWER, REVIEWER2, type Harness } from '../../server/support/harness.ts';

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
      expect((await me(h, token)).statusCode).toBe(401);
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
  });
}
