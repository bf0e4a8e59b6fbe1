import type { RemarkEntry } from '../../src/engine/inspection.ts';
import type { Queryable } from '../db.ts';

/** A row of the `remarks` table. */
export interface StoredRemark {
  id: number;
  car_id: number;
  section: string;
  part: string | null;
  sub_part: string | null;
  hash_key: string | null;
  type: 'text' | 'audio';
  remark: string;
  presigned_url: string | null;
  user_email: string;
  role: string;
  created_at: Date | string;
}


/** A remark as the remark calls answer it (the columns `toRemarkEntry` reads). */
export type RemarkRow = Pick<StoredRemark, 'id' | 'user_email' | 'type' | 'remark' | 'presigned_url' | 'role' | 'created_at'>;

/** A stored remark as the review page shows it (000 §3 remarkHistory): timestamp in unix seconds. */
export function toRemarkEntry(row: RemarkRow): RemarkEntry {
  return {
    id: String(row.id),
    user: row.user_email,
    type: row.type,
    remark: row.remark,
    ...(row.presigned_url ? { presignedUrl: row.presigned_url } : {}),
    timestamp: Math.floor(new Date(row.created_at).getTime() / 1000),
    role: row.role,
  };
}

const ENTRY_COLUMNS = 'id, user_email, type, remark, presigned_url, role, created_at';

/** Where a remark sits: an image by hashKey, else a row by part (+ subPart). */
export interface RemarkTarget {
  section: string;
  part?: string;
  subPart?: string;
  hashKey?: string;
}

/** Remarks of one row or image across the versions of an appointment, oldest first. */
export async function remarksAt(db: Queryable, appointmentId: string, target: RemarkTarget): Promise<RemarkRow[]> {
  const { rows } = await db.query<RemarkRow>(
    `SELECT ${ENTRY_COLUMNS} FROM remarks
      WHERE appointment_id = $1 AND section = $2
        AND ($3::text IS NULL OR hash_key = $3)
        AND ($3::text IS NOT NULL OR (part = $4 AND sub_part IS NOT DISTINCT FROM $5))
      ORDER BY created_at, id`,
    [appointmentId, target.section, target.hashKey ?? null, target.part ?? null, target.subPart ?? null],
  );
  return rows;
}

/** Every remark saved on one inspection (this carId), oldest first: what a submission stores beside its rejections. */
export async function remarksOfInspection(db: Queryable, carId: number): Promise<StoredRemark[]> {
  const { rows } = await db.query<StoredRemark>(
    `SELECT id, car_id, section, part, sub_part, hash_key, type, remark, presigned_url, user_email, role, created_at
       FROM remarks WHERE car_id = $1 ORDER BY created_at, id`,
    [carId],
  );
  return rows;
}

export interface NewRemark extends RemarkTarget {
  carId: number;
  appointmentId: string;
  type: 'text' | 'audio';
  remark: string;
  presignedUrl: string | null;
  user: string;
  role: string;
}

export async function insertRemark(db: Queryable, r: NewRemark): Promise<RemarkRow> {
  const { rows } = await db.query<RemarkRow>(
    `INSERT INTO remarks (car_id, appointment_id, section, part, sub_part, hash_key, type, remark, presigned_url, user_email, role)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING ${ENTRY_COLUMNS}`,
    [r.carId, r.appointmentId, r.section, r.part ?? null, r.subPart ?? null, r.hashKey ?? null, r.type, r.remark, r.presignedUrl, r.user, r.role],
  );
  return rows[0];
}
