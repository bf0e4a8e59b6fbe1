/**
 * The refurbishment review's items as the review keyboard's rows (issue 16): the row finder, j / k, n and `]` `[`
 * work on these as they do on the car's config rows.
 */
import type { RefurbItem } from '../../api/refurbishment.ts';
import type { RemarkEntry } from '../../machines/refurbishment.rules.ts';
import type { CandidateRow, ShortcutId } from '../review/shortcuts.ts';

/**
 * One row per item, in page order: titled by its sub-category, in its category's section; the finder also matches
 * the inspector's comments and the QC comment. A rejected item is the reviewer's error mark, as a ticked car row is.
 */
export function refurbishmentRows(items: readonly RefurbItem[], entries: readonly RemarkEntry[]): CandidateRow[] {
  return items.map((item) => {
    const entry = entries.find((e) => e.hashKey === item.hashKey);
    const rejected = entry?.isRejected === 1;
    const value = [item.beforeRef.observation, item.afterRef?.observation, entry?.qcRemark, rejected ? 'Rejected' : null].filter(Boolean).join(' · ');
    return { key: item.hashKey, title: item.subCategory, group: item.category, section: '', value, error: rejected };
  });
}

/**
 * The shortcuts of the refurbishment review: Reject, QC comment and submit only where the reviewer can edit. Not the
 * car's one Tab stop per row: an item holds just its media, a QC comment and Reject, and with it Tab skipped the first
 * item's Reject and never reached a comment; Tab keeps the page's own order here.
 */
export function refurbishmentShortcuts(editable: boolean): ShortcutId[] {
  return ['find', 'rows', ...(editable ? (['tick', 'remark'] as const) : []), 'sections', 'nextError', ...(editable ? (['submit'] as const) : []), 'help'];
}

/** How the overlay words the shortcuts on this screen. */
export const REFURBISHMENT_SHORTCUT_TEXTS: Partial<Record<ShortcutId, string>> = {
  find: 'Find an item by category, sub-category, comments or QC comment',
  tick: 'Reject / un-reject the item',
  remark: 'Write the item’s QC comment',
  sections: 'Next / previous category',
  nextError: 'Jump to the next rejected item',
};

/** The control a jump to an item lands on: its Reject toggle; read-only, the item itself. */
export const rejectToggle = (item: Element): HTMLElement | null => item.querySelector<HTMLElement>('input[role=switch]:not([disabled])');
