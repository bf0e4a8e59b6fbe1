// Server load benchmark (issue 18 'Server at scale'): the inspection list and detail under load with
// BENCH_INSPECTIONS (default 100,000) inspections from scripts/seed-large.ts, on
//  a. the embedded database (PGlite, one process),
//  b. PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test's server), one process,
//  c. the same PostgreSQL with two processes behind one port (server/cluster.ts), where it also checks that an
//     assignment race across the processes has one winner and that the live stream reaches a user on either process.
// Each runs the real server (node server/main.ts or server/cluster.ts) in its own process, driven from this one:
// autocannon as fast as 20 connections go (req/s) and at its fixed rate, then requests paced evenly at the target's
// rate (`paced`), which the targets are judged on; p50/p95/p99 of both.
// PostgreSQL runs use their own database, dropped at the end; PGlite its own temp dir, removed at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openPg, openPglite, type Db } from '../server/db.ts';
import { migrate } from '../server/migrate.ts';
import { seedIfEmpty } from '../server/seed/index.ts';
import { LARGE_FIRST_CAR_ID, seedLarge } from '../scripts/seed-large.ts';
import { freePort } from '../tests/e2e/server.ts';
import { openStream } from '../tests/server/support/events.ts';

const INSPECTIONS = Number(process.env.BENCH_INSPECTIONS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REVIEWER = 'qc.reviewer@qc.example';
const REVIEWER2 = 'qc.reviewer2@qc.example';

/** Issue 18's targets: p95 under this many ms at this rate. */
export const SERVER_TARGETS = {
  pglite: { rate: 100, p95: 50 },
  pg: { rate: 200, p95: 20 },
  'pg, 2 processes': { rate: 200, p95: 20 },
} as const;
type Setup = keyof typeof SERVER_TARGETS;

export interface LoadFigures {
  setup: Setup;
  call: 'list' | 'detail';
  /** As fast as CONNECTIONS connections go. */
  maxRps: number;
  /** The target's rate, paced evenly (`paced`): what the target is judged on. */
  rate: number;
  achievedRps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The same rate as autocannon sends it: each second's requests in one burst (see `paced`). */
  burst: { p50: number; p95: number; p99: number };
  errors: number;
}

export interface ServerBenchResult {
  inspections: number;
  seedMs: Partial<Record<'pglite' | 'pg', number>>;
  figures: LoadFigures[];
  /** Cross-process checks of the two-process run. */
  raceWinners: number | null;
  liveReached: string | null;
  problems: string[];
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

interface Running {
  base: string;
  stop(): Promise<void>;
}

/** Starts `entry` with `env` on a free port and waits until sign-in answers. */
async function startProcess(entry: string, env: NodeJS.ProcessEnv): Promise<Running> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, NODE_ENV: '', AUTH_MODE: 'dev', HOST: '127.0.0.1', PORT: String(port), AUTO_ASSIGN_INTERVAL_MS: '0', ...env },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}: ${output.slice(-500)}`);
    try {
      await signIn(base, REVIEWER);
      return { base, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  await stop();
  throw new Error(`${entry} not ready after 120 s: ${output.slice(-500)}`);
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/oauth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', loginUserName: email }) });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Runs autocannon on `path()` (called per request); `rate` fixes the overall rate, else as fast as it goes. */
function cannon(base: string, token: string, path: () => string, rate?: number): Promise<{ rps: number; latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        ...(rate ? { overallRate: rate } : {}),
        headers: { authorization: `Bearer ${token}` },
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ rps: result.requests.total / (result.duration || SECONDS), latencies, errors: result.errors + result.non2xx + result.timeouts });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/**
 * `rate` requests a second for SECONDS at evenly spaced times: an open model, each request sent at its time whatever
 * the earlier ones are doing, on one of CONNECTIONS kept-alive sockets (waiting for a free one when all are busy).
 * A latency runs from the request's scheduled time, so time queued in this client counts too. autocannon's fixed
 * rate is another load: each of its connections sends its share of a second back to back when the second starts,
 * then idles (autocannon/lib/httpClient.js), so '100 req/s' reaches the server as 100 requests at once with 20 in
 * flight, and its p95 is the queue of that burst (about 20 service times), not the latency at that rate.
 */
async function paced(base: string, token: string, path: () => string, rate: number): Promise<{ rps: number; latencies: number[]; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const send = (scheduled: number) =>
    new Promise<void>((done) => {
      const req = get(`${base}${path()}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(performance.now() - scheduled);
          done();
        });
      });
      req.on('error', () => {
        errors++;
        done();
      });
    });
  const total = rate * SECONDS;
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.push(send(scheduled));
  }
  await Promise.all(sent);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { rps: total / seconds, latencies, errors };
}

