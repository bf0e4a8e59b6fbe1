import dayjs from 'dayjs';
import demoUsers from '../../src/config/demo-users.json' with { type: 'json' };
import type { Db, Queryable } from '../db.ts';
import { seedBikes } from './bikes.ts';
import { seedExtras } from './extras.ts';
import { seedGs } from './gs.ts';
import { ImageWriter } from './images.ts';
import { InspectionGenerator, type SeedInspection } from './inspections.ts';
import { BANKS, CITIES, COMMENT_OPTIONS, MAKES, MODELS, RTOS, STATES, STORES, buildVariants } from './lookups.ts';
import { Random } from './random.ts';
import { seedRefurbishments } from './refurbishment.ts';
import { seedAdminTools, seedVariantCatalogue } from './variants.ts';

export interface SeedOptions {
  uploadsDir: string;
  /** Reference time: inspection end times are spread back from it. */
  now?: Date;
  /** Number of appointments (each re-inspection adds its earlier versions). */
  appointments?: number;
  seed?: number;
}

/** QC reviewers besides the demo users, so the assignee list and leaderboard look like a team. */
export const EXTRA_REVIEWERS = [
  { email: 'neha.kulkarni@qc.example', name: 'Neha Kulkarni', role: 'qc', isExcludedUser: false, isActive: true },
  { email: 'arjun.menon@qc.example', name: 'Arjun Menon', role: 'qc', isExcludedUser: false, isActive: true },
  { email: 'farah.khan@qc.example', name: 'Farah Khan', role: 'qc', isExcludedUser: false, isActive: true },
  { email: 'joseph.fernandes@qc.example', name: 'Joseph Fernandes', role: 'qc', isExcludedUser: false, isActive: false },
  { email: 'no.role@qc.example', name: 'Nikhil Norole', role: null, isExcludedUser: false, isActive: true },
];

export const APP_CONFIG: Record<string, unknown> = {
  sleepTime: 0,
  config: {
    duplicateKeyConfig: 1,
    imageCountLimit: 5,
    reviewTimerMs: 180000,
    imageHost: '',
    imageQuality: '',
    videoHost: '',
    riMailDefaultRecipients: ['qc.audit@qc.example', 'qc.ops@qc.example', 'qc.leads@qc.example'],
  },
};

