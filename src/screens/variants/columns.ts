/** Variant columns of the add / edit screen (spec 002 §2, §5), as plain data: dropping, moving, checking, submitting. */
import type { VariantData, VariantListItem } from '../../api/variants.ts';
import type { Selection } from './catalogue.ts';

export interface Slot {
  name: string;
  value: string;
}

export interface Column {
  key: string;
  variantId: number | null;
  variant: string;
  slots: Slot[];
}

let nextKey = 0;
export const newColumn = (): Column => ({ key: `c${++nextKey}`, variantId: null, variant: '', slots: [] });

export const alreadyAdded = (name: string) => `Parameter: ${name} already added`;

/** Puts parameter `name` into a column at `index` (end by default); a column holds a parameter once. */
export function dropParameter(columns: Column[], key: string, name: string, index?: number): { columns: Column[] } | { error: string } {
  const target = columns.find((c) => c.key === key);
  if (!target) return { columns };
  if (target.slots.some((s) => s.name === name)) return { error: alreadyAdded(name) };
  return { columns: columns.map((c) => (c.key === key ? { ...c, slots: insert(c.slots, { name, value: '' }, index) } : c)) };
}

/** Moves a slot within its column or into another one (keeping its value). */
export function moveSlot(columns: Column[], fromKey: string, name: string, toKey: string, index?: number): { columns: Column[] } | { error: string } {
  const source = columns.find((c) => c.key === fromKey);
  const slot = source?.slots.find((s) => s.name === name);
  if (!source || !slot) return { columns };
  if (fromKey !== toKey && columns.find((c) => c.key === toKey)?.slots.some((s) => s.name === name)) return { error: alreadyAdded(name) };
  const without = columns.map((c) => (c.key === fromKey ? { ...c, slots: c.slots.filter((s) => s.name !== name) } : c));
  return { columns: without.map((c) => (c.key === toKey ? { ...c, slots: insert(c.slots, slot, index) } : c)) };
}

function insert<T>(list: T[], item: T, index?: number): T[] {
  const at = index === undefined || index < 0 || index > list.length ? list.length : index;
  return [...list.slice(0, at), item, ...list.slice(at)];
}

export const setSlotValue = (columns: Column[], key: string, name: string, value: string): Column[] =>
  columns.map((c) => (c.key === key ? { ...c, slots: c.slots.map((s) => (s.name === name ? { ...s, value } : s)) } : c));

export const removeSlot = (columns: Column[], key: string, name: string): Column[] => columns.map((c) => (c.key === key ? { ...c, slots: c.slots.filter((s) => s.name !== name) } : c));

/** Per column, the first thing missing: 'Select Variant', a parameter, a parameter's value ('Select {name}'). */
export function columnErrors(columns: Column[]): Map<string, string> {
  const errors = new Map<string, string>();
  const seen = new Set<number>();
  for (const c of columns) {
    if (c.variantId === null) errors.set(c.key, 'Select Variant');
    else if (seen.has(c.variantId)) errors.set(c.key, `${c.variant} is already in another column`);
    else if (!c.slots.length) errors.set(c.key, 'Drag at least one parameter here');
    else {
      const empty = c.slots.find((s) => !s.value);
      if (empty) errors.set(c.key, `Select ${empty.name}`);
    }
    if (c.variantId !== null) seen.add(c.variantId);
  }
  return errors;
}

/** One variant data row per column: the fixed fields and one key per parameter name (spec 002 §3). */
export function rowsOf(selection: Selection, columns: Column[]): VariantData[] {
  return columns.map((c) => {
    const row: VariantData = {
      make_id: selection.make!.make_id,
      model_id: selection.model!.model_id,
      modelName: selection.model!.model_name,
      fuelType: selection.fuelType!,
      manufacturingYears: selection.years.join(','),
      variant: c.variant,
      variantId: c.variantId!,
    };
    for (const slot of c.slots) row[slot.name] = slot.value;
    return row;
  });
}

/** The column of a listed variant (edit mode): its parameter values, fixed fields left out. */
export function columnOf(item: VariantListItem): Column {
  return { ...newColumn(), variantId: item.variantId, variant: item.variant, slots: item.variantParameters.slice(2).map((p) => ({ name: p.name, value: p.value })) };
}
