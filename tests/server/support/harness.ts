import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../../server/app.ts';
import { openPg, openPglite, type Db } from '../../../server/db.ts';
import { migrate } from '../../../server/migrate.ts';
import { seedInspections, seedLookups, seedUsers } from '../../../server/seed/index.ts';

export type DbKind = 'pglite' | 'pg';

/** PGlite always; PostgreSQL too when DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

let sharedPglite: Promise<Db> | null = null;

/**
 * One embedded database per test run (a PGlite costs ~3 s and ~800 MB): created once, migrated once;
 * suites isolate themselves by truncating and reseeding (`reset`). PostgreSQL runs get their own schema.
 */
async function openTestDb(kind: DbKind): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    sharedPglite ??= openPglite().then(async (db) => {
      await migrate(db);
      return db;
    });
    return { db: await sharedPglite, drop: async () => undefined };
  }
  const url = process.env.DATABASE_URL!;
  const schema = `qc_test_${process.pid}_${Date.now()}`;
  const admin = openPg(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = openPg(url, { schema, max: 8 });
  await migrate(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}


export interface Harness {
  kind: DbKind;
  db(): Db;
  app(): FastifyInstance;
  uploadsDir: string;
  /** Truncates every table and seeds users, lookups and `appointments` demo appointments again. */
  reset(appointments?: number): Promise<void>;
  token(email: string): Promise<string>;
  call(method: InjectOptions['method'], url: string, opts?: { token?: string; body?: unknown; query?: Record<string, string | string[]> }): Promise<LightMyRequestResponse>;
  /** Builds another app on the same database (other options, e.g. Google sign-in). */
  buildWith(options: Partial<AppOptions>): Promise<FastifyInstance>;
}

export function useHarness(kind: DbKind): Harness {
  const uploadsDir = mkdtempSync(join(tmpdir(), `qc-server-test-${kind}-`));
  let db: Db;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const tokens = new Map<string, string>();
  const extraApps: FastifyInstance[] = [];

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(kind));
    app = await buildApp({ db, authMode: 'dev', uploadsDir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    for (const extra of extraApps) await extra.close();
    await drop?.();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const harness: Harness = {
    kind,
    db: () => db,
    app: () => app,
    uploadsDir,
    async reset(appointments = 40) {
      tokens.clear();
      // Every table the migrations made (including later ones), so no suite sees another's rows.
      const { rows } = await db.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'",
      );
      await db.exec(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
      await db.transaction(async (tx) => {
        await seedUsers(tx);
        await seedLookups(tx);
        await seedInspections(tx, { uploadsDir, appointments, seed: 7 });
      });
    },
    async token(email) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const res = await app.inject({ method: 'POST', url: '/api/oauth', payload: { grant_type: 'password', loginUserName: email } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      const token = res.json<{ access_token: string }>().access_token;
      tokens.set(email, token);
      return token;
    },
    call(method, url, opts = {}) {
      return app.inject({
        method,
        url,
        query: opts.query,
        headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
    },
    async buildWith(options) {
      const other = await buildApp({ db, authMode: 'dev', uploadsDir, ...options });
      extraApps.push(other);
      await other.ready();
      return other;
    },
  };
  return harness;
}

export const REVIEWER = 'qc.reviewer@qc.example';
export const REVIEWER2 = 'qc.reviewer2@qc.example';
export const STORE = 'qc.store@qc.example';
export const ADMIN = 'qc.admin@qc.example';
export const VERSION = 'qc.version@qc.example';
export const VERSION_PDF = 'version.pdf@qc.example';
export const GS = 'gs.team@qc.example';
export const BIKE = 'bike.qc@qc.example';
export const OTHER = 'other@qc.example';

/** A free, assignable latest inspection (smReview, unassigned, not under processing). */
export async function freeInspection(db: Db, skip = 0): Promise<{ car_id: number; version: number; appointment_id: string }> {
  const { rows } = await db.query<{ car_id: number; version: number; appointment_id: string }>(
    `SELECT car_id, version, appointment_id FROM inspections WHERE is_latest AND assignee IS NULL AND status = 'smReview'
       AND is_report_processed = 1 AND re_inspection_processing = 0 AND dealer_price_processing = 0 ORDER BY car_id OFFSET $1 LIMIT 1`,
    [skip],
  );
  if (!rows[0]) throw new Error('no free inspection in the seed');
  return rows[0];
}

/** A valid submission payload (spec 000 §3) for an inspection, approving or rejecting one field. */
export function submission(carId: number, version: number, opts: { reject?: boolean; dummy?: boolean } = {}) {
  // A rejection as the client builds it: the ticked editable field carries the reviewer's corrected value.
  const section = (rejected: boolean) => ({
    isApproved: rejected ? 0 : 1,
    errorsCount: rejected ? 1 : 0,
    rejectedFields: rejected ? { registrationNumber: { title: 'Registration Number', value: 'MH01AB1234', message: 'Rejected by qc.', isValidate: 5 } } : {},
    qcEditableFields: rejected ? { registrationNumber: { title: 'Registration Number', value: 'MH01AB1234' } } : {},
  });
  return {
    carId,
    version,
    role: 'qc',
    inspectionStatus: 'smReview',
    reviewStartTime: new Date(Date.now() - 5 * 60_000).toISOString(),
    reviewEndTime: new Date().toISOString(),
    client: 'web',
    isCritical: 0,
    otherComments: { title: 'Other comments', lines: [] },
    isDummyInspection: opts.dummy ? 1 : 0,
    isApprovedByQc: 0,
    sections: {
      carDetails: section(!!opts.reject),
      exteriorTyres: section(false),
      electricalsInterior: section(false),
      airConditioning: section(false),
      engineTransmission: section(false),
      steeringSuspensionBrakes: section(false),
      summary: { issueType: opts.reject ? [3] : [] },
    },
  };
}
