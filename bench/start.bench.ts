// Start-up (issue 18 'Start'): `npm start` is `vite build` and then the server; this times the build, and the server
// from its process start to its first answer (GET /login, the app's page) on a fresh data dir (PGlite initdb,
// migrations, demo seed) and again on the same, now existing, data dir. Temp dirs are removed at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { freePort } from '../tests/e2e/server.ts';

export interface StartResult {
  buildMs: number;
  freshMs: number;
  existingMs: number;
}

/** Spawns the server on `dataDir` and answers the ms until GET /login answers 200; stops it again. */
async function timeToFirstAnswer(dataDir: string, staticDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: '', DATABASE_URL: '', DATA_DIR: dataDir, STATIC_DIR: staticDir, PORT: String(port), HOST: '127.0.0.1', AUTH_MODE: 'dev' },
    stdio: 'ignore',
  });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('no answer in 180 s');
      const ok = await fetch(`http://127.0.0.1:${port}/login`).then((res) => res.ok, () => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function run(): Promise<StartResult> {
  const tmp = mkdtempSync(join(tmpdir(), 'qc-bench-start-'));
  try {
    const t0 = performance.now();
    await build({ configFile: 'vite.config.ts', logLevel: 'silent', build: { outDir: join(tmp, 'dist'), emptyOutDir: true } });
    const buildMs = performance.now() - t0;
    const freshMs = await timeToFirstAnswer(join(tmp, 'data'), join(tmp, 'dist'));
    const existingMs = await timeToFirstAnswer(join(tmp, 'data'), join(tmp, 'dist'));
    console.log('| step | time |');
    console.log('|---|---:|');
    console.log(`| vite build | ${(buildMs / 1000).toFixed(1)} s |`);
    console.log(`| server start → first answer, fresh data dir (initdb, migrations, demo seed) | ${(freshMs / 1000).toFixed(1)} s |`);
    console.log(`| server start → first answer, existing data dir | ${(existingMs / 1000).toFixed(1)} s |`);
    return { buildMs, freshMs, existingMs };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
