// Calls the browser tests make beside the browser: choosing seeded inspections, assigning them, reading back what
// the server stored. Same routes and payloads as the app (spec 000 §7, docs/architecture.md).
import type { InspectionDetail, RegistryData } from '../../src/products/car/inspection.ts';
import type { InspectionListRow } from '../../src/products/car/inspection.ts';
import { carEngine } from '../support/car.ts';
import { hasRejections, validateBeforeSubmit } from '../../src/engine/submission.ts';
import type { Edit, ReviewModel } from '../../src/engine/types.ts';
import { apiLogin, type LoginAnswer } from './browser.ts';

export interface Api {
  login: LoginAnswer;
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown): Promise<T>;
}

/** An API client signed in as `email` (dev sign-in); paths are relative to /api/. */
export async function apiAs(baseURL: string, email: string): Promise<Api> {
  const login = await apiLogin(baseURL, email);
  const headers = { authorization: `Bearer ${login.access_token}` };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}/api/${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { login, get: (path) => call('GET', path), send: (method, path, body) => call(method, path, body) };
}

/** Every inspection of the list's six-month window (all pages), as the given user's list shows it. */
export async function listAll(api: Api): Promise<InspectionListRow[]> {
  const rows: InspectionListRow[] = [];
  for (let page = 1; page < 40; page++) {
    const { data } = await api.get<{ data: InspectionListRow[] }>(`v2/inspection-data-list?page=${page}&records=50&user=${encodeURIComponent(api.login.email)}`);
    rows.push(...data);
    if (data.length < 50) break;
  }
  return rows;
}

/** Free to take: nobody assigned, in smReview, not 'Report is under process' (spec 000 §2). */
export const isFree = (r: InspectionListRow) =>
  !r.qcAssign.to && r.inspectionStatus === 'smReview' && r.isReportProcessed === 1 && r.reInspectionProcessing === 0 && r.dealerPriceProcessing === 0;

export async function detailOf(api: Api, carId: number): Promise<InspectionDetail> {
  return (await api.get<{ detail: InspectionDetail }>(`v2/inspection/${carId}`)).detail;
}

/** The review model the page shows for `detail` after `edits`: the same engine, with the registry data the page loads. */
export async function modelAfter(api: Api, detail: InspectionDetail, edits: Edit[] = []): Promise<ReviewModel> {
  const registry = (await api.get<{ detail: RegistryData }>(`vahan/${detail.appointmentId}`)).detail;
  return carEngine.evaluate(detail, edits, registry, { role: api.login.role });
}

/**
 * Whether the engine (the same one the page and the server run) lets this inspection be submitted after `edits`:
 * no pre-submit alert, and approved (no rejection) when `approve`. Lets a test pick a seeded inspection that the
 * scenario fits instead of depending on one seed's random values.
 */
export async function submittable(api: Api, detail: InspectionDetail, edits: Edit[] = [], approve = false): Promise<boolean> {
  const model = await modelAfter(api, detail, edits);
  if (validateBeforeSubmit(model, { isDummy: false }) !== null) return false;
  return approve ? !hasRejections(model) : true;
}

/** Assigns an inspection to the signed-in user (the list's Assign to me, spec 000 §4). */
export async function assignToMe(api: Api, carId: number): Promise<InspectionDetail> {
  const { email, role } = api.login;
  return (await api.send<{ detail: InspectionDetail }>('PATCH', `qc-appointment-assign-to/${carId}`, { carId, role, inspectionStatus: 'smReview', user: email, qcAssignTo: email })).detail;
}

/** The first free inspection that `fits` (checked on its detail), not yet assigned. */
export async function findFree(api: Api, fits: (detail: InspectionDetail, row: InspectionListRow) => boolean | Promise<boolean>, what: string, skip: ReadonlySet<number> = new Set()): Promise<InspectionDetail> {
  for (const row of (await listAll(api)).filter(isFree)) {
    if (skip.has(row.carId)) continue;
    const detail = await detailOf(api, row.carId);
    if (await fits(detail, row)) return detail;
  }
  throw new Error(`the seed has no free inspection ${what}`);
}

/**
 * Takes the first free inspection that `fits` and assigns it to the signed-in user, so the tests of one run never
 * share an inspection.
 */
export async function claim(api: Api, fits: (detail: InspectionDetail, row: InspectionListRow) => boolean | Promise<boolean>, what: string): Promise<InspectionDetail> {
  return assignToMe(api, (await findFree(api, fits, what)).carId);
}

