/** Route access by role (spec 000 §2, §6), read from src/config/route-access.json. Convenience only: the server enforces roles. */
import access from '../config/route-access.json';

interface RoleAccess {
  landing: string;
  paths: string[];
}

const roles: Record<string, RoleAccess> = access.roles;

function firstSegment(pathname: string): string {
  return `/${pathname.split('/')[1] ?? ''}`;
}

/** Whether the role is one the panel knows; sign-in refuses others with 'No valid QC role assigned' (spec 000 §2, §8). */
export function isKnownRole(role: string | null | undefined): role is string {
  return !!role && Object.hasOwn(roles, role);
}

/** Where a role lands after sign-in or when it opens a path it may not see; no or unknown role → /unauth. */
export function landingFor(role: string | null | undefined): string {
  return isKnownRole(role) ? roles[role].landing : '/unauth';
}

/** Whether the role may open the path; a missing role fails the check (spec 000 §2). */
export function canAccess(role: string | null | undefined, pathname: string): boolean {
  if (!isKnownRole(role)) return false;
  const segment = firstSegment(pathname);
  return access.common.includes(segment) || roles[role].paths.includes(segment);
}

/** Public paths show no header shell; /login additionally sends a signed-in user away (spec 000 §2, 002 §2). */
export function isPublicPath(pathname: string): boolean {
  return access.public.includes(firstSegment(pathname));
}

/** The roles whose rows open the review from the lists (spec 000 §2 'Version list': qc, version, store manager, admin, gs). */
export const REVIEW_OPENING_ROLES: readonly string[] = ['qc', 'qc-Version', 'StoreManager-Qc', 'SM-QcAdmin', 'gs'];

/**
 * Where to go right after sign-in (spec 000 §2 'Sign-in'), in the spec's order: the version role to the version
 * list; the bike role to the bike list; a carId in the login URL to that re-inspection (when the role may open it);
 * gs to unflagging; 'other' to the version list; everyone else to /inspection (their landing).
 */
export function afterLogin(role: string, carId: string | null, version: string | null): string {
  if (role === 'qc-Version') return '/inspection-version';
  if (role === 'bike-qc') return '/inspection-bike';
  if (carId && canAccess(role, '/re-inspection')) return `/re-inspection/${encodeURIComponent(carId)}?version=${encodeURIComponent(version ?? '')}`;
  return landingFor(role);
}
