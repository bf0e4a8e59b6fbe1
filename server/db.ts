import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { messages, PGlite, protocol } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';
import pg from 'pg';

/** What a query answers: the rows, typed by the caller. */
export interface QueryResult<T> {
  rows: T[];
}

export interface QueryOptions {
  /**
   * Keep the statement prepared and reuse it (its parse, and its plan where the database settles on a generic one):
   * for hot statements whose SQL text comes from a small set. Check the plan it then runs with (EXPLAIN EXECUTE).
   */
  prepare?: boolean;
}

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
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
   * LISTEN on `channel` (a lower-case identifier): `onMessage` gets each NOTIFY payload, from this or any other
   * process on the same database. Answers the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How many SQL texts keep their parameter types (any query) or a prepared statement (`prepare`) in PGlite. */
const LITE_TEXTS = 500;
const LITE_PREPARED = 100;

interface LiteField {
  name: string;
  oid: number;
}

interface LiteResponse {
  rows: Record<string, unknown>[];
  paramTypes: number[] | null;
  error: messages.DatabaseError | null;
}

/**
 * Statements sent to PGlite as one wire-protocol message each (Parse, Bind, Describe, Execute, Sync) and the answer
 * read from Node buffers. PGlite's own `query` makes six calls into the database per statement and copies every
 * field into an ArrayBuffer of its own before decoding it: at 50 list rows that was ~1.7 ms of the ~8 ms a list
 * request took. Values are serialised and parsed by PGlite's own type handlers (`lite.serializers`, `lite.parsers`),
 * so rows and errors are the same as PGlite's `query` answers.
 */
function liteStatements(lite: PGlite) {
  const S = protocol.serialize;
  /** Parameter types per SQL text, learnt by Describe on its first use (the value text depends on them). */
  const paramTypes = new Map<string, number[]>();
  /** Named statements: SQL text → name. */
  const prepared = new Map<string, string>();
  let named = 0;
  const listeners = new Map<string, Set<(payload: string) => void>>();

  /** Adds to a map kept to `max` entries; answers the value dropped for it (the oldest), if any. */
  const remember = <V>(map: Map<string, V>, key: string, value: V, max: number): V | undefined => {
    map.set(key, value);
    if (map.size <= max) return undefined;
    const [oldest, old] = map.entries().next().value!;
    map.delete(oldest);
    return old;
  };

  const cstring = (buf: Buffer, at: number) => {
    const end = buf.indexOf(0, at);
    return [buf.toString('utf8', at, end), end + 1] as const;
  };

  /** ErrorResponse fields as pg-protocol's DatabaseError carries them (the `code` is what the error handler reads). */
  function databaseError(buf: Buffer, at: number, length: number, sql: string, params: unknown[]): messages.DatabaseError {
    const fields = new Map<string, string>();
    for (let p = at; buf[p] !== 0; ) {
      const [value, next] = cstring(buf, p + 1);
      fields.set(String.fromCharCode(buf[p]), value);
      p = next;
    }
    const f = (type: string) => fields.get(type);
    const error = new messages.DatabaseError(f('M') ?? 'database error', length, 'error');
    Object.assign(error, {
      severity: f('S'), code: f('C'), detail: f('D'), hint: f('H'), position: f('P'), internalPosition: f('p'), internalQuery: f('q'),
      where: f('W'), schema: f('s'), table: f('t'), column: f('c'), dataType: f('d'), constraint: f('n'), file: f('F'), line: f('L'),
      routine: f('R'), query: sql, params,
    });
    return error;
  }

  function read(buf: Buffer, sql: string, params: unknown[]): LiteResponse {
    const out: LiteResponse = { rows: [], paramTypes: null, error: null };
    let fields: LiteField[] = [];
    let parsers: ((text: string, oid: number) => unknown)[] = [];
    for (let at = 0; at < buf.length; ) {
      const code = buf[at];
      const end = at + 1 + buf.readInt32BE(at + 1);
      const body = at + 5;
      if (code === 0x44 /* D: DataRow */) {
        const count = buf.readInt16BE(body);
        const entries: [string, unknown][] = [];
        for (let i = 0, p = body + 2; i < count; i++) {
          const length = buf.readInt32BE(p);
          p += 4;
          if (length < 0) {
            entries.push([fields[i].name, null]);
          } else {
            const text = buf.toString('utf8', p, p + length);
            p += length;
            entries.push([fields[i].name, parsers[i] ? parsers[i](text, fields[i].oid) : text]);
          }
        }
        // Column names as own properties, as PGlite makes them (a column may be called __proto__).
        out.rows.push(Object.fromEntries(entries));
      } else if (code === 0x54 /* T: RowDescription */) {
        const count = buf.readInt16BE(body);
        fields = [];
        for (let i = 0, p = body + 2; i < count; i++) {
          const [name, next] = cstring(buf, p);
          fields.push({ name, oid: buf.readInt32BE(next + 6) });
          p = next + 18;
        }
        parsers = fields.map((f) => lite.parsers[f.oid]);
      } else if (code === 0x74 /* t: ParameterDescription */) {
        const count = buf.readInt16BE(body);
        out.paramTypes = Array.from({ length: count }, (_, i) => buf.readInt32BE(body + 2 + 4 * i));
      } else if (code === 0x45 /* E: ErrorResponse */) {
        out.error ??= databaseError(buf, body, end - at, sql, params);
      } else if (code === 0x41 /* A: NotificationResponse */) {
        const [channel, next] = cstring(buf, body + 4);
        const [payload] = cstring(buf, next);
        for (const listener of listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
      }
      at = end;
    }
    return out;
  }

  /**
   * One round trip into the database; outside a transaction the file system is synced after it, as `query` does.
   * The raw stream, so PGlite does not parse the answer itself as well (notices included: `read` hands them out).
   */
  async function send(parts: Uint8Array[], sql: string, params: unknown[], inTransaction: boolean): Promise<LiteResponse> {
    const chunks: Buffer[] = [];
    // Each chunk is a view of the database's memory, reused after the callback: copied.
    await lite.execProtocolRawStream(Buffer.concat(parts), { syncToFs: !inTransaction, onRawData: (bytes) => void chunks.push(Buffer.from(bytes)) });
    return read(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), sql, params);
  }

  async function describe(sql: string, name: string, params: unknown[], inTransaction: boolean): Promise<number[]> {
    const answer = await send([S.parse({ name, text: sql }), S.describe({ type: 'S', name }), S.sync()], sql, params, inTransaction);
    if (answer.error) throw answer.error;
    return answer.paramTypes ?? [];
  }

  function values(types: number[], params: unknown[]) {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = lite.serializers[types[i]];
      return serialize ? serialize(param) : String(param);
    });
  }

  async function run(sql: string, params: unknown[], opts: QueryOptions, inTransaction: boolean): Promise<Record<string, unknown>[]> {
    if (opts.prepare) {
      let name = prepared.get(sql);
      if (!name) {
        name = `qc_${++named}`;
        paramTypes.set(sql, await describe(sql, name, params, inTransaction));
        const dropped = remember(prepared, sql, name, LITE_PREPARED);
        if (dropped) await send([S.close({ type: 'S', name: dropped }), S.sync()], sql, params, inTransaction);
      }
      const bind = S.bind({ statement: name, values: values(paramTypes.get(sql)!, params) });
      const answer = await send([bind, S.describe({ type: 'P' }), S.execute(), S.sync()], sql, params, inTransaction);
      if (answer.error?.code === '0A000' && !inTransaction && /cached plan must not change result type/.test(answer.error.message)) {
        // A migration changed the table under the statement (refused at Bind, before it ran): prepare it anew.
        prepared.delete(sql);
        await send([S.close({ type: 'S', name }), S.sync()], sql, params, inTransaction);
        return run(sql, params, opts, inTransaction);
      }
      if (answer.error) throw answer.error;
      return answer.rows;
    }
    let types = paramTypes.get(sql);
    if (!types) {
      types = await describe(sql, '', params, inTransaction);
      remember(paramTypes, sql, types, LITE_TEXTS);
    }
    const parts = [S.parse({ text: sql, types }), S.bind({ values: values(types, params) }), S.describe({ type: 'P' }), S.execute(), S.sync()];
    const answer = await send(parts, sql, params, inTransaction);
    if (answer.error) throw answer.error;
    return answer.rows;
  }

  return {
    /** A statement outside a transaction: waits for any open transaction, like PGlite's `query`. */
    query: (sql: string, params: unknown[], opts: QueryOptions) =>
      lite._runExclusiveTransaction(() => lite.runExclusive(() => run(sql, params, opts, false))),
    /** A statement of the transaction that holds the database. */
    inTransaction: (sql: string, params: unknown[], opts: QueryOptions) => lite.runExclusive(() => run(sql, params, opts, true)),
    listeners,
  };
}

