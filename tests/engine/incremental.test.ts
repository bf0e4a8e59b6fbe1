import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carEngine, carReviewConfig } from '../support/car.ts';
import { createNaiveEngine } from '../../bench/engine-naive.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { InspectionDetail, RegistryData } from '../../src/products/car/inspection.ts';
import type { Edit, EvaluateOptions, ReviewModel } from '../../src/engine/types.ts';

// Issue 3 'Engine qualities': an edit re-evaluates only the rules that depend on the changed field, and the
// result equals a full re-evaluation. Checked on random inspections, contexts and edit sequences.

const options: EvaluateOptions = { today: '01-06-2026' };
const base = carEngine.evaluate(generateInspection(carReviewConfig), [], null, options);
// The benchmark's baseline (bench/engine-naive.ts): the speed-up it reports compares models that are the same.
const naiveEngine = createNaiveEngine(carReviewConfig);
const naiveBase = naiveEngine.evaluate(generateInspection(carReviewConfig), null, options);
const keys = base.order;
const fieldKeys = keys.filter((k) => base.rows[k].kind === 'field');

/** Values that drive the rules: every option of every select row, plus odd texts. */
const valuesFor = (key: string): string[] => [...(base.rows[key].options ?? []), '', 'x', 'MH01AB1234567', '31-02-2027', '15/08/2027', '0'];

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ type: fc.constant('check' as const), key: fc.constantFrom(...keys), checked: fc.boolean() }),
  fc
    .constantFrom(...fieldKeys)
    .chain((key) => fc.record({ type: fc.constant('setValue' as const), key: fc.constant(key), value: fc.constantFrom<string | null>(...valuesFor(key), null) })),
  fc.constantFrom(...keys.filter((k) => base.rows[k].widget === 'multiselect')).chain((key) =>
    fc.record({ type: fc.constant('toggleOption' as const), key: fc.constant(key), option: fc.constantFrom(...(base.rows[key].options ?? ['x'])) }),
  ),
  fc.record({ type: fc.constant('remark' as const), key: fc.constantFrom(...keys), remark: fc.constantFrom('', '  ', 'wrong value') }),
  fc.record({ type: fc.constant('mask' as const), key: fc.constantFrom(...keys.filter((k) => base.rows[k].kind === 'image')), masked: fc.boolean() }),
);

const contextArb = fc.record({
  version: fc.constantFrom(0, 1),
  tenant: fc.constantFrom(null, 'NPDI'),
  workflowId: fc.constantFrom(null, 'wf-1'),
  qcAudit: fc.constantFrom(0, 1),
  vahanData: fc.constantFrom(null, { insuranceExpiry: '01-01-2027' }),
});
const registryArb: fc.Arbitrary<RegistryData | null> = fc.constantFrom(null, {
  parivahan1: { registrationDate: '12-03-2018', registeredAt: 'MH01 MUMBAI', financier: 'HDFC', taxUpTo: 'LTT', ownerCount: 1 },
  parseSms: { registrationNumber: 'MH01AB1234' },
});
const roleArb = fc.constantFrom<string | null>(null, 'qc');

function comparable(m: ReviewModel) {
  return { rows: m.rows, order: m.order, errorsCount: m.errorsCount, edits: m.edits, context: m.context, registry: m.registry };
}

describe('incremental apply', () => {
  it('equals a full re-evaluation after every edit of a random sequence (fast-check)', () => {
    fc.assert(
      fc.property(contextArb, registryArb, roleArb, fc.array(editArb, { minLength: 1, maxLength: 25 }), (ctx, registry, role, edits) => {
        const inspection: InspectionDetail = generateInspection(carReviewConfig, { inspection: ctx });
        const opts = { ...options, role };
        let model = carEngine.evaluate(inspection, [], registry, opts);
        edits.forEach((edit, i) => {
          model = carEngine.apply(model, edit);
          expect(comparable(model)).toEqual(comparable(carEngine.evaluate(inspection, edits.slice(0, i + 1), registry, opts)));
        });
      }),
      { numRuns: 150 },
    );
  });

  it('equals a full re-evaluation when edits come as typing does, several in a row on one field (fast-check)', () => {
    const typingArb = fc.array(fc.tuple(editArb, fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 10 }).map((runs) =>
      runs.flatMap(([edit, n]) =>
        edit.type === 'setValue' && typeof edit.value === 'string' ? Array.from({ length: n }, (_, i) => ({ ...edit, value: edit.value + 'x'.repeat(i) })) : [edit],
      ),
    );
    fc.assert(
      fc.property(registryArb, typingArb, (registry, edits) => {
        const inspection: InspectionDetail = generateInspection(carReviewConfig);
        let model = carEngine.evaluate(inspection, [], registry, options);
        for (const edit of edits) model = carEngine.apply(model, edit);
        expect(comparable(model)).toEqual(comparable(carEngine.evaluate(inspection, edits, registry, options)));
        expect(comparable(model)).toEqual(comparable(carEngine.evaluate(inspection, model.edits, registry, options)));
      }),
      { numRuns: 100 },
    );
  });

  it('gives the same model as the naive baseline that re-runs every rule', () => {
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 20 }), (edits) => {
        let fast = base;
        let naive = naiveBase;
        for (const e of edits) {
          fast = carEngine.apply(fast, e);
          naive = naiveEngine.apply(naive, e);
        }
        expect(comparable(fast)).toEqual(comparable(naive.model));
      }),
      { numRuns: 100 },
    );
  });

  it('continues correctly from a cloned model (no cached state)', () => {
    const inspection = generateInspection(carReviewConfig, { values: { insuranceType: 'Comprehensive', noClaimBonus: 'Yes' } });
    const first = carEngine.apply(carEngine.evaluate(inspection, [], null, options), { type: 'setValue', key: 'fuelType', value: 'Petrol' });
    const clone = structuredClone(first);
    const edit: Edit = { type: 'setValue', key: 'insuranceType', value: '3rd Party' };
    expect(comparable(carEngine.apply(clone, edit))).toEqual(comparable(carEngine.evaluate(inspection, [...first.edits!, edit], null, options)));
  });

  it('leaves the previous model untouched (immutable updates)', () => {
    const before = JSON.stringify(base);
    const after = carEngine.apply(base, { type: 'setValue', key: 'insuranceType', value: 'Insurance Expired' });
    expect(JSON.stringify(base)).toBe(before);
    expect(after.rows.insuranceExpiry.isVisible).toBe(false);
    expect(base.rows.insuranceExpiry.isVisible).toBe(true);
    // Rows no rule touched are shared, not copied.
    expect(after.rows.carColour).toBe(base.rows.carColour);
  });

  it('ignores an edit of an unknown row', () => {
    expect(carEngine.apply(base, { type: 'check', key: 'noSuchRow', checked: true })).toBe(base);
  });
});
