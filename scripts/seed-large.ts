/**
 * `npm run seed:large -- 100000`: fills the database `npm start` would use (DATABASE_URL, else PGlite in DATA_DIR)
 * with that many extra car inspections for load tests (issue 18 'Server at scale'). The demo data is seeded first
 * when the database is empty; its latest inspections are the templates (detail document, make, store, category,
 * status, assignee), spread over the past year with every tenth appointment also holding an older version, and
 * registry data for each appointment. Written by generate_series in the database, in batches, so 100,000 take
 * seconds on PostgreSQL. Running it again replaces the previous large set (car ids from LARGE_FIRST_CAR_ID).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdirSync } from 'node:fs';
import { openDb, type Db } from '../server/db.ts';
import { migrate } from '../server/migrate.ts';
import { seedIfEmpty } from '../server/seed/index.ts';

/** Car ids and appointment ids of the large set start here, far above the demo data's. */
export const LARGE_FIRST_CAR_ID = 50_000_000;
const FIRST_APPOINTMENT = 7_000_000_000;
const BATCH = 10_000;
/** Every n-th appointment has an older version too (re-inspections). */
const OLDER_VERSION_EVERY = 10;

/** Replaces the large set with `count` latest inspections (plus older versions); answers the rows written. */
export async function seedLarge(db: Db, count: number): Promise<{ inspections: number; ms: number }> {
  const started = Date.now();
  await db.query('DELETE FROM inspections WHERE car_id >= $1', [LARGE_FIRST_CAR_ID]);
  await db.query("DELETE FROM registry_data WHERE appointment_id ~ '^7[0-9]{9}$'");
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inspections WHERE is_latest AND car_id < $1', [LARGE_FIRST_CAR_ID]);
  const templates = rows[0].n;
  if (!templates) throw new Error('no demo inspections to copy: seed the demo data first');
  // One statement per batch: row g copies template g mod (templates) and gets its own ids and end time, spread
  // over the past 365 days (a prime stride so neighbours differ). An older version (is_latest false) goes beside
  // every tenth, an hour earlier, under car ids shifted by `count`.
  const insert = (older: boolean) => `
    WITH t AS (
      SELECT row_number() OVER (ORDER BY car_id) - 1 AS i, *
        FROM inspections WHERE is_latest AND car_id < ${LARGE_FIRST_CAR_ID}
    )
    INSERT INTO inspections (car_id, appointment_id, lead_token, version, is_latest, status, assignee, assigned_at, category, city_id,
      store_id, make, model, variant, store_name, inspection_by, inspection_start_time, inspection_end_time, is_report_processed,
      re_inspection_processing, dealer_price_processing, is_pdi_lead, qc_audit, workflow_id, review_start_time, qc_by, qc_start_time,
      qc_end_time, pdf_url, detail, created_at, updated_at)
    SELECT ${LARGE_FIRST_CAR_ID} + g ${older ? '+ $3' : ''}, (${FIRST_APPOINTMENT} + g)::text, md5(g::text), ${older ? 0 : `CASE WHEN g % ${OLDER_VERSION_EVERY} = 0 THEN 1 ELSE 0 END`},
      ${older ? 'false' : 'true'}, ${older ? "'done'" : 't.status'}, ${older ? 't.qc_by' : 't.assignee'}, ${older ? 'NULL' : 't.assigned_at'}, t.category, t.city_id,
      t.store_id, t.make, t.model, t.variant, t.store_name, t.inspection_by, e.at - interval '40 minutes', e.at, t.is_report_processed,
      t.re_inspection_processing, t.dealer_price_processing, t.is_pdi_lead, t.qc_audit, t.workflow_id, t.review_start_time, t.qc_by,
      t.qc_start_time, t.qc_end_time, t.pdf_url, t.detail, e.at, e.at
      FROM generate_series($1::int, $2::int) AS g
      JOIN t ON t.i = g % ${templates}
      CROSS JOIN LATERAL (SELECT now() - ((g::bigint * 7919) % (365 * 24 * 60)) * interval '1 minute' ${older ? "- interval '1 hour'" : ''} AS at) e
     ${older ? `WHERE g % ${OLDER_VERSION_EVERY} = 0` : ''}`;
  let written = 0;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await db.transaction(async (tx) => {
      await tx.query(insert(false), [from, to]);
      await tx.query(insert(true), [from, to, count]);
      await tx.query(
        `WITH r AS (SELECT row_number() OVER (ORDER BY appointment_id) - 1 AS i, data FROM registry_data WHERE appointment_id !~ '^7[0-9]{9}$'),
              n AS (SELECT count(*) AS n FROM r)
         INSERT INTO registry_data (appointment_id, data)
         SELECT (${FIRST_APPOINTMENT} + g)::text, r.data FROM generate_series($1::int, $2::int) AS g CROSS JOIN n JOIN r ON r.i = g % n.n`,
        [from, to],
      );
    });
    written += to - from + 1 + Math.floor(to / OLDER_VERSION_EVERY) - Math.floor((from - 1) / OLDER_VERSION_EVERY);
  }
  // Fresh statistics and visibility map: the planner sees the new size and can answer counts from the index.
  await db.exec('VACUUM ANALYZE inspections');
  await db.exec('ANALYZE registry_data');
  return { inspections: written, ms: Date.now() - started };
}

async function main() {
  const count = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) throw new Error('usage: npm run seed:large -- <count, 1 … 5,000,000>');
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const uploadsDir = join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const db = await openDb({ DATABASE_URL: process.env.DATABASE_URL, dataDir: join(dataDir, 'pgdata') });
  try {
    await migrate(db);
    if (await seedIfEmpty(db, { uploadsDir })) console.log('seeded demo data');
    const { inspections, ms } = await seedLarge(db, count);
    console.log(`${inspections} inspections (${count} appointments) written in ${(ms / 1000).toFixed(1)} s to ${db.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${dataDir}`}`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
