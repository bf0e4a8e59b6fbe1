/** The 'Add Parameter..' form's rules (spec 002 §4 'Parameter form', §5), pure so they test without a DOM. */
import type { ParameterInput, ParameterType, VariantParameter } from '../../api/variants.ts';

export interface ImageDraft {
  name: string;
  /** Stored image url (an existing option, or after upload). */
  url: string;
  /** A chosen file not uploaded yet. */
  file: File | null;
}

export interface ParameterDraft {
  name: string;
  type: ParameterType;
  options: string[];
  images: ImageDraft[];
}

export const PARAMETER_TYPES: { id: ParameterType; label: string }[] = [
  { id: 'dropDown', label: 'Drop down' },
  { id: 'yes/no', label: 'Yes / No' },
  { id: 'image', label: 'Image' },
];

export const ONLY_WEBP = 'Only webp type image will be uploaded';

export const emptyDraft = (type: ParameterType = 'dropDown'): ParameterDraft => ({ name: '', type, options: type === 'dropDown' ? [''] : [], images: type === 'image' ? [{ name: '', url: '', file: null }] : [] });

/** Changing the type resets the options; yes/no has none (spec 002 §4). */
export const withType = (draft: ParameterDraft, type: ParameterType): ParameterDraft => ({ ...emptyDraft(type), name: draft.name });

export const draftOf = (p: VariantParameter): ParameterDraft => ({
  name: p.name,
  type: p.type,
  options: p.type === 'dropDown' ? [...p.value] : [],
  images: p.type === 'image' ? p.image.map((i) => ({ ...i, file: null })) : [],
});

/** A chosen file is a webp image (its type, else its name). */
export const isWebp = (file: File) => file.type === 'image/webp' || (!file.type && file.name.toLowerCase().endsWith('.webp'));

/** The body the server gets, once every image has its url. */
export function inputOf(draft: ParameterDraft): ParameterInput {
  return {
    name: draft.name.trim(),
    type: draft.type,
    value: draft.type === 'dropDown' ? draft.options.map((o) => o.trim()) : [],
    image: draft.type === 'image' ? draft.images.map((i) => ({ name: i.name.trim(), url: i.url })) : [],
    status: 'Active',
  };
}

/** The first problem of the form, in the spec's words, or null. `original` is the parameter being edited. */
export function draftError(draft: ParameterDraft, original?: VariantParameter): string | null {
  if (!draft.name.trim()) return 'Parameter Name is required';
  if (draft.type === 'dropDown' && (!draft.options.length || draft.options.some((o) => !o.trim()))) return 'Option is required';
  if (draft.type === 'image') {
    if (!draft.images.length) return 'Image and Image name are required';
    for (const image of draft.images) {
      const hasImage = !!image.url || !!image.file;
      if (!image.name.trim() && !hasImage) return 'Image and Image name are required';
      if (!image.name.trim()) return 'Image name is required';
      if (!hasImage) return 'Image is required';
      if (image.file && !isWebp(image.file)) return ONLY_WEBP;
    }
  }
  if (original && !draft.images.some((i) => i.file)) {
    const before = inputOf(draftOf(original));
    if (JSON.stringify(before) === JSON.stringify(inputOf(draft))) return 'Change at least one value';
  }
  return null;
}

/** 'Error:[title: detail]' of a failed add or update (spec 002 §8). */
export function parameterFailure(body: unknown, fallback: string): string {
  const { message, detail } = (body && typeof body === 'object' ? body : {}) as { message?: unknown; detail?: unknown };
  return `Error:[${typeof message === 'string' ? message : 'Error'}: ${typeof detail === 'string' ? detail : fallback}]`;
}
