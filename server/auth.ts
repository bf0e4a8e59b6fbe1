import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { roleMayCall, type Area } from './access.ts';
import type { Queryable } from './db.ts';
import { forbidden, unauthorized, HttpError } from './errors.ts';
import { insertSession, sessionByTokenHash } from './repos/sessions.ts';
import type { SessionUser } from './repos/users.ts';

// Sign-in (services/session.ts) and the tests reach the users and sessions through this module.
export { findUserByEmail, type SessionUser } from './repos/users.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an opaque bearer token; only its hash is stored, so a database dump holds no usable token. */
export async function createSession(db: Queryable, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, hashToken(token), userId, ttlMs);
  return token;
}

/** The user behind a bearer token that exists, has not expired and was not revoked, read from the database. */
export async function userForToken(db: Queryable, token: string): Promise<SessionUser | null> {
  return (await sessionByTokenHash(db, hashToken(token)))?.user ?? null;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

/**
 * Why the server must not start with dev sign-in (any account's token for its e-mail alone), or null when it may:
 * dev mode is for the demo on this machine, so it is refused under NODE_ENV=production and on a non-loopback
 * address unless ALLOW_DEV_AUTH=1 says the operator means it (issue 11 defect 7).
 */
export function devAuthRefusal(opts: { authMode: 'dev' | 'google'; host: string; nodeEnv?: string; allowDevAuth?: string }): string | null {
  if (opts.authMode !== 'dev') return null;
  if (opts.nodeEnv === 'production') {
    return 'AUTH_MODE=dev hands out any account\'s token for its e-mail alone and is refused with NODE_ENV=production: set AUTH_MODE=google (GOOGLE_CLIENT_ID, ALLOWED_EMAIL_DOMAINS).';
  }
  if (!LOOPBACK.has(opts.host) && opts.allowDevAuth !== '1') {
    return `AUTH_MODE=dev hands out any account's token for its e-mail alone, so it listens only on loopback: HOST=${opts.host} is refused. ` +
      'Use HOST=127.0.0.1 (the default in dev mode), AUTH_MODE=google, or ALLOW_DEV_AUTH=1 to expose the demo sign-in on purpose.';
  }
  return null;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The guard of every API route (installed from the route's `config.access`): 401 without a valid token,
 * 403 when the caller's role may not use the area (spec 000 §6).
 */
export function requireRole(area: Area) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Missing bearer token');
    // Through the process's session cache (server/session-cache.ts: revocations drop its entries at once).
    const user = await request.server.sessions.user(hashToken(token));
    if (!user) throw unauthorized('Token is invalid, expired or revoked');
    if (!roleMayCall(user.role, area)) throw forbidden(`Role ${user.role ?? '(none)'} may not use this call`);
    request.user = user;
    request.token = token;
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

// ---- Google ID tokens ----------------------------------------------------------------------------

export type JwksSource = () => Promise<JsonWebKey[]>;

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/** Google's signing keys, cached for as long as Google's Cache-Control allows (default one hour). */
export function googleJwks(url = GOOGLE_JWKS_URL): JwksSource {
  let cached: { keys: JsonWebKey[]; until: number } | null = null;
  return async () => {
    if (cached && cached.until > Date.now()) return cached.keys;
    const res = await fetch(url);
    if (!res.ok) throw new HttpError(502, 'Bad Gateway', 'Could not fetch Google signing keys');
    const body = (await res.json()) as { keys: JsonWebKey[] };
    const maxAge = /max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1];
    cached = { keys: body.keys, until: Date.now() + (maxAge ? Number(maxAge) * 1000 : 3_600_000) };
    return body.keys;
  };
}

export interface GoogleClaims {
  email: string;
  email_verified?: boolean;
  name?: string;
  hd?: string;
}

function decodePart<T>(part: string): T {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as T;
  } catch {
    throw unauthorized('Malformed Google ID token');
  }
}

/**
 * Verifies a Google ID token with node:crypto: RS256 signature by a key of the JWKS (matched by `kid`),
 * issuer, audience = `clientId`, expiry (60 s clock skew) and a verified e-mail.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  opts: { clientId: string; jwks: JwksSource; nowMs?: number },
): Promise<GoogleClaims> {
  const parts = idToken.split('.');
  if (parts.length !== 3) throw unauthorized('Malformed Google ID token');
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = decodePart<{ alg?: string; kid?: string }>(headerPart);
  if (header.alg !== 'RS256') throw unauthorized('Unsupported token algorithm');
  const keys = await opts.jwks();
  const jwk = keys.find((k) => k.kid === header.kid);
  if (!jwk) throw unauthorized('Unknown token signing key');
  const ok = verify('RSA-SHA256', Buffer.from(`${headerPart}.${payloadPart}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signaturePart, 'base64url'));
  if (!ok) throw unauthorized('Invalid token signature');
  const claims = decodePart<GoogleClaims & { iss?: string; aud?: string | string[]; exp?: number }>(payloadPart);
  const now = Math.floor((opts.nowMs ?? Date.now()) / 1000);
  if (!claims.iss || !GOOGLE_ISSUERS.includes(claims.iss)) throw unauthorized('Token issuer is not Google');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(opts.clientId)) throw unauthorized('Token was issued for another client');
  if (typeof claims.exp !== 'number' || claims.exp + 60 < now) throw unauthorized('Token has expired');
  if (!claims.email || claims.email_verified === false) throw unauthorized('Token carries no verified e-mail');
  return claims;
}
