/**
 * Typed bike calls (spec 001 §7): the bikes host (base VITE_BIKE_API_BASE, DESIGN.md `/bike-api/`) and the bike calls
 * the spec keeps on the main host (bike image upload, make/model/variant). Same interceptors as every host (createHttp).
 */
import dayjs from 'dayjs';
import bikeScreens from '../config/bike-list.json';
import { BIKE_API_BASE } from './bases.ts';
import { ApiError, createHttp, signOutToLogin } from './http.ts';
import { mainHttp } from './main.ts';
import type { BikeMedia } from '../products/bike/inspection.ts';

/** A corrected field of the push call (server/routes/bike.ts). */
export interface PushedField {
  value?: string | string[] | number | null;
  rejected?: boolean;
  subParts?: Record<string, PushedField>;
}

/** Body of the push appointment data call (spec 001 §7). */
export interface BikePushBody {
  appointmentId: string;
  inspectionData: Record<string, Record<string, PushedField>>;
  images: { hashKey: string; rejected: boolean }[];
  videos: { hashKey: string; rejected: boolean }[];
  reason: string;
}

/** Form of the submit status call (spec 001 §7: status and reason, with bike id and appointment id). */
export interface BikeSubmitForm {
  status: Exclude<BikeStatus, 'READY_FOR_REVIEW'>;
  reason: string;
  bikeId: number;
  appointmentId: string;
  version: number;
  /** The bike config version the review ran (issue 17; null: the JSON in src/config, sent as 'seed'). */
  configVersion: number | null;
}

export { BIKE_API_BASE };
export const bikeHttp = createHttp(BIKE_API_BASE);

export type BikeStatus = 'READY_FOR_REVIEW' | 'APPROVED' | 'REJECTED';

/** 001 §3 'Bike list row' (inspectionEndTime in unix seconds). */
export interface BikeListRow {
  bikeId: number;
  appointmentId: string;
  version: number;
  status: BikeStatus;
  inspectionUser: string;
  make: string;
  model: string;
  inspectionEndTime: number;
  qcUser: string | null;
}

export type { BikeField, BikeMedia } from '../products/bike/inspection.ts';

/** 001 §3 'Bike detail'. */
export interface BikeDetail {
  bikeId: number;
  appointmentId: string;
  id: number;
  version: number;
  isLatest: boolean;
  status: BikeStatus;
  qcUser: string | null;
  inspectionUser: string;
  cjName: string;
  cjRemark: string;
  regNo: string;
  make: string;
  model: string;
  variant: string;
  isB2B: boolean;
  inspectionEndTime: number;
  reason: string | null;
  reportUrl: string | null;
  pdfUrl: string | null;
  images: BikeMedia[];
  inspectionData: { uiVersion: number; cjRemark: string; cjEmail: string; formUrl: string; isB2B: boolean } & Record<string, unknown>;
}

/** 001 §3 'Bike version row'. */
export interface BikeVersionRow {
  appointmentId: string;
  make: string;
  model: string;
  variant: string;
  version: number;
  status: BikeStatus;
  qcUser: string | null;
  inspectionEndTime: number;
  pdfUrl: string | null;
}

/** The bike report's section headings (001 §2 'Bike report'; server/bike-repo.ts BIKE_SECTIONS). */
export type BikeReportHeading = 'Bike Details' | 'Exterior' | 'Electricals' | 'Engine and transmission' | 'Wheels/brakes/suspension' | 'Other Features';

/** The report's inspectionData: each section's answers by question label, beside the remark, UI version and financer. */
export type BikeReportData = Partial<Record<BikeReportHeading, Record<string, string>>> & { cjRemark: string; uiVersion: number; financerName: string | null };

/** 001 §3 'Bike report'. */
export interface BikeReport {
  appointmentId: string;
  version: number;
  regNo: string;
  make: string;
  model: string;
  variant: string;
  status: BikeStatus;
  inspectionEndTime: number;
  inspectionData: BikeReportData;
  images: { hashKey: string; type: string; uri: string; title: string }[];
}

export interface BikeListFilters {
  page: number;
  user?: string;
  query?: string;
  startDate?: string;
  endDate?: string;
}

/** The paged list (50 a page) in a date window of six months up to today by default (001 §2, §9). */
export async function fetchBikeList(filters: BikeListFilters): Promise<{ data: BikeListRow[]; total: number }> {
  const today = dayjs();
  const params = {
    status: bikeScreens.readyForReview.status,
    page: filters.page,
    startDate: filters.startDate ?? today.subtract(bikeScreens.windowMonths, 'month').format('YYYY-MM-DD'),
    endDate: filters.endDate ?? today.format('YYYY-MM-DD'),
    ...(filters.user ? { user: filters.user } : {}),
    ...(filters.query?.trim() ? { query: filters.query.trim() } : {}),
  };
  try {
    const { data } = await bikeHttp.get<{ data: BikeListRow[]; total: number }>('appointment', { params });
    return data;
  } catch (error) {
    // A 403 on the bike list clears storage and goes to /login (001 §6, §8).
    if (error instanceof ApiError && error.status === 403) signOutToLogin();
    throw error;
  }
}

