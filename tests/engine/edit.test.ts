import { describe, expect, it } from 'vitest';
import { storedEdits } from '../../src/engine/edit.ts';
import type { Edit } from '../../src/engine/types.ts';

describe('storedEdits: the edits of a draft read back from the browser (issue 16)', () => {
  const wellFormed: Edit[] = [
    { type: 'check', key: 'sunroof', checked: true },
    { type: 'setValue', key: 'registrationNumber', value: 'MH12AB1234' },
    { type: 'setValue', key: 'insuranceType', value: 'Comprehensive', id: 2 },
    { type: 'setValue', key: 'hypothecationBank', value: null },
    { type: 'remark', key: 'customerName', remark: 'Name differs' },
    { type: 'toggleOption', key: 'rcCondition', option: 'Torn' },
    { type: 'mask', key: 'exteriorFront:ab12', masked: false },
  ];

  it('keeps every well-formed edit, in order, as a fresh object without extra fields', () => {
    const stored = wellFormed.map((e) => ({ ...e, extra: { polluted: 1 } }));
    const edits = storedEdits(stored);
    expect(edits).toEqual(wellFormed);
    expect(edits[0]).not.toBe(stored[0]);
    expect(edits.some((e) => 'extra' in e)).toBe(false);
  });

  it('leaves out what is not an edit of that type: wrong field types, unknown types, non-finite numbers, no key', () => {
    const stored = JSON.parse(`[
      {"type": "check", "key": "sunroof", "checked": "true"},
      {"type": "setValue", "key": "odometer", "value": {"n": 1}},
      {"type": "setValue", "key": "odometer", "value": 12, "id": [1]},
      {"type": "remark", "key": "customerName", "remark": 5},
      {"type": "toggleOption", "key": "rcCondition"},
      {"type": "mask", "key": "exteriorFront:ab12", "masked": 1},
      {"type": "delete", "key": "sunroof"},
      {"type": "check", "checked": true},
      {"type": "check", "key": 7, "checked": true},
      null, 3, "check", [],
      {"type": "check", "key": "sunroof", "checked": false}
    ]`) as unknown[];
    stored.push({ type: 'setValue', key: 'odometer', value: Number.POSITIVE_INFINITY }, { type: 'setValue', key: 'odometer', value: Number.NaN });
    expect(storedEdits(stored)).toEqual([{ type: 'check', key: 'sunroof', checked: false }]);
  });

  it('answers no edits for a stored value that is not a list', () => {
    for (const value of [undefined, null, 'edits', 4, { 0: wellFormed[0], length: 1 }]) expect(storedEdits(value)).toEqual([]);
  });
});
