import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  baseURL: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its temporary data dir. */
  stop(): Promise<void>;
}

/** The public pages' link key of the test server, so browser tests can make signed links (server/link-token.ts). */
export const E2E_LINK_SECRET = 'e2e-link-secret-not-for-production';
/** A signed link's expiry an hour from now (unix seconds). */
export const inHour = () => Math.floor(Date.now() / 1000) + 3600;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`node --import tsx server/main.ts`: built app + API) on a fresh embedded database in a
 * temporary DATA_DIR and a free port, in dev sign-in mode, serving `staticDir` (default: a copy of dist/ taken now), with
 * `env` on top, and waits until POST /api/oauth answers.
 * Used once per browser-test run (global-setup) and by the browser benchmark.
 */
export async function startServer(opts: { staticDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qc-e2e-'));
  // Serve a snapshot of the build: a `vite build` run meanwhile (another terminal, a watcher) replaces dist/ and would
  // pull the assets from under the pages of a running test.
  const staticDir = opts.staticDir ?? join(dataDir, 'dist');
  if (!opts.staticDir && existsSync('dist')) cpSync('dist', staticDir, { recursive: true });
  const port = await freePort();
  // The auto-assignment jobs are off unless a test turns them on: a round would hand the seeded work to whoever
  // happens to be signed in, under the feet of other tests.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_MODE: 'dev',
    LINK_SECRET: E2E_LINK_SECRET,
    AUTO_ASSIGN_INTERVAL_MS: '0',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  // A `vite build` run earlier in the same process (the benches) sets NODE_ENV=production, under which dev sign-in
  // refuses to start.
  delete env.NODE_ENV;
  env.STATIC_DIR = staticDir;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'pipe' });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${server.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/oauth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', loginUserName: 'qc.reviewer@qc.example' }),
      });
      if (res.ok) return { baseURL, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server not ready after 90 s:\n${output}`);
}
