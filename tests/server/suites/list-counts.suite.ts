import { beforeAll, describe, expect, it } from 'vitest';
import listConfig from '../../../src/config/inspection-list.json' with { type: 'json' };
import type { Queryable } from '../../../server/db.ts';
import { listPage, type ListFilter } from '../../../server/repos/inspections.ts';
import { seedGs, GS_DEMO_USER } from '../../../server/seed/gs.ts';
import { listWindow } from '../../../server/services/inspections.ts';
import { ADMIN, REVIEWER, freeInspection, submission, type Harness } from '../support/harness.ts';

const NO_FILTER = { cities: [], stores: [], categories: [] };

/** The latest versions matching `filter`, counted row by row: what the list's total must equal. */
async function countRows(db: Queryable, f: ListFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM inspections WHERE is_latest
        AND ($1::timestamptz IS NULL OR inspection_end_time BETWEEN $1 AND $2)
        AND (cardinality($3::int[]) = 0 OR city_id = ANY($3)) AND (cardinality($4::int[]) = 0 OR store_id = ANY($4))
        AND (cardinality($5::text[]) = 0 OR category = ANY($5)) AND ($6::text IS NULL OR lower(assignee) = lower($6))`,
    [f.window?.from.toISOString() ?? null, f.window?.to.toISOString() ?? null, f.cities, f.stores, f.categories, f.assignee ?? null],
  );
  return rows[0].n;
}

/** The kept counts against the same numbers grouped from the rows: the keys that differ (none when exact). */
async function countDrift(db: Queryable): Promise<unknown[]> {
  const { rows } = await db.query(
    `SELECT day, city_id, store_id, category, k.n AS kept, r.n AS counted
       FROM (SELECT * FROM inspection_list_counts WHERE n <> 0) k
       FULL JOIN (SELECT (inspection_end_time AT TIME ZONE 'UTC')::date AS day, city_id, store_id, category, count(*)::int AS n
                    FROM inspections WHERE is_latest GROUP BY 1, 2, 3, 4) r USING (day, city_id, store_id, category)
      WHERE k.n IS DISTINCT FROM r.n
     UNION ALL
     SELECT day, NULL, NULL, NULL, k.n, r.n
       FROM (SELECT * FROM inspection_list_day_counts WHERE n <> 0) k
       FULL JOIN (SELECT (inspection_end_time AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM inspections WHERE is_latest GROUP BY 1) r USING (day)
      WHERE k.n IS DISTINCT FROM r.n`,
  );
  return rows;
}

/** Issue 18: the list's total comes from counts kept per day and filter key (migration 150) and must stay exact. */
export function listCountsSuite(h: Harness) {
  describe('inspection list totals (kept counts, migration 150)', () => {
    let stores: number[];
    let cities: number[];
    beforeAll(async () => {
      await h.reset(80);
      const { rows } = await h.db().query<{ store_id: number; city_id: number }>('SELECT DISTINCT store_id, city_id FROM inspections ORDER BY 1');
      stores = rows.map((r) => r.store_id);
      cities = [...new Set(rows.map((r) => r.city_id))];
    });

    const listTotal = async (email: string, query: Record<string, string | string[]> = {}) => {
      const res = await h.call('GET', '/api/v2/inspection-data-list', { token: await h.token(email), query: { page: '1', records: '50', utm_source: 'qc', ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ total: number }>().total;
    };

    /** Every filter combination the list screen sends, with the count each must answer. */
    const cases = (): [Record<string, string | string[]>, ListFilter][] => {
      const mid = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
      const old = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
      const [c1, c2] = listConfig.categories;
      return [
        [{}, { ...NO_FILTER, window: listWindow(undefined, undefined) }],
        [{ startDate: mid }, { ...NO_FILTER, window: listWindow(mid, undefined) }],
        [{ startDate: old, endDate: mid }, { ...NO_FILTER, window: listWindow(old, mid) }],
        [{ startDate: mid, endDate: mid }, { ...NO_FILTER, window: listWindow(mid, mid) }],
        [{ 'category[]': [c1, c2] }, { ...NO_FILTER, categories: [c1, c2], window: listWindow(undefined, undefined) }],
        [{ 'storeId[]': stores.slice(0, 3).map(String) }, { ...NO_FILTER, stores: stores.slice(0, 3), window: listWindow(undefined, undefined) }],
        [
          { 'storeCityId[]': [String(cities[0])], 'category[]': [c1] },
          { ...NO_FILTER, cities: [cities[0]], categories: [c1], window: listWindow(undefined, undefined) },
        ],
        [{ assignTo: REVIEWER }, { ...NO_FILTER, assignee: REVIEWER, window: listWindow(undefined, undefined) }],
      ];
    };

    const expectExact = async () => {
      expect(await countDrift(h.db())).toEqual([]);
      for (const [query, filter] of cases()) expect(await listTotal(ADMIN, query), JSON.stringify(query)).toBe(await countRows(h.db(), filter));
    };

    it('answers the number of matching latest versions for every window and filter the list sends', async () => {
      expect(await countRows(h.db(), { ...NO_FILTER, window: listWindow(undefined, undefined) })).toBeGreaterThan(50);
      await expectExact();
    });

    it('is exact for windows that do not start or end on a UTC day (other server time zones), short or long', async () => {
      const at = (daysAgo: number, hours: number) => new Date(Math.floor(Date.now() / 86_400_000 - daysAgo) * 86_400_000 + hours * 3_600_000);
      const windows = [
        { from: at(150, 18.5), to: at(-1, 18.5 - 1 / 3_600_000) }, // UTC+5:30 days
        { from: at(90, 5), to: at(30, 5) }, // UTC−5 days
        { from: at(10, 3), to: at(10, 20) }, // within one UTC day
        { from: at(10, 20), to: at(9, 3) }, // across one midnight, no whole day
        { from: at(11, 0), to: at(10, 0) }, // exactly one whole day
      ];
      // Rows a minute inside and outside each edge, and at the UTC midnights next to it, so a window cut wrong
      // by the counts misses or adds one.
      const minute = 60_000;
      const instants = windows.flatMap(({ from, to }) =>
        [from, to].flatMap((t) => [t.getTime() - minute, t.getTime(), t.getTime() + minute, Math.floor(t.getTime() / 86_400_000) * 86_400_000, Math.ceil(t.getTime() / 86_400_000) * 86_400_000 - 1]),
      );
      await h.db().query(
        `INSERT INTO inspections (car_id, appointment_id, lead_token, status, category, city_id, store_id, make, model, store_name, inspection_end_time, detail)
         SELECT 920000000 + i, 'E' || i, lead_token, 'new', category, city_id, store_id, make, model, store_name, to_timestamp(t / 1000.0), detail
           FROM unnest($1::float8[]) WITH ORDINALITY AS e(t, i), (SELECT * FROM inspections WHERE is_latest ORDER BY car_id LIMIT 1) s`,
        [instants],
      );
      for (const window of windows) {
        const filter = { ...NO_FILTER, window };
        expect((await listPage(h.db(), filter, 50, 0)).total, JSON.stringify(window)).toBe(await countRows(h.db(), filter));
      }
    });

    it('an empty page past the end still answers the total', async () => {
      const total = await listTotal(ADMIN);
      const res = await h.call('GET', '/api/v2/inspection-data-list', { token: await h.token(ADMIN), query: { page: '1000', records: '50' } });
      expect(res.json()).toEqual({ data: [], total });
    });

    it('stays exact after assignment, submission and a GS unflag through the API', async () => {
      const token = await h.token(REVIEWER);
      const free = await freeInspection(h.db());
      const assign = { carId: free.car_id, role: 'qc', inspectionStatus: 'smReview', user: REVIEWER, qcAssignTo: REVIEWER };
      const mine = await listTotal(REVIEWER, { assignTo: REVIEWER });
      expect((await h.call('PATCH', `/api/qc-appointment-assign-to/${free.car_id}`, { token, body: assign })).statusCode).toBe(200);
      expect(await listTotal(REVIEWER, { assignTo: REVIEWER })).toBe(mine + 1);
      await expectExact();
      const submit = await h.call('PATCH', `/api/qc-section-report-submit/${free.car_id}`, { token, body: submission(free.car_id, free.version, { reject: true }) });
      expect(submit.statusCode, submit.body).toBe(200);
      await expectExact();
      await seedGs(h.db(), { uploadsDir: h.uploadsDir, seed: 11 });
      const { rows } = await h.db().query<{ appointment_id: string }>(
        "SELECT appointment_id FROM gs_flags WHERE hard_beta AND status = 'pending' AND lower(assigned_to) = $1 LIMIT 1",
        [GS_DEMO_USER],
      );
      const unflag = await h.call('PATCH', `/api/v2/gs-dealer-data/${rows[0].appointment_id}`, {
        token: await h.token(GS_DEMO_USER),
        query: { utm_source: 'qc' },
        body: { reason: 'Airbag replaced', disposition: 'beta-repaired', conditionFlag: -1, status: 'UNFLAGGED' },
      });
      expect(unflag.statusCode, unflag.body).toBe(200);
      await expectExact();
    });

    it('stays exact when rows join, leave or move between days, stores and categories', async () => {
      const db = h.db();
      const { rows } = await db.query<{ car_id: number }>('SELECT car_id FROM inspections WHERE is_latest ORDER BY car_id LIMIT 6');
      const ids = rows.map((r) => r.car_id);
      // A re-inspection: the old version leaves the latest ones, the new one (ended now) joins them.
      await db.transaction(async (tx) => {
        await tx.query('UPDATE inspections SET is_latest = false WHERE car_id = $1', [ids[0]]);
        await tx.query(
          `INSERT INTO inspections (car_id, appointment_id, lead_token, version, status, category, city_id, store_id, make, model, store_name, inspection_end_time, detail)
           SELECT 900000000, appointment_id, lead_token, version + 1, 'new', category, city_id, store_id, make, model, store_name, now(), detail FROM inspections WHERE car_id = $1`,
          [ids[0]],
        );
      });
      await expectExact();
      // One statement moving several rows to other keys, and one moving them back to the same key: nets to nothing.
      await db.query("UPDATE inspections SET inspection_end_time = inspection_end_time - interval '3 days', category = $2 WHERE car_id = ANY($1)", [ids.slice(1, 4), listConfig.categories[1]]);
      await db.query('UPDATE inspections SET store_id = $2 WHERE car_id = ANY($1)', [ids.slice(3, 6), stores.at(-1)]);
      await expectExact();
      await db.query('DELETE FROM inspections WHERE car_id = ANY($1)', [[900000000, ids[5]]]);
      await expectExact();
    });

    it('stays exact under concurrent writers (one transaction per re-inspection, same keys)', async () => {
      const db = h.db();
      const { rows } = await db.query<{ car_id: number }>('SELECT car_id FROM inspections WHERE is_latest AND car_id < 900000000 ORDER BY car_id LIMIT 20 OFFSET 10');
      const results = await Promise.allSettled(
        rows.map(({ car_id }, i) =>
          db.transaction(async (tx) => {
            await tx.query('UPDATE inspections SET is_latest = false WHERE car_id = $1', [car_id]);
            // All the new versions share today's day and a handful of store/category keys.
            await tx.query(
              `INSERT INTO inspections (car_id, appointment_id, lead_token, version, status, category, city_id, store_id, make, model, store_name, inspection_end_time, detail)
               SELECT $2, appointment_id, lead_token, version + 1, 'new', $3, city_id, store_id, make, model, store_name, date_trunc('day', now()) + interval '1 hour', detail
                 FROM inspections WHERE car_id = $1`,
              [car_id, 910000000 + i, listConfig.categories[i % 2]],
            );
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      await expectExact();
    });
  });
}
