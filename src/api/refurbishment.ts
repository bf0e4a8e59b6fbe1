/** GS refurbishment calls on the main host (spec 001 §7). */
import { mainHttp } from './main.ts';

export interface RefurbMedia {
  title: string;
  url: string;
}

/** One suggested item (spec 001 §3 'Refurbishment item and header'); the QC verdict sits on the section reviewed. */
export interface RefurbItem {
  hashKey: string;
  category: string;
  subCategory: string;
  beforeRef: { image: RefurbMedia[]; video: RefurbMedia[]; observation: string | null; estimatedRefurbishmentCost: number; qcRemark?: string; isRejected?: 0 | 1 };
  afterRef: { image: RefurbMedia[]; video: RefurbMedia[]; observation: string | null; actualRefurbishmentCost: number | null; qcRemark?: string; isRejected?: 0 | 1 } | null;
}

export interface RefurbDetail {
  appointmentId: string;
  version: number;
  status: string;
  make: string;
  model: string;
  variant: string;
  fuelType: string;
  month: number;
  year: number;
  serviceCenter: string;
  gsReInspectionReason: string | null;
  refurbishedBy: string;
  endTime: string;
  qcAssignTo: { to: string | null };
  totalEstimatedRefurbishmentCost: number;
  totalActualRefurbishmentCost: number | null;
  fields: RefurbItem[];
}

export interface RefurbListRow {
  appointmentId: string;
  refurbishedBy: string;
  make: string;
  model: string;
  endTime: string;
  qcAssignTo: { to: string | null };
  status: string;
  version: number;
}

export interface RefurbVersionRow {
  appointmentId: string;
  make: string;
  model: string;
  version: number;
  status: string;
  refurbishedBy: string;
  reviewedBy: string | null;
  endTime: string;
}

export interface RefurbSubmitPayload {
  appointmentId: string;
  fields: { hashKey: string; qcRemark: string; isRejected: 0 | 1 }[];
  reviewBy: string;
  status: string;
  section: 'beforeRef' | 'afterRef';
  version?: number;
  /** The refurbishment config version the review ran (issue 17; null: the JSON in src/config). */
  configVersion?: number | null;
}

/** A page of 50 awaiting review, or (with an appointment ID) that one refurbishment. */
export async function fetchRefurbishments(page: number, appointmentId?: string): Promise<{ data: RefurbListRow[]; total: number }> {
  const { data } = await mainHttp.get<{ data: RefurbListRow[]; total: number }>('v2/refurbishment', { params: { page, appointmentId } });
  return data;
}

export async function fetchRefurbishment(appointmentId: string): Promise<RefurbDetail> {
  const { data } = await mainHttp.get<{ detail: RefurbDetail }>(`v2/refurbishment/${encodeURIComponent(appointmentId)}`);
  return data.detail;
}

export async function fetchRefurbishmentVersion(appointmentId: string, status: string, version: number): Promise<RefurbDetail> {
  const { data } = await mainHttp.get<{ detail: RefurbDetail }>('v2/refurbishment-version-detail', { params: { appointmentId, status, version } });
  return data.detail;
}

export async function fetchRefurbishmentVersions(appointment: string): Promise<RefurbVersionRow[]> {
  const { data } = await mainHttp.get<{ data: RefurbVersionRow[] }>(`v2/refurbishment-version/${encodeURIComponent(appointment)}`);
  return data.data;
}

export async function assignRefurbishment(appointmentId: string, qcAssignTo: string): Promise<RefurbDetail> {
  const { data } = await mainHttp.put<{ detail: RefurbDetail }>('v2/refurbishment-qc-assign-to', { appointmentId, qcAssignTo });
  return data.detail;
}

export async function submitRefurbishment(payload: RefurbSubmitPayload): Promise<{ status: string; version: number }> {
  const { data } = await mainHttp.post<{ detail: { status: string; version: number } }>(`v2/refurbishment/${encodeURIComponent(payload.appointmentId)}`, payload);
  return data.detail;
}
