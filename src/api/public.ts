/**
 * Calls of the public seller pages (spec 002 §7 'Customer audit', 'Sell-online'). Each names its signed link
 * (`exp`, `token`) so the server answers only for that appointment (DESIGN.md 'Public pages'). No sign-in.
 */
import axios, { AxiosError } from 'axios';
import { MAIN_API_BASE } from './bases.ts';
import { ApiError } from './http.ts';

/** No bearer token and no sign-out on 401: a seller has no session. `utm_source=qc` as on every call. */
export const publicHttp = axios.create({ baseURL: MAIN_API_BASE, params: { utm_source: 'qc' } });
publicHttp.interceptors.response.use(undefined, (error: AxiosError) => {
  const body = error.response?.data as { detail?: unknown } | undefined;
  const detail = typeof body?.detail === 'string' ? body.detail : error.message;
  return Promise.reject(new ApiError(detail, error.response?.status ?? 0, body));
});

export interface LinkProof {
  exp: number | string;
  token: string;
}

export interface CustomerAudit {
  appointmentId: string;
  carDetails: { customerName: string; make: string; model: string; year: number };
  customerInput: { title: string; value: string }[];
  cjInput: { title: string; value: string }[];
  inspectionBy: string;
  status: 'approved' | 'rejected' | null;
}

export type SellOnlineStatus = 'OPEN' | 'APPROVED' | 'REJECTED';

export interface SellOnlineRecord {
  appointmentId: string;
  customerName: string;
  offeredPrice: number;
  onlinePrice: number;
  additionalComments: string[];
  make: string;
  model: string;
  variant: string;
  year: number;
  gsNoGo: number;
  conditionFlag: number;
  inspectionType: string;
  status: SellOnlineStatus | null;
  reviewData: { title: string; isCollapsable: boolean; detail: { title: string; sellerInput: string; CjInput: string }[] }[];
}

/** The link's proof as query parameters; a part the link lacks is left out rather than sent empty. */
const proof = (link: LinkProof) => ({ ...(link.exp !== '' ? { exp: link.exp } : {}), ...(link.token ? { token: link.token } : {}) });

export async function fetchCustomerAudit(appointmentId: string, link: LinkProof): Promise<CustomerAudit> {
  const { data } = await publicHttp.get<{ detail: CustomerAudit }>('v2/customer-audit-data', { params: { ...proof(link), appointmentId } });
  return data.detail;
}

export async function answerCustomerAudit(appointmentId: string, status: 'approved' | 'rejected', link: LinkProof): Promise<string> {
  const { data } = await publicHttp.post<{ detail: string }>('v2/customer-audit-data', { appointmentId, status }, { params: proof(link) });
  return data.detail;
}

export async function fetchSellOnline(appointmentId: string, link: LinkProof): Promise<SellOnlineRecord> {
  const { data } = await publicHttp.get<{ detail: SellOnlineRecord }>('v2/sell-online', { params: { ...proof(link), appointmentId } });
  return data.detail;
}

/** First view: status OPEN (the server keeps an answered offer's status). */
export async function openSellOnline(appointmentId: string, link: LinkProof): Promise<void> {
  await publicHttp.post('v2/sell-online', { appointmentId, status: 'OPEN' }, { params: proof(link) });
}

export async function answerSellOnline(appointmentId: string, status: 'APPROVED' | 'REJECTED', link: LinkProof): Promise<void> {
  await publicHttp.put(`v2/sell-online/${encodeURIComponent(appointmentId)}`, { status }, { params: proof(link) });
}

export async function fetchHealth(): Promise<{ status: string; database: string; time: string }> {
  const { data } = await publicHttp.get<{ detail: { status: string; database: string; time: string } }>('public/health');
  return data.detail;
}
