/** Typed calls of the GS unflagging screens (spec 002 §7 'GS unflagging'), main host. */
import type { Option, UnflagPayload } from '../products/gs-unflagging/unflag.ts';
import { cachedInStorage } from './cache.ts';
import { listParams } from './http.ts';
import { mainHttp } from './main.ts';

export interface GsListItem {
  appointmentId: string;
  category: string;
  inspectionEndTime: string;
  make: string;
  model: string;
  storeName: string;
  createdAt: string;
  assignedTo: string | null;
  conditionFlag: number | null;
  leadToken: string;
}

export interface GsFilters {
  emailId: string;
  /** -1 (or empty) means no appointment search (spec 002 §7). */
  appointmentId?: string | number;
  storeCityId: number[];
  storeId: number[];
  category: string[];
  assignedTo: string[];
}

export interface GsImage {
  url: string;
  title: string;
}

export interface GsPartInfo {
  title: string;
  value?: string;
  subParts?: Record<string, { title: string; value?: string; additionalInfo?: { image?: GsImage[]; video?: GsImage[]; condition?: string[] } }>;
  additionalInfo?: { condition?: string[] };
}

export interface GsDetail {
  appointmentId: string;
  basicInfo: {
    make: string;
    model: string;
    year: number;
    month: number;
    variant: string;
    fuelType: string;
    toBeScrapped: number;
    inspectionBy: string;
    cjNumber: string;
    pdfUrl?: string | null;
    comments: { title: string; comments: { comment: string }[] }[];
    important: Record<string, { title: string; value: string }>;
    showLessImportant: Record<string, { title: string; value: string }>;
  };
  mainImages: GsImage[];
  impMainImages: GsImage[];
  gsNoGoImages: GsPartInfo[];
  additionalImages: (GsImage & { subPart?: string; condition?: string })[];
  allOtherParts: GsPartInfo[];
  workflowId: string | null;
  conditionFlag: number;
  assignedTo: string | null;
  status: string;
  otherInfo: { betaReason: string[]; hardBeta: boolean; weightedRating: number };
}

export interface FlagTypeDispositions {
  id: number;
  label: string;
  dispositions: Option[];
  subDispositions: Option[];
}

export async function fetchGsList(filters: GsFilters): Promise<GsListItem[]> {
  const { appointmentId, ...rest } = filters;
  const search = appointmentId === undefined || appointmentId === '' || Number(appointmentId) === -1 ? {} : { appointmentId };
  const { data } = await mainHttp.get<{ detail: GsListItem[] }>('v2/gs-dealer-data', { params: listParams({ ...rest, ...search }) });
  return data.detail;
}

/** The detail and its ETag, sent back with the action so a flag changed meanwhile is refused (412). */
export async function fetchGsDetail(appointmentId: string, leadToken: string): Promise<{ detail: GsDetail; etag: string | null }> {
  const res = await mainHttp.get<{ detail: GsDetail }>(`v2/gs-dealer-data/${encodeURIComponent(appointmentId)}`, { params: { leadToken } });
  const etag = res.headers.etag;
  return { detail: res.data.detail, etag: typeof etag === 'string' ? etag : null };
}

/** The action (spec 002 §7): answers the server's success message. */
export async function patchGsFlag(appointmentId: string, payload: UnflagPayload, etag: string | null): Promise<string> {
  const { data } = await mainHttp.patch<{ detail: string }>(`v2/gs-dealer-data/${encodeURIComponent(appointmentId)}`, payload, {
    headers: etag ? { 'If-Match': etag } : {},
  });
  return data.detail;
}

/** Dispositions by flag type (labels 0 Alpha, 4 Beta), kept in local storage (spec 000 §3, 002 §7). */
export function fetchDispositions(): Promise<FlagTypeDispositions[]> {
  return cachedInStorage('gsDispositions', async () => {
    const { data } = await mainHttp.get<{ detail: FlagTypeDispositions[] }>('v2/api/getAllDispositions');
    return data.detail;
  });
}

export async function fetchGsAssignees(): Promise<{ id: number; name: string; email: string }[]> {
  const { data } = await mainHttp.get<{ detail: { id: number; name: string; email: string }[] }>('v2/gs-assignees');
  return data.detail;
}
