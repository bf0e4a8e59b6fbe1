/**
 * The review's keyboard (issue 16 'Review from the keyboard'): one list, shown by the `?` overlay and in the README.
 * Keys act only when focus is not in a text entry control, so typing a value never triggers one.
 */
import type { ReviewModel, RowState, Tab } from '../../engine/types.ts';

export interface Shortcut {
  keys: string;
  does: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: '/ or Ctrl+K', does: 'Find a row by title, section or value (all tabs)' },
  { keys: 'j or ↓', does: 'Next row' },
  { keys: 'k or ↑', does: 'Previous row' },
  { keys: 'Tab / Shift+Tab', does: 'Next / previous row (one stop per row); ← → move between the controls of a row' },
  { keys: 'x', does: 'Tick / untick the row' },
  { keys: 'e or Enter', does: 'Edit the row’s value' },
  { keys: 'r', does: 'Write a remark on the row' },
  { keys: ']  /  [', does: 'Next / previous tab' },
  { keys: 'n', does: 'Jump to the next error' },
  { keys: 'Ctrl+Enter', does: 'Submit (every pre-submit check still runs)' },
  { keys: '?', does: 'Show these shortcuts' },
];

/** A control where keys type text or pick values: shortcuts leave it alone. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file'].includes(target.type);
  const el = target as HTMLElement;
  return el.isContentEditable || el.getAttribute('role') === 'spinbutton' || el.getAttribute('role') === 'textbox';
}

/** Rows of a tab a reviewer can go to, in display order. */
export function rowsOfTab(model: ReviewModel, tab: Tab): RowState[] {
  return model.order.map((k) => model.rows[k]).filter((r) => r.tab === tab && r.isVisible);
}

/** A row needing the reviewer's attention: marked as an error or failing a rule. */
export const isErrorRow = (row: RowState): boolean => row.isVisible && (row.checked || !row.isValid);

/** The next error row after `fromKey` in display order across all tabs, wrapping; null when there is none. */
export function nextError(model: ReviewModel, tabs: readonly Tab[], fromKey: string | null): RowState | null {
  const order = tabs.flatMap((tab) => rowsOfTab(model, tab));
  const start = fromKey ? order.findIndex((r) => r.key === fromKey) : -1;
  for (let i = 1; i <= order.length; i++) {
    const row = order[(start + i + order.length) % order.length];
    if (row && isErrorRow(row)) return row;
  }
  return null;
}

/** What a row shows as its value, for the finder. */
function valueText(row: RowState): string {
  const v = row.newValues ?? row.values ?? row.newValue ?? row.value;
  if (v === null || v === undefined) return '';
  return Array.isArray(v) ? v.join(', ') : String(v);
}

export interface FoundRow {
  key: string;
  title: string;
  tab: Tab;
  section: string;
  value: string;
}

/** Rows whose title, tab, section or value contain every word of `query` (case-insensitive), at most `limit`. */
export function findRows(model: ReviewModel, query: string, limit = 30): FoundRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found: FoundRow[] = [];
  for (const key of model.order) {
    const row = model.rows[key];
    if (!row.isVisible) continue;
    const value = valueText(row);
    const haystack = `${row.text} ${row.tab} ${row.section} ${value}`.toLowerCase();
    if (words.every((w) => haystack.includes(w))) {
      found.push({ key, title: row.text, tab: row.tab, section: row.section, value });
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** The first control of a row element (its tick, else its first enabled input or button). */
export function firstControl(row: Element): HTMLElement | null {
  return row.querySelector<HTMLElement>('input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])');
}

/** The value editor of a row element (what e / Enter focuses). */
export function editorControl(row: Element): HTMLElement | null {
  return row.querySelector<HTMLElement>('.row-editor input:not([disabled]), .row-editor select:not([disabled]), .row-editor [role=spinbutton], .row-editor [tabindex]:not([tabindex="-1"])');
}
