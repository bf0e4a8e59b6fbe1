import type { SessionUser } from './auth.ts';
import type { Queryable } from './db.ts';
import { forbidden, notFound } from './errors.ts';
import type { InspectionRow } from './inspections-repo.ts';

/** Appointment ids as the seed and the registry route accept them. */
export const appointmentIdSchema = { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' } as const;
export const leadTokenSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;
export const sectionSchema = {
  type: 'string',
  enum: ['carDetails', 'exteriorTyres', 'electricalsInterior', 'airConditioning', 'engineTransmission', 'steeringSuspensionBrakes', 'summary'],
} as const;

export const sameEmail = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/** Spec 000 §6: only the user the inspection is assigned to may change it (remarks, images, RI mail, documents). */
export function assertAssignee(row: InspectionRow, me: SessionUser, what: string): void {
  if (!sameEmail(row.assignee, me.email)) throw forbidden(`Only the assignee can ${what}`);
}

/** The latest version of an appointment (the one reviews, documents and admin corrections act on). */
export async function latestInspection(db: Queryable, appointmentId: string, opts: { forUpdate?: boolean } = {}): Promise<InspectionRow> {
  const { rows } = await db.query<InspectionRow>(
    `SELECT * FROM inspections WHERE appointment_id = $1 ORDER BY is_latest DESC, version DESC LIMIT 1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [appointmentId],
  );
  if (!rows[0]) throw notFound(`Appointment ${appointmentId} not found`);
  return rows[0];
}
