import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../server/auth.ts';
import { NO_QC_ROLE } from '../../../server/services/session.ts';
import { ADMIN, OTHER, REVIEWER, type Harness } from '../support/harness.ts';

function keyPair(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

function idToken(privateKey: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = enc({ alg: 'RS256', kid, typ: 'JWT' });
  const body = enc(claims);
  return `${head}.${body}.${sign('RSA-SHA256', Buffer.from(`${head}.${body}`), privateKey).toString('base64url')}`;
}

export function sessionSuite(h: Harness) {
  describe('session (spec 000 §7 Session)', () => {
    beforeAll(() => h.reset(10));

    it('POST oauth (dev) signs a seeded user in with the login data of §3', async () => {
      const res = await h.call('POST', '/api/oauth', { body: { grant_type: 'password', loginUserName: REVIEWER }, query: { utm_source: 'qc' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role: 'qc', email: REVIEWER, name: 'Asha Reviewer', isExcludedUser: false, access_token: expect.any(String) });
      // 002 §3 'Stored login data' names.
      expect(res.json()).toMatchObject({ imageHostUrl: expect.any(String), imageResizingQueryString: expect.any(String), videoHostUrl: expect.any(String) });
    });

    it('oauth refuses a non-company domain with the Not a Valid message (§8)', async () => {
      const res = await h.call('POST', '/api/oauth', { body: { grant_type: 'password', loginUserName: 'someone@gmail.com' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/^Not a Valid/);
    });

    it("oauth refuses a company user without a QC role: 'No valid QC role assigned'", async () => {
      for (const email of ['no.role@qc.example', 'stranger@qc.example']) {
        const res = await h.call('POST', '/api/oauth', { body: { grant_type: 'password', loginUserName: email } });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ detail: NO_QC_ROLE });
      }
    });

    it('oauth rejects malformed bodies with 400 and a plain sentence naming the field', async () => {
      const cases: [object, string][] = [
        [{}, 'Grant type is missing.'],
        [{ grant_type: 'token', loginUserName: REVIEWER }, 'Grant type is not one of the allowed choices.'],
        [{ grant_type: 'password', loginUserName: 'not-an-email' }, 'Login user name has the wrong format.'],
      ];
      for (const [body, detail] of cases) {
        const res = await h.call('POST', '/api/oauth', { body });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Bad Request', detail });
      }
    });

    it('GET v2/api/getLoginDetails answers the caller; 401 without, with a garbage or an expired token', async () => {
      const token = await h.token(ADMIN);
      const res = await h.call('GET', '/api/v2/api/getLoginDetails', { token, query: { utm_source: 'qc' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().detail).toMatchObject({ role: 'SM-QcAdmin', email: ADMIN, firebaseToken: expect.any(String) });
      expect((await h.call('GET', '/api/v2/api/getLoginDetails')).statusCode).toBe(401);
      expect((await h.call('GET', '/api/v2/api/getLoginDetails', { token: 'garbage' })).statusCode).toBe(401);
      const { rows } = await h.db().query<{ id: number }>('SELECT id FROM users WHERE email = $1', [ADMIN]);
      const expired = await createSession(h.db(), rows[0].id, -1000);
      const res401 = await h.call('GET', '/api/v2/api/getLoginDetails', { token: expired });
      expect(res401.statusCode).toBe(401);
      expect(res401.json()).toMatchObject({ message: 'Unauthorized', detail: expect.any(String) });
    });

    it('a session of a user whose role was removed is refused with 403', async () => {
      const { rows } = await h.db().query<{ id: number }>("SELECT id FROM users WHERE email = 'no.role@qc.example'");
      const token = await createSession(h.db(), rows[0].id, 60_000);
      expect((await h.call('GET', '/api/v2/api/getLoginDetails', { token })).statusCode).toBe(403);
    });

    it('POST v2/api/qcLogout revokes the token: the next call is 401', async () => {
      const login = await h.call('POST', '/api/oauth', { body: { grant_type: 'password', loginUserName: OTHER } });
      const token = login.json().access_token as string;
      const out = await h.call('POST', '/api/v2/api/qcLogout', { token, body: { email: OTHER, access_token: token } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ detail: 'ok' });
      expect((await h.call('GET', '/api/v2/api/getLoginDetails', { token })).statusCode).toBe(401);
      expect((await h.call('POST', '/api/v2/api/qcLogout', { token, body: { email: OTHER } })).statusCode).toBe(401);
    });

    it('qcLogout rejects a malformed body with 400', async () => {
      const token = await h.token(REVIEWER);
      const res = await h.call('POST', '/api/v2/api/qcLogout', { token, body: { email: 'nope' } });
      expect(res.statusCode).toBe(400);
    });

    it('GET v2/api/getAllDispositions: labels 0 Alpha, 4 Beta', async () => {
      const res = await h.call('GET', '/api/v2/api/getAllDispositions', { token: await h.token(OTHER) });
      expect(res.statusCode).toBe(200);
      expect(res.json().detail).toMatchObject([{ id: 0, label: 'Alpha' }, { id: 4, label: 'Beta' }]);
    });

    describe('Google sign-in (AUTH_MODE=google)', () => {
      const CLIENT = 'client-123.apps.googleusercontent.com';
      const good = keyPair('k1');
      const rogue = keyPair('k1');
      const now = Math.floor(Date.now() / 1000);
      const claims = (over: Record<string, unknown> = {}) => ({
        iss: 'https://accounts.google.com', aud: CLIENT, exp: now + 600, iat: now, email: REVIEWER, email_verified: true, ...over,
      });
      const google = () =>
        h.buildWith({ authMode: 'google', google: { clientId: CLIENT, allowedDomains: ['qc.example'], jwks: async () => [good.jwk] } });

      it('google-auth accepts a token signed by a key of the JWKS for our client', async () => {
        const app = await google();
        const res = await app.inject({ method: 'POST', url: '/api/google-auth', payload: { googleIdToken: idToken(good.privateKey, 'k1', claims()) } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ email: REVIEWER, role: 'qc' });
      });

      it('oauth in google mode needs the ID token and checks it', async () => {
        const app = await google();
        const without = await app.inject({ method: 'POST', url: '/api/oauth', payload: { grant_type: 'password', loginUserName: REVIEWER } });
        expect(without.statusCode).toBe(400);
        const ok = await app.inject({
          method: 'POST', url: '/api/oauth',
          payload: { grant_type: 'password', loginUserName: REVIEWER, googleIdToken: idToken(good.privateKey, 'k1', claims()) },
        });
        expect(ok.statusCode).toBe(200);
      });

      it.each([
        ['a wrong signature', () => idToken(rogue.privateKey, 'k1', claims())],
        ['another audience', () => idToken(good.privateKey, 'k1', claims({ aud: 'someone-else' }))],
        ['an expired token', () => idToken(good.privateKey, 'k1', claims({ exp: now - 3600 }))],
        ['another issuer', () => idToken(good.privateKey, 'k1', claims({ iss: 'https://evil.example' }))],
        ['an unknown key id', () => idToken(good.privateKey, 'k9', claims())],
        ['a malformed token', () => 'not.a.jwt-at-all'],
      ])('google-auth refuses %s with 401', async (_name, make) => {
        const app = await google();
        const res = await app.inject({ method: 'POST', url: '/api/google-auth', payload: { googleIdToken: make() } });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ message: 'Unauthorized', detail: expect.any(String) });
      });

      it('google-auth refuses other domains (Not a Valid) and users without a QC role', async () => {
        const app = await google();
        const outsider = await app.inject({ method: 'POST', url: '/api/google-auth', payload: { googleIdToken: idToken(good.privateKey, 'k1', claims({ email: 'x@gmail.com' })) } });
        expect(outsider.statusCode).toBe(403);
        expect(outsider.json().detail).toMatch(/^Not a Valid/);
        const noRole = await app.inject({ method: 'POST', url: '/api/google-auth', payload: { googleIdToken: idToken(good.privateKey, 'k1', claims({ email: 'no.role@qc.example' })) } });
        expect(noRole.json()).toMatchObject({ detail: NO_QC_ROLE });
      });

      it('google-auth without a configured client id, or without a token, is 400', async () => {
        const res = await h.call('POST', '/api/google-auth', { body: { googleIdToken: idToken(good.privateKey, 'k1', claims()) } });
        expect(res.statusCode).toBe(400);
        expect((await h.call('POST', '/api/google-auth', { body: {} })).statusCode).toBe(400);
      });
    });
  });
}
