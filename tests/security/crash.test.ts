// kill -9 during writes (issue 11 'Crash safety stays tested', SECURITY.md): the real server as a child process,
// concurrent assignments and submissions, SIGKILL mid-flight, a restart on the same data, and every inspection is
// wholly before or wholly after each write: no assignment without its audit line, no submission without its row,
// version snapshot and audit line, and the other way round. PGlite always; PostgreSQL too when DATABASE_URL is set.
import { afterAll, describe, expect, it } from 'vitest';
import { seedInspections, seedLookups, seedUsers } from '../../server/seed/index.ts';
import { REVIEWER, REVIEWER2, submission } from '../server/support/harness.ts';
import { figures } from './figures.ts';
import { prepareData, startServerProcess, type DataPlace, type ServerProcess } from './server-process.ts';

const TRIALS = 3;
const CARS_PER_TRIAL = 4;
const KINDS: ('pglite' | 'pg')[] = process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

interface Car {
  car_id: number;
  version: number;
}

async function signIn(baseURL: string, email: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/oauth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', loginUserName: email }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One reviewer's attempt at a car: assign, then submit at once if the assignment was theirs. Never rejects. */
async function attempt(baseURL: string, token: string, email: string, car: Car, events: string[]): Promise<void> {
  const call = (method: string, path: string, body: unknown) =>
    fetch(`${baseURL}/api/${path}?utm_source=qc`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  try {
    const assigned = await call('PATCH', `qc-appointment-assign-to/${car.car_id}`, { carId: car.car_id, role: 'qc', inspectionStatus: 'smReview', user: email, qcAssignTo: email });
    events.push(`assign ${assigned.status}`);
    if (!assigned.ok) return;
    const submitted = await call('PATCH', `qc-section-report-submit/${car.car_id}`, submission(car.car_id, car.version));
    events.push(`submit ${submitted.status}`);
  } catch {
    // The server died under the request: what matters is what the database holds afterwards.
    events.push('cut');
  }
}

/** Per inspection: the row's state against the rows each write adds in the same transaction. */
async function states(place: DataPlace, carIds: number[]) {
  const db = await place.open();
  try {
    const { rows } = await db.query<{ car_id: number; status: string; assignee: string | null; qc_by: string | null; assigns: number; audit_submits: number; submissions: number; snapshots: number }>(
      `SELECT i.car_id, i.status, i.assignee, i.qc_by,
              (SELECT count(*)::int FROM audit_log a WHERE a.car_id = i.car_id AND a.action = 'assign') AS assigns,
              (SELECT count(*)::int FROM audit_log a WHERE a.car_id = i.car_id AND a.action = 'submit') AS audit_submits,
              (SELECT count(*)::int FROM submissions s WHERE s.car_id = i.car_id) AS submissions,
              (SELECT count(*)::int FROM inspection_versions v WHERE v.car_id = i.car_id AND v.reason = 'submit') AS snapshots
         FROM inspections i WHERE i.car_id = ANY($1::int[]) ORDER BY i.car_id`,
      [carIds],
    );
    return rows;
  } finally {
    await db.close();
  }
}

describe.each(KINDS)('kill -9 during writes on %s (issue 11)', (kind) => {
  let place: DataPlace;
  let cars: Car[] = [];
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop();
    await place?.remove();
  });

  it(`${TRIALS} trials: every inspection is wholly before or wholly after each write, and the server starts again on the data`, { timeout: 420_000 }, async () => {
    place = await prepareData(async (db, uploadsDir) => {
      await db.transaction(async (tx) => {
        await seedUsers(tx);
        await seedLookups(tx);
        await seedInspections(tx, { uploadsDir, appointments: 30, seed: 7 });
      });
      cars = (
        await db.query<Car>(
          `SELECT car_id, version FROM inspections WHERE is_latest AND assignee IS NULL AND status = 'smReview'
             AND is_report_processed = 1 AND re_inspection_processing = 0 AND dealer_price_processing = 0 ORDER BY car_id LIMIT $1`,
          [TRIALS * CARS_PER_TRIAL],
        )
      ).rows;
    }, kind === 'pg' ? process.env.DATABASE_URL : undefined);
    expect(cars).toHaveLength(TRIALS * CARS_PER_TRIAL);

    let cut = 0;
    let landed = 0;
    let submitted = 0;
    server = await startServerProcess(place);
    for (let trial = 0; trial < TRIALS; trial++) {
      const batch = cars.slice(trial * CARS_PER_TRIAL, (trial + 1) * CARS_PER_TRIAL);
      const tokens = [await signIn(server.baseURL, REVIEWER), await signIn(server.baseURL, REVIEWER2)];
      const events: string[] = [];
      // Both reviewers race for every car of the batch; the process dies once the first assignment (first trial) or the
      // first submission (later trials) has answered, while the others are in flight.
      const attempts = batch.flatMap((car) => [attempt(server!.baseURL, tokens[0], REVIEWER, car, events), attempt(server!.baseURL, tokens[1], REVIEWER2, car, events)]);
      const trigger = trial === 0 ? 'assign 200' : 'submit 200';
      const deadline = Date.now() + 60_000;
      while (!events.includes(trigger) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      await new Promise((r) => setTimeout(r, (trial - 1) * 10));
      await server.kill();
      await Promise.all(attempts);
      cut += events.filter((e) => e === 'cut').length;
      landed += events.filter((e) => e === 'assign 200' || e === 'submit 200').length;
      submitted += events.filter((e) => e === 'submit 200').length;
      // Restart on the same data: PGlite recovers its files, PostgreSQL rolls back what was not committed.
      server = await startServerProcess(place);
      const token = await signIn(server.baseURL, REVIEWER);
      for (const car of batch) {
        const res = await fetch(`${server.baseURL}/api/v2/inspection/${car.car_id}?utm_source=qc`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status, `car ${car.car_id} after restart ${trial + 1}`).toBe(200);
      }
    }
    await server.stop();
    server = null;

    for (const row of await states(place, cars.map((c) => c.car_id))) {
      const where = `${kind} car ${row.car_id}: ${JSON.stringify(row)}`;
      // Assigned exactly when the assignment's audit line is there (each car started free; one reviewer wins).
      expect(row.assigns, where).toBe(row.assignee ? 1 : 0);
      const submitted = row.status !== 'smReview';
      // Submitted exactly when its submission row, version snapshot and audit line are all there, by the assignee.
      expect([row.submissions, row.snapshots, row.audit_submits], where).toEqual(submitted ? [1, 1, 1] : [0, 0, 0]);
      expect(row.qc_by, where).toBe(submitted ? row.assignee : null);
    }
    figures.add(`crash (${kind}): kill -9 trials`, TRIALS);
    figures.add(`crash (${kind}): requests cut by the kill`, cut);
    figures.add(`crash (${kind}): writes answered before the kill`, landed);
    figures.add(`crash (${kind}): submissions answered before the kill`, submitted);
    // The kill landed mid-flight at least once, and some writes were committed before it: the check saw both sides.
    expect(cut).toBeGreaterThan(0);
    expect(submitted).toBeGreaterThan(0);
  });
});

afterAll(() => figures.write('tests/artifacts/security-crash-figures.json'));
