import { describe, expect, it } from 'vitest';
import config from '../../src/config/refurbishment/refurbishment.json' with { type: 'json' };
import { loadRefurbishmentConfig, runRefurbishmentCases } from '../../src/products/refurbishment/refurbishment-config.ts';
import { dropsEntry, isEditable, showsAfterRef, verdictSection } from '../../src/machines/refurbishment.rules.ts';

const load = (json: unknown) => () => loadRefurbishmentConfig(JSON.parse(JSON.stringify(json)));

describe('src/config/refurbishment (spec 001 §4, §5, §9)', () => {
  it('loads (JSON Schema, known operators, outcome list ending with the default); broken copies are refused by path', () => {
    expect(load(config)).not.toThrow();
    expect(load({ ...config, pageSize: 0 })).toThrow(/pageSize/);
    expect(load({ ...config, extra: 1 })).toThrow("refurbishment/refurbishment.json#: takes no field 'extra'");
    expect(load({ ...config, outcomes: { submission: [{ when: true, set: { status: 'approved', section: 'beforeRef' } }] } })).toThrow(/submission/);
    expect(load({ ...config, rules: { ...config.rules, dropEntry: { varx: 'qcRemark' } } })).toThrow(/rules\/dropEntry/);
    expect(load({ ...config, outcomes: { submission: config.outcomes.submission.slice(0, 2) } })).toThrow(/default/);
  });

  it('holds the spec constants: statuses, page size 50, threshold 500, redirect 1 s, texts', () => {
    expect(config.statuses).toEqual(['review', 'refReview', 'rejected', 'refRejected', 'inRef', 'done']);
    expect([config.pageSize, config.scrollThresholdPx, config.redirectAfterSubmitMs]).toEqual([50, 500, 1000]);
    expect(config.texts).toMatchObject({ title: 'GS Refurbishment Suggestions', listEmpty: 'No Refurbishment Data', versionsEmpty: 'Version records not available for this appointment', submitErrorPrefix: 'Error::' });
  });

  it.each(runRefurbishmentCases(config).map((r) => [r.name, r.problems] as const))('case: %s', (_, problems) => {
    expect(problems).toEqual([]);
  });

  it('a case whose expectation the rules do not give is reported', () => {
    const broken = { ...config, cases: [{ name: 'wrong', facts: { status: 'review' as const, rejectedCount: 1 }, expect: { status: 'inRef' as const, section: 'beforeRef' as const } }] };
    expect(runRefurbishmentCases(broken)).toEqual([{ name: 'wrong', problems: ['status: expected "inRef", got "rejected"'] }]);
  });

  it('item rules: editable for the assignee (any letter case) in the unversioned view only, in a status a submit moves on; the empty entry is dropped', () => {
    const mine = { assignee: 'qc.reviewer@qc.example', user: 'qc.reviewer@qc.example', versioned: false };
    expect(config.statuses.filter((status) => isEditable(config, { ...mine, status }))).toEqual(['review', 'refReview']);
    expect(isEditable(config, { assignee: 'QC.Reviewer@qc.example', user: 'qc.reviewer@qc.example', versioned: false, status: 'review' })).toBe(true);
    expect(isEditable(config, { assignee: 'qc.reviewer@qc.example', user: 'qc.reviewer@qc.example', versioned: true, status: 'review' })).toBe(false);
    expect(isEditable(config, { assignee: null, user: 'qc.reviewer@qc.example', versioned: false, status: 'review' })).toBe(false);
    expect(isEditable(config, { assignee: 'qc.reviewer2@qc.example', user: 'qc.reviewer@qc.example', versioned: false, status: 'review' })).toBe(false);
    expect(dropsEntry(config, { hashKey: 'a', qcRemark: '', isRejected: 0 })).toBe(true);
    expect(dropsEntry(config, { hashKey: 'a', qcRemark: '', isRejected: 1 })).toBe(false);
    expect(dropsEntry(config, { hashKey: 'a', qcRemark: 'x', isRejected: 0 })).toBe(false);
  });

  it('after-refurbishment data shows in refReview (001 §2); verdicts sit on beforeRef until then', () => {
    expect(config.statuses.filter((status) => showsAfterRef(config, status))).toEqual(['refReview']);
    expect(config.statuses.map((status) => verdictSection(config, status))).toEqual(['beforeRef', 'afterRef', 'beforeRef', 'afterRef', 'beforeRef', 'afterRef']);
  });
});
