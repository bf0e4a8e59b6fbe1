// Two server processes on one PostgreSQL server (DESIGN.md 'Scale', 'Live updates'; issue 18): a live event caused
// through one process reaches a stream served by the other, and an assignment race across them has one winner.
// Runs only when DATABASE_URL is set (PGlite lives inside one process); uses a database of its own, dropped after.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPg, type Db } from '../../server/db.ts';
import { migrate } from '../../server/migrate.ts';
import { seedInspections, seedLookups, seedUsers } from '../../server/seed/index.ts';
import { freePort } from '../e2e/server.ts';
import { openStream, type EventStream } from './support/events.ts';
import { REVIEWER, REVIEWER2 } from './support/harness.ts';

const url = process.env.DATABASE_URL;

describe.runIf(url)('two server processes on one PostgreSQL', () => {
  const database = `qc_processes_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'qc-processes-'));
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  const streams: EventStream[] = [];
  let admin: Db;
  let db: Db;

  async function start(dbUrl: string): Promise<string> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, NODE_ENV: '', DATABASE_URL: dbUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', AUTH_MODE: 'dev', AUTO_ASSIGN_INTERVAL_MS: '0' },
      stdio: 'ignore',
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 240; i++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (await token(base, REVIEWER).then(() => true, () => false)) return base;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('server not ready in 60 s');
  }

  async function token(base: string, email: string): Promise<string> {
    const res = await fetch(`${base}/api/oauth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', loginUserName: email }) });
    if (!res.ok) throw new Error(`sign-in ${res.status}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  beforeAll(async () => {
    admin = openPg(url!, { max: 1 });
    await admin.exec(`CREATE DATABASE ${database}`);
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${database}`;
    db = openPg(dbUrl.href, { max: 2 });
    await migrate(db);
    await seedUsers(db);
    await seedLookups(db);
    await seedInspections(db, { uploadsDir: join(dataDir, 'uploads'), appointments: 20 });
    bases.push(await start(dbUrl.href), await start(dbUrl.href));
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all(
      children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((done) => child.once('exit', done).kill('SIGTERM')) : null)),
    );
    await db?.close();
    await admin?.exec(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a change made through one process reaches the live stream the other process serves, both ways', async () => {
    for (const [served, changed] of [[0, 1], [1, 0]]) {
      const viewer = await token(bases[served], REVIEWER2);
      const stream = await openStream(`${bases[served]}/api/v2/live/auto-assignment?utm_source=qc&token=${encodeURIComponent(viewer)}`);
      streams.push(stream);
      expect(await stream.next()).toMatchObject({ email: REVIEWER2 });
      // The reset goes through the other process: only its NOTIFY can bring the record to this stream.
      const res = await fetch(`${bases[changed]}/api/v2/live/auto-assignment?utm_source=qc`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${await token(bases[changed], REVIEWER2)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'pending' }),
      });
      expect(res.status).toBe(200);
      expect(await stream.next((r) => r.email === REVIEWER2 && r.status === 'pending')).toMatchObject({ email: REVIEWER2, status: 'pending' });
      stream.close();
    }
  });

  it('two reviewers assigning the same inspection through different processes: exactly one winner, 10 times over', async () => {
    const free = await db.query<{ car_id: number }>(
      `SELECT car_id FROM inspections WHERE is_latest AND assignee IS NULL AND status IN ('new', 'smReview') AND is_report_processed = 1
          AND re_inspection_processing = 0 AND dealer_price_processing = 0 ORDER BY car_id LIMIT 10`,
    );
    expect(free.rows.length).toBeGreaterThan(0);
    const tokens = [await token(bases[0], REVIEWER), await token(bases[1], REVIEWER2)];
    for (const { car_id: carId } of free.rows) {
      const answers = await Promise.all(
        [REVIEWER, REVIEWER2].map((user, i) =>
          fetch(`${bases[i]}/api/qc-appointment-assign-to/${carId}?utm_source=qc`, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ carId, role: 'qc', inspectionStatus: 'smReview', user, qcAssignTo: user }),
          }).then((res) => res.status),
        ),
      );
      expect(answers.sort()).toEqual([200, 409]);
      const { rows } = await db.query<{ assignee: string }>('SELECT assignee FROM inspections WHERE car_id = $1', [carId]);
      expect([REVIEWER, REVIEWER2]).toContain(rows[0].assignee);
    }
  });
});
