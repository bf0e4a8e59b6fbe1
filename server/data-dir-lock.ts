/**
 * One process per embedded database. PGlite keeps the database in the process's memory and writes it back to its
 * directory: a second server (`npm start` run twice on one DATA_DIR) or a backup/restore run beside the server opened
 * the same files, each writing over the other's work, and the next start could abort on what they left. The lock is
 * a file beside the directory (`<dir>.lock`, the directory itself must stay empty for initdb) holding the owner's pid;
 * a lock whose process is gone (a crash, kill -9) is taken over.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export class DataDirInUse extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but is another user's.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes `dir`'s lock or throws DataDirInUse naming the process that holds it; the answer releases it. */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  const mine = String(process.pid);
  try {
    writeFileSync(file, mine, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new DataDirInUse(`The database in ${dir} is in use by another process (pid ${holder}). Stop it first, or set DATA_DIR to another directory.`);
    }
    writeFileSync(file, mine);
  }
  const release = () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  // A process that ends without closing the database (an uncaught error, process.exit) leaves no lock behind.
  process.once('exit', release);
  return () => {
    process.off('exit', release);
    release();
  };
}
