/**
 * The review's keyboard (see shortcuts.ts): one keydown listener on the document. A key typed into a text entry
 * control returns at the first check, so typing a value costs nothing more; everything else reads the model from
 * the review machine's snapshot when a shortcut fires, never on render.
 */
import { useEffect, useRef } from 'react';
import type { ReviewModel, Tab } from '../../engine/types.ts';
import { editorControl, isTextEntry, nextError, rowsOfTab } from './shortcuts.ts';

export interface ReviewKeyActions {
  /** The model and tab as they are now. */
  current: () => { model: ReviewModel; tab: Tab };
  goToRow: (key: string) => void;
  setTab: (tab: Tab) => void;
  openFinder: () => void;
  openHelp: () => void;
  /** True while a dialog (finder, help, popups) has the keyboard. */
  dialogOpen: () => boolean;
}

/** The row element (field row or image tile) holding `el`. */
const rowOf = (el: Element | null) => el?.closest('[data-key]') ?? null;

function focusedRowKey(): string | null {
  return rowOf(document.activeElement)?.getAttribute('data-key') ?? null;
}

export function useReviewKeys(actions: ReviewKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const a = latest.current;
      const target = event.target;
      const ctrl = event.ctrlKey || event.metaKey;
      if (ctrl && (event.key === 'k' || event.key === 'K')) {
        if (a.dialogOpen()) return;
        event.preventDefault();
        a.openFinder();
        return;
      }
      // Tab moves between rows: one stop per row, whatever the row holds.
      if (event.key === 'Tab' && !ctrl && !a.dialogOpen()) {
        const row = rowOf(target as Element);
        if (row && row.closest('[data-rows]')) {
          const { model, tab } = a.current();
          const rows = rowsOfTab(model, tab);
          const here = rows.findIndex((r) => r.key === row.getAttribute('data-key'));
          const next = rows[here + (event.shiftKey ? -1 : 1)];
          if (here >= 0 && next) {
            event.preventDefault();
            a.goToRow(next.key);
          }
        }
        return;
      }
      if (ctrl || isTextEntry(target) || a.dialogOpen()) return;
      const { model, tab } = a.current();
      const here = focusedRowKey();
      const step = (delta: 1 | -1) => {
        const rows = rowsOfTab(model, tab);
        const i = here ? rows.findIndex((r) => r.key === here) : -1;
        const next = rows[i < 0 ? (delta > 0 ? 0 : rows.length - 1) : i + delta];
        if (next) a.goToRow(next.key);
      };
      const rowEl = here ? rowOf(document.activeElement) : null;
      switch (event.key) {
        case '/':
          a.openFinder();
          break;
        case '?':
          a.openHelp();
          break;
        case 'j':
        case 'ArrowDown':
          step(1);
          break;
        case 'k':
        case 'ArrowUp':
          step(-1);
          break;
        case 'ArrowRight':
        case 'ArrowLeft': {
          // Roving focus inside the row.
          if (!rowEl) return;
          const controls = [...rowEl.querySelectorAll<HTMLElement>('input:not([disabled]), select:not([disabled]), button:not([disabled]), [role=spinbutton]')];
          const i = controls.indexOf(document.activeElement as HTMLElement);
          const next = controls[i + (event.key === 'ArrowRight' ? 1 : -1)];
          if (!next) return;
          next.focus();
          break;
        }
        case 'x': {
          const tick = rowEl?.querySelector<HTMLInputElement>('input[type=checkbox]:not([disabled])');
          if (!tick) return;
          tick.click();
          break;
        }
        case 'e':
        case 'Enter': {
          if (event.key === 'Enter' && (target instanceof HTMLButtonElement || (target as HTMLElement).getAttribute?.('role') === 'tab')) return;
          const editor = rowEl && editorControl(rowEl);
          if (!editor) return;
          editor.focus();
          break;
        }
        case 'r': {
          if (!rowEl) return;
          const open = rowEl.querySelector<HTMLButtonElement>('button[aria-expanded="false"]');
          open?.click();
          // The remark box renders on the click's commit.
          requestAnimationFrame(() => rowOf(document.querySelector(`[data-key="${CSS.escape(here!)}"]`))?.querySelector<HTMLElement>('input[aria-label="Remark"]')?.focus());
          break;
        }
        case ']':
        case '[': {
          const tabs = model.config.product.tabs;
          const i = tabs.indexOf(tab);
          a.setTab(tabs[(i + (event.key === ']' ? 1 : tabs.length - 1)) % tabs.length]);
          break;
        }
        case 'n': {
          const row = nextError(model, model.config.product.tabs, here);
          if (row) a.goToRow(row.key);
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}


/**
 * Ctrl+Enter submits as the Submit button does: `submit` sends the same event, so every pre-submit check runs.
 * Not while a dialog has the keyboard.
 */
export function useSubmitShortcut(submit: () => void): void {
  const latest = useRef(submit);
  latest.current = submit;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || document.querySelector('[role=dialog]')) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
