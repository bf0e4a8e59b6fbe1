/**
 * Applying a reviewer's edit to one row, before any rule runs: the reviewer's tick, new value, choices, remark and
 * mask. Pure functions of the row, its config and the edit; rule effects are folded afterwards (effects.ts).
 */
import type { RowConfig } from './config.ts';
import { displayToDmy } from './dates.ts';
import { copyRow } from './rows.ts';
import type { Edit, RowState, Scalar } from './types.ts';

export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** Applies an exclusive multi-select choice (spec 000 §4): an exclusive choice clears the others, any other clears it. */
export function toggleChoice(current: readonly string[], option: string, exclusive: readonly string[] = []): string[] {
  if (current.includes(option)) return current.filter((o) => o !== option);
  if (exclusive.includes(option)) return [option];
  return [...current.filter((o) => !exclusive.includes(o)), option];
}

/**
 * The reviewer's part of a row after one edit. `seq` is the edit's 1-based position in the model's edits; value
 * edits record it as `editSeq`. `cfg` is the row's config (an image row's group).
 */
export function reduceRow(row: RowState, cfg: RowConfig | undefined, edit: Edit, seq: number): RowState {
  const next = copyRow(row);
  switch (edit.type) {
    case 'check':
      next.userChecked = edit.checked;
      if (!edit.checked) {
        next.newValue = undefined;
        next.newId = undefined;
        next.newValues = undefined;
      }
      return next;
    case 'setValue': {
      let value = edit.value;
      if (typeof value === 'string' && cfg?.input?.upperCase) value = value.toUpperCase();
      if (typeof value === 'string' && cfg?.input?.type === 'date') value = displayToDmy(value);
      next.userChecked = true;
      next.newValue = value;
      next.editSeq = seq;
      if (edit.id !== undefined) next.newId = edit.id;
      // A multi-select set as text (e.g. rebuilt from a submission) holds its choices joined by ', '.
      if (row.values !== undefined) next.newValues = typeof value === 'string' && value !== '' ? value.split(', ') : value === null ? undefined : [String(value)];
      return next;
    }
    case 'toggleOption': {
      const values = toggleChoice(row.newValues ?? row.values ?? [], edit.option, cfg?.input?.exclusive);
      next.userChecked = true;
      next.newValues = values;
      next.newValue = values.join(', ');
      next.editSeq = seq;
      return next;
    }
    case 'remark':
      next.remark = edit.remark.trim() || undefined;
      return next;
    case 'mask':
      next.isMaskedByQc = edit.masked;
      if (edit.masked) next.userChecked = true;
      return next;
  }
}

/**
 * The model's edits after `edit`, and `edit`'s 1-based position in them (its `seq`). A new value or remark of the row
 * the latest edit set the same way replaces that edit: typing gives one edit per keystroke, and without this a
 * review's edits, and the draft that stores them, grew with every keystroke. The model is the same either way: such
 * an edit overwrites all the latest one wrote (a value with an `id`, a tick, a toggle or a mask leave more behind,
 * so they follow it), and the row keeps the latest position among the edits, which is all `seq.K` rules compare.
 */
export function appendEdit(edits: readonly Edit[] = [], edit: Edit): { edits: Edit[]; seq: number } {
  const last = edits[edits.length - 1];
  const replaces =
    last !== undefined &&
    last.key === edit.key &&
    ((last.type === 'remark' && edit.type === 'remark') || (last.type === 'setValue' && edit.type === 'setValue' && last.id === undefined && edit.id === undefined));
  const next = replaces ? edits.slice(0, -1) : edits.slice();
  next.push(edit);
  return { edits: next, seq: next.length };
}

const isScalar = (v: unknown): v is Scalar => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** One edit of the shape `Edit` says, read from outside the app's own code (a stored draft): else null. */
function storedEdit(value: unknown): Edit | null {
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  if (typeof e.key !== 'string') return null;
  const { key } = e;
  switch (e.type) {
    case 'check':
      return typeof e.checked === 'boolean' ? { type: 'check', key, checked: e.checked } : null;
    case 'setValue':
      if (!isScalar(e.value) || (e.id !== undefined && !isScalar(e.id))) return null;
      return e.id === undefined ? { type: 'setValue', key, value: e.value } : { type: 'setValue', key, value: e.value, id: e.id };
    case 'remark':
      return typeof e.remark === 'string' ? { type: 'remark', key, remark: e.remark } : null;
    case 'toggleOption':
      return typeof e.option === 'string' ? { type: 'toggleOption', key, option: e.option } : null;
    case 'mask':
      return typeof e.masked === 'boolean' ? { type: 'mask', key, masked: e.masked } : null;
    default:
      return null;
  }
}

/**
 * The edits of a stored draft, which the browser's store hands back as it holds them (issue 16; it may be an older
 * app's, or altered): only well-formed edits, as fresh objects, in order. Whether each one's row exists and takes it
 * is the engine's `refusal`, as for any edit.
 */
export function storedEdits(value: unknown): Edit[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const edit = storedEdit(item);
    return edit ? [edit] : [];
  });
}

/** The value rules read for a row: the reviewer's new value (or choices), else the recorded one. */
export function effectiveValue(row: RowState): unknown {
  if (row.values !== undefined) return row.newValues ?? row.values;
  return row.newValue !== undefined && row.newValue !== null ? row.newValue : row.value;
}

/** The reviewer's new value differs from the recorded one (`changed.K`). */
export function isChanged(row: RowState): boolean {
  if (row.values !== undefined) return row.newValues !== undefined && row.newValues !== null && !sameValue(row.newValues, row.values);
  return row.newValue !== undefined && row.newValue !== null && row.newValue !== row.value;
}
