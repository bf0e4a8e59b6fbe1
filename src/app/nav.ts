import { canAccess } from '../session/access.ts';
import { ROUTED_SEGMENTS } from './routes.ts';

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
  { to: '/car-variant-list', label: 'Car Variants' },
  { to: '/config-studio', label: 'Config Studio' },
];

/** Admin pages, QC admin only (spec 002 §2; '/admin' is labelled 'Admin - Xfactor'). */
const ADMIN_LINKS: NavLinkItem[] = [
  { to: '/admin', label: 'Admin - Xfactor' },
  { to: '/admin-rv', label: 'Registration / Variant Correction' },
  { to: '/admin-odo', label: 'Odometer Correction' },
  { to: '/update-cj', label: 'Upload CJ Leave' },
  { to: '/admin-vtt', label: 'Video Tutorial Trigger' },
];

/** Screens this build has (the route table): a link to a path with no route would only open the not-authorised page. */
export const SCREENS_IN_THIS_BUILD: ReadonlySet<string> = ROUTED_SEGMENTS;

/** Every link the role may have, built or not: the role rules alone. */
export const ALL_SCREENS = 'all' as const;

type Screens = ReadonlySet<string> | typeof ALL_SCREENS;
const isBuilt = (screens: Screens, to: string) => screens === ALL_SCREENS || screens.has(to);

/** The header's main links for a role; the version link is never shown to bike-qc (spec 000 §6). */
export function mainLinks(role: string, screens: Screens = SCREENS_IN_THIS_BUILD): NavLinkItem[] {
  return MAIN_LINKS.filter(
    (link) => isBuilt(screens, link.to) && canAccess(role, link.to) && !(link.to === '/inspection-version' && role === 'bike-qc'),
  );
}

/** The admin dropdown's links: only the QC admin has them. */
export function adminLinks(role: string, screens: Screens = SCREENS_IN_THIS_BUILD): NavLinkItem[] {
  return role === 'SM-QcAdmin' ? ADMIN_LINKS.filter((link) => isBuilt(screens, link.to) && canAccess(role, link.to)) : [];
}
