/**
 * The review keyboard (issue 16 'Find any row', 'Review from the keyboard'), for every review product: each screen
 * hands it plain candidate rows (`CandidateRow`) and names the shortcuts it has; only those are bound, and the `?`
 * overlay lists exactly those. Keys act only when focus is not in a text entry control, so typing never triggers one.
 */
import type { ReviewModel, RowState } from '../../engine/types.ts';

/** A row the finder, j / k, Tab and n go to: what a review screen tells the keyboard about each of its rows. */
export interface CandidateRow {
  /** The row element's `data-key`. */
  key: string;
  title: string;
  /** The tab or section the row is listed under: the finder shows and matches it, `]` / `[` step through them. */
  group: string;
  /** More words the finder matches (the car row's section inside its tab); may be empty. */
  section: string;
  /** What the row shows as its value (the finder matches it). */
  value: string;
  /** Needs the reviewer's attention: n, the 'Next error' button and the errors summary go to it. */
  error: boolean;
}

export type ShortcutId = 'find' | 'rows' | 'rowTab' | 'tick' | 'edit' | 'remark' | 'tabs' | 'sections' | 'nextError' | 'submit' | 'help';

export interface Shortcut {
  id: ShortcutId;
  keys: string;
  does: string;
}

/** Every shortcut a review can have, in the order the overlay lists them. */
const CATALOGUE: readonly Shortcut[] = [
  { id: 'find', keys: '/ or Ctrl+K', does: 'Find a row by title, section or value (all tabs)' },
  { id: 'rows', keys: 'j or ↓', does: 'Next row' },
  { id: 'rows', keys: 'k or ↑', does: 'Previous row' },
  { id: 'rowTab', keys: 'Tab / Shift+Tab', does: 'Next / previous row (one stop per row); ← → move between the controls of a row; Esc leaves a text box for its row; from a remark box, Tab goes on to Add and Record audio' },
  { id: 'tick', keys: 'x', does: 'Tick / untick the row' },
  { id: 'edit', keys: 'e or Enter', does: 'Edit the row’s value' },
  { id: 'remark', keys: 'r', does: 'Write a remark on the row' },
  { id: 'tabs', keys: ']  /  [', does: 'Next / previous tab' },
  { id: 'sections', keys: ']  /  [', does: 'Next / previous section' },
  { id: 'nextError', keys: 'n', does: 'Jump to the next error' },
  { id: 'submit', keys: 'Ctrl+Enter', does: 'Submit (every pre-submit check still runs)' },
  { id: 'help', keys: '?', does: 'Show these shortcuts' },
];

/** The overlay's list for a screen with these shortcuts, in catalogue order; `does` words some for that screen. */
export function shortcutList(ids: readonly ShortcutId[], does: Partial<Record<ShortcutId, string>> = {}): Shortcut[] {
  return CATALOGUE.filter((s) => ids.includes(s.id)).map((s) => (does[s.id] ? { ...s, does: does[s.id]! } : s));
}

/** The car review's shortcuts: all of them (its rows are in tabs). */
export const CAR_SHORTCUTS: readonly ShortcutId[] = ['find', 'rows', 'rowTab', 'tick', 'edit', 'remark', 'tabs', 'nextError', 'submit', 'help'];

/** A control where keys type text or pick values: shortcuts leave it alone. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file'].includes(target.type);
  const el = target as HTMLElement;
  return el.isContentEditable || el.getAttribute('role') === 'spinbutton' || el.getAttribute('role') === 'textbox';
}

/** The rows on the page now: those of the shown tab on a screen with tabs, else all of them. */
export function rowsShown(rows: readonly CandidateRow[], tab: string | null): readonly CandidateRow[] {
  return tab === null ? rows : rows.filter((r) => r.group === tab);
}

/** The row `delta` away from `fromKey` (from no row: the first going down, the last going up); null past either end. */
export function stepRow(rows: readonly CandidateRow[], fromKey: string | null, delta: 1 | -1): CandidateRow | null {
  const i = fromKey === null ? -1 : rows.findIndex((r) => r.key === fromKey);
  return rows[i < 0 ? (delta > 0 ? 0 : rows.length - 1) : i + delta] ?? null;
}

