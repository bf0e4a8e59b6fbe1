import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { createSession, currentUser, findUserByEmail, revokeAllSessions, revokeSession, verifyGoogleIdToken, type SessionUser } from '../auth.ts';
import { knownRole } from '../access.ts';
import { badRequest, errorSchema, forbidden } from '../errors.ts';
import { UNFLAG_CONFIG } from '../gs-config.ts';
import { audit } from '../repos/inspections.ts';
import { detailOf, email, guardedErrors, utm } from '../schemas.ts';

const loginAnswer = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    role: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    isExcludedUser: { type: 'boolean' },
    imageHost: { type: 'string' },
    imageQuality: { type: 'string' },
    videoHost: { type: 'string' },
    firebaseToken: { type: 'string' },
  },
  required: ['access_token', 'role', 'email', 'name', 'isExcludedUser'],
} as const;

const loginErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

/** Messages of spec 000 §8 for refused sign-ins. */
export const NOT_COMPANY_USER = 'Not a Valid company user, please sign in with your company account';
export const NO_QC_ROLE = 'No valid QC role assigned';
export const ACCOUNT_INACTIVE = 'This account is inactive, please contact your QC admin';

/** Session calls of spec 000 §7: oauth, google-auth, getLoginDetails, qcLogout, getAllDispositions. */
const dispositionList = { type: 'array', items: { type: 'object', properties: { key: { type: 'string' }, label: { type: 'string' } } } } as const;

const sessionRoutes: FastifyPluginAsync = async (app) => {
  // Sign-in attempts per client address and account (issue 11 defect 6): the 31st try within a minute answers 429.
  const signInLimit = {
    max: app.ctx.signInLimit.max,
    timeWindow: app.ctx.signInLimit.timeWindowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const name = (request.body as { loginUserName?: unknown } | undefined)?.loginUserName;
      return `${request.ip}|${typeof name === 'string' ? name.toLowerCase() : ''}`;
    },
  };
  async function signIn(emailAddress: string): Promise<SessionUser & { role: string }> {
    const domain = emailAddress.split('@')[1]?.toLowerCase() ?? '';
    if (!app.ctx.allowedDomains.includes(domain)) throw forbidden(NOT_COMPANY_USER);
    const user = await findUserByEmail(app.db, emailAddress);
    if (!user || !knownRole(user.role)) throw forbidden(NO_QC_ROLE);
    if (!user.isActive) throw forbidden(ACCOUNT_INACTIVE);
    return user as SessionUser & { role: string };
  }

  async function answer(user: SessionUser & { role: string }, via: string) {
    const access_token = await createSession(app.db, user.id, app.ctx.tokenTtlMs);
    await audit(app.db, { actor: user.email, action: 'login', detail: { via } });
    return {
      access_token,
      role: user.role,
      email: user.email,
      name: user.name,
      isExcludedUser: user.isExcludedUser,
      imageHost: '',
      imageQuality: '',
      videoHost: '',
      firebaseToken: '',
    };
  }

  async function fromGoogle(idToken: string) {
    if (!app.ctx.googleClientId) throw badRequest('Google sign-in is not configured (GOOGLE_CLIENT_ID)');
    const claims = await verifyGoogleIdToken(idToken, { clientId: app.ctx.googleClientId, jwks: app.ctx.jwks });
    return signIn(claims.email);
  }

  app.post(
    '/oauth',
    {
      config: { access: 'public', rateLimit: signInLimit },
      schema: {
        summary: 'Sign in: dev mode by e-mail, Google mode with a Google ID token',
        security: [],
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          properties: {
            grant_type: { type: 'string', enum: ['password'] },
            loginUserName: email,
            googleIdToken: { type: 'string', minLength: 10, maxLength: 8192 },
          },
          required: ['grant_type', 'loginUserName'],
        },
        response: { 200: loginAnswer, ...loginErrors, 429: errorSchema },
      },
    },
    async (request) => {
      const { loginUserName, googleIdToken } = request.body as { loginUserName: string; googleIdToken?: string };
      if (app.ctx.authMode === 'google') {
        if (!googleIdToken) throw badRequest('googleIdToken is required');
        const user = await fromGoogle(googleIdToken);
        if (user.email.toLowerCase() !== loginUserName.toLowerCase()) throw badRequest('loginUserName does not match the Google account');
        return answer(user, 'google');
      }
      return answer(await signIn(loginUserName), 'dev');
    },
  );

  app.post(
    '/google-auth',
    {
      config: { access: 'public', rateLimit: signInLimit },
      schema: {
        summary: 'Sign in with a Google ID token',
        security: [],
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          properties: { googleIdToken: { type: 'string', minLength: 10, maxLength: 8192 }, credential: { type: 'string', minLength: 10, maxLength: 8192 } },
          anyOf: [{ required: ['googleIdToken'] }, { required: ['credential'] }],
        },
        response: { 200: loginAnswer, ...loginErrors, 429: errorSchema },
      },
    },
    async (request) => {
      const { googleIdToken, credential } = request.body as { googleIdToken?: string; credential?: string };
      return answer(await fromGoogle((googleIdToken ?? credential)!), 'google');
    },
  );

  app.get(
    '/v2/api/getLoginDetails',
    {
      config: { access: 'session' },
      schema: {
        querystring: { type: 'object', properties: utm },
        response: {
          200: detailOf({
            type: 'object',
            properties: { role: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, firebaseToken: { type: 'string' }, isExcludedUser: { type: 'boolean' } },
          }),
          ...guardedErrors,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { detail: { role: user.role, email: user.email, name: user.name, firebaseToken: '', isExcludedUser: user.isExcludedUser } };
    },
  );

  app.post(
    '/v2/api/qcLogout',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Revokes the bearer token (and the given access_token when it is the same session)',
        querystring: { type: 'object', properties: utm },
        body: { type: 'object', properties: { email, access_token: { type: 'string', maxLength: 200 } } },
        response: { 200: detailOf({ type: 'string' }), ...guardedErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await revokeSession(app.db, request.token!);
      await audit(app.db, { actor: user.email, action: 'logout' });
      return { detail: 'ok' };
    },
  );

  app.post(
    '/v2/api/qcLogoutAll',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Sign out everywhere: revokes every open session of the caller (this one included)',
        querystring: { type: 'object', properties: utm },
        body: { type: 'object', nullable: true, properties: {} },
        response: { 200: detailOf({ type: 'object', properties: { revoked: { type: 'integer' } } }), ...guardedErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const revoked = await revokeAllSessions(app.db, user.id);
      await audit(app.db, { actor: user.email, action: 'logout-everywhere', detail: { revoked } });
      return { detail: { revoked } };
    },
  );

  app.get(
    '/v2/api/getAllDispositions',
    {
      config: { access: 'session' },
      schema: {
        querystring: { type: 'object', properties: utm },
        response: {
          200: detailOf({
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'integer' }, label: { type: 'string' }, dispositions: dispositionList, subDispositions: dispositionList },
            },
          }),
          ...guardedErrors,
        },
      },
    },
    // Each flag type with the GS dispositions of a car of that type; an Alpha car changed to Beta also names the
    // wrong granularities (src/config/gs-unflagging/unflag.json).
    async () => ({
      detail: [
        { id: 0, label: 'Alpha', dispositions: UNFLAG_CONFIG.dispositions['0'], subDispositions: UNFLAG_CONFIG.subDispositions },
        { id: 4, label: 'Beta', dispositions: UNFLAG_CONFIG.dispositions['4'], subDispositions: [] },
      ],
    }),
  );
};

export default sessionRoutes;
