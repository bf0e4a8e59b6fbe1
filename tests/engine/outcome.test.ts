import { describe, expect, it } from 'vitest';
import { carReviewConfig } from '../support/car.ts';
import { loadConfig } from '../../src/engine/config-schema.ts';
import { submissionSections } from '../../src/engine/inspection.ts';
import { type SubmissionPayload } from '../../src/products/car/inspection.ts';
import { checkOutcomeRules, evaluateOutcome, type OutcomeRule } from '../../src/engine/outcome.ts';
import { submissionFactsOfPayload, submissionOutcome, type SubmissionFacts } from '../../src/engine/submission.ts';
import table from './fixtures/outcome.json' with { type: 'json' };

describe('evaluateOutcome: first matching rule wins, "when": true is the default', () => {
  it.each(table.tests as [OutcomeRule[], object, object][])('%j on %j sets %j', (rules, facts, expected) => {
    expect(checkOutcomeRules(rules, '/o')).toBeNull();
    expect(evaluateOutcome(rules, facts)).toEqual(expected);
  });

  it('answers a copy, so a caller cannot change the config', () => {
    const rules: OutcomeRule[] = [{ when: true, set: { status: 'done' } }];
    evaluateOutcome(rules, {}).status = 'changed';
    expect(evaluateOutcome(rules, {})).toEqual({ status: 'done' });
  });
});

describe('load-time checks of outcome rules', () => {
  const product = { id: 'p', name: 'P', tabs: ['T'], sections: ['s'], statuses: ['done'], widgets: ['text' as const] };
  it.each([
    [[], '/o', 'at least one rule'],
    [[{ when: { var: 'a' }, set: { s: 1 } }], '/o/0/when', 'must be the default'],
    [[{ when: { frob: [1] }, set: { s: 1 } }, { when: true, set: { s: 2 } }], '/o/0/when', "unknown operator 'frob'"],
    [[{ when: { var: 'a' }, set: { s: 1, t: 2 } }, { when: true, set: { s: 2 } }], '/o/0/set', 'same fields'],
  ] as [OutcomeRule[], string, string][])('%j is refused', (rules, path, message) => {
    const problem = checkOutcomeRules(rules, '/o');
    expect(problem?.[0]).toBe(path);
    expect(problem?.[1]).toContain(message);
  });

  it('a config whose outcome has no default fails to load, naming the path', () => {
    expect(() => loadConfig({ product, outcomes: { submission: [{ when: { var: 'isDummy' }, set: { inspectionStatus: 'done' } }] } })).toThrow(
      '/outcomes/submission/0/when: the last outcome rule must be the default',
    );
  });

  it('the JSON Schema refuses a rule without set', () => {
    expect(() => loadConfig({ product, outcomes: { submission: [{ when: true }] } })).toThrow('/outcomes/submission/0');
  });
});

describe('car submission status (spec 000 §4) from src/config/car/outcomes.json', () => {
  it.each(table.car.tests as [SubmissionFacts, object][])('%j gives %j', (facts, expected) => {
    expect(submissionOutcome(facts, carReviewConfig)).toEqual(expected);
  });

  const section = (rejected: number, isApproved = rejected ? 0 : 1) => ({
    isApproved,
    errorsCount: rejected,
    rejectedFields: Object.fromEntries(Array.from({ length: rejected }, (_, i) => [`f${i}`, { title: 'T', value: null, message: 'm', isValidate: 2 }])),
    qcEditableFields: {},
  });
  const payload = (over: Partial<SubmissionPayload>): SubmissionPayload =>
    ({ isDummyInspection: 0, isApprovedByQc: 0, sections: submissionSections({ carDetails: section(0), exteriorTyres: section(0) }, []), ...over }) as SubmissionPayload;

  it.each([
    ['an approval', payload({}), 'done'],
    ['a rejected field', payload({ sections: submissionSections({ carDetails: section(2) }, [1]) }), 'smReviewRejected'],
    ['a section not approved with no field listed', payload({ sections: submissionSections({ carDetails: section(0, 0) }, [1]) }), 'smReviewRejected'],
    ['a dummy submission with selections', payload({ isDummyInspection: 1, sections: submissionSections({ carDetails: section(1) }, []) }), 'done'],
  ])('the server reads the same rules from the payload: %s gives %s', (_name, p, status) => {
    expect(submissionOutcome(submissionFactsOfPayload(p), carReviewConfig).inspectionStatus).toBe(status);
  });
});