/** Embedded PostgreSQL in `dataDir` (in memory when undefined). */
export async function openPglite(dataDir?: string): Promise<Db> {
  // One process per directory (data-dir-lock.ts): a second opener is refused before it touches the files.
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => undefined;
  let lite: PGlite;
  try {
    // PGlite makes its directory, not the directory's parents.
    if (dataDir) mkdirSync(dirname(dataDir), { recursive: true });
    lite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  } catch (e) {
    await unlock();
    throw e;
  }
  const statements = liteStatements(lite);
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = [], opts: QueryOptions = {}) {
      return { rows: (await statements.query(sql, params, opts)) as T[] };
    },
    async exec(sql: string) {
      await lite.exec(sql);
    },
    transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      return lite.transaction(async (tx) =>
        fn({
          async query<T>(sql: string, params: unknown[] = [], opts: QueryOptions = {}) {
            if (tx.closed) throw new Error('Transaction is closed');
            return { rows: (await statements.inTransaction(sql, params, opts)) as T[] };
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async listen(channel: string, onMessage: (payload: string) => void) {
      // PGlite hands out the notices that arrive with its own calls (exec, BEGIN, COMMIT); `read` those of the statements above.
      const own = statements.listeners.get(channel) ?? new Set();
      statements.listeners.set(channel, own.add(onMessage));
      const stop = await lite.listen(channel, onMessage);
      return async () => {
        own.delete(onMessage);
        if (!lite.closed) await stop();
      };
    },
    async close() {
      await lite.close();
      await unlock();
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
  // A prepared statement's name per SQL text: `pg` prepares it once on each connection that runs it.
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `qc_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`));
    return name;
  };
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = [], opts: QueryOptions = {}) {
      const result = await client.query(opts.prepare ? { name: nameOf(sql), text: sql, values: params } : { text: sql, values: params });
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
