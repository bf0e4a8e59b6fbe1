/** Sign-in and sign-out (spec 000 §6, §7, §8): who may sign in, the session it opens and the audit lines. */
import { knownRole } from '../access.ts';
import { createSession, findUserByEmail, hashToken, verifyGoogleIdToken, type JwksSource, type SessionUser } from '../auth.ts';
import type { Queryable } from '../db.ts';
import { badRequest, forbidden } from '../errors.ts';
import { audit } from '../repos/inspections.ts';
import type { SessionCache } from '../session-cache.ts';

/** Messages of spec 000 §8 for refused sign-ins. */
export const NOT_COMPANY_USER = 'Not a Valid company user, please sign in with your company account';
export const NO_QC_ROLE = 'No valid QC role assigned';
export const ACCOUNT_INACTIVE = 'This account is inactive, please contact your QC admin';

/** What signing in needs of the app's settings. */
export interface SignInContext {
  authMode: 'dev' | 'google';
  allowedDomains: string[];
  googleClientId?: string;
  jwks: JwksSource;
  tokenTtlMs: number;
}

type SignedInUser = SessionUser & { role: string };

/** A company address of an active user with a QC role, else 403 with the spec's text. */
async function signIn(db: Queryable, ctx: SignInContext, emailAddress: string): Promise<SignedInUser> {
  const domain = emailAddress.split('@')[1]?.toLowerCase() ?? '';
  if (!ctx.allowedDomains.includes(domain)) throw forbidden(NOT_COMPANY_USER);
  const user = await findUserByEmail(db, emailAddress);
  if (!user || !knownRole(user.role)) throw forbidden(NO_QC_ROLE);
  if (!user.isActive) throw forbidden(ACCOUNT_INACTIVE);
  return user as SignedInUser;
}

/** Opens a session for the user and answers the spec's login answer. */
async function openSession(db: Queryable, ctx: SignInContext, user: SignedInUser, via: string) {
  const access_token = await createSession(db, user.id, ctx.tokenTtlMs);
  await audit(db, { actor: user.email, action: 'login', detail: { via } });
  return {
    access_token,
    role: user.role,
    email: user.email,
    name: user.name,
    isExcludedUser: user.isExcludedUser,
    imageHostUrl: '',
    imageResizingQueryString: '',
    videoHostUrl: '',
    firebaseToken: '',
  };
}

async function fromGoogle(db: Queryable, ctx: SignInContext, idToken: string): Promise<SignedInUser> {
  if (!ctx.googleClientId) throw badRequest('Google sign-in is not configured (GOOGLE_CLIENT_ID)');
  const claims = await verifyGoogleIdToken(idToken, { clientId: ctx.googleClientId, jwks: ctx.jwks });
  return signIn(db, ctx, claims.email);
}

/** `oauth`: dev mode by e-mail; Google mode needs the Google ID token of that same account. */
export async function signInByName(db: Queryable, ctx: SignInContext, loginUserName: string, googleIdToken?: string) {
  if (ctx.authMode === 'google') {
    if (!googleIdToken) throw badRequest('googleIdToken is required');
    const user = await fromGoogle(db, ctx, googleIdToken);
    if (user.email.toLowerCase() !== loginUserName.toLowerCase()) throw badRequest('loginUserName does not match the Google account');
    return openSession(db, ctx, user, 'google');
  }
  return openSession(db, ctx, await signIn(db, ctx, loginUserName), 'dev');
}

export async function signInWithGoogle(db: Queryable, ctx: SignInContext, idToken: string) {
  return openSession(db, ctx, await fromGoogle(db, ctx, idToken), 'google');
}

/** Revokes the session through the process's cache, which drops it before this answers. */
export async function signOut(db: Queryable, sessions: SessionCache, user: SessionUser, token: string): Promise<void> {
  await sessions.revoke(hashToken(token));
  await audit(db, { actor: user.email, action: 'logout' });
}

/** Revokes every open session of the user; answers how many. */
export async function signOutEverywhere(db: Queryable, sessions: SessionCache, user: SessionUser): Promise<number> {
  const revoked = await sessions.revokeAll(user.id);
  await audit(db, { actor: user.email, action: 'logout-everywhere', detail: { revoked } });
  return revoked;
}
