/** An appointment's inspections by appointment id (the reads by car id are in repos/inspections.ts). */
import type { Queryable } from '../db.ts';
import { notFound } from '../errors.ts';
import type { InspectionRow } from './inspections.ts';

/** The latest version of an appointment (the one reviews, documents and admin corrections act on). */
export async function latestInspection(db: Queryable, appointmentId: string, opts: { forUpdate?: boolean } = {}): Promise<InspectionRow> {
  const { rows } = await db.query<InspectionRow>(
    `SELECT * FROM inspections WHERE appointment_id = $1 ORDER BY is_latest DESC, version DESC LIMIT 1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [appointmentId],
  );
  if (!rows[0]) throw notFound(`Appointment ${appointmentId} not found`);
  return rows[0];
}
