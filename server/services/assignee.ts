/** Who may change what (spec 000 §6, 001 §6): e-mails compare case-insensitively; changes are the assignee's. */
import type { SessionUser } from '../auth.ts';
import { forbidden } from '../errors.ts';
import type { InspectionRow } from '../repos/inspections.ts';

export const sameEmail = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/** Spec 000 §6: only the user the inspection is assigned to may change it (remarks, images, RI mail, documents). */
export function assertAssignee(row: InspectionRow, me: SessionUser, what: string): void {
  if (!sameEmail(row.assignee, me.email)) throw forbidden(`Only the assignee can ${what}`);
}
