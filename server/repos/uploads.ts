/** The `uploads` table: every file a QC user uploaded for an inspection, with what it replaced and its form fields. */
import type { Queryable } from '../db.ts';

export interface UploadRecord {
  carId: number;
  url: string;
  oldUrl: string | null;
  meta: unknown;
  uploadedBy: string;
}

export async function recordUpload(db: Queryable, u: UploadRecord): Promise<void> {
  await db.query('INSERT INTO uploads (car_id, path, url, old_url, meta, uploaded_by) VALUES ($1, $2, $3, $4, $5::jsonb, $6)', [
    u.carId,
    u.url.replace(/^\/uploads\//, ''),
    u.url,
    u.oldUrl,
    JSON.stringify(u.meta),
    u.uploadedBy,
  ]);
}
