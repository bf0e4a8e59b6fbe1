import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir } from '../../scripts/db-backup.ts';

describe('npm run db:backup / db:restore round-trip the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qc-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a restored copy holds the rows of the backed-up one; restoring over a database needs --force', { timeout: 60_000 }, async () => {
    const source = join(dir, 'source');
    const lite = await PGlite.create(source);
    await lite.exec("CREATE TABLE t (id int PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'kept'), (2, 'ü\u20ac')");
    await lite.close();
    const file = join(dir, 'backup.tar.gz');
    expect(await backupDataDir(source, file)).toBeGreaterThan(1000);
    // Into a DATA_DIR that does not exist yet, as on a new machine.
    const target = join(dir, 'new-data-dir', 'pgdata');
    await restoreDataDir(file, target);
    const copy = await PGlite.create(target);
    expect((await copy.query('SELECT id, v FROM t ORDER BY id')).rows).toEqual([{ id: 1, v: 'kept' }, { id: 2, v: 'ü€' }]);
    await copy.close();
    await expect(restoreDataDir(file, target)).rejects.toThrow(/--force/);
  });
});