export async function fetchBike(appointmentId: string, version?: number): Promise<BikeDetail> {
  const { data } = await bikeHttp.get<{ detail: BikeDetail }>(`appointment/${encodeURIComponent(appointmentId)}`, { params: version === undefined ? {} : { version } });
  return data.detail;
}

const formOf = (fields: Record<string, string | number>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  return form;
};

/** `POST appointment/{id}/qc/assign`, form field assignUser. */
export async function assignBike(appointmentId: string, assignUser: string): Promise<BikeDetail> {
  const { data } = await bikeHttp.post<{ detail: BikeDetail }>(`appointment/${encodeURIComponent(appointmentId)}/qc/assign`, formOf({ assignUser }));
  return data.detail;
}

/** Push appointment data: corrections, image and video ticks, reason (and make/model/variant, below). */
export async function pushBikeData(body: BikePushBody | (Pick<BikePushBody, 'appointmentId'> & Record<string, unknown>)): Promise<BikeDetail> {
  const { data } = await bikeHttp.post<{ detail: BikeDetail }>(`appointment/${encodeURIComponent(body.appointmentId)}/qc/data`, body);
  return data.detail;
}

/** `POST appointment/{id}/qc`: form fields status and reason, with bike id, appointment id, version and config version. */
export async function submitBikeStatus(form: BikeSubmitForm): Promise<BikeDetail> {
  // A form field has no null: the seed config is named 'seed'.
  const fields = { ...form, configVersion: form.configVersion ?? 'seed' };
  const { data } = await bikeHttp.post<{ detail: BikeDetail }>(`appointment/${encodeURIComponent(form.appointmentId)}/qc`, formOf(fields));
  return data.detail;
}

export async function generateBikeReport(appointmentId: string): Promise<BikeDetail> {
  const { data } = await bikeHttp.post<{ detail: BikeDetail }>(`appointment/${encodeURIComponent(appointmentId)}/generate`);
  return data.detail;
}

export async function fetchBikeReport(appointmentId: string, version?: number): Promise<BikeReport> {
  const { data } = await bikeHttp.get<{ detail: BikeReport }>(`appointment/${encodeURIComponent(appointmentId)}/report`, { params: version === undefined ? {} : { version } });
  return data.detail;
}

export async function fetchBikeVersions(appointmentId: string): Promise<BikeVersionRow[]> {
  const { data } = await bikeHttp.get<{ data: BikeVersionRow[] }>(`appointment/${encodeURIComponent(appointmentId)}/version/all`);
  return data.data;
}

export interface BikeMediaConfig {
  imageUrlTemplate: string;
  videoBaseUrl: string;
}

export async function fetchBikeMediaConfig(): Promise<BikeMediaConfig> {
  const { data } = await bikeHttp.get<{ detail: BikeMediaConfig }>('public/appconfig');
  return data.detail;
}

/** The URL of a media item by the public configuration (001 §3). */
export function mediaUrl(config: BikeMediaConfig, media: Pick<BikeMedia, 'uri' | 'mediaType'>): string {
  return media.mediaType === 'video' ? `${config.videoBaseUrl}${media.uri}` : config.imageUrlTemplate.replace('{uri}', media.uri);
}

// ---- main host (001 §7: bike image, make/model/variant) ----

export async function fetchBikeMakes(): Promise<{ name: string; code: string }[]> {
  return (await mainHttp.get<{ detail: { name: string; code: string }[] }>('api/bikeMake')).data.detail;
}

export async function fetchBikeModels(makeCode: string): Promise<{ id: number; name: string; variant: { name: string; code: string }[] }[]> {
  return (await mainHttp.get<{ detail: { id: number; name: string; variant: { name: string; code: string }[] }[] }>('api/bikeModel', { params: { makeCode } })).data.detail;
}

export async function fetchBikeVariants(modelId: number): Promise<{ name: string; code: string }[]> {
  return (await mainHttp.get<{ detail: { name: string; code: string }[] }>('api/bikeVariant', { params: { model_id: modelId } })).data.detail;
}

/** Active financiers (`GET api/financerListData?status=active`, bikes host), as the choices of the bike's financier name. */
export async function fetchBikeFinanciers(): Promise<{ id: number; label: string }[]> {
  const { data } = await bikeHttp.get<{ detail: { id: number; name: string }[] }>('api/financerListData', { params: { status: 'active' } });
  return data.detail.map((f) => ({ id: f.id, label: f.name }));
}

/** `PUT v2/bike-image/{id}` (multipart: imageFile, type, title, hashKey, fileExtension). */
export async function uploadBikeImage(appointmentId: string, file: File, fields: { type: BikeMedia['type']; title: string; hashKey?: string }): Promise<{ hashKey: string; uri: string; url: string }> {
  const form = new FormData();
  form.append('imageFile', file);
  form.append('type', fields.type);
  form.append('title', fields.title);
  if (fields.hashKey) form.append('hashKey', fields.hashKey);
  form.append('fileExtension', file.name.split('.').pop() ?? '');
  return (await mainHttp.put<{ detail: { hashKey: string; uri: string; url: string } }>(`v2/bike-image/${encodeURIComponent(appointmentId)}`, form)).data.detail;
}