/** The next error row after `fromKey` in display order across all tabs or sections, wrapping; null when there is none. */
export function nextError(rows: readonly CandidateRow[], fromKey: string | null): CandidateRow | null {
  const start = fromKey === null ? -1 : rows.findIndex((r) => r.key === fromKey);
  for (let i = 1; i <= rows.length; i++) {
    const row = rows[(start + i + rows.length) % rows.length];
    if (row.error) return row;
  }
  return null;
}

/** The tab or section `delta` away from `current` in `groups`, wrapping. */
export function stepGroup(groups: readonly string[], current: string | null, delta: 1 | -1): string | null {
  if (!groups.length) return null;
  const i = current === null ? -1 : groups.indexOf(current);
  if (i < 0) return delta > 0 ? groups[0] : groups[groups.length - 1];
  return groups[(i + delta + groups.length) % groups.length];
}

/**
 * On a one-page screen whose rows run in sections (a section: consecutive rows of one group): the first row of the
 * section `delta` away from the one holding `fromKey`, wrapping; from no row, the first or the last section.
 */
export function sectionStart(rows: readonly CandidateRow[], fromKey: string | null, delta: 1 | -1): CandidateRow | null {
  const starts = rows.flatMap((r, i) => (i === 0 || rows[i - 1].group !== r.group ? [i] : []));
  if (!starts.length) return null;
  const at = fromKey === null ? -1 : rows.findIndex((r) => r.key === fromKey);
  const run = at < 0 ? -1 : starts.filter((i) => i <= at).length - 1;
  const next = run < 0 ? (delta > 0 ? 0 : starts.length - 1) : (run + delta + starts.length) % starts.length;
  return rows[starts[next]];
}

/** Rows whose title, group, section or value contain every word of `query` (case-insensitive), at most `limit`. */
export function findRows(rows: readonly CandidateRow[], query: string, limit = 30): CandidateRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const found: CandidateRow[] = [];
  for (const row of rows) {
    const haystack = `${row.title} ${row.group} ${row.section} ${row.value}`.toLowerCase();
    if (words.every((w) => haystack.includes(w))) {
      found.push(row);
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** What a model row shows as its value, for the finder. */
function valueText(row: RowState): string {
  const v = row.newValues ?? row.values ?? row.newValue ?? row.value;
  if (v === null || v === undefined) return '';
  return Array.isArray(v) ? v.join(', ') : String(v);
}

/**
 * The candidate rows of a config-driven review (car, bike): visible rows, tab by tab in the product's tab order; an
 * error is a row the reviewer ticked or one failing a rule.
 */
export function modelRows(model: ReviewModel): CandidateRow[] {
  const visible = model.order.map((k) => model.rows[k]).filter((r) => r.isVisible);
  return model.config.product.tabs.flatMap((tab) =>
    visible
      .filter((r) => r.tab === tab)
      .map((r) => ({ key: r.key, title: r.text, group: r.tab, section: r.section, value: valueText(r), error: r.checked || !r.isValid })),
  );
}

/**
 * A row's focus target: its first enabled control that takes no text or value (its tick, else a button such as
 * Remarks), else none (the row itself takes the focus). Never a value editor: on a row whose tick its parent locked,
 * that was the dropdown, where the next ↓ or j, meant for the next row, changed the value instead.
 */
export function firstControl(row: Element): HTMLElement | null {
  const controls = row.querySelectorAll<HTMLElement>('input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])');
  return [...controls].find((control) => !isTextEntry(control)) ?? null;
}

/** The value editor of a row element (what e / Enter focuses). */
export function editorControl(row: Element): HTMLElement | null {
  return row.querySelector<HTMLElement>('.row-editor input:not([disabled]), .row-editor select:not([disabled]), .row-editor [role=spinbutton], .row-editor [tabindex]:not([tabindex="-1"])');
}

/** Focuses a row element's focus target (by default its first control), else the row itself. */
export function focusRow(row: Element, target: (row: Element) => HTMLElement | null = firstControl): void {
  const control = target(row);
  if (control) control.focus();
  else if (row instanceof HTMLElement) row.focus();
}
