/**
 * Calls of the review page to the main host (spec 000 §7) that src/api/main.ts does not hold: review start,
 * registry data, rejection remarks, comments, image upload, the re-inspection e-mail and the make/model/variant lookups.
 */
import type { RemarkEntry } from '../engine/inspection.ts';
import type { RegistryData } from '../products/car/inspection.ts';
import { mainHttp } from './main.ts';

/** Where the remark goes: the row (section, part, subPart) or image (hashKey), and who writes it. */
export interface RemarkTarget {
  carId: number;
  section: string;
  part: string;
  subPart?: string;
  hashKey?: string;
  role: string;
  user: string;
}

/** The form sent to `POST v2/rejection-remark` (000 §3): a text remark or an audio file. */
export type RemarkRequest = RemarkTarget & {
  type: 'rejectionRemark';
  inspectionStatus: 'smReview';
} & ({ remarkType: 'text'; remark: string } | { remarkType: 'audio'; audio: Blob });

/** Body of `POST reinspection-send-email`: recipients comma-separated. */
export interface RiMailRequest {
  carId: number;
  version: number;
  to: string;
}

/** `POST v2/set-review-start-time`: the assignee opened the review. */
export async function setReviewStartTime(carId: number): Promise<void> {
  await mainHttp.post('v2/set-review-start-time', { carId });
}

/** `GET vahan/{appointmentId}`: registry data (parivahan1, vahanWebsite, parseSms, bgcData). */
export async function fetchRegistry(appointmentId: string): Promise<RegistryData> {
  const { data } = await mainHttp.get<{ detail: RegistryData }>(`vahan/${encodeURIComponent(appointmentId)}`);
  return data.detail;
}

/** The flags of `GET api/Config` the review reads. */
export interface AppConfig {
  /** 1 shows the duplicate-key note (000 §5); the server sends it as `duplicateKeyConfig`. */
  duplicateKeyConfig: number;
}

/** `GET api/Config`: feature flags; a missing or non-numeric flag is off. */
export async function fetchAppConfig(): Promise<AppConfig> {
  const { data } = await mainHttp.get<{ detail?: { duplicateKeyConfig?: unknown } }>('api/Config');
  const flag = Number(data.detail?.duplicateKeyConfig ?? 0);
  return { duplicateKeyConfig: Number.isFinite(flag) ? flag : 0 };
}

export interface RemarkQuery {
  appointmentId: string;
  section: string;
  part: string;
  subPart?: string;
  hashKey?: string;
}

/** `GET v2/rejection-remark`: the remark history of one row or image. */
export async function fetchRemarks(query: RemarkQuery): Promise<RemarkEntry[]> {
  const { data } = await mainHttp.get<{ detail: RemarkEntry[] | { remarkHistory?: RemarkEntry[] } }>('v2/rejection-remark', { params: query });
  const detail = data.detail;
  return Array.isArray(detail) ? detail : (detail?.remarkHistory ?? []);
}

/** `POST v2/rejection-remark` (multipart form): a text remark, or the recorded audio as a file. */
export async function saveRemark(request: RemarkRequest): Promise<RemarkEntry | null> {
  const form = new FormData();
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || key === 'audio') continue;
    form.append(key, String(value));
  }
  if (request.remarkType === 'audio') form.append('remark', request.audio, 'remark.webm');
  const { data } = await mainHttp.post<{ detail: RemarkEntry | null }>('v2/rejection-remark', form);
  return data.detail ?? null;
}

export interface CommentEntry {
  comment: string;
  id: number | string;
  status?: string | number;
  rank?: number;
  type?: string;
}

/**
 * `GET api/comments?section`: the comment choices of a section (the car's carDetails, electricalsInterior; the server
 * adds exteriorTyres). Which sections ask is the product config's (rows with the `comments` lookup).
 */
export async function fetchComments(section: string): Promise<CommentEntry[]> {
  const { data } = await mainHttp.get<{ detail: CommentEntry[] }>('api/comments', { params: { section } });
  return data.detail ?? [];
}

/** Fields of `POST v2/image` besides the file (spec 000 §7). */
export interface ImageUploadFields {
  carId: number;
  section: string;
  type: string;
  part: string;
  partTitle?: string;
  partValue?: string;
  subPart?: string;
  hashKey?: string;
  title?: string;
  role: string;
  field?: string;
  inspectionStatus: string;
  uploadTime: string;
  pointerCount?: number;
  isTilted?: boolean;
  fileExtension: string;
  oldImageUrl?: string;
}

