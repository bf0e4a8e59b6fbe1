/**
 * A review's keyboard (see shortcuts.ts): one keydown listener on the document, binding only the shortcuts the screen
 * names. A key typed into a text entry control returns at the first checks, so typing a value costs nothing more;
 * the rows are read from the screen when a shortcut fires, never on render.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ReviewOverlay } from './RowFinder.tsx';
import type { RowJump } from './RowList.tsx';
import { editorControl, firstControl, focusRow, isTextEntry, nextError, rowsShown, stepRow, type CandidateRow, type ShortcutId } from './shortcuts.ts';
import { useLatest } from '../../components/useLatest.ts';

export interface ReviewKeyActions {
  /** The shortcuts this screen has: only these keys are bound, and its `?` overlay lists the same. */
  shortcuts: readonly ShortcutId[];
  /** Every row in display order across tabs or sections, as it is now (none on a page without rows). */
  rows?: () => readonly CandidateRow[];
  /** The tab shown, on a screen whose rows are split into tabs (j / k and Tab stay in it); else null. */
  tab?: () => string | null;
  /** Goes to a row: shows its tab, scrolls it in and focuses its focus target. */
  goToRow?: (key: string) => void;
  /** `]` / `[`: the next / previous tab or section; `fromKey` is the focused row, if any. */
  moveGroup?: (delta: 1 | -1, fromKey: string | null) => void;
  openFinder?: () => void;
  openHelp: () => void;
  /** True while a dialog (finder, help, popups) has the keyboard. */
  dialogOpen: () => boolean;
  /** The control a row's Tab stop and Esc land on (default: the row's first control). */
  focusTarget?: (row: Element) => HTMLElement | null;
}

/** The row element (field row, image tile, item) holding `el`. */
const rowOf = (el: Element | null) => el?.closest('[data-key]') ?? null;

/** Controls ← → move between inside a row (everything a row can hold, since Tab leaves the row). */
const ROW_CONTROLS = 'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [role=spinbutton], a[href], video[controls]';

export function useReviewKeys(actions: ReviewKeyActions): void {
  const latest = useLatest(actions);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const a = latest();
      const has = (id: ShortcutId) => a.shortcuts.includes(id);
      const target = event.target;
      const ctrl = event.ctrlKey || event.metaKey;
      const rows = () => rowsShown(a.rows?.() ?? [], a.tab?.() ?? null);
      const go = (row: CandidateRow | null) => row && a.goToRow?.(row.key);
      if (ctrl && (event.key === 'k' || event.key === 'K') && has('find')) {
        if (a.dialogOpen()) return;
        event.preventDefault();
        a.openFinder?.();
        return;
      }
      // Tab moves between rows: one stop per row, whatever the row holds; from a remark box it goes on to the box's
      // Add and Record audio (← → move the text cursor there, so nothing else reaches them).
      if (event.key === 'Tab' && !ctrl && has('rowTab') && !a.dialogOpen()) {
        const row = rowOf(target as Element);
        if (row?.closest('[data-rows]') && !(target as Element).closest('.remark-add')) {
          const shown = rows();
          const key = row.getAttribute('data-key');
          const next = shown.some((r) => r.key === key) ? stepRow(shown, key, event.shiftKey ? -1 : 1) : null;
          if (next) {
            event.preventDefault();
            go(next);
          }
        }
        return;
      }
      // Esc in a row's text box gives the keyboard back to the row (its shortcuts act again).
      if (event.key === 'Escape' && has('rowTab') && isTextEntry(target) && (target as Element).getAttribute('role') !== 'combobox' && !a.dialogOpen()) {
        const row = rowOf(target as Element);
        const back = row?.closest('[data-rows]') ? ((a.focusTarget ?? firstControl)(row) ?? (row instanceof HTMLElement ? row : null)) : null;
        if (back && back !== target) {
          event.preventDefault();
          back.focus();
        }
        return;
      }
      if (ctrl || isTextEntry(target) || a.dialogOpen()) return;
      const rowEl = rowOf(document.activeElement);
      const here = rowEl?.getAttribute('data-key') ?? null;
      switch (event.key) {
        case '/':
          if (!has('find')) return;
          a.openFinder?.();
          break;
        case '?':
          if (!has('help')) return;
          a.openHelp();
          break;
        case 'j':
        case 'ArrowDown':
        case 'k':
        case 'ArrowUp': {
          if (!has('rows')) return;
          const row = stepRow(rows(), here, event.key === 'j' || event.key === 'ArrowDown' ? 1 : -1);
          if (!row) return;
          go(row);
          break;
        }
        case 'ArrowRight':
        case 'ArrowLeft': {
          // Roving focus inside the row.
          if (!rowEl || !has('rowTab')) return;
          const controls = [...rowEl.querySelectorAll<HTMLElement>(ROW_CONTROLS)];
          const i = controls.indexOf(document.activeElement as HTMLElement);
          const next = controls[i + (event.key === 'ArrowRight' ? 1 : -1)];
          if (!next) return;
          next.focus();
          break;
        }
        case 'x': {
          const tick = has('tick') && rowEl?.querySelector<HTMLInputElement>('input[type=checkbox]:not([disabled])');
          if (!tick) return;
          tick.click();
          break;
        }
        case 'e':
        case 'Enter': {
          if (!has('edit') || !rowEl) return;
          if (event.key === 'Enter' && (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || (target as HTMLElement).getAttribute?.('role') === 'tab')) return;
          const editor = editorControl(rowEl);
          if (!editor) return;
          editor.focus();
          break;
        }
        case 'r': {
          if (!has('remark') || !rowEl || !here) return;
          // A row whose remark box is folded away opens it; the box renders on the click's commit.
          rowEl.querySelector<HTMLButtonElement>('button[aria-expanded="false"]')?.click();
          requestAnimationFrame(() => document.querySelector(`[data-key="${CSS.escape(here)}"]`)?.querySelector<HTMLElement>('[data-remark]:not([disabled])')?.focus());
          break;
        }
        case ']':
        case '[':
          if (!a.moveGroup || !(has('tabs') || has('sections'))) return;
          a.moveGroup(event.key === ']' ? 1 : -1, here);
          // The focused row leaves with its tab (or the focus was on a tab): the keyboard then lands on the tab now
          // shown, which says its name.
          requestAnimationFrame(() => {
            const at = document.activeElement;
            if (at === null || at === document.body || at.getAttribute('role') === 'tab') document.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus();
          });
          break;
        case 'n': {
          if (!has('nextError')) return;
          go(nextError(a.rows?.() ?? [], here));
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [latest]);
}

/**
 * Ctrl+Enter submits as the Submit button does: `submit` sends the same event, so every pre-submit check runs.
 * Not while a dialog has the keyboard; `enabled` false leaves the key alone.
 */
export function useSubmitShortcut(submit: () => void, enabled = true): void {
  const latest = useLatest({ submit, enabled });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!latest().enabled || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || document.querySelector('[role=dialog]')) return;
      event.preventDefault();
      latest().submit();
    };
    // Capture: a focused tab (react-aria) keeps its Enter to itself, and Ctrl+Enter from it did nothing.
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [latest]);
}

