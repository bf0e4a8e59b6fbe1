// The bike review config (spec 001 §2 'Bike field behaviour', §5): its own cases, and the outcome rule.
import { describe, expect, it } from 'vitest';
import { runCase } from '../../src/engine/cases.ts';
import { evaluateOutcome } from '../../src/engine/outcome.ts';

import { bikeConfig as config, bikeEngine as engine } from '../support/bike.ts';

describe('bike config cases', () => {
  it.each(config.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(runCase(engine, c)).toEqual([]);
  });

  it('covers every behaviour of 001 §2 and §5 the issue lists', () => {
    const names = config.cases.map((c) => c.name).join('\n');
    for (const text of ['Petrol', 'Insurance Expired', 'uiVersion 2: hypothecation', 'B2B', "'Lost'", 'odometer is chosen from bands', 'QC audit', 'Please Edit the following Fields:', 'Modal Year should be greater than Manufacturing Year.']) {
      expect(names).toContain(text);
    }
  });

  it('a case that expects the wrong thing fails (the runner is not a no-op)', () => {
    const c = config.cases.find((x) => x.name.startsWith("'Insurance Expired'"))!;
    expect(runCase(engine, { ...c, expect: { rows: { insuranceExpiry: { isVisible: true } } } })).not.toEqual([]);
  });

  it('outcome: any tick → REJECTED, none → APPROVED', () => {
    const rules = config.outcomes.submission;
    expect(evaluateOutcome(rules, { rejectedCount: 0 })).toEqual({ status: 'APPROVED' });
    expect(evaluateOutcome(rules, { rejectedCount: 3 })).toEqual({ status: 'REJECTED' });
  });
});
