/** The `gs_flags` table (migration 050): flagged cars waiting for a GS action. */
import type { Queryable } from '../db.ts';

export interface FlagRow {
  appointment_id: string;
  lead_token: string;
  category: string;
  city_id: number;
  store_id: number;
  store_name: string;
  make: string;
  model: string;
  inspection_end_time: Date;
  assigned_to: string | null;
  condition_flag: number;
  hard_beta: boolean;
  status: string;
  workflow_id: string | null;
  detail: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

/** List filters; empty lists filter nothing. */
export interface FlagFilters {
  appointmentId?: string;
  cities: number[];
  stores: number[];
  categories: string[];
  /** Lower-cased assignee e-mails. */
  assignees: string[];
}

/** Pending flagged cars matching the filters, newest first (at most 500). */
export async function pendingFlags(db: Queryable, f: FlagFilters): Promise<FlagRow[]> {
  const where = ["status = 'pending'"];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.appointmentId) add((n) => `appointment_id = ${n}`, f.appointmentId);
  if (f.cities.length) add((n) => `city_id = ANY(${n}::int[])`, f.cities);
  if (f.stores.length) add((n) => `store_id = ANY(${n}::int[])`, f.stores);
  if (f.categories.length) add((n) => `category = ANY(${n}::text[])`, f.categories);
  if (f.assignees.length) add((n) => `lower(assigned_to) = ANY(${n}::text[])`, f.assignees);
  const { rows } = await db.query<FlagRow>(`SELECT * FROM gs_flags WHERE ${where.join(' AND ')} ORDER BY created_at DESC, appointment_id LIMIT 500`, params);
  return rows;
}

/** A flagged car by appointment id and lead token; null when they do not match. */
export async function flagByLead(db: Queryable, appointmentId: string, leadToken: string): Promise<FlagRow | null> {
  const { rows } = await db.query<FlagRow>('SELECT * FROM gs_flags WHERE appointment_id = $1 AND lead_token = $2', [appointmentId, leadToken]);
  return rows[0] ?? null;
}

/** The flagged car, locked for the action's transaction; null when there is none. */
export async function lockFlag(db: Queryable, appointmentId: string): Promise<FlagRow | null> {
  const { rows } = await db.query<FlagRow>('SELECT * FROM gs_flags WHERE appointment_id = $1 FOR UPDATE', [appointmentId]);
  return rows[0] ?? null;
}

export interface FlagAction {
  conditionFlag: number;
  status: string;
  reason: string | null;
  disposition: string | null;
  subDisposition: string[];
  actionedBy: string;
  /** The config version whose rules decided the action (null: the JSON in src/config). */
  configVersion: number | null;
}

export async function storeFlagAction(db: Queryable, appointmentId: string, a: FlagAction): Promise<void> {
  await db.query(
    `UPDATE gs_flags SET condition_flag = $2, status = $3, reason = $4, disposition = $5, sub_disposition = $6::jsonb,
       actioned_by = $7, config_version = $8, actioned_at = now(), updated_at = now() WHERE appointment_id = $1`,
    [appointmentId, a.conditionFlag, a.status, a.reason, a.disposition, JSON.stringify(a.subDisposition), a.actionedBy, a.configVersion],
  );
}
