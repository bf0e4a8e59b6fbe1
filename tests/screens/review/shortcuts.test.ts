// The review keyboard's logic on plain candidate rows (issue 16 'Find any row', 'Review from the keyboard'): one
// finder, next error, row and section steps for every product; the car and the refurbishment adapt their rows to it.
import { describe, expect, it } from 'vitest';
import { carEngine } from '../../support/car.ts';
import { makeInspection } from './helpers.tsx';
import {
  CAR_SHORTCUTS,
  findRows,
  modelRows,
  nextError,
  rowsShown,
  sectionStart,
  shortcutList,
  stepGroup,
  stepRow,
  type CandidateRow,
} from '../../../src/screens/review/shortcuts.ts';

const row = (key: string, group: string, over: Partial<CandidateRow> = {}): CandidateRow => ({ key, title: key, group, section: '', value: '', error: false, ...over });

describe('findRows: title, tab or section, section and value, every word, any case', () => {
  const rows = [
    row('Chassis Number', 'RC', { value: 'MD2A11CZ5KWB12345', section: 'rcDetails' }),
    row('Engine Number', 'RC', { value: 'JF50ET12345' }),
    row('Front Bumper', 'Exterior', { value: 'Deep scratches · Rejected' }),
  ];
  it.each([
    ['chassis', ['Chassis Number']],
    ['NUMBER rc', ['Chassis Number', 'Engine Number']],
    ['exterior', ['Front Bumper']],
    ['rcdetails', ['Chassis Number']],
    ['jf50', ['Engine Number']],
    ['scratches rejected', ['Front Bumper']],
    ['bumper rc', []],
    ['   ', []],
  ])('%j finds %j', (query, keys) => {
    expect(findRows(rows, query).map((r) => r.key)).toEqual(keys);
  });
  it('stops at the limit', () => {
    expect(findRows(rows, 'n', 2)).toHaveLength(2);
  });
});

describe('moving between rows, errors and sections', () => {
  const rows = [row('a', 'Exterior'), row('b', 'Exterior', { error: true }), row('c', 'Interior'), row('d', 'Exterior', { error: true }), row('e', 'AC')];

  it('j / k step from the focused row; from none, j takes the first and k the last; nothing past either end', () => {
    expect(stepRow(rows, 'b', 1)?.key).toBe('c');
    expect(stepRow(rows, 'b', -1)?.key).toBe('a');
    expect(stepRow(rows, null, 1)?.key).toBe('a');
    expect(stepRow(rows, null, -1)?.key).toBe('e');
    expect(stepRow(rows, 'e', 1)).toBeNull();
    expect(stepRow(rows, 'a', -1)).toBeNull();
  });

  it('n goes to the next error after the focused row across groups, wrapping; null when none', () => {
    expect(nextError(rows, null)?.key).toBe('b');
    expect(nextError(rows, 'b')?.key).toBe('d');
    expect(nextError(rows, 'd')?.key).toBe('b');
    expect(nextError(rows.map((r) => ({ ...r, error: false })), 'a')).toBeNull();
  });

  it('on a screen with tabs only the shown tab’s rows are stepped through', () => {
    expect(rowsShown(rows, 'Exterior').map((r) => r.key)).toEqual(['a', 'b', 'd']);
    expect(rowsShown(rows, null)).toHaveLength(5);
  });

  it('] / [ step through tabs, wrapping', () => {
    const tabs = ['Documents', 'EXTERIOR', 'INTERIOR', 'SUMMARY'];
    expect(stepGroup(tabs, 'Documents', 1)).toBe('EXTERIOR');
    expect(stepGroup(tabs, 'SUMMARY', 1)).toBe('Documents');
    expect(stepGroup(tabs, 'Documents', -1)).toBe('SUMMARY');
    expect(stepGroup([], 'x', 1)).toBeNull();
  });

  it('] / [ on a one-page screen go to the first row of the next / previous run of one section, wrapping', () => {
    expect(sectionStart(rows, 'a', 1)?.key).toBe('c');
    expect(sectionStart(rows, 'b', 1)?.key).toBe('c');
    // The second run of Exterior is a section of its own: the page shows it after Interior.
    expect(sectionStart(rows, 'c', 1)?.key).toBe('d');
    expect(sectionStart(rows, 'd', -1)?.key).toBe('c');
    expect(sectionStart(rows, 'e', 1)?.key).toBe('a');
    expect(sectionStart(rows, 'a', -1)?.key).toBe('e');
    expect(sectionStart(rows, null, 1)?.key).toBe('a');
    expect(sectionStart(rows, null, -1)?.key).toBe('e');
    expect(sectionStart([], null, 1)).toBeNull();
  });
});

describe('shortcut lists: a screen lists exactly the shortcuts it binds', () => {
  it('the car has all of them but the one-page sections key, in the README order', () => {
    expect(shortcutList(CAR_SHORTCUTS).map((s) => s.keys)).toEqual(['/ or Ctrl+K', 'j or ↓', 'k or ↑', 'Tab / Shift+Tab', 'x', 'e or Enter', 'r', ']  /  [', 'n', 'Ctrl+Enter', '?']);
    expect(shortcutList(CAR_SHORTCUTS).find((s) => s.id === 'tabs')?.does).toBe('Next / previous tab');
  });

});

describe('the car’s rows as candidate rows', () => {
  it('the car: visible rows tab by tab in the product’s tab order; a tick or a failing rule is an error', () => {
    const model = carEngine.evaluate(makeInspection(), [{ type: 'check', key: 'chassisNumber', checked: true }]);
    const rows = modelRows(model);
    const tabs = model.config.product.tabs;
    expect(rows.map((r) => tabs.indexOf(r.group))).toEqual([...rows.map((r) => tabs.indexOf(r.group))].sort((a, b) => a - b));
    expect(rows.every((r) => model.rows[r.key].isVisible)).toBe(true);
    const chassis = rows.find((r) => r.key === 'chassisNumber')!;
    expect(chassis).toMatchObject({ title: model.rows.chassisNumber.text, group: model.rows.chassisNumber.tab, error: true });
    expect(rows.filter((r) => r.error).map((r) => r.key)).toEqual(rows.filter((r) => model.rows[r.key].checked || !model.rows[r.key].isValid).map((r) => r.key));
    expect(findRows(rows, 'chassis number').map((r) => r.key)).toContain('chassisNumber');
  });
});
