/** Calls of the admin screens (spec 002 §7 'Store cancellation factor', 'Admin forms', 'Video tutorial'). */
import { mainHttp } from './main.ts';
import { X_FACTOR_CHANNELS, hourlySlots } from '../products/admin/admin-csv.ts';

export interface XFactorRow {
  id: number;
  storeId: number;
  storeName: string;
  date: string;
  slotXFactor: Record<string, number>;
  updatedBy: string;
  updatedAt: string;
}

export interface XFactorStore {
  location_id: number;
  name: string;
  slots: string[];
}

export interface XFactorFilters {
  storeId?: number;
  date?: string;
  slotTime?: string;
}

export interface UploadResult {
  message: string;
  updatedRows: number;
  errorRows: number;
  errors: { row: number; message: string }[];
}

/** A store of GET store?role (spec 000 §7): with its channel and opening hours on this server. */
interface RoleStore {
  location_id: number;
  name: string;
  channel?: string | null;
  open_hour?: number | null;
  close_hour?: number | null;
}

/**
 * The X factor screen's stores (spec 002 §7 'Store list by role: ... GET store?role'): those of type locality or
 * sell_online, each with its hourly slots from its start hour to the hour before its end (§9). A store whose hours
 * the answer lacks offers the slots of the rows it already has.
 */
export async function fetchXFactorStores(role: string): Promise<XFactorStore[]> {
  const { data } = await mainHttp.get<{ detail: RoleStore[] }>('store', { params: { role } });
  return data.detail
    .filter((s) => X_FACTOR_CHANNELS.includes(s.channel ?? ''))
    .map((s) => ({ location_id: s.location_id, name: s.name, slots: typeof s.open_hour === 'number' && typeof s.close_hour === 'number' ? hourlySlots(s.open_hour, s.close_hour) : [] }));
}

export async function fetchXFactors(filters: XFactorFilters): Promise<XFactorRow[]> {
  const { data } = await mainHttp.get<{ detail: XFactorRow[] }>('v2/store-cancellation-factor', { params: filters });
  return data.detail;
}

export async function updateXFactor(id: number, body: { slotTime: string; xFactor: number; updatedBy: string }): Promise<XFactorRow> {
  const { data } = await mainHttp.put<{ detail: XFactorRow }>(`v2/store-cancellation-factor/${id}`, body);
  return data.detail;
}

export async function uploadXFactorCsv(file: File, updatedBy: string): Promise<UploadResult> {
  const form = new FormData();
  form.append('updatedBy', updatedBy);
  form.append('file', file);
  const { data } = await mainHttp.post<{ detail: UploadResult }>('v2/store-cancellation-factor/upload', form);
  return data.detail;
}

export interface RegVariantBody {
  appointmentId: string;
  registrationNumber: string;
  oldRegistrationNumber: string;
  variant: string;
  oldVariant: string;
}

export async function correctRegistration(body: RegVariantBody): Promise<{ registrationNumber: string; variant: string }> {
  const { data } = await mainHttp.post<{ detail: { registrationNumber: string; variant: string } }>('update-correct-reg-number', body);
  return data.detail;
}

export async function fetchOdometer(appointmentId: string): Promise<number | null> {
  const { data } = await mainHttp.get<{ detail: { odometerReading: number | null } }>(`odometer/${encodeURIComponent(appointmentId)}`);
  return data.detail.odometerReading;
}

export async function correctOdometer(appointmentId: string, odometerReading: number): Promise<string> {
  const { data } = await mainHttp.post<{ detail: { message: string } }>('odometer', { appointmentId, odometerReading });
  return data.detail.message;
}

export async function uploadLeaves(leaveFile: File, uploadedBy: string): Promise<string> {
  const form = new FormData();
  form.append('uploadedBy', uploadedBy);
  form.append('leaveFile', leaveFile);
  const { data } = await mainHttp.post<{ detail: { message: string } }>('api/updateLeaveData', form);
  return data.detail.message;
}

export interface VideoTutorial {
  featureTitle: string;
  description: string;
  hindiVideo: File;
  englishVideo: File;
  startDate: string;
  configName: string;
}

/** Multipart upload with progress (0–100) while the two videos go up. */
export async function uploadVideoTutorial(video: VideoTutorial, onProgress: (percent: number) => void): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries(video)) form.append(key, value);
  const { data } = await mainHttp.post<{ detail: { message: string } }>('upload-video-tutorial', form, {
    onUploadProgress: (event) => onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
  });
  return data.detail.message;
}
