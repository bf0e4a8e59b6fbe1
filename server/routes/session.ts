import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import { UNFLAG_CONFIG } from '../gs-config.ts';
import { detailOf, email, guardedErrors, utm } from '../schemas.ts';
import { signInByName, signInWithGoogle, signOut, signOutEverywhere } from '../services/session.ts';

const loginAnswer = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    role: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    isExcludedUser: { type: 'boolean' },
    imageHostUrl: { type: 'string' },
    imageResizingQueryString: { type: 'string' },
    videoHostUrl: { type: 'string' },
    firebaseToken: { type: 'string' },
  },
  required: ['access_token', 'role', 'email', 'name', 'isExcludedUser'],
} as const;

const loginErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

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
      return signInByName(app.db, app.ctx, loginUserName, googleIdToken);
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
      return signInWithGoogle(app.db, app.ctx, (googleIdToken ?? credential)!);
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
      await signOut(app.db, app.sessions, currentUser(request), request.token!);
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
    async (request) => ({ detail: { revoked: await signOutEverywhere(app.db, app.sessions, currentUser(request)) } }),
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
