// npm run db:backup [-- file]  /  npm run db:restore -- file [--force]
// The embedded database (PGlite in DATA_DIR/pgdata) as one gzipped tarball (PGlite dumpDataDir / loadDataDir).
// Stop the server first: PGlite serves one process. With DATABASE_URL use pg_dump / pg_restore instead.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../server/data-dir-lock.ts';

export async function backupDataDir(pgdata: string, file: string): Promise<number> {
  if (!existsSync(pgdata)) throw new Error(`No embedded database in ${pgdata}`);
  // The server holds the directory while it runs (PGlite serves one process): refused, not copied half-written.
  const unlock = await lockDataDir(pgdata);
  try {
    const lite = await PGlite.create(pgdata);
    try {
      const dump = await lite.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      writeFileSync(file, bytes);
      return bytes.length;
    } finally {
      await lite.close();
    }
  } finally {
    await unlock();
  }
}

export async function restoreDataDir(file: string, pgdata: string, force = false): Promise<void> {
  // Never replaces the files of a database a running server holds.
  const unlock = await lockDataDir(pgdata);
  try {
    if (existsSync(pgdata) && readdirSync(pgdata).length) {
      if (!force) throw new Error(`${pgdata} already holds a database: pass --force to replace it`);
      rmSync(pgdata, { recursive: true, force: true });
    }
    // PGlite makes its directory, not the directory's parents (a DATA_DIR that does not exist yet).
    mkdirSync(dirname(pgdata), { recursive: true });
    const lite = await PGlite.create(pgdata, { loadDataDir: new Blob([readFileSync(file)]) });
    await lite.query('SELECT 1');
    await lite.close();
  } finally {
    await unlock();
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'backup' || command === 'restore') {
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up that server with pg_dump / pg_restore.');
    process.exit(1);
  }
  const pgdata = join(resolve(process.env.DATA_DIR ?? './data'), 'pgdata');
  const file = rest.find((a) => !a.startsWith('--')) ?? (command === 'backup' ? `qc-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz` : '');
  try {
    if (command === 'backup') console.log(`backed up ${pgdata} to ${file} (${await backupDataDir(pgdata, file)} bytes)`);
    else {
      if (!file) throw new Error('Name the backup file: npm run db:restore -- <file>');
      await restoreDataDir(file, pgdata, rest.includes('--force'));
      console.log(`restored ${file} into ${pgdata}`);
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
