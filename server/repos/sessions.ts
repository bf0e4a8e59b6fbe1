/** The `sessions` table: bearer sessions, stored by the token's hash only (server/auth.ts issues and hashes tokens). */
import type { Queryable } from '../db.ts';
import { toSessionUser, type SessionUser, type UserRow } from './users.ts';

export async function insertSession(db: Queryable, tokenHash: string, userId: number, ttlMs: number): Promise<void> {
  await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + ($3::text || ' milliseconds')::interval)`, [
    tokenHash,
    userId,
    String(ttlMs),
  ]);
}

/** Ends one session; a session already revoked keeps its first revocation time. */
export async function revokeSessionByHash(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** 'Sign out everywhere': every open session of the user ends; answers how many. */
export async function revokeAllSessions(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'WITH r AS (UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING 1) SELECT count(*)::int AS n FROM r',
    [userId],
  );
  return rows[0].n;
}

/** A session as the guard reads it: its active user, and how long the session has left by the database's clock. */
export interface SessionRead {
  user: SessionUser;
  expiresInMs: number;
}

/**
 * The session with this token hash, when it exists, has not expired and was not revoked and its user is active:
 * the one read of a guarded request the session cache (server/session-cache.ts) does not answer.
 */
export async function sessionByTokenHash(db: Queryable, tokenHash: string): Promise<SessionRead | null> {
  const { rows } = await db.query<UserRow & { expires_in_ms: number }>(
    `SELECT u.id, u.email, u.name, u.role, u.is_excluded, u.is_active, (extract(epoch FROM s.expires_at - now()) * 1000)::float8 AS expires_in_ms
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active`,
    [tokenHash],
    { prepare: true },
  );
  return rows[0] ? { user: toSessionUser(rows[0]), expiresInMs: rows[0].expires_in_ms } : null;
}
