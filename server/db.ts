import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a query answers: the rows, typed by the caller. */
export interface QueryResult<T> {
  rows: T[];
}

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations, truncation). */
  exec(sql: string): Promise<void>;
}

/**
 * The one door to PostgreSQL: PGlite (embedded) or a `pg` pool run the same SQL.
 * Statements inside `transaction` share one connection and commit or roll back together.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  /**
   * LISTEN on `channel`: `onMessage` gets each NOTIFY payload, from this or any other process on the same database.
   * Answers the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Embedded PostgreSQL in `dataDir` (in memory when undefined). */
export async function openPglite(dataDir?: string): Promise<Db> {
  const lite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await lite.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await lite.exec(sql);
    },
    transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      return lite.transaction(async (tx) =>
        fn({
          async query<T>(sql: string, params: unknown[] = []) {
            const result = await tx.query<T>(sql, params);
            return { rows: result.rows };
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async listen(channel: string, onMessage: (payload: string) => void) {
      const stop = await lite.listen(channel, onMessage);
      return async () => {
        if (!lite.closed) await stop();
      };
    },
    async close() {
      await lite.close();
    },
  };
}

/** A PostgreSQL server through a `pg` pool; `schema` (tests) puts every connection on its own search_path. */
export function openPg(connectionString: string, opts: { schema?: string; max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  // An idle connection the database server drops (a restart, an administrator's terminate) errors outside any query;
  // the pool discards it and the next query opens another. Unheard, that error would end the process.
  pool.on('error', () => undefined);
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const base = wrap(pool);
  // LISTEN needs a connection of its own that stays open (a pooled one would be handed back and reused);
  // when that connection drops it is opened again, so a restarted database server does not silence listeners.
  const listeners = new Set<{ stop: () => Promise<void> }>();
  async function openListener(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const schedule = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect().catch(schedule);
      }, 1000);
      retry.unref();
    };
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      next.on('error', () => undefined);
      next.on('end', () => {
        if (client !== next) return;
        client = null;
        schedule();
      });
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        client = null;
        await next.end().catch(() => undefined);
        throw error;
      }
    };
    try {
      await connect();
    } catch (error) {
      stopped = true;
      clearTimeout(retry);
      throw error;
    }
    const entry = {
      async stop() {
        stopped = true;
        clearTimeout(retry);
        listeners.delete(entry);
        await client?.end().catch(() => undefined);
      },
    };
    listeners.add(entry);
    return entry.stop;
  }
  return {
    kind: 'pg',
    query: base.query,
    exec: base.exec,
    async transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: openListener,
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

/** `DATABASE_URL` set → that server; otherwise PGlite in `dataDir`. */
export async function openDb(env: { DATABASE_URL?: string; dataDir: string }): Promise<Db> {
  return env.DATABASE_URL ? openPg(env.DATABASE_URL) : openPglite(env.dataDir);
}