/** Inserts `rows` (objects keyed by column) in one statement. */
export async function insertRows(db: Queryable, table: string, rows: object[]): Promise<void> {
  if (!rows.length) return;
  await db.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(null::${table}, $1::jsonb)`, [JSON.stringify(rows)]);
}

export async function isSeeded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0].n > 0;
}

export async function seedUsers(db: Queryable): Promise<void> {
  for (const u of [...demoUsers.users.map((u) => ({ ...u, isActive: true })), ...EXTRA_REVIEWERS]) {
    await db.query('INSERT INTO users (email, name, role, is_excluded, is_active) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email) DO NOTHING', [
      u.email,
      u.name,
      u.role,
      u.isExcludedUser,
      u.isActive,
    ]);
  }
}

export async function seedLookups(db: Queryable): Promise<void> {
  await insertRows(db, 'states', STATES);
  await insertRows(db, 'rtos', RTOS);
  await insertRows(db, 'cities', CITIES.map(({ rtoCodes: _codes, ...c }) => c));
  await insertRows(db, 'stores', STORES.map((s) => ({ ...s, store_type: 'car' })));
  await insertRows(db, 'makes', MAKES);
  await insertRows(db, 'models', MODELS.map(({ model_id, make_id, model_name }) => ({ model_id, make_id, model_name })));
  await insertRows(db, 'variants', buildVariants());
  await insertRows(db, 'banks', BANKS);
  await insertRows(db, 'noc_issued_for', RTOS.map((r) => ({ id: r.id, rto_code: r.rto_code, rto: r.rto })));
  await insertRows(db, 'comment_options', COMMENT_OPTIONS.map((c, i) => ({ id: i + 1, status: 'Active', ...c })));
  for (const [key, value] of Object.entries(APP_CONFIG)) {
    await db.query('INSERT INTO app_config (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING', [key, JSON.stringify(value)]);
  }
}

function inspectionRow(i: SeedInspection) {
  return {
    car_id: i.carId,
    appointment_id: i.appointmentId,
    lead_token: i.leadToken,
    version: i.version,
    is_latest: i.isLatest,
    status: i.status,
    assignee: i.assignee,
    category: i.category,
    city_id: i.cityId,
    store_id: i.storeId,
    make: i.make,
    model: i.model,
    variant: i.variant,
    store_name: i.storeName,
    inspection_by: i.inspectionBy,
    inspection_start_time: i.inspectionStartTime.toISOString(),
    inspection_end_time: i.inspectionEndTime.toISOString(),
    is_report_processed: i.isReportProcessed,
    re_inspection_processing: i.reInspectionProcessing,
    dealer_price_processing: i.dealerPriceProcessing,
    is_pdi_lead: i.isPdiLead,
    qc_audit: i.qcAudit,
    workflow_id: i.workflowId,
    review_start_time: i.qcStartTime?.toISOString() ?? null,
    qc_by: i.qcBy,
    qc_start_time: i.qcStartTime?.toISOString() ?? null,
    qc_end_time: i.qcEndTime?.toISOString() ?? null,
    pdf_url: i.pdfUrl,
    detail: i.detail,
    created_at: i.inspectionEndTime.toISOString(),
    updated_at: (i.qcEndTime ?? i.inspectionEndTime).toISOString(),
  };
}

/** Minutes before `now` at which appointment `index` of `count` ended: recent ones first so every timer colour shows. */
function minutesAgo(index: number, count: number, rng: Random): number {
  const share = index / count;
  if (index < InspectionGenerator.SHOWCASE) return rng.int(1, 40);
  if (share < 0.15) return rng.int(40, 90);
  if (share < 0.4) return rng.int(90, 48 * 60);
  if (share < 0.8) return rng.int(2 * 1440, 60 * 1440);
  return rng.int(60 * 1440, 210 * 1440);
}

/**
 * Deterministic demo data: the same `seed` and `now` give the same rows. Writes the demo images under
 * `uploadsDir` (served at /uploads/…).
 */
export async function seedInspections(db: Queryable, opts: SeedOptions): Promise<{ appointments: number; inspections: number }> {
  const rng = new Random(opts.seed ?? 20240601);
  const now = dayjs(opts.now ?? new Date());
  const reviewers = ['qc.reviewer@qc.example', 'qc.reviewer@qc.example', 'qc.reviewer2@qc.example', 'qc.reviewer2@qc.example', 'qc.store@qc.example', ...EXTRA_REVIEWERS.filter((u) => u.role === 'qc').map((u) => u.email)];
  const generator = new InspectionGenerator(rng, new ImageWriter(opts.uploadsDir), now, reviewers);
  const count = opts.appointments ?? 150;
  const all: SeedInspection[] = [];
  const registry: { appointment_id: string; data: unknown }[] = [];
  for (let index = 0; index < count; index++) {
    const appointment = generator.appointment(index, minutesAgo(index, count, rng));
    all.push(...appointment.inspections);
    if (appointment.registry) registry.push({ appointment_id: appointment.inspections[0].appointmentId, data: appointment.registry });
  }
  for (let start = 0; start < all.length; start += 25) await insertRows(db, 'inspections', all.slice(start, start + 25).map(inspectionRow));
  await insertRows(db, 'registry_data', registry);
  await insertRows(
    db,
    'inspection_versions',
    all.map((i, n) => ({ id: n + 1, car_id: i.carId, appointment_id: i.appointmentId, version: i.version, status: i.status, reason: 'seed', detail: i.detail, created_at: i.inspectionEndTime.toISOString() })),
  );
  await db.query("SELECT setval(pg_get_serial_sequence('inspection_versions', 'id'), $1)", [all.length]);
  const reviewed = all.filter((i) => i.qcBy && i.qcStartTime && i.qcEndTime);
  for (const i of reviewed) {
    const payload = {
      carId: i.carId,
      version: i.version,
      role: 'qc',
      inspectionStatus: 'smReview',
      reviewStartTime: i.qcStartTime!.toISOString(),
      reviewEndTime: i.qcEndTime!.toISOString(),
      client: 'web',
      isCritical: 0,
      otherComments: { title: '', lines: [] },
      isDummyInspection: 0,
      isApprovedByQc: 0,
      sections: { summary: { issueType: i.status === 'done' ? [] : [1] } },
    };
    await db.query(
      `INSERT INTO submissions (car_id, version, reviewer, status_before, status_after, is_approved_by_qc, is_dummy, is_critical,
         review_start_time, review_end_time, payload, created_at) VALUES ($1,$2,$3,'smReview',$4,0,0,0,$5,$6,$7::jsonb,$6)`,
      [i.carId, i.version, i.qcBy, i.status, i.qcStartTime!.toISOString(), i.qcEndTime!.toISOString(), JSON.stringify(payload)],
    );
    await db.query(
      `INSERT INTO audit_log (at, actor, action, car_id, appointment_id, before_status, after_status, detail) VALUES ($1,$2,'submit',$3,$4,'smReview',$5,$6::jsonb)`,
      [i.qcEndTime!.toISOString(), i.qcBy, i.carId, i.appointmentId, i.status, JSON.stringify({ seeded: true })],
    );
  }
  for (const email of reviewers) {
    await db.query("INSERT INTO auto_assignment (email, status) VALUES ($1, 'pending') ON CONFLICT (email) DO NOTHING", [email]);
  }
  return { appointments: count, inspections: all.length };
}

/** Seeds users, lookups and inspections into an empty database; does nothing when users exist. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  if (await isSeeded(db)) return false;
  await db.transaction(async (tx) => {
    await seedUsers(tx);
    await seedLookups(tx);
    await seedInspections(tx, opts);
    await seedExtras(tx, { uploadsDir: opts.uploadsDir });
    await seedBikes(tx, { uploadsDir: opts.uploadsDir, now: opts.now });
    await seedRefurbishments(tx, { uploadsDir: opts.uploadsDir, now: opts.now });
    await seedVariantCatalogue(tx, { uploadsDir: opts.uploadsDir });
    await seedAdminTools(tx, { now: opts.now });
    await seedGs(tx, { uploadsDir: opts.uploadsDir, now: opts.now });
  });
  return true;
}
