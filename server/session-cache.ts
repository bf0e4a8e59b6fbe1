import { performance } from 'node:perf_hooks';
import { noticeSchema } from './repos/auto-assignment.ts';
import type { Db } from './db.ts';
import { revokeAllSessions, revokeSessionByHash, sessionByTokenHash } from './repos/sessions.ts';
import type { SessionUser } from './repos/users.ts';

/** The channel migration 161's triggers announce session and account changes on. */
export const SESSION_CHANGES_CHANNEL = 'qc_session_changes';

export interface SessionCacheOptions {
  /** How long a read may answer again at most (default 5 s): the bound when a change notice does not arrive. */
  ttlMs?: number;
  /** Sessions kept at most (default 10,000; the oldest go first). */
  maxEntries?: number;
}

interface Entry {
  user: SessionUser;
  /** performance.now() after which the entry no longer answers. */
  until: number;
}

type Change = { all: true } | { tokenHash: string } | { userId: number };

function parseChange(payload: string, schema: string): Change | null {
  try {
    const value = JSON.parse(payload) as { schema?: unknown; all?: unknown; tokenHash?: unknown; userId?: unknown };
    if (value.schema !== schema) return null;
    if (value.all === true) return { all: true };
    if (typeof value.tokenHash === 'string') return { tokenHash: value.tokenHash };
    if (typeof value.userId === 'number') return { userId: value.userId };
    return null;
  } catch {
    return null;
  }
}

/**
 * The session guard's reads, kept per process for a few seconds (issue 18: a query per call was ~0.3 ms of the
 * database and ~0.8 ms of the server). Revocation stays exact:
 * - a sign-out in this process (`revoke`, `revokeAll`) drops the entries before it answers;
 * - every change to a session or an account, from any process or by hand, is announced at commit by migration 161's
 *   triggers and drops the entries here as soon as the notice arrives;
 * - an entry answers for `ttlMs` at most (the bound if a notice is lost, say while the listening connection is
 *   reopened) and never past its session's expiry, measured from before the read on this process's monotonic clock;
 * - a read that was under way when anything was dropped is not kept (it may have seen the row before the change).
 * Refusals are not kept: an invalid token is asked about every time.
 */
export class SessionCache {
  readonly #db: Db;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  /** By token hash. */
  readonly #entries = new Map<string, Entry>();
  /** Counts the drops, so a read can tell whether one happened while it waited. */
  #generation = 0;
  #stopListening: (() => Promise<void>) | null = null;

  constructor(db: Db, opts: SessionCacheOptions = {}) {
    this.#db = db;
    this.#ttlMs = opts.ttlMs ?? 5_000;
    this.#maxEntries = opts.maxEntries ?? 10_000;
  }

  /** Listens for change notices; until then nothing is kept. */
  async start(): Promise<void> {
    const schema = await noticeSchema(this.#db);
    this.#stopListening = await this.#db.listen(SESSION_CHANGES_CHANNEL, (payload) => {
      const change = parseChange(payload, schema);
      if (!change) return;
      if ('all' in change) this.#dropAll();
      else if ('tokenHash' in change) this.#dropToken(change.tokenHash);
      else this.#dropUser(change.userId);
    });
  }

  async stop(): Promise<void> {
    const stop = this.#stopListening;
    this.#stopListening = null;
    this.#dropAll();
    await stop?.();
  }

  /** How many sessions are kept now. */
  get size(): number {
    return this.#entries.size;
  }

  /** The active user of an open session with this token hash, or null. */
  async user(tokenHash: string): Promise<SessionUser | null> {
    const kept = this.#entries.get(tokenHash);
    if (kept && kept.until > performance.now()) return kept.user;
    if (kept) this.#entries.delete(tokenHash);
    const generation = this.#generation;
    const readAt = performance.now();
    const read = await sessionByTokenHash(this.#db, tokenHash);
    if (read && this.#stopListening && this.#ttlMs > 0 && generation === this.#generation) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      // Frozen: requests share the kept object, so none may change what another sees.
      this.#entries.set(tokenHash, { user: Object.freeze(read.user), until: readAt + Math.min(this.#ttlMs, read.expiresInMs) });
    }
    return read?.user ?? null;
  }

  /** Signs one session out: revoked in the database, gone from this process before this answers. */
  async revoke(tokenHash: string): Promise<void> {
    await revokeSessionByHash(this.#db, tokenHash);
    this.#dropToken(tokenHash);
  }

  /** 'Sign out everywhere': every open session of the user; answers how many. */
  async revokeAll(userId: number): Promise<number> {
    const revoked = await revokeAllSessions(this.#db, userId);
    this.#dropUser(userId);
    return revoked;
  }

  #dropToken(tokenHash: string): void {
    this.#generation++;
    this.#entries.delete(tokenHash);
  }

  #dropUser(userId: number): void {
    this.#generation++;
    for (const [hash, entry] of this.#entries) if (entry.user.id === userId) this.#entries.delete(hash);
  }

  #dropAll(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
