import routeAccess from '../src/config/route-access.json' with { type: 'json' };

/**
 * API areas and who may call them (spec 000 §6). A role may call an area when its allowed app paths
 * (src/config/route-access.json, the same table the app's route guard reads) include one of the area's paths,
 * so the server and the client cannot drift apart.
 */
export const AREA_PATHS = {
  /** Any signed-in user (session calls). */
  session: [],
  /** The car inspection list, assignment and submission. */
  inspectionList: ['/inspection'],
  /** Reading an inspection and its registry data (review page, also opened from versions). */
  review: ['/review', '/re-inspection'],
  /** Version history. */
  versions: ['/inspection-version'],
  /** Catalogue lookups used by the review page, the variant screens and the config studio's preview of the review rows. */
  lookups: ['/review', '/re-inspection', '/add-car-variant', '/car-variant-list', '/inspection-bike', '/config-studio'],
  /** Leaderboard (the QC performance panel). */
  performance: ['/inspection'],
  /** Car variant list: suggestion data query, delete, enable / disable, question sequence (spec 002 §6). */
  variantList: ['/car-variant-list'],
  /** Add / edit car variant: parameters, their images, variant data (spec 002 §6: also the version-only role). */
  variantEdit: ['/add-car-variant'],
  /** Admin forms. */
  admin: ['/admin'],
  /** Bike list (spec 001 §6: bike-qc, the QC roles and version-pdf). */
  bikeList: ['/inspection-bike'],
  /** Bike review: detail, assignment, corrections, submission, uploads and the review's catalogue. */
  bikeReview: ['/bike-review'],
  /**
   * The bike review's financier list (read only): also the config studio's preview of the bike rows, whose financier
   * row loads it (an analyst got 403 there and the row no choices).
   */
  bikeLookups: ['/bike-review', '/config-studio'],
  /** Bike version history. */
  bikeVersions: ['/inspection-bike-version'],
  /** The printable bike report. */
  bikeReport: ['/bike-report'],
  /** Any bike page: the bikes host's public configuration (media URLs). */
  bike: ['/inspection-bike', '/bike-review', '/inspection-bike-version', '/bike-report'],
  /** GS refurbishment list and search (spec 001 §2, §6). */
  refurbishmentList: ['/gs-refurbishment'],
  /** A refurbishment's detail, past versions' detail, assign to me and the QC submit (spec 001 §2 'GS refurbishment review', §6). */
  refurbishmentReview: ['/gs-refurbishment-review'],
  /** A refurbishment's version list (spec 001 §2 'GS refurbishment versions', §6). */
  refurbishmentVersions: ['/gs-refurbishment-version'],
  /** GS unflagging list, detail and actions (spec 002 §6: GS and QC admin). */
  gs: ['/gs-unflagging'],
  /** The live auto-assignment stream: every list that refreshes from it (car 000 §4, bike and refurbishment 001 §2, GS 002 §7). */
  live: ['/inspection', '/inspection-bike', '/gs-refurbishment', '/gs-unflagging'],
  /** Cities with their centres, for the list filters of the car and GS lists and the city/store rows of the studio's preview. */
  cityStores: ['/inspection', '/gs-unflagging', '/config-studio'],
  /** The config studio: product config versions, saving and activating them (issue 17: analyst and QC admin). */
  configStudio: ['/config-studio'],
} as const satisfies Record<string, readonly string[]>;

export type Area = keyof typeof AREA_PATHS;

const roles = routeAccess.roles as Record<string, { landing: string; paths: string[] }>;

export function knownRole(role: string | null | undefined): role is string {
  return !!role && Object.hasOwn(roles, role);
}

export function roleMayCall(role: string | null | undefined, area: Area): boolean {
  if (!knownRole(role)) return false;
  const needed: readonly string[] = AREA_PATHS[area];
  if (needed.length === 0) return true;
  return roles[role].paths.some((path) => needed.includes(path));
}

/** Roles allowed in an area, for documentation and tests. */
export function rolesFor(area: Area): string[] {
  return Object.keys(roles).filter((role) => roleMayCall(role, area));
}
