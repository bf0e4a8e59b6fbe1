// Issue 17 'Explains a row': the rules deciding a row's visibility, tick, editability and validity, each with its
// inputs and result on the current model (the studio's "why is this hidden?" panel).
import { describe, expect, it } from 'vitest';
import { explainRow } from '../../../src/engine/explain.ts';
import { generateInspection } from '../../../src/engine/generate.ts';
import { carEngine as engine } from '../../support/car.ts';

const inspection = generateInspection(engine.config, { values: { insuranceType: 'Comprehensive', noClaimBonus: 'Yes', fuelType: 'Diesel' }, commentFlags: { chassisNumber: 0 } });
const opened = engine.evaluate(inspection, [], null, { today: '01-06-2026' });

describe('explainRow', () => {
  it("names the show rule that hides the no-claim bonus after '3rd Party', with the insurance type it read", () => {
    const model = engine.apply(opened, { type: 'setValue', key: 'insuranceType', value: '3rd Party' });
    const why = explainRow(engine, model, 'noClaimBonus')!;
    expect(model.rows.noClaimBonus.isVisible).toBe(false);
    expect(why.reasons.visibility).toBe("Hidden: none of its show rules ('insurance.ncb') holds.");
    const show = why.rules.find((r) => r.id === 'insurance.ncb')!;
    expect(show).toMatchObject({ effect: 'show', aspect: 'visibility', result: false, implicit: false, inputs: [{ variable: 'insuranceType', value: '3rd Party' }] });
    // Before the edit the same rule held.
    expect(explainRow(engine, opened, 'noClaimBonus')!.rules.find((r) => r.id === 'insurance.ncb')!.result).toBe(true);
    expect(explainRow(engine, opened, 'noClaimBonus')!.reasons.visibility).toBe("Visible: the show rule 'insurance.ncb' holds.");
    // A model straight from evaluate (no edit) names its inputs too.
    expect(explainRow(engine, opened, 'noClaimBonus')!.rules.find((r) => r.id === 'insurance.ncb')!.inputs).toEqual([{ variable: 'insuranceType', value: 'Comprehensive' }]);
  });

  it('explains a tick and lock forced by rules and by the implicit parent rule', () => {
    const model = engine.apply(opened, { type: 'setValue', key: 'fuelType', value: 'Petrol + CNG' });
    const why = explainRow(engine, model, 'cngLpgFitment')!;
    expect(why.reasons.ticking).toBe("Ticked by the rule 'fuel.cng.checked'.");
    expect(why.reasons.editability).toBe("Editable, but its tick is locked by the disable rule 'fuel.cng.disabled'.");
    expect(why.rules.find((r) => r.id === 'fuel.cng.checked')!.inputs).toEqual([
      { variable: 'changed.fuelType', value: true },
      { variable: 'fuelType', value: 'Petrol + CNG' },
    ]);
    const ticked = engine.apply(opened, { type: 'check', key: 'insuranceType', checked: true });
    const child = explainRow(engine, ticked, 'insuranceExpiry')!;
    expect(child.rules.filter((r) => r.implicit).map((r) => [r.id, r.result])).toEqual([
      ['parent:insuranceExpiry:check', true],
      ['parent:insuranceExpiry:disable', true],
    ]);
    expect(child.reasons.ticking).toBe("Ticked by the rule 'parent:insuranceExpiry:check'.");
  });

  it('explains validity with the failing rule and its message, and a value locked by the commentFlag', () => {
    const model = engine.apply(opened, { type: 'setValue', key: 'noClaimBonusPercentage', value: 'ab' });
    const why = explainRow(engine, model, 'noClaimBonusPercentage')!;
    expect(why.reasons.validity).toBe(`Invalid: the rule 'ncb.percent.digits' holds ("No claim bonus percentage must be a number below 100").`);
    expect(explainRow(engine, opened, 'noClaimBonusPercentage')!.reasons.validity).toBe('Valid: no invalid rule holds.');
    expect(explainRow(engine, opened, 'chassisNumber')!.reasons.editability).toBe("Not editable: the inspector's commentFlag is 0 (0 and 2 lock the value).");
    expect(explainRow(engine, opened, 'nope')).toBeNull();
  });
});
