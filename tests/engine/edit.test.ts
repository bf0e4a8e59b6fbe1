import { describe, expect, it } from 'vitest';
import { appendEdit, storedEdits } from '../../src/engine/edit.ts';
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

describe('appendEdit: a review keeps one edit per row for what typing overwrites', () => {
  const typed = (value: string): Edit => ({ type: 'setValue', key: 'registrationNumber', value });

  it('replaces the latest edit with a new value or remark of the same row, at the same position', () => {
    let edits: Edit[] = [{ type: 'check', key: 'sunroof', checked: true }];
    const seqs: number[] = [];
    for (const value of ['M', 'MH', 'MH1']) {
      const next = appendEdit(edits, typed(value));
      edits = next.edits;
      seqs.push(next.seq);
    }
    expect(edits).toEqual([{ type: 'check', key: 'sunroof', checked: true }, typed('MH1')]);
    expect(seqs).toEqual([2, 2, 2]);
    const remark = (text: string): Edit => ({ type: 'remark', key: 'sunroof', remark: text });
    expect(appendEdit([remark('Sun')], remark('Sunr')).edits).toEqual([remark('Sunr')]);
  });

  it('keeps every edit that leaves more behind than the next overwrites: ids, ticks, toggles, masks, other rows', () => {
    const lists: Edit[][] = [
      [{ type: 'setValue', key: 'insuranceType', value: 'Comprehensive', id: 2 }, { type: 'setValue', key: 'insuranceType', value: 'x' }],
      [{ type: 'setValue', key: 'insuranceType', value: 'x' }, { type: 'setValue', key: 'insuranceType', value: '3rd Party', id: 3 }],
      [{ type: 'check', key: 'sunroof', checked: false }, { type: 'check', key: 'sunroof', checked: true }],
      [{ type: 'toggleOption', key: 'rcCondition', option: 'Torn' }, { type: 'toggleOption', key: 'rcCondition', option: 'Torn' }],
      [{ type: 'mask', key: 'exteriorFront:ab12', masked: true }, { type: 'mask', key: 'exteriorFront:ab12', masked: false }],
      [{ type: 'setValue', key: 'registrationNumber', value: 'M' }, { type: 'remark', key: 'registrationNumber', remark: 'M' }],
      [typed('M'), { type: 'setValue', key: 'chassisNumber', value: 'M' }],
    ];
    for (const [first, second] of lists) expect(appendEdit([first], second)).toEqual({ edits: [first, second], seq: 2 });
  });

  it('leaves the list it was given as it was', () => {
    const edits: readonly Edit[] = Object.freeze([typed('M')]);
    expect(appendEdit(edits, typed('MH')).edits).toEqual([typed('MH')]);
    expect(edits).toEqual([typed('M')]);
  });
});
