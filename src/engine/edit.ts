/**
 * Applying a reviewer's edit to one row, before any rule runs: the reviewer's tick, new value, choices, remark and
 * mask. Pure functions of the row, its config and the edit; rule effects are folded afterwards (effects.ts).
 */
import type { RowConfig } from './config.ts';
import { displayToDmy } from './dates.ts';
import type { Edit, RowState } from './types.ts';

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
  switch (edit.type) {
    case 'check':
      if (edit.checked) return { ...row, userChecked: true };
      return { ...row, userChecked: false, newValue: undefined, newId: undefined, newValues: undefined };
    case 'setValue': {
      let value = edit.value;
      if (typeof value === 'string' && cfg?.input?.upperCase) value = value.toUpperCase();
      if (typeof value === 'string' && cfg?.input?.type === 'date') value = displayToDmy(value);
      const next: RowState = { ...row, userChecked: true, newValue: value, editSeq: seq };
      if (edit.id !== undefined) next.newId = edit.id;
      // A multi-select set as text (e.g. rebuilt from a submission) holds its choices joined by ', '.
      if (row.values !== undefined) next.newValues = typeof value === 'string' && value !== '' ? value.split(', ') : value === null ? undefined : [String(value)];
      return next;
    }
    case 'toggleOption': {
      const current = row.newValues ?? row.values ?? [];
      const values = toggleChoice(current, edit.option, cfg?.input?.exclusive);
      return { ...row, userChecked: true, newValues: values, newValue: values.join(', '), editSeq: seq };
    }
    case 'remark': {
      const remark = edit.remark.trim();
      return { ...row, remark: remark || undefined };
    }
    case 'mask':
      return { ...row, isMaskedByQc: edit.masked, userChecked: edit.masked ? true : row.userChecked };
  }
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