/** The key of the row holding the focus, if any. */
export const focusedRowKey = (): string | null => rowOf(document.activeElement)?.getAttribute('data-key') ?? null;

/**
 * A review screen's row navigation: the open overlay (finder or help), jumps to a row (showing its tab first, on a
 * screen with tabs) and the next error from the focused row. The row list (or `useJumpFocus`) carries a jump out.
 */
export function useRowNavigation({ rows, showGroup }: { rows: () => readonly CandidateRow[]; showGroup?: (group: string) => void }) {
  const [jump, setJump] = useState<RowJump | null>(null);
  const [overlay, setOverlay] = useState<ReviewOverlay | null>(null);
  const latest = useLatest({ rows, showGroup });
  const goToRow = useCallback((key: string) => {
    const row = latest().rows().find((r) => r.key === key);
    if (!row) return;
    latest().showGroup?.(row.group);
    setJump((j) => ({ key, seq: (j?.seq ?? 0) + 1 }));
  }, [latest]);
  const nextErrorRow = useCallback(() => {
    const row = nextError(latest().rows(), focusedRowKey());
    if (row) goToRow(row.key);
  }, [goToRow, latest]);
  return { jump, overlay, setOverlay, goToRow, nextErrorRow };
}

/**
 * On a screen whose rows are all on the page (not virtualized): a jump scrolls its row in and focuses its focus
 * target once the row is shown (`shown` changes when a tab switch brings it in).
 */
export function useJumpFocus(scope: string, jump: RowJump | null, shown?: unknown, focusTarget?: (row: Element) => HTMLElement | null): void {
  const target = useLatest(focusTarget);
  useEffect(() => {
    if (!jump) return;
    const el = document.querySelector(`${scope} [data-key="${CSS.escape(jump.key)}"]`);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    focusRow(el, target());
  }, [scope, jump, shown, target]);
}

/**
 * 'Assign to me' on a review's own page: the button goes once the reviewer is the assignee, which left the focus on
 * the page's body (a keyboard user back at the header's first link). Call the returned function when the reviewer's
 * own assignment succeeds; once the screen is `editable`, `focusFirst` (the shown tab's first row) takes the focus,
 * unless it has moved on meanwhile. An assignment from elsewhere (auto-assignment's live stream) moves nothing.
 */
export function useFocusAfterAssign(editable: boolean, focusFirst: () => void, kept?: RefObject<boolean>): () => void {
  // `kept`: the flag held by a parent where the screen remounts while it reloads after the assignment.
  const own = useRef(false);
  const pending = kept ?? own;
  const latest = useLatest(focusFirst);
  useEffect(() => {
    if (!editable || !pending.current) return;
    pending.current = false;
    if (document.activeElement === null || document.activeElement === document.body) latest()();
  }, [editable, latest, pending]);
  return useCallback(() => {
    pending.current = true;
  }, [pending]);
}
