// One process per embedded database (server/data-dir-lock.ts): `npm start` run twice on one DATA_DIR, or a backup
// beside the running server, opened the same PGlite files from two processes, each writing over the other.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from '../../server/data-dir-lock.ts';
import { openPglite } from '../../server/db.ts';
import { backupDataDir } from '../../scripts/db-backup.ts';

const root = mkdtempSync(join(tmpdir(), 'qc-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Tries the lock from another Node process: its exit code and what it printed. */
function lockFromAnotherProcess(dir: string) {
  const script = `import('${join(process.cwd(), 'server/data-dir-lock.ts')}').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); }, (e) => { console.log(e.message); process.exit(3); }).catch((e) => { console.log(e.message); process.exit(2); });`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout.trim() };
}

describe('the embedded database serves one process', () => {
  it('a second process is refused, naming the holder, while the first holds the directory; free once released', () => {
    const dir = join(root, 'held', 'pgdata');
    const release = lockDataDir(dir);
    const refused = lockFromAnotherProcess(dir);
    expect(refused.code).toBe(2);
    expect(refused.out).toBe(`The database in ${dir} is in use by another process (pid ${process.pid}). Stop it first, or set DATA_DIR to another directory.`);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    expect(lockFromAnotherProcess(dir)).toEqual({ code: 0, out: 'locked' });
  });

  it('a lock left by a process that is gone (a crash, kill -9) is taken over', async () => {
    const dir = join(root, 'stale', 'pgdata');
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((done) => gone.on('exit', done));
    mkdirSync(join(root, 'stale'), { recursive: true });
    writeFileSync(`${dir}.lock`, String(gone.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('openPglite and a backup are refused on a directory another process holds; close releases it', async () => {
    const dir = join(root, 'db', 'pgdata');
    const db = await openPglite(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(lockFromAnotherProcess(dir).code).toBe(2);
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    // Held by another process: the backup does not open the files.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(backupDataDir(dir, join(root, 'b.tar.gz'))).rejects.toBeInstanceOf(DataDirInUse);
    rmSync(`${dir}.lock`);
  }, 60_000);

  it('the server refuses to start on a DATA_DIR another server holds, in one sentence', () => {
    const dataDir = join(root, 'server');
    const release = lockDataDir(join(dataDir, 'pgdata'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, PORT: '0' }, timeout: 60_000 });
    release();
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(`Refusing to start: The database in ${join(dataDir, 'pgdata')} is in use by another process (pid ${process.pid}). Stop it first, or set DATA_DIR to another directory.`);
  }, 60_000);
});
