import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import config from '../../src/config/refurbishment/refurbishment.json' with { type: 'json' };
import outcomeSchema from '../../src/config/outcome.schema.json' with { type: 'json' };
import schema from '../../src/config/refurbishment/refurbishment.schema.json' with { type: 'json' };
import { checkLogic } from '../../src/engine/logic.ts';
import { checkOutcomeRules, evaluateOutcome, type OutcomeRule } from '../../src/engine/outcome.ts';
import { dropsEntry, isEditable, showsAfterRef, verdictSection } from '../../src/machines/refurbishment.rules.ts';

const validate = new Ajv({ strict: true, allowUnionTypes: true }).addSchema(outcomeSchema).compile(schema);

describe('src/config/refurbishment (spec 001 §4, §5, §9)', () => {
  it('matches its JSON Schema, and the schema refuses a broken copy', () => {
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...config, pageSize: 0 })).toBe(false);
    expect(validate({ ...config, outcomes: { submission: [{ when: true, set: { status: 'approved', section: 'beforeRef' } }] } })).toBe(false);
    expect(validate({ ...config, extra: 1 })).toBe(false);
  });

  it('its rules load: known operators only, the outcome list ends with the default', () => {
    for (const [name, rule] of Object.entries(config.rules)) if (name !== '$comment') expect(checkLogic(rule, `rules/${name}`)).toBeNull();
    expect(checkOutcomeRules(config.outcomes.submission as OutcomeRule[], 'outcome')).toBeNull();
  });

  it('holds the spec constants: statuses, page size 50, threshold 500, redirect 1 s, texts', () => {
    expect(config.statuses).toEqual(['review', 'refReview', 'rejected', 'refRejected', 'inRef', 'done']);
    expect([config.pageSize, config.scrollThresholdPx, config.redirectAfterSubmitMs]).toEqual([50, 500, 1000]);
    expect(config.texts).toMatchObject({ title: 'GS Refurbishment Suggestions', listEmpty: 'No Refurbishment Data', versionsEmpty: 'Version records not available for this appointment', submitErrorPrefix: 'Error::' });
  });

  it.each(config.cases.map((c) => [c.name, c] as const))('case: %s', (_, c) => {
    expect(evaluateOutcome(config.outcomes.submission as OutcomeRule[], c.facts)).toEqual(c.expect);
  });

  it('item rules: editable for the assignee (any letter case) in the unversioned view only; the empty entry is dropped', () => {
    expect(isEditable({ assignee: 'QC.Reviewer@qc.example', user: 'qc.reviewer@qc.example', versioned: false })).toBe(true);
    expect(isEditable({ assignee: 'qc.reviewer@qc.example', user: 'qc.reviewer@qc.example', versioned: true })).toBe(false);
    expect(isEditable({ assignee: null, user: 'qc.reviewer@qc.example', versioned: false })).toBe(false);
    expect(isEditable({ assignee: 'qc.reviewer2@qc.example', user: 'qc.reviewer@qc.example', versioned: false })).toBe(false);
    expect(dropsEntry({ hashKey: 'a', qcRemark: '', isRejected: 0 })).toBe(true);
    expect(dropsEntry({ hashKey: 'a', qcRemark: '', isRejected: 1 })).toBe(false);
    expect(dropsEntry({ hashKey: 'a', qcRemark: 'x', isRejected: 0 })).toBe(false);
  });

  it('after-refurbishment data shows from refReview on; verdicts sit on beforeRef until then', () => {
    expect(config.statuses.filter(showsAfterRef)).toEqual(['refReview', 'refRejected', 'done']);
    expect(config.statuses.map(verdictSection)).toEqual(['beforeRef', 'afterRef', 'beforeRef', 'afterRef', 'beforeRef', 'afterRef']);
  });
});
