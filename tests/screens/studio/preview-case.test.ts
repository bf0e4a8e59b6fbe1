// Issue 17 'add case from preview': the preview's edits and resulting states become a case that runCase replays.
import { describe, expect, it } from 'vitest';
import { runCase } from '../../../src/engine/cases.ts';
import { generateInspection } from '../../../src/engine/generate.ts';
import { caseFromPreview } from '../../../src/screens/studio/preview-case.ts';
import { carEngine as engine } from '../../support/car.ts';
import type { InspectionDetail } from '../../../src/products/car/inspection.ts';

// An inspection unlike the generated one: other values, a locked field, QC audit on.
const inspection = generateInspection<InspectionDetail>(engine.config, {
  values: { insuranceType: 'Zero Depreciation', noClaimBonus: 'Yes', fuelType: 'Diesel', carColour: 'Blue' },
  commentFlags: { chassisNumber: 2 },
  inspection: { qcAudit: 1, version: 3 },
});
const options = { today: '23-11-2026', role: 'qc' };

describe('caseFromPreview', () => {
  it("records '3rd Party' hiding the no-claim bonus as a case that passes, with only what differs from the generated inspection", () => {
    // fuelType Diesel and noClaimBonus Yes are what the config generates anyway: left out.
    const edits = [{ type: 'setValue', key: 'insuranceType', value: '3rd Party' } as const];
    const c = caseFromPreview(engine, { inspection, registry: null, options, edits }, 'Preview 1');
    expect(c.given).toMatchObject({
      values: { insuranceType: 'Zero Depreciation', carColour: 'Blue' },
      commentFlags: { chassisNumber: 2 },
      inspection: { qcAudit: 1, version: 3 },
      options,
    });
    expect(c.given?.values).not.toHaveProperty('fuelType');
    expect(c.edits).toEqual(edits);
    expect(c.expect.rows?.noClaimBonus).toMatchObject({ isVisible: false });
    expect(c.expect.rows?.insuranceType).toMatchObject({ checked: true, isVisible: true });
    // The type's tick (and the rows it selects, 000 §4) are errors of the Documents tab.
    expect(c.expect.errorsCount?.Documents).toBeGreaterThan(0);
    expect(runCase(engine, c)).toEqual([]);
  });

  it('a ticked picture of the preview (its own hash keys) makes a case that passes: it carries the group\'s pictures', () => {
    const pictures = [
      { hashKey: 'APT9_carDetails_RC0', title: 'RC1', url: 'https://img.example/rc1.jpg' },
      { hashKey: 'APT9_carDetails_RC1', title: 'RC2', url: 'https://img.example/rc2.jpg' },
    ];
    const seeded = generateInspection<InspectionDetail>(engine.config, { images: { rcImages: pictures } });
    const key = 'rcImages:APT9_carDetails_RC0';
    expect(engine.evaluate(seeded, [], null, options).rows[key]).toBeDefined();
    const edits = [{ type: 'check', key, checked: true } as const];
    const c = caseFromPreview(engine, { inspection: seeded, registry: null, options, edits }, 'Preview 3');
    expect(c.given?.images).toEqual({ rcImages: pictures.map((p) => expect.objectContaining(p)) });
    expect(c.expect.rows?.[key]).toMatchObject({ checked: true });
    expect(runCase(engine, c)).toEqual([]);
  });

  it('records a failing pre-submit check, and the case fails once the rule changes', () => {
    const edits = [{ type: 'setValue', key: 'noClaimBonusPercentage', value: 'ab' } as const];
    const c = caseFromPreview(engine, { inspection, registry: null, options, edits }, 'Preview 2');
    expect(c.expect.rows?.noClaimBonusPercentage).toMatchObject({ isValid: false, errorMsg: 'No claim bonus percentage must be a number below 100' });
    expect(c.expect.validation).not.toBeNull();
    expect(runCase(engine, c)).toEqual([]);
    const other = structuredClone(c);
    other.given!.values!.noClaimBonus = 'No';
    expect(runCase(engine, other).length).toBeGreaterThan(0);
  });
});