/** `POST v2/image` (multipart): answers the new url and the old one. */
export async function uploadImage(file: Blob, fields: ImageUploadFields): Promise<{ url: string; oldUrl?: string }> {
  const form = new FormData();
  form.append('imageFile', file, `image.${fields.fileExtension}`);
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  const { data } = await mainHttp.post<{ detail: { url: string; oldUrl?: string } }>('v2/image', form);
  return data.detail;
}

export interface RiEmailLog {
  createdAt: string;
  reinspectionDiffUrl: string;
}

/** `GET v2/get-reinspection-email-log-data`: e-mails already sent for the appointment. */
export async function fetchRiEmailLog(appointmentId: string): Promise<RiEmailLog[]> {
  const { data } = await mainHttp.get<{ detail: RiEmailLog[] }>('v2/get-reinspection-email-log-data', { params: { appointmentId } });
  return data.detail ?? [];
}

/** `POST reinspection-send-email`: carId, version, to (comma-separated). */
export async function sendRiMail(request: RiMailRequest): Promise<unknown> {
  const { data } = await mainHttp.post<{ detail: unknown }>('reinspection-send-email', request);
  return data.detail;
}

export interface Make {
  make_id: number;
  make_name: string;
}
export interface Model {
  model_id: number;
  model_name: string;
}
export interface Variant {
  variant_id: number;
  variant_name: string;
  variant_display_name: string;
  variant_parent_id?: number | null;
  variant_status: string;
  variantyear_status: string;
  transportation_category?: string;
  transmission_type?: string;
  fuel_type?: string;
  year?: number;
}

export async function fetchMakes(): Promise<Make[]> {
  const { data } = await mainHttp.get<{ detail: Make[] }>('make');
  return data.detail;
}

export async function fetchModels(makeId: number): Promise<Model[]> {
  const { data } = await mainHttp.get<{ detail: Model[] }>(`make/${makeId}`);
  return data.detail;
}

/** `GET variant-year?modelId&fuelType`: every variant with its statuses (the panel offers only active ones). */
export async function fetchVariants(modelId: number, fuelType?: string | null): Promise<Variant[]> {
  const { data } = await mainHttp.get<{ detail: Variant[] }>('variant-year', { params: { modelId, ...(fuelType ? { fuelType } : {}) } });
  return data.detail;
}

export interface LookupOption {
  id: number | string;
  label: string;
}

/**
 * Choices of a lookup-backed select row (state, rto, city, store, financier, nocIssuedFor; the bike's bikeFinancier). `parentId` is the
 * state id for rto. Failures answer an empty list: the spec ignores failed lookups silently (000 §8).
 */
export async function fetchLookup(lookup: string, parentId?: string | number | null): Promise<LookupOption[]> {
  try {
    switch (lookup) {
      case 'state': {
        const { data } = await mainHttp.get<{ detail: { state_id: number; state_name: string }[] }>('state');
        return data.detail.map((s) => ({ id: s.state_id, label: s.state_name }));
      }
      case 'rto': {
        if (parentId === undefined || parentId === null || parentId === '') return [];
        const { data } = await mainHttp.get<{ detail: { id: number; rto: string; rtoCode: string }[] }>('api/rto', { params: { stateId: parentId } });
        return data.detail.map((r) => ({ id: r.id, label: r.rtoCode }));
      }
      case 'city':
      case 'store': {
        const { data } = await mainHttp.get<{ detail: { city_id: number; city_name: string; locations: { location_id: number; name: string }[] }[] }>('location-store');
        if (lookup === 'city') return data.detail.map((c) => ({ id: c.city_id, label: c.city_name }));
        return data.detail
          .filter((c) => parentId === undefined || parentId === null || String(c.city_id) === String(parentId))
          .flatMap((c) => c.locations.map((l) => ({ id: l.location_id, label: l.name })));
      }
      case 'financier': {
        const { data } = await mainHttp.get<{ detail: { id: number; financierName: string }[] }>('bank-list');
        return data.detail.map((b) => ({ id: b.id, label: b.financierName }));
      }
      // The bike's financiers come from the bikes host; its module loads only where a bike row asks.
      case 'bikeFinancier':
        return await (await import('./bike.ts')).fetchBikeFinanciers();
      case 'nocIssuedFor': {
        const { data } = await mainHttp.get<{ detail: { id: number; rtoCode: string; rto: string }[] }>('noc-issued-for');
        return data.detail.map((n) => ({ id: n.id, label: `${n.rtoCode} ${n.rto}` }));
      }
      default:
        return [];
    }
  } catch {
    return [];
  }
}
