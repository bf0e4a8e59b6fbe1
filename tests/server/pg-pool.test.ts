// The PostgreSQL pool survives the database server dropping an idle connection (a restart, an administrator's
// terminate): the error is not an unhandled 'error' event that ends the process, and the next query works.
// Runs only when DATABASE_URL names a PostgreSQL server.
import { afterAll, describe, expect, it } from 'vitest';
import { openPg, type Db } from '../../server/db.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL pool', () => {
  let db: Db;
  let admin: Db;
  afterAll(async () => {
    await db?.close();
    await admin?.close();
  });

  it('an idle connection terminated by the server is dropped, and the next query opens another', async () => {
    db = openPg(url!, { max: 1 });
    admin = openPg(url!, { max: 1 });
    const before = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const unhandled: unknown[] = [];
    const onError = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onError);
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [before]);
      // Let the terminated connection's error arrive while it sits idle in the pool.
      await new Promise((r) => setTimeout(r, 300));
      const after = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      expect(after).not.toBe(before);
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(unhandled).toEqual([]);
  });
});
