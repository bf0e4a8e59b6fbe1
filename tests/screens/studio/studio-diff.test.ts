// The studio's readable diff (issue 17): by row key, rule id and case name, other keys whole.
import { describe, expect, it } from 'vitest';
import { diffConfigs } from '../../../src/screens/studio/diff.ts';

const before = {
  constants: { a: 1 },
  rows: [{ key: 'insuranceType', text: 'Insurance Type' }, { key: 'noClaimBonus', text: 'No Claim Bonus' }],
  rules: [{ id: 'insurance.ncb', when: { in: [1, [2]] } }, { target: 'x', effect: 'hide', when: true }],
  cases: [{ name: 'one' }],
};

describe('diffConfigs', () => {
  it('names added, removed and changed entries by their key, id or name', () => {
    const after = structuredClone(before) as typeof before & { outcomes?: object };
    after.rows[1].text = 'NCB';
    after.rows.push({ key: 'mismatchInDS', text: 'Mismatch In DS' });
    after.rules.shift();
    after.cases = [];
    after.outcomes = { submission: [] };
    expect(diffConfigs(before, after)).toEqual([
      { part: 'rows', name: 'noClaimBonus', change: 'changed' },
      { part: 'rows', name: 'mismatchInDS', change: 'added' },
      { part: 'rules', name: 'insurance.ncb', change: 'removed' },
      // A rule without an id is named by its place: it moved from #1 to #0.
      { part: 'rules', name: '#1', change: 'removed' },
      { part: 'rules', name: '#0', change: 'added' },
      { part: 'cases', name: 'one', change: 'removed' },
      { part: 'outcomes', name: 'outcomes', change: 'added' },
    ]);
  });

  it('finds no change between equal configs', () => {
    expect(diffConfigs(before, structuredClone(before))).toEqual([]);
  });
});
