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

/** Where a role lands after sign-in or when it opens a path it may not see; no or unknown role → /unauth. */
export function landingFor(role: string | null | undefined): string {
  return (role && roles[role]?.landing) || '/unauth';
}

/** Whether the role may open the path; a missing role fails the check (spec 000 §2). */
export function canAccess(role: string | null | undefined, pathname: string): boolean {
  if (!role || !roles[role]) return false;
  const segment = firstSegment(pathname);
  return access.common.includes(segment) || roles[role].paths.includes(segment);
}

/**
 * Where to go right after sign-in (spec 000 §2 'Sign-in'): the version and bike roles go to their landing first;
 * then a carId in the login URL opens that re-inspection; otherwise the role's landing.
 */
export function afterLogin(role: string, carId: string | null, version: string | null): string {
  if (role === 'qc-Version' || role === 'bike-qc') return landingFor(role);
  if (carId && canAccess(role, '/re-inspection')) return `/re-inspection/${carId}?version=${version ?? ''}`;
  return landingFor(role);
}
