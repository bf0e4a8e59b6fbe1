import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syntheticConfig } from '../../bench/browser/synthetic.ts';
import { createNaiveEngine } from '../../bench/engine-naive.ts';
import type { ReviewConfig } from '../../src/engine/config.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import { runLogic, truthy } from '../../src/engine/logic.ts';
import { createEngine, type ReviewEngine } from '../../src/engine/model.ts';
import type { Edit, ReviewModel } from '../../src/engine/types.ts';
import { bikeConfig, bikeEngine } from '../support/bike.ts';
import { carEngine, carReviewConfig } from '../support/car.ts';

// The engine holds rows and rule data by slot (rule-index.ts SlotData, rows.ts BuiltRows.first) and compiles each
// rule's variables to slot reads. Checked here on every product config and on a generated config of several
// copies of the car's rows and rules (bench/browser/synthetic.ts, keys `fuelType_c2` …), whose slots run past the
// car's: an incremental edit equals the every-rule, every-row re-evaluation of bench/engine-naive.ts (json-logic-js
// on the record form of the data), and every rule's slot-compiled result equals json-logic-js's interpreter on the
// record form of the same data. Half the sequences start with every row ticked, so `checked.K` and `changed.K`
// differ on many rows.

const options = { today: '01-06-2026' };
const registry = { parivahan1: { registrationDate: '12-03-2018', registeredAt: 'MH01 MUMBAI', financier: 'HDFC', taxUpTo: 'LTT', ownerCount: 1 } };
const synthetic = syntheticConfig(carReviewConfig, 400);
const products: [string, ReviewEngine, ReviewConfig][] = [
  ['car', carEngine, carReviewConfig],
  ['bike', bikeEngine, bikeConfig],
  [`generated (${synthetic.rows.length} config rows)`, createEngine(synthetic), synthetic],
];

/** Random edits of a model's rows: ticks, every option and odd texts as values, multi-select toggles, remarks, masks. */
function editArb(model: ReviewModel): fc.Arbitrary<Edit> {
  const keys = model.order;
  const of = (pred: (k: string) => boolean) => keys.filter(pred);
  const fields = of((k) => model.rows[k].kind === 'field');
  const multi = of((k) => model.rows[k].widget === 'multiselect');
  const images = of((k) => model.rows[k].kind === 'image');
  const values = (k: string) => [...(model.rows[k].options ?? []), '', 'x', 'MH01AB1234567', '31-02-2027', '15/08/2027', '0', null];
  const arbs: fc.Arbitrary<Edit>[] = [
    fc.record({ type: fc.constant('check' as const), key: fc.constantFrom(...keys), checked: fc.boolean() }),
    fc.record({ type: fc.constant('remark' as const), key: fc.constantFrom(...keys), remark: fc.constantFrom('', 'wrong value') }),
    fc.constantFrom(...fields).chain((key) => fc.record({ type: fc.constant('setValue' as const), key: fc.constant(key), value: fc.constantFrom(...values(key)) })),
  ];
  if (multi.length) {
    arbs.push(fc.constantFrom(...multi).chain((key) => fc.record({ type: fc.constant('toggleOption' as const), key: fc.constant(key), option: fc.constantFrom(...(model.rows[key].options ?? ['x'])) })));
  }
  if (images.length) arbs.push(fc.record({ type: fc.constant('mask' as const), key: fc.constantFrom(...images), masked: fc.boolean() }));
  return fc.oneof(...arbs);
}

const comparable = (m: ReviewModel) => ({ rows: m.rows, order: m.order, errorsCount: m.errorsCount, edits: m.edits });

describe.each(products)('engine by slot: %s config', (_name, engine, config) => {
  const inspection = generateInspection(config, { inspection: { qcAudit: 1, workflowId: 'wf-1', version: 1 } });
  const base = engine.evaluate(inspection, [], registry, options);
  const naive = createNaiveEngine(config);
  const naiveBase = naive.evaluate(inspection, registry, options);
  const tickAll: Edit[] = base.order.map((key) => ({ type: 'check', key, checked: true }));
  const ticked = tickAll.reduce(engine.apply, base);
  const naiveTicked = tickAll.reduce((state, e) => naive.apply(state, e), naiveBase);
  const start = fc.boolean().map((tick) => (tick ? { model: ticked, reference: naiveTicked } : { model: base, reference: naiveBase }));
  const edits = fc.array(editArb(base), { minLength: 1, maxLength: 15 });

  it('an incremental edit equals the every-rule re-evaluation, after every edit of a random sequence', () => {
    expect(comparable(ticked)).toEqual(comparable(naiveTicked.model));
    fc.assert(
      fc.property(start, edits, (from, sequence) => {
        let { model, reference } = from;
        for (const edit of sequence) {
          model = engine.apply(model, edit);
          reference = naive.apply(reference, edit);
          expect(comparable(model)).toEqual(comparable(reference.model));
        }
      }),
      { numRuns: config === synthetic ? 6 : 40 },
    );
  });

  it("each rule's result equals json-logic-js on the record form of the data it read", () => {
    fc.assert(
      fc.property(start, edits, (from, sequence) => {
        const { rules, data, results } = engine.trace(sequence.reduce(engine.apply, from.model));
        rules.forEach((rule, i) => expect([i, results[i]]).toEqual([i, truthy(runLogic(rule.when, data))]));
      }),
      { numRuns: config === synthetic ? 10 : 40 },
    );
  });

  it('an edit shares every row it does not recompute, and leaves the model it started from as it was', () => {
    const key = base.order.find((k) => base.rows[k].kind === 'field' && base.rows[k].isVisible && base.rows[k].isEditable)!;
    const before = JSON.stringify(base);
    const after = engine.apply(base, { type: 'remark', key, remark: 'checked' });
    expect(JSON.stringify(base)).toBe(before);
    expect(after.rows[key].remark).toBe('checked');
    expect(base.order.filter((k) => after.rows[k] !== base.rows[k])).toEqual([key]);
  });
});
