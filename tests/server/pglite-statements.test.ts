// The PGlite adapter (server/db.ts) sends each statement as one wire-protocol message and reads the answer itself:
// its rows, errors and notices must be what PGlite's own `query` gives, with and without `prepare`.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../server/db.ts';

describe('PGlite statements (server/db.ts)', () => {
  let db: Db;
  let lite: PGlite;
  beforeAll(async () => {
    db = await openPglite();
    lite = await PGlite.create();
    const schema = `CREATE TABLE t (id int PRIMARY KEY, big bigint, name text, ok boolean, at timestamptz, day date, doc jsonb, tags text[],
      ids int[], amount numeric, raw bytea, note varchar(20))`;
    await db.exec(schema);
    await lite.exec(schema);
  });
  afterAll(async () => {
    await db.close();
    await lite.close();
  });

  const insert = `INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`;
  const rows: unknown[][] = [
    [1, 9007199254740993n, 'ä "quoted" ☃', true, new Date('2026-01-02T03:04:05.678Z'), '2026-02-03', { a: [1, { b: null }], s: 'x' }, ['a', 'b,c', 'd"e'], [1, 2], '12.50', new Uint8Array([0, 255, 7]), 'v'],
    [2, 42, '', false, '2026-01-02 03:04:05+00', null, [1, 2], [], [], 0, null, null],
    [3, null, null, null, null, null, null, null, null, null, null, null],
  ];

  it('answers the same rows as PGlite for every type the server uses, prepared or not', async () => {
    for (const params of rows) {
      const ours = (await db.query(insert, params)).rows;
      const theirs = (await lite.query(insert, params)).rows;
      expect(ours).toEqual(theirs);
    }
    const select = 'SELECT *, id * 2 AS twice, NULL::text AS nothing, $1::text AS echo FROM t WHERE id >= $2 ORDER BY id';
    const theirs = (await lite.query(select, ['é', 1])).rows;
    expect(theirs).toHaveLength(3);
    expect((await db.query(select, ['é', 1])).rows).toEqual(theirs);
    for (let i = 0; i < 7; i++) expect((await db.query(select, ['é', 1], { prepare: true })).rows).toEqual(theirs);
    expect((await db.query('SELECT 1 AS one WHERE false')).rows).toEqual([]);
    expect((await db.query('UPDATE t SET name = $1 WHERE id = 99', ['x'])).rows).toEqual([]);
  });

  it('refuses a statement with the database error and its code, and keeps working', async () => {
    const duplicate = db.query('INSERT INTO t (id) VALUES ($1)', [1]);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 't_pkey', table: 't' });
    await expect(db.query('SELECT * FROM missing', [], { prepare: true })).rejects.toMatchObject({ code: '42P01' });
    await expect(db.query('SELECT $1::int', ['x'])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 3 }]);
  });

  it('a transaction commits or rolls back its statements together, and an error inside it rolls it back', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [10, 'kept'], { prepare: true });
      expect((await tx.query('SELECT name FROM t WHERE id = $1', [10])).rows).toEqual([{ name: 'kept' }]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [11, 'lost'], { prepare: true });
        await tx.query('INSERT INTO t (id) VALUES ($1)', [10]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT id FROM t WHERE id >= 10 ORDER BY id')).rows).toEqual([{ id: 10 }]);
  });

  it('a prepared statement whose table changed under it is prepared again', async () => {
    const select = 'SELECT * FROM t WHERE id = $1';
    expect(Object.keys((await db.query(select, [10], { prepare: true })).rows[0])).not.toContain('extra');
    await db.exec('ALTER TABLE t ADD COLUMN extra int DEFAULT 5');
    expect((await db.query(select, [10], { prepare: true })).rows[0]).toMatchObject({ id: 10, extra: 5 });
    expect((await db.query(select, [10])).rows[0]).toMatchObject({ id: 10, extra: 5 });
  });

  it('a NOTIFY sent by a statement reaches the listener once; after stopping, none', async () => {
    const got: string[] = [];
    const stop = await db.listen('pglite_test', (payload) => got.push(payload));
    await db.query('SELECT pg_notify($1, $2)', ['pglite_test', 'one']);
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_notify($1, $2)', ['pglite_test', 'two']);
    });
    await db.exec("NOTIFY pglite_test, 'three'");
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(['one', 'two', 'three']);
    await stop();
    await db.query('SELECT pg_notify($1, $2)', ['pglite_test', 'four']);
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(['one', 'two', 'three']);
  });
});
