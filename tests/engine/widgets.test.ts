import { describe, expect, it } from 'vitest';
import type { RowConfig } from '../../src/engine/config.ts';
import { acceptsInput, pickWidget } from '../../src/engine/widgets.ts';

const row = (extra: Partial<RowConfig>): RowConfig => ({ key: 'k', text: 'K', section: 'carDetails', tab: 'Documents', mapper: 'documents', path: ['k'], ...extra });

describe('widgets picked by ranked testers (STYLE.md §6)', () => {
  it.each<[string, Partial<RowConfig>, boolean, string]>([
    ['a text input', { input: { type: 'text' } }, true, 'text'],
    ['a numeric input', { input: { type: 'numeric' } }, true, 'numeric'],
    ['a select', { input: { type: 'select', options: ['Yes', 'No'] } }, true, 'select'],
    ['a multi-select', { input: { type: 'multiselect' } }, true, 'multiselect'],
    ['a date', { input: { type: 'date' } }, true, 'date'],
    ['an image row (beats everything)', { kind: 'image', input: { type: 'text' } }, true, 'image'],
    ['an audio remark', { input: { type: 'audio' } }, true, 'audioRemark'],
    ['a comments list', { kind: 'comments' }, true, 'multiselect'],
    ['a non-editable select (§3 commentFlag 0 or 2)', { input: { type: 'select' } }, false, 'readonly'],
    ['a readonly input', { input: { type: 'readonly' } }, true, 'readonly'],
    ['a row with no input', {}, true, 'readonly'],
  ])('%s → %s', (_name, cfg, isEditable, widget) => {
    expect(pickWidget({ config: row(cfg), isEditable })).toBe(widget);
  });
});

describe('§5 input acceptance', () => {
  it.each<[string, { widget: 'numeric' | 'text'; maxLength?: number }, string, boolean]>([
    ['numeric fields accept only numeric text', { widget: 'numeric', maxLength: 10 }, '12a', false],
    ['numeric fields accept digits', { widget: 'numeric', maxLength: 10 }, '1234567890', true],
    ['odometer up to 10 characters', { widget: 'numeric', maxLength: 10 }, '12345678901', false],
    ['no-claim-bonus percent: fewer than 3 digits', { widget: 'numeric', maxLength: 2 }, '100', false],
    ['text inputs default to maximum length 30', { widget: 'text', maxLength: 30 }, 'x'.repeat(31), false],
    ['registration number maximum 11 characters', { widget: 'text', maxLength: 11 }, 'MH01AB12345', true],
  ])('%s', (_name, r, text, ok) => {
    expect(acceptsInput(r, text)).toBe(ok);
  });
});