async function measure(setup: Setup, base: string): Promise<LoadFigures[]> {
  const token = await signIn(base, REVIEWER);
  const today = new Date();
  const from = new Date(today.getTime() - 182 * 86_400_000);
  const ymd = (d: Date) => d.toISOString().slice(0, 10);
  // What the list screen asks for (src/api/main.ts fetchInspectionList): the first pages of the six-month window.
  const list = () => `/api/v2/inspection-data-list?page=${1 + Math.floor(Math.random() * 3)}&records=50&user=${encodeURIComponent(REVIEWER)}&startDate=${ymd(from)}&endDate=${ymd(today)}&utm_source=qc`;
  // Any inspection of the large set, so the detail is not one hot row.
  const detail = () => `/api/v2/inspection/${LARGE_FIRST_CAR_ID + 1 + Math.floor(Math.random() * INSPECTIONS)}?utm_source=qc`;
  const figures: LoadFigures[] = [];
  for (const [call, path] of [['list', list], ['detail', detail]] as const) {
    await cannon(base, token, path, 20); // warm-up: the server's code paths and the database's caches
    const max = await cannon(base, token, path);
    const { rate } = SERVER_TARGETS[setup];
    const burst = (await cannon(base, token, path, rate)).latencies.sort((a, b) => a - b);
    const even = await paced(base, token, path, rate);
    const sorted = even.latencies.sort((a, b) => a - b);
    figures.push({
      setup,
      call,
      maxRps: max.rps,
      rate,
      achievedRps: even.rps,
      p50: pct(sorted, 0.5),
      p95: pct(sorted, 0.95),
      p99: pct(sorted, 0.99),
      burst: { p50: pct(burst, 0.5), p95: pct(burst, 0.95), p99: pct(burst, 0.99) },
      errors: max.errors + even.errors,
    });
  }
  return figures;
}

async function seed(db: Db): Promise<number> {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'qc-bench-uploads-'));
  try {
    await migrate(db);
    await seedIfEmpty(db, { uploadsDir });
    return (await seedLarge(db, INSPECTIONS)).ms;
  } finally {
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

/** Many reviewers (as many as seeded qc users) race for one free inspection through both processes: one may win. */
async function assignmentRace(base: string): Promise<number> {
  const tokens = await Promise.all([REVIEWER, REVIEWER2].map((email) => signIn(base, email)));
  const me = await fetch(`${base}/api/v2/inspection-data-list?page=1&records=50&utm_source=qc`, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const free = ((await me.json()) as { data: { carId: number; qcAssign: { to: string | null }; inspectionStatus: string }[] }).data.find(
    (r) => !r.qcAssign.to && (r.inspectionStatus === 'new' || r.inspectionStatus === 'smReview'),
  );
  if (!free) throw new Error('no free inspection to race for');
  // Several attempts per reviewer: connections alternate between the processes.
  const attempts = [...tokens, ...tokens, ...tokens].map((token, i) =>
    fetch(`${base}/api/qc-appointment-assign-to/${free.carId}?utm_source=qc`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ carId: free.carId, role: 'qc', inspectionStatus: 'smReview', user: [REVIEWER, REVIEWER2][i % 2], qcAssignTo: [REVIEWER, REVIEWER2][i % 2] }),
    }).then(async (res) => (res.ok ? ((await res.json()) as { detail: { qcAssign?: { to?: string } } }).detail.qcAssign?.to ?? '?' : null)),
  );
  const winners = new Set((await Promise.all(attempts)).filter((w): w is string => w !== null));
  return winners.size;
}

/**
 * Two streams for one user (cluster hands consecutive connections to different workers) and a change made through
 * a third connection: both streams must get it, whichever process serves them.
 */
async function liveAcrossProcesses(base: string): Promise<string> {
  const token = await signIn(base, REVIEWER2);
  const streams = await Promise.all([0, 1].map(() => openStream(`${base}/api/v2/live/auto-assignment?utm_source=qc&token=${encodeURIComponent(token)}`)));
  try {
    for (const s of streams) await s.next();
    await fetch(`${base}/api/v2/live/auto-assignment?utm_source=qc`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ status: 'pending' }),
    });
    await Promise.all(streams.map((s) => s.next((r) => r.status === 'pending')));
    return 'both streams got the event';
  } finally {
    for (const s of streams) s.close();
  }
}

