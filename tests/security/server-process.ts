// The real server (`node --import tsx server/main.ts`) as a child process on a data directory the test prepared:
// the crash test kills it with SIGKILL and starts it again on the same data; the stored-XSS browser test serves its
// payloads from it without touching the shared browser-test server's data.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPg, openPglite, type Db } from '../../server/db.ts';
import { migrate } from '../../server/migrate.ts';
import { freePort } from '../e2e/server.ts';

export interface DataPlace {
  dataDir: string;
  uploadsDir: string;
  /** The PostgreSQL URL the server uses (its own schema), or undefined for the embedded database in dataDir. */
  databaseUrl?: string;
  /** Opens the database in this process (PGlite: only while no server holds the directory). */
  open(): Promise<Db>;
  /** Deletes the data directory and, on PostgreSQL, the schema. */
  remove(): Promise<void>;
}

/**
 * A fresh data directory, migrated and filled by `fill`: PGlite in `<dataDir>/pgdata`, or, with `databaseUrl`, a new
 * schema on that server (the URL handed to the server selects it with `options=-c search_path=…`).
 */
export async function prepareData(fill: (db: Db, uploadsDir: string) => Promise<void>, databaseUrl?: string): Promise<DataPlace> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qc-security-'));
  const uploadsDir = join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  let place: DataPlace;
  if (databaseUrl) {
    const schema = `qc_sec_${process.pid}_${Date.now()}`;
    const admin = openPg(databaseUrl, { max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const remove = async () => {
      const admin = openPg(databaseUrl, { max: 1 });
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    place = { dataDir, uploadsDir, databaseUrl: url.href, open: async () => openPg(databaseUrl, { schema, max: 2 }), remove };
  } else {
    place = { dataDir, uploadsDir, open: () => openPglite(join(dataDir, 'pgdata')), remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const db = await place.open();
  try {
    await migrate(db);
    await fill(db, uploadsDir);
  } finally {
    await db.close();
  }
  return place;
}

export interface ServerProcess {
  baseURL: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, whatever was in flight stops where it was. */
  kill(): Promise<void>;
  /** SIGTERM (the server closes its database), SIGKILL after 10 s. */
  stop(): Promise<void>;
  output(): string;
}

/** Starts server/main.ts on `place` (dev sign-in, no auto-assignment) and waits until sign-in answers. */
export async function startServerProcess(place: DataPlace, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: place.dataDir,
    AUTH_MODE: 'dev',
    AUTO_ASSIGN_INTERVAL_MS: '0',
    STATIC_DIR: join(place.dataDir, 'no-app'),
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.NODE_ENV;
  if (place.databaseUrl) childEnv.DATABASE_URL = place.databaseUrl;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: childEnv, stdio: 'pipe' });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const baseURL = `http://127.0.0.1:${port}`;
  const signal = async (sig: NodeJS.Signals, graceMs: number) => {
    if (!running()) return;
    child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const server: ServerProcess = { baseURL, child, kill: () => signal('SIGKILL', 0), stop: () => signal('SIGTERM', 10_000), output: () => output };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!running()) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/oauth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', loginUserName: 'qc.reviewer@qc.example' }),
      });
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.kill();
  throw new Error(`server did not answer within 120 s:\n${output}`);
}
