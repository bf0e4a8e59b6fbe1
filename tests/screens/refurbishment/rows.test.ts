// The refurbishment review's items and shortcuts for the shared review keyboard (issue 16).
import { describe, expect, it } from 'vitest';
import type { RefurbItem } from '../../../src/api/refurbishment.ts';
import { refurbishmentRows, refurbishmentShortcuts, REFURBISHMENT_SHORTCUT_TEXTS } from '../../../src/screens/refurbishment/rows.ts';
import { findRows, nextError, shortcutList } from '../../../src/screens/review/shortcuts.ts';

describe('refurbishment items as candidate rows', () => {
  it('the refurbishment: one row per item under its category, matching comments and QC comment; a rejected item is an error', () => {
    const item = (hashKey: string, category: string, subCategory: string, observation: string | null): RefurbItem => ({
      hashKey, category, subCategory,
      beforeRef: { image: [], video: [], observation, estimatedRefurbishmentCost: 1000 },
      afterRef: null,
    });
    const rows = refurbishmentRows(
      [item('h1', 'Exterior', 'Front Bumper', 'Deep scratches'), item('h2', 'Interior', 'Dashboard', null)],
      [{ hashKey: 'h1', qcRemark: 'Use an OEM part', isRejected: 1 }, { hashKey: 'h2', qcRemark: 'Fine', isRejected: 0 }],
    );
    expect(rows).toEqual([
      { key: 'h1', title: 'Front Bumper', group: 'Exterior', section: '', value: 'Deep scratches · Use an OEM part · Rejected', error: true },
      { key: 'h2', title: 'Dashboard', group: 'Interior', section: '', value: 'Fine', error: false },
    ]);
    expect(findRows(rows, 'oem').map((r) => r.key)).toEqual(['h1']);
    expect(nextError(rows, 'h1')?.key).toBe('h1');
  });
});

describe('refurbishment shortcuts: the overlay lists exactly the bound ones', () => {
  it('the refurbishment assignee has no value editing; a read-only view has no Reject, QC comment or submit', () => {
    const editable = shortcutList(refurbishmentShortcuts(true), REFURBISHMENT_SHORTCUT_TEXTS);
    // No one-Tab-stop-per-row: Tab goes through each item's QC comment and Reject in the page's order.
    expect(editable.map((s) => s.keys)).toEqual(['/ or Ctrl+K', 'j or ↓', 'k or ↑', 'x', 'r', ']  /  [', 'n', 'Ctrl+Enter', '?']);
    expect(editable.find((s) => s.keys === 'x')?.does).toBe('Reject / un-reject the item');
    expect(editable.find((s) => s.keys === 'n')?.does).toBe('Jump to the next rejected item');
    expect(shortcutList(refurbishmentShortcuts(false)).map((s) => s.id)).not.toEqual(expect.arrayContaining(['tick']));
    expect(refurbishmentShortcuts(false)).toEqual(['find', 'rows', 'sections', 'nextError', 'help']);
  });
});
