/** Calls of the config studio (issue 17) to the main host: products, their config versions, save and activate. */
import type { InspectionDetail } from '../products/car/inspection.ts';
import { mainHttp } from './main.ts';

export interface StudioProductRow {
  id: string;
  name: string;
  /** The active version, null while the JSON in src/config is in use. */
  activeVersion: number | null;
  versions: number;
}

export interface ConfigVersion {
  id: number;
  product: string;
  message: string;
  author: string;
  authorName: string;
  createdAt: string;
  active: boolean;
}

const base = 'v2/config-studio/products';

export async function studioProducts(): Promise<StudioProductRow[]> {
  return (await mainHttp.get<{ detail: StudioProductRow[] }>(base)).data.detail;
}

export async function configVersions(product: string): Promise<ConfigVersion[]> {
  return (await mainHttp.get<{ detail: ConfigVersion[] }>(`${base}/${encodeURIComponent(product)}/versions`)).data.detail;
}

export async function activeConfig(product: string): Promise<{ id: number | null; config: unknown }> {
  return (await mainHttp.get<{ detail: { id: number | null; config: unknown } }>(`${base}/${encodeURIComponent(product)}/active`)).data.detail;
}

export async function configVersion(product: string, id: number): Promise<ConfigVersion & { config: unknown }> {
  return (await mainHttp.get<{ detail: ConfigVersion & { config: unknown } }>(`${base}/${encodeURIComponent(product)}/versions/${id}`)).data.detail;
}

/** `baseVersion`: the active version the text started from (null: the code's); a save over a newer one is refused (409). */
export async function saveConfigVersion(product: string, config: unknown, message: string, baseVersion: number | null): Promise<ConfigVersion> {
  return (await mainHttp.post<{ detail: ConfigVersion }>(`${base}/${encodeURIComponent(product)}/versions`, { config, message, baseVersion })).data.detail;
}

/** `baseVersion`: the version the page showed as active (null: the code's); activating over a newer one is refused (409). */
export async function activateConfigVersion(product: string, id: number, baseVersion: number | null): Promise<ConfigVersion> {
  return (await mainHttp.post<{ detail: ConfigVersion }>(`${base}/${encodeURIComponent(product)}/versions/${id}/activate`, { baseVersion })).data.detail;
}

export interface ConfigCheck {
  problems: { path: string; message: string }[];
  cases: { name: string; problems: string[] }[];
}

/** The server's checks of a config (schema, semantic, cases) without saving it. */
export async function checkConfig(product: string, config: unknown, signal?: AbortSignal): Promise<ConfigCheck> {
  return (await mainHttp.post<{ detail: ConfigCheck }>(`${base}/${encodeURIComponent(product)}/check`, { config }, { signal })).data.detail;
}

export interface StudioSample {
  carId: number;
  appointmentId: string;
  make: string;
  model: string;
  status: string;
}

/** Seeded inspections the preview can show (empty: the preview generates one from the config). */
export async function studioSamples(product: string): Promise<StudioSample[]> {
  return (await mainHttp.get<{ detail: StudioSample[] }>(`${base}/${encodeURIComponent(product)}/samples`)).data.detail;
}

export async function studioSample(product: string, carId: number): Promise<InspectionDetail> {
  return (await mainHttp.get<{ detail: InspectionDetail }>(`${base}/${encodeURIComponent(product)}/samples/${carId}`)).data.detail;
}
