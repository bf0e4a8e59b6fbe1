/** Calls of the car variant screens (spec 002 §7 'Variant catalogue') to the main host. */
import { mainHttp } from './main.ts';
import type { VariantParameter } from '../products/admin/variant-parameter.ts';

export type { ParameterType, VariantParameter } from '../products/admin/variant-parameter.ts';

export type ParameterInput = Omit<VariantParameter, '_id' | 'status'> & { status: 'Active' };

// The catalogue's make and model pickers ask the same calls as the review's make/model/variant panel.
export { fetchMakes, fetchModels, type Make, type Model } from './review.ts';

/** One catalogue variant of a model year (`variant-year`); yearly entries of one variant share variant_parent_id. */
export interface VariantYear {
  variant_id: number;
  variant_name: string;
  variant_parent_id: number | null;
  variant_status: string;
  fuel_type: string;
  year: number;
}

export interface VariantListItem {
  srNo: number;
  make_id: number;
  model_id: number;
  modelName: string;
  fuelType: string;
  manufacturingYears: string;
  variant: string;
  variantId: number;
  variantParameters: { name: string; type: string; value: string }[];
}

export interface MissingVariant {
  variant_id: number;
  variant_name: string;
  years: number[];
}

export interface Suggestion {
  variantList: VariantListItem[];
  missingVariants: MissingVariant[];
  status: 'Active' | 'Pending';
}

export interface SequenceParameter {
  name: string;
  type: string;
  sequence: number | null;
}

/** The fixed fields of a variant data row plus one key per parameter name (spec 002 §3 'Car variant data'). */
export interface VariantData {
  make_id: number;
  model_id: number;
  modelName: string;
  fuelType: string;
  manufacturingYears: string;
  variant: string;
  variantId: number;
  [parameter: string]: string | number;
}

export async function fetchVariantYears(modelId: number, fuelType?: string): Promise<VariantYear[]> {
  const { data } = await mainHttp.get<{ detail: VariantYear[] }>('variant-year', { params: { modelId, fuelType } });
  return data.detail;
}

export async function fetchParameters(): Promise<VariantParameter[]> {
  const { data } = await mainHttp.get<{ detail: VariantParameter[] }>('v2/variant-suggestion-parameter');
  return data.detail;
}

export async function addParameter(parameter: ParameterInput): Promise<VariantParameter> {
  const { data } = await mainHttp.post<{ detail: VariantParameter }>('v2/variant-suggestion-parameter', parameter);
  return data.detail;
}

export async function updateParameter(id: string, parameter: ParameterInput): Promise<VariantParameter> {
  const { data } = await mainHttp.put<{ detail: VariantParameter }>(`v2/variant-suggestion-parameter/${encodeURIComponent(id)}`, parameter);
  return data.detail;
}

/** `POST` multipart imageName, imageFile: answers the stored image's url. */
export async function uploadParameterImage(imageName: string, imageFile: File): Promise<string> {
  const form = new FormData();
  form.append('imageName', imageName);
  form.append('imageFile', imageFile);
  const { data } = await mainHttp.post<{ detail: { url: string } }>('v2/variant-suggestion-parameter/image', form);
  return data.detail.url;
}

export async function fetchSuggestion(modelId: number, years: number[], fuelType: string): Promise<Suggestion> {
  const { data } = await mainHttp.post<{ detail: Suggestion }>('v2/variant-suggestion', { modelId, years, fuelType });
  return data.detail;
}

export async function setSuggestionStatus(body: { model_id: number; manufacturingYears: string; fuelType: string; status: 'Active' | 'Pending' }): Promise<void> {
  await mainHttp.post('v2/variant-suggestion-status', body);
}

export async function fetchSequence(modelId: number, years: number[], fuelType: string): Promise<SequenceParameter[]> {
  const { data } = await mainHttp.get<{ detail: { parameters: SequenceParameter[] } }>('v2/variant-question-sequence', { params: { modelId, years: years.join(','), fuelType } });
  return data.detail.parameters;
}

export interface SequenceSubmit {
  make_id: number;
  make_name: string;
  model_id: number;
  model_name: string;
  fuelType: string;
  manufacturingYears: string;
  displayFields: Record<string, number>;
}

export async function submitSequence(body: SequenceSubmit): Promise<string> {
  const { data } = await mainHttp.post<{ detail: string }>('v2/variant-question-sequence', body);
  return data.detail;
}

/** Answers the status (201 on add) and the server's detail text. */
export async function submitVariantData(rows: VariantData[]): Promise<{ status: number; detail: string }> {
  const response = await mainHttp.post<{ detail: string }>('v2/variant-suggestion-data', rows);
  return { status: response.status, detail: response.data.detail };
}

export async function updateVariantData(srNo: number, row: VariantData): Promise<{ status: number; detail: string }> {
  const response = await mainHttp.put<{ detail: string }>(`v2/variant-suggestion-data/${srNo}`, row);
  return { status: response.status, detail: response.data.detail };
}

export async function deleteVariantData(srNo: number): Promise<string> {
  const { data } = await mainHttp.delete<{ detail: string }>(`v2/variant-suggestion-data/${srNo}`);
  return data.detail;
}
