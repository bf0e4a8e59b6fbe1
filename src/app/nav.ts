import { canAccess } from './access.ts';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** Header links by role (spec 000 §2 'Header', §6); each shows when the role may open its path. */
const MAIN_LINKS: NavLinkItem[] = [
  { to: '/inspection', label: 'Car QC' },
  { to: '/inspection-bike', label: 'Bike QC' },
  { to: '/inspection-version', label: 'Versions' },
  { to: '/gs-refurbishment', label: 'Refurbishment' },
  { to: '/gs-refurbishment-version', label: 'Refurbishment Versions' },
  { to: '/gs-unflagging', label: 'GS Unflagging' },
];

/** Admin pages, QC admin only (spec 002 §2; '/admin' is labelled 'Admin - Xfactor'). */
const ADMIN_LINKS: NavLinkItem[] = [
  { to: '/admin', label: 'Admin - Xfactor' },
  { to: '/admin-rv', label: 'Registration / Variant Correction' },
  { to: '/admin-odo', label: 'Odometer Correction' },
  { to: '/update-cj', label: 'Upload CJ Leave' },
  { to: '/admin-vtt', label: 'Video Tutorial Trigger' },
];

/** The header's main links for a role; the version link is never shown to bike-qc (spec 000 §6). */
export function mainLinks(role: string): NavLinkItem[] {
  return MAIN_LINKS.filter((link) => canAccess(role, link.to) && !(link.to === '/inspection-version' && role === 'bike-qc'));
}

/** The admin dropdown's links: only the QC admin has them. */
export function adminLinks(role: string): NavLinkItem[] {
  return role === 'SM-QcAdmin' ? ADMIN_LINKS.filter((link) => canAccess(role, link.to)) : [];
}
