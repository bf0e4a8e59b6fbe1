/**
 * One process per embedded database. PGlite keeps the database in the process's memory and writes it back to its
 * directory: a second server (`npm start` run twice on one DATA_DIR) or a backup/restore run beside the server opened
 * the same files, each writing over the other's work, and the next start could abort on what they left.
 *
 * The lock is a local socket named after the directory, listening while the holder runs. The kernel drops it when
 * the process ends, however it ends (kill -9, a crash, the container stopped), so no lock outlives its holder and a
 * reused pid cannot pass for one, as a pid file could. On Linux the name is in the abstract namespace (no file at
 * all), on Windows a named pipe; elsewhere a socket file in the temporary directory, which a crash leaves behind and
 * the next opener removes once nothing answers on it. A second opener connects and is told the holder's pid.
 * The names are per host (per network namespace on Linux): two containers with their own network sharing one volume
 * do not see each other's lock, and a local process that takes a directory's name first makes the server refuse to
 * start (naming that process), nothing worse.
 */
import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export class DataDirInUse extends Error {}

/** The directory's real path, though it may not exist yet (a fresh DATA_DIR): symlinks resolved as far as it exists. */
function canonical(dir: string): string {
  const abs = resolve(dir);
  try {
    return realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(canonical(parent), basename(abs));
  }
}

/** The local socket a directory's lock listens on (the same for every path to it). */
export function socketName(dir: string, platform: NodeJS.Platform): string {
  const id = `qc-pgdata-${createHash('sha256').update(canonical(dir)).digest('hex').slice(0, 32)}`;
  if (platform === 'linux') return `\0${id}`;
  if (platform === 'win32') return `\\\\?\\pipe\\${id}`;
  return join(tmpdir(), `${id}.sock`);
}

const held = new Set<string>();

const listen = (name: string) =>
  new Promise<Server>((done, fail) => {
    // Every connection is a refused opener asking who holds the directory; any local process may connect, so what
    // it sends is never read, and its errors (a reset) or its never closing cannot touch the holder.
    const server = createServer((socket) => {
      socket.on('error', () => socket.destroy());
      // Closed once the answer is sent, whether or not the asker ever closes its side.
      socket.end(String(process.pid), () => socket.destroy());
    });
    server.once('error', fail);
    server.listen(name, () => {
      server.off('error', fail);
      // An accept that fails (no file descriptors left) loses that one asker, never the lock.
      server.on('error', () => undefined);
      // The lock must not keep a finished script (a backup) running.
      done(server.unref());
    });
  });

/** The holder's answer: its pid, or undefined when nothing answers (the holder just ended, or a crash's socket file). */
const askHolder = (name: string) =>
  new Promise<number | undefined>((done) => {
    let answer = '';
    const socket = createConnection(name);
    socket.setTimeout(2000, () => socket.destroy());
    // A pid is a few digits: whatever else took the name is not read on.
    socket.on('data', (chunk) => (answer += chunk).length > 20 && socket.destroy());
    socket.on('error', () => done(undefined));
    socket.on('close', () => done(/^\d+$/.test(answer) ? Number(answer) : undefined));
  });

/**
 * Takes `dir`'s lock or throws DataDirInUse naming the process that holds it; the answer releases it. `platform`
 * picks the kind of name (tests run the socket file of other systems on Linux).
 */
export async function lockDataDir(dir: string, platform = process.platform): Promise<() => Promise<void>> {
  const name = socketName(dir, platform);
  if (held.has(name)) throw new DataDirInUse(`The database in ${dir} is already open in this process.`);
  let server: Server | undefined;
  for (let attempt = 0; !server; attempt++) {
    try {
      server = await listen(name);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
      const holder = await askHolder(name);
      if (holder !== undefined || attempt > 0) {
        throw new DataDirInUse(`The database in ${dir} is in use by another process${holder ? ` (pid ${holder})` : ''}. Stop it first, or set DATA_DIR to another directory.`);
      }
      // A socket file nobody listens on: left by a crash (the abstract and pipe names vanish with their process).
      if (!name.startsWith('\0') && !name.startsWith('\\')) rmSync(name, { force: true });
    }
  }
  held.add(name);
  const holding = server;
  return () =>
    new Promise<void>((done) => {
      held.delete(name);
      holding.close(() => done());
    });
}
