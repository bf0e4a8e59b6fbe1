/**
 * The add / edit car variant form not submitted yet, kept on this device per user and form (the variant page's share
 * of 'never lose work'): the selection and the variant columns as entered, restored when the page opens again. The
 * columns' React keys are not kept: a restored column takes a new one.
 */
import { readOwn } from '../../engine/read-own.ts';
import { FUEL_ORDER, type Selection } from './catalogue.ts';
import { newColumn, type Column, type Slot } from './columns.ts';

/** The draft's shape: a stored draft of another shape, or of an edited variant since changed, is offered, not applied. */
export const VARIANT_DRAFT_SHAPE = 'variant-form-1';

export type DraftColumn = Omit<Column, 'key'>;

export interface VariantDraft {
  selection: Selection;
  columns: DraftColumn[];
}

export const variantDraftOf = (selection: Selection, columns: readonly Column[]): VariantDraft => ({
  selection,
  columns: columns.map(({ key: _, ...rest }) => rest),
});

export const columnsOfDraft = (draft: VariantDraft): Column[] => draft.columns.map((c) => ({ ...c, key: newColumn().key }));

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isYear = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1900 && v <= 2100;

/** A catalogue entry ({make_id, make_name} or {model_id, model_name}) or null; undefined when it is neither. */
function entry<K extends string, N extends string>(stored: unknown, id: K, name: N): ({ [k in K]: number } & { [n in N]: string }) | null | undefined {
  if (stored === null) return null;
  const idValue = readOwn(stored, [id]);
  const nameValue = readOwn(stored, [name]);
  if (!isId(idValue) || typeof nameValue !== 'string') return undefined;
  return { [id]: idValue, [name]: nameValue } as { [k in K]: number } & { [n in N]: string };
}

function parseSelection(stored: unknown): Selection | null {
  const make = entry(readOwn(stored, ['make']), 'make_id', 'make_name');
  const model = entry(readOwn(stored, ['model']), 'model_id', 'model_name');
  const years = readOwn(stored, ['years']);
  const fuelType = readOwn(stored, ['fuelType']);
  if (make === undefined || model === undefined || (model && !make)) return null;
  if (!Array.isArray(years) || !years.every(isYear) || new Set(years).size !== years.length) return null;
  if (fuelType !== null && !(typeof fuelType === 'string' && FUEL_ORDER.includes(fuelType))) return null;
  return { make, model, years: [...years], fuelType };
}

function parseColumn(stored: unknown): DraftColumn | null {
  const variantId = readOwn(stored, ['variantId']);
  const variant = readOwn(stored, ['variant']);
  const slots = readOwn(stored, ['slots']);
  if (!(variantId === null || isId(variantId)) || typeof variant !== 'string' || !Array.isArray(slots)) return null;
  const parsed: Slot[] = [];
  for (const slot of slots) {
    const name = readOwn(slot, ['name']);
    const value = readOwn(slot, ['value']);
    // A column holds a parameter once (its name is the slot's id while dragging).
    if (typeof name !== 'string' || name === '' || typeof value !== 'string' || parsed.some((s) => s.name === name)) return null;
    parsed.push({ name, value });
  }
  return { variantId, variant, slots: parsed };
}

/** A stored variant draft as the browser's store hands it back (an older app's, or altered): its own keys of the form's shape only. */
export function parseVariantDraft(stored: unknown): VariantDraft | null {
  const selection = parseSelection(readOwn(stored, ['selection']));
  const columns = readOwn(stored, ['columns']);
  if (!selection || !Array.isArray(columns) || columns.length === 0) return null;
  const parsed = columns.map(parseColumn);
  return parsed.every((c): c is DraftColumn => c !== null) ? { selection, columns: parsed } : null;
}
