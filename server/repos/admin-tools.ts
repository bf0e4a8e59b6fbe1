/**
 * The QC admin tools' tables (spec 002 §2, §7): store_cancellation_factor (X factor per store, date and hourly slot),
 * evaluator_leaves and video_tutorials.
 */
import type { Queryable } from '../db.ts';

/** Slot hours of a store that has none recorded. */
export const DEFAULT_HOURS = [10, 19] as const;

export interface FactorStore {
  location_id: number;
  name: string;
  open_hour: number;
  close_hour: number;
}

const FACTOR_SELECT = `SELECT f.id, f.store_id AS "storeId", s.name AS "storeName", to_char(f.date, 'YYYY-MM-DD') AS date, f.slot_x_factor AS "slotXFactor",
                              f.updated_by AS "updatedBy", f.updated_at AS "updatedAt"
                         FROM store_cancellation_factor f JOIN stores s ON s.location_id = f.store_id`;

/** The stores of these channels with their slot hours, by id (in name order). */
export async function storesOfChannels(db: Queryable, channels: readonly string[]): Promise<Map<number, FactorStore>> {
  const { rows } = await db.query<FactorStore>(
    `SELECT location_id, name, coalesce(open_hour, ${DEFAULT_HOURS[0]}) AS open_hour, coalesce(close_hour, ${DEFAULT_HOURS[1]}) AS close_hour
       FROM stores WHERE channel = ANY($1::text[]) ORDER BY name`,
    [channels],
  );
  return new Map(rows.map((r) => [r.location_id, r]));
}

/** X factor rows of stores of these channels, newest date first (at most 500), by store, date and slot. */
export async function factorRows(db: Queryable, channels: readonly string[], q: { storeId?: number; date?: string; slotTime?: string }) {
  const { rows } = await db.query(
    `${FACTOR_SELECT} WHERE s.channel = ANY($1::text[]) AND ($2::int IS NULL OR f.store_id = $2) AND ($3::date IS NULL OR f.date = $3::date)
        AND ($4::text IS NULL OR f.slot_x_factor ? $4::text) ORDER BY f.date DESC, s.name LIMIT 500`,
    [channels, q.storeId ?? null, q.date ?? null, q.slotTime ?? null],
  );
  return rows;
}

export async function factorRow(db: Queryable, id: number) {
  return (await db.query(`${FACTOR_SELECT} WHERE f.id = $1`, [id])).rows[0];
}

/** A factor row with its store's channel and slot hours, locked; null when there is none. */
export async function lockFactorRow(db: Queryable, id: number) {
  const { rows } = await db.query<{ store_id: number; slot_x_factor: Record<string, number>; open_hour: number; close_hour: number; channel: string | null }>(
    `SELECT f.store_id, f.slot_x_factor, coalesce(s.open_hour, ${DEFAULT_HOURS[0]}) AS open_hour, coalesce(s.close_hour, ${DEFAULT_HOURS[1]}) AS close_hour, s.channel FROM store_cancellation_factor f JOIN stores s ON s.location_id = f.store_id WHERE f.id = $1 FOR UPDATE OF f`,
    [id],
  );
  return rows[0] ?? null;
}

export async function setSlotFactor(db: Queryable, id: number, slot: string, factor: number, actor: string): Promise<void> {
  await db.query('UPDATE store_cancellation_factor SET slot_x_factor = slot_x_factor || jsonb_build_object($2::text, $3::numeric), updated_by = $4, updated_at = now() WHERE id = $1', [
    id, slot, factor, actor,
  ]);
}

/** Sets one slot's factor of a store on a date, creating the date's row when there is none. */
export async function upsertSlotFactor(db: Queryable, f: { storeId: number; date: string; slot: string; factor: number }, actor: string): Promise<void> {
  await db.query(
    `INSERT INTO store_cancellation_factor (store_id, date, slot_x_factor, updated_by) VALUES ($1, $2, jsonb_build_object($3::text, $4::numeric), $5)
     ON CONFLICT (store_id, date) DO UPDATE SET slot_x_factor = store_cancellation_factor.slot_x_factor || EXCLUDED.slot_x_factor,
       updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [f.storeId, f.date, f.slot, f.factor, actor],
  );
}

export async function upsertLeave(db: Queryable, leave: { email: string; date: string; type: string }, actor: string): Promise<void> {
  await db.query(
    `INSERT INTO evaluator_leaves (evaluator_email, leave_date, leave_type, uploaded_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (evaluator_email, leave_date) DO UPDATE SET leave_type = EXCLUDED.leave_type, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()`,
    [leave.email, leave.date, leave.type, actor],
  );
}

export interface VideoTutorial {
  featureTitle: string;
  description: string;
  hindiVideoUrl: string;
  englishVideoUrl: string;
  startDate: string;
  configName: string;
}

/** Stores a video tutorial; answers its id. */
export async function insertVideoTutorial(db: Queryable, v: VideoTutorial, actor: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO video_tutorials (feature_title, description, hindi_video_url, english_video_url, start_date, config_name, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [v.featureTitle, v.description, v.hindiVideoUrl, v.englishVideoUrl, v.startDate, v.configName, actor],
  );
  return rows[0].id;
}
