import type { SessionUser } from './auth.ts';
import type { Queryable } from './db.ts';
import { forbidden, notFound } from './errors.ts';
import { utm } from './schemas.ts';
import { sectionSchema as carSectionSchema } from './review-schemas.ts';
import { getProduct } from '../src/products/registry.ts';
import type { InspectionRow } from './repos/inspections.ts';
import type { InspectionField, InspectionImage, InspectionSection } from '../src/engine/inspection.ts';

/** Appointment ids as the seed and the registry route accept them. */
export const appointmentIdSchema = { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' } as const;
/** `?appointmentId=` (with the usual utm_source), for the calls that read one appointment. */
export const appointmentQuery = { type: 'object', properties: { ...utm, appointmentId: appointmentIdSchema }, required: ['appointmentId'] } as const;
export const leadTokenSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;
/** A car section, from the car config's section list. */
export const sectionSchema = carSectionSchema(getProduct('car').config);

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

/** Every image slot of a field: its own image, image group, additionalInfo.image (tyres), and those of its sub-parts. */
function* imagesOf(field: InspectionField): Generator<InspectionImage> {
  if (field.image) yield field.image;
  for (const image of field.images ?? []) yield image;
  const info = field.additionalInfo?.image as InspectionImage | undefined;
  if (info && typeof info === 'object' && 'hashKey' in info) yield info;
  for (const sub of Object.values(field.subParts ?? {})) yield* imagesOf(sub);
}

/** The image of a section with this hashKey, wherever in the section's fields it sits. */
export function findImage(section: InspectionSection | null | undefined, hashKey: string): InspectionImage | null {
  for (const field of Object.values(section ?? {})) {
    for (const image of imagesOf(field)) if (image.hashKey === hashKey) return image;
  }
  return null;
}
