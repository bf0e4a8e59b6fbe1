/** Typed calls to the main host (spec 000 §7), base from VITE_API_BASE (DESIGN.md). */
import type { Dayjs } from 'dayjs';
import type { InspectionDetail, SubmissionPayload } from '../products/car/inspection.ts';
import type { InspectionListRow } from '../products/car/inspection.ts';
import listConfig from '../config/inspection-list.json';
import { MAIN_API_BASE } from './bases.ts';
import { cachedInStorage } from './cache.ts';
import { ApiError, createHttp, listParams, signOutToLogin } from './http.ts';
import type { LoginData } from './session.ts';

export { MAIN_API_BASE };
export const mainHttp = createHttp(MAIN_API_BASE);

export interface ListFilters {
  page: number;
  user: string;
  storeCityId?: number[];
  storeId?: number[];
  category?: string[];
  assignTo?: string;
  appointmentId?: string;
}

export interface CityStores {
  city_id: number;
  city_name: string;
  locations: { location_id: number; name: string }[];
}

export interface Assignee {
  id: number;
  name: string;
  email: string;
}

/** List page size and date window (spec 000 §9). */
export const PAGE_SIZE = listConfig.pageSize;
export const WINDOW_MONTHS = listConfig.windowMonths;

/**
 * The lists' date window, WINDOW_MONTHS back from `today` (default: now). dayjs is fetched here, not imported: this
 * module runs in the shell (sign-in, sign-out), and /login's script budget has no room for a date library only the
 * lists need (issue 18: /login < 120 KB gzip). The list screens load dayjs themselves, so this costs no request there.
 */
async function dateWindow(today?: Dayjs): Promise<{ startDate: string; endDate: string }> {
  const now = today ?? (await import('dayjs')).default();
  return { startDate: now.subtract(WINDOW_MONTHS, 'month').format('YYYY-MM-DD'), endDate: now.format('YYYY-MM-DD') };
}

export async function oauth(loginUserName: string, googleIdToken?: string): Promise<LoginData> {
  const { data } = await mainHttp.post<LoginData>('oauth', { grant_type: 'password', loginUserName, googleIdToken });
  return data;
}

/** The session the server holds for the bearer token (spec 000 §7 getLoginDetails). */
export async function fetchLoginDetails(): Promise<{ role: string; email: string; name: string; firebaseToken?: string }> {
  const { data } = await mainHttp.get<{ detail: { role: string; email: string; name: string; firebaseToken?: string } }>('v2/api/getLoginDetails');
  return data.detail;
}

export async function qcLogout(email: string, access_token: string): Promise<void> {
  await mainHttp.post('v2/api/qcLogout', { email, access_token });
}

export async function fetchInspectionList(
  filters: ListFilters,
  today?: Dayjs,
): Promise<{ data: InspectionListRow[]; total: number }> {
  const params = listParams({ ...filters, records: PAGE_SIZE, ...(await dateWindow(today)) });
  try {
    const { data } = await mainHttp.get<{ data: InspectionListRow[]; total: number }>('v2/inspection-data-list', { params });
    return data;
  } catch (error) {
    // A 403 on the list signs out like a 401 (spec 000 §8).
    if (error instanceof ApiError && error.status === 403) signOutToLogin();
    throw error;
  }
}

export async function fetchInspection(carId: number | string): Promise<InspectionDetail> {
  const { data } = await mainHttp.get<{ detail: InspectionDetail }>(`v2/inspection/${carId}`);
  return data.detail;
}

export async function assignToMe(carId: number, user: string, role: string): Promise<InspectionDetail> {
  const { data } = await mainHttp.patch<{ detail: InspectionDetail }>(`qc-appointment-assign-to/${carId}`, {
    carId,
    role,
    inspectionStatus: 'smReview',
    user,
    qcAssignTo: user,
  });
  return data.detail;
}

/**
 * `configVersion`: the config version the review ran (issue 17), recorded with the submission; null for the JSON in
 * src/config. Sent even when null: a submit without it is checked against the version active at submit time.
 */
export async function submitReport(carId: number, payload: SubmissionPayload, configVersion: number | null = null): Promise<{ status: number; data: unknown }> {
  const response = await mainHttp.patch(`qc-section-report-submit/${carId}`, { ...payload, configVersion });
  return { status: response.status, data: response.data };
}

export function fetchLocationStore(): Promise<CityStores[]> {
  return cachedInStorage('locationStore', async () => {
    const { data } = await mainHttp.get<{ detail: CityStores[] }>('location-store');
    return data.detail;
  });
}

export function fetchAssignees(): Promise<Assignee[]> {
  return cachedInStorage('assigneeData', async () => {
    const { data } = await mainHttp.get<{ detail: Assignee[] }>('assignee-list', { params: { role: 'qc' } });
    return data.detail;
  });
}

export interface Performer {
  user: string;
  totalNoReview: number;
  tat: number;
  rank: number;
  isActive: boolean;
}

export interface Leaderboard {
  topPerformers: Performer[];
  myPerformance: { rank: number; totalNoReview: number; tat: number } | null;
}

/** The leaderboard; an answer that is not one (no object, performers not a list) is a failed fetch: the panel shows nothing (§8). */
export async function fetchLeaderboard(email: string): Promise<Leaderboard> {
  const { data } = await mainHttp.get<{ detail?: Partial<Leaderboard> } | undefined>('v2/get-leader-board-data', { params: { email } });
  const board = data?.detail;
  if (!board || typeof board !== 'object' || (board.topPerformers != null && !Array.isArray(board.topPerformers))) {
    throw new ApiError('The leaderboard could not be read', 200, data);
  }
  return { topPerformers: board.topPerformers ?? [], myPerformance: board.myPerformance ?? null };
}

/** One version of an appointment (spec 000 §2 'Version list'). */
export interface VersionRow {
  carId: number;
  appointmentId: string;
  version: number;
  storeName: string;
  make: string;
  model: string;
  variant: string;
  inspectionStatus: string;
  inspectionBy: string | null;
  qcBy: string | null;
  inspectionStartTime: string | null;
  inspectionEndTime: string | null;
  qcStartTime: string | null;
  qcEndTime: string | null;
  pdfUrl: string | null;
}

export async function fetchVersions(appointmentId: string, user: string, today?: Dayjs): Promise<VersionRow[]> {
  const { data } = await mainHttp.get<{ data: VersionRow[] }>('v2/inspection-version-list', {
    params: { appointmentId, user, ...(await dateWindow(today)) },
  });
  return data.data;
}

/** The auto-assignment sleep time (spec 000 §7: answer `detail.data.sleepTime`); 0 lets QC reviewers assign themselves. */
export async function fetchSleepTime(): Promise<number> {
  const { data } = await mainHttp.get<{ detail: { data: { sleepTime: number } } }>('get-qc-auto-assignment-sleep-time');
  return Number(data.detail.data.sleepTime);
}

/**
 * URL of the per-user auto-assignment stream (DESIGN.md 'Live updates'). EventSource cannot send headers,
 * so the bearer token travels as the `token` query parameter, beside utm_source=qc.
 */
export function liveAssignmentUrl(token: string): string {
  const query = new URLSearchParams({ utm_source: 'qc', token });
  return `${MAIN_API_BASE}v2/live/auto-assignment?${query}`;
}