const f = (n: number) => n.toFixed(1).padStart(7);

export function printServerFigures(r: ServerBenchResult): void {
  console.log(`| setup             | call   | req/s (c=${CONNECTIONS}) | at rate | p50 ms | p95 ms | p99 ms | burst p50 | burst p95 | burst p99 | errors | target            |`);
  console.log('|-------------------|--------|-------------:|--------:|-------:|-------:|-------:|----------:|----------:|----------:|-------:|-------------------|');
  for (const x of r.figures) {
    const target = SERVER_TARGETS[x.setup];
    const met = x.p95 < target.p95 && x.achievedRps >= target.rate * 0.95;
    console.log(
      `| ${x.setup.padEnd(17)} | ${x.call.padEnd(6)} | ${f(x.maxRps).padStart(12)} | ${String(x.rate).padStart(7)} | ${f(x.p50)} | ${f(x.p95)} | ${f(x.p99)} | ${f(x.burst.p50).padStart(9)} | ${f(x.burst.p95).padStart(9)} | ${f(x.burst.p99).padStart(9)} | ${String(x.errors).padStart(6)} | p95 < ${target.p95} ms ${met ? 'met   ' : 'MISSED'} |`,
    );
  }
}

export async function run(): Promise<ServerBenchResult> {
  const started = Date.now();
  const result: ServerBenchResult = { inspections: INSPECTIONS, seedMs: {}, figures: [], raceWinners: null, liveReached: null, problems: [] };
  console.log(`${INSPECTIONS.toLocaleString('en')} inspections (scripts/seed-large.ts), ${CONNECTIONS} connections, ${SECONDS} s per run`);

  // a. PGlite: seeded in this process, then served by its own server process.
  const dataDir = mkdtempSync(join(tmpdir(), 'qc-bench-server-'));
  try {
    const lite = await openPglite(join(dataDir, 'pgdata'));
    result.seedMs.pglite = await seed(lite).finally(() => lite.close());
    const server = await startProcess('server/main.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      result.figures.push(...(await measure('pglite', server.base)));
    } finally {
      await server.stop();
    }
  } catch (e) {
    result.problems.push(`PGlite: ${(e as Error).message}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  // b, c. PostgreSQL: a database of its own.
  const database = `qc_bench_${process.pid}_${Date.now()}`;
  const adminUrl = new URL(PG_URL);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${database}`;
  let admin: Db | null = null;
  const pgDataDir = mkdtempSync(join(tmpdir(), 'qc-bench-server-pg-'));
  try {
    admin = openPg(adminUrl.href, { max: 1 });
    await admin.exec(`CREATE DATABASE ${database}`);
    const pgDb = openPg(dbUrl.href, { max: 2 });
    result.seedMs.pg = await seed(pgDb).finally(() => pgDb.close());
    for (const setup of ['pg', 'pg, 2 processes'] as const) {
      const server = await startProcess(setup === 'pg' ? 'server/main.ts' : 'server/cluster.ts', { DATA_DIR: pgDataDir, DATABASE_URL: dbUrl.href, WORKERS: '2' });
      try {
        result.figures.push(...(await measure(setup, server.base)));
        if (setup !== 'pg') {
          result.raceWinners = await assignmentRace(server.base).catch((e) => (result.problems.push(`race: ${(e as Error).message}`), null));
          result.liveReached = await liveAcrossProcesses(server.base).catch((e) => (result.problems.push(`live: ${(e as Error).message}`), null));
        }
      } finally {
        await server.stop();
      }
    }
  } catch (e) {
    result.problems.push(`PostgreSQL (${adminUrl.host}): ${(e as Error).message}`);
  } finally {
    await admin?.exec(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin?.close().catch(() => undefined);
    rmSync(pgDataDir, { recursive: true, force: true });
  }

  printServerFigures(result);
  const seeded = Object.entries(result.seedMs).map(([k, ms]) => `${k} ${(ms! / 1000).toFixed(1)} s`);
  console.log(`seed:large of ${INSPECTIONS.toLocaleString('en')}: ${seeded.join(', ')}`);
  if (result.raceWinners !== null) console.log(`two processes, one assignment race: ${result.raceWinners} winner${result.raceWinners === 1 ? '' : 's'} (must be 1)`);
  if (result.liveReached) console.log(`two processes, live stream: ${result.liveReached}`);
  for (const p of result.problems) console.log(`! ${p}`);
  console.log(`(server bench took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return result;
}
