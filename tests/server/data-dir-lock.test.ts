// One process per embedded database (server/data-dir-lock.ts): `npm start` run twice on one DATA_DIR, or a backup
// beside the running server, opened the same PGlite files from two processes, each writing over the other.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir, socketName } from '../../server/data-dir-lock.ts';
import { openPglite } from '../../server/db.ts';
import { backupDataDir } from '../../scripts/db-backup.ts';

const root = mkdtempSync(join(tmpdir(), 'qc-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const lockScript = (dir: string, then: string, platform = process.platform) =>
  `import('${join(process.cwd(), 'server/data-dir-lock.ts')}').then((m) => m.lockDataDir(${JSON.stringify(dir)}, '${platform}')).then(() => { console.log('locked'); ${then} }, (e) => { console.log(e.message); process.exit(2); });`;

/** Node with tsx running `script`: resolves with the child once its first line is printed. */
function node(script: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let out = '';
  const exited = new Promise<number | null>((done) => child.on('exit', done));
  const firstLine = new Promise<string>((done) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) done(out.split('\n')[0]);
    });
    exited.then(() => done(out.trim()));
  });
  return { child, firstLine, exited };
}

/** Another process tries the lock and exits: its exit code and what it printed. */
async function lockFromAnotherProcess(dir: string, platform = process.platform) {
  const run = node(lockScript(dir, 'process.exit(0);', platform));
  return { code: await run.exited, out: await run.firstLine };
}

/** Another process takes the lock and keeps it until killed. */
async function holdInAnotherProcess(dir: string, platform = process.platform) {
  const run = node(lockScript(dir, 'setInterval(() => {}, 1000);', platform));
  expect(await run.firstLine).toBe('locked');
  return run.child;
}

describe('the embedded database serves one process', () => {
  it('a second process is refused, naming the holder, while the first holds the directory; free once released', async () => {
    const dir = join(root, 'held', 'pgdata');
    const release = await lockDataDir(dir);
    expect(await lockFromAnotherProcess(dir)).toEqual({
      code: 2,
      out: `The database in ${dir} is in use by another process (pid ${process.pid}). Stop it first, or set DATA_DIR to another directory.`,
    });
    await release();
    expect(await lockFromAnotherProcess(dir)).toEqual({ code: 0, out: 'locked' });
  }, 30_000);

  it('the same directory reached through a symlink is the same lock', async () => {
    mkdirSync(join(root, 'real'), { recursive: true });
    symlinkSync(join(root, 'real'), join(root, 'link'));
    const release = await lockDataDir(join(root, 'real', 'pgdata'));
    expect((await lockFromAnotherProcess(join(root, 'link', 'pgdata'))).code).toBe(2);
    await release();
  }, 30_000);

  it('a holder killed with -9 leaves no lock behind: the directory is free at once', async () => {
    const dir = join(root, 'killed', 'pgdata');
    const holder = await holdInAnotherProcess(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${holder.pid})`);
    const gone = new Promise((done) => holder.on('exit', done));
    holder.kill('SIGKILL');
    await gone;
    const release = await lockDataDir(dir);
    await release();
  }, 30_000);

  it('where the lock is a socket file (macOS and other systems), a crash leaves the file and the next opener takes it over', async () => {
    const dir = join(root, 'file-socket', 'pgdata');
    const holder = await holdInAnotherProcess(dir, 'darwin');
    expect(await lockFromAnotherProcess(dir, 'darwin')).toEqual({
      code: 2,
      out: `The database in ${dir} is in use by another process (pid ${holder.pid}). Stop it first, or set DATA_DIR to another directory.`,
    });
    const gone = new Promise((done) => holder.on('exit', done));
    holder.kill('SIGKILL');
    await gone;
    expect(readdirSync(tmpdir()).filter((f) => /^qc-pgdata-[0-9a-f]{32}\.sock$/.test(f)).length).toBeGreaterThan(0);
    const release = await lockDataDir(dir, 'darwin');
    expect((await lockFromAnotherProcess(dir, 'darwin')).code).toBe(2);
    await release();
  }, 30_000);

  it('whatever connects to the lock cannot end its holder: 1 MB of NUL, a reset, one that never closes', async () => {
    const dir = join(root, 'attacked', 'pgdata');
    const holder = await holdInAnotherProcess(dir);
    const name = socketName(dir, process.platform);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new Promise<void>((done) => {
          const socket = createConnection(name);
          socket.on('error', () => done());
          socket.on('close', () => done());
          // Written without reading the answer, then closed: the holder's read ends in ECONNRESET.
          socket.on('connect', () => socket.write(i % 2 ? Buffer.alloc(1 << 20) : '__proto__\0Infinity', () => socket.destroy()));
        }),
      ),
    );
    // One that reads the answer but never closes its side: the holder has closed the connection (a write fails).
    const idle = createConnection({ path: name, allowHalfOpen: true });
    idle.resume();
    await new Promise((ended) => idle.on('end', ended));
    await new Promise((wait) => setTimeout(wait, 200));
    const refused = await new Promise<string>((done) => {
      idle.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? 'error'));
      idle.write('still there?', () => setTimeout(() => done('written'), 500));
    });
    expect(refused).toBe('EPIPE');
    expect(holder.exitCode).toBeNull();
    expect(await lockFromAnotherProcess(dir)).toEqual({
      code: 2,
      out: `The database in ${dir} is in use by another process (pid ${holder.pid}). Stop it first, or set DATA_DIR to another directory.`,
    });
    holder.kill('SIGKILL');
  }, 30_000);

  it('a pid that names a live process is no lock: a crashed holder whose pid was reused does not block the start', async () => {
    // The file lock of earlier versions refused here until the file was deleted by hand (a container restarted after
    // a crash gives its processes the same pids).
    const dir = join(root, 'reused', 'pgdata');
    mkdirSync(join(root, 'reused'), { recursive: true });
    writeFileSync(`${dir}.lock`, String(process.ppid));
    const release = await lockDataDir(dir);
    await release();
  });

  it('a second open in the same process is refused too', async () => {
    const dir = join(root, 'twice', 'pgdata');
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(new DataDirInUse(`The database in ${dir} is already open in this process.`));
    await release();
    await (await lockDataDir(dir))();
  });

  it('openPglite and a backup are refused on a directory another process holds; close releases it', async () => {
    const dir = join(root, 'db', 'pgdata');
    const db = await openPglite(dir);
    expect((await lockFromAnotherProcess(dir)).code).toBe(2);
    await db.close();
    expect(await lockFromAnotherProcess(dir)).toEqual({ code: 0, out: 'locked' });
    const holder = await holdInAnotherProcess(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirInUse);
    // The backup does not open the files while another process holds them.
    await expect(backupDataDir(dir, join(root, 'b.tar.gz'))).rejects.toBeInstanceOf(DataDirInUse);
    holder.kill('SIGKILL');
  }, 60_000);

  it('the server refuses to start on a DATA_DIR another server holds, in one sentence', async () => {
    const dataDir = join(root, 'server');
    const release = await lockDataDir(join(dataDir, 'pgdata'));
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, DATA_DIR: dataDir, PORT: '0' }, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(server);
    let stderr = '';
    server.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((done) => server.on('exit', done));
    await release();
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Refusing to start: The database in ${join(dataDir, 'pgdata')} is in use by another process (pid ${process.pid}). Stop it first, or set DATA_DIR to another directory.`);
  }, 60_000);
});
