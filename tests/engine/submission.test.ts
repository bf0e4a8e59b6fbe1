import { describe, expect, it } from 'vitest';
import { carEngine, carReviewConfig } from '../support/car.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import { buildSubmission, hasRejections, isValidateOf, latestRemark, validateBeforeSubmit } from '../../src/engine/submission.ts';
import type { Edit, ReviewModel } from '../../src/engine/types.ts';

const today = '01-06-2026';
const opts = { isCritical: false, isDummy: false, issueType: [3], reviewStartTime: '2026-06-01T10:00:00Z', reviewEndTime: '2026-06-01T10:05:00Z' };

function review(edits: Edit[], prepare?: (i: InspectionDetail) => void): { model: ReviewModel; inspection: InspectionDetail } {
  const inspection = generateInspection<InspectionDetail>(carReviewConfig, { values: { rtoNocIssued: 'No', insuranceType: 'Comprehensive', noClaimBonus: 'Yes', exhaustSmoke: 'Black' }, inspection: { carId: 77, version: 2 } });
  prepare?.(inspection);
  let model = carEngine.evaluate(inspection, [], null, { today });
  for (const e of edits) model = carEngine.apply(model, e);
  return { model, inspection };
}

describe('§3 submission payload', () => {
  it('carries role qc, client web, the times, isCritical and the issue types', () => {
    const { model, inspection } = review([]);
    const p = buildSubmission(model, inspection, { ...opts, isCritical: true });
    expect(p).toMatchObject({ carId: 77, version: 2, role: 'qc', client: 'web', isCritical: 1, isDummyInspection: 0, reviewStartTime: opts.reviewStartTime, reviewEndTime: opts.reviewEndTime });
    expect(p.sections.summary).toEqual({ issueType: [3] });
    expect(Object.keys(p.sections).sort()).toEqual(['airConditioning', 'carDetails', 'electricalsInterior', 'engineTransmission', 'exteriorTyres', 'steeringSuspensionBrakes', 'summary']);
    expect(p.sections.carDetails).toEqual({ isApproved: 1, errorsCount: 0, rejectedFields: {}, qcEditableFields: {} });
  });

  it("§5 rejection message text for QC-rejected items: 'Rejected by qc.'", () => {
    const { model, inspection } = review([{ type: 'check', key: 'carColour', checked: true }]);
    const p = buildSubmission(model, inspection, opts);
    expect(p.sections.carDetails!.rejectedFields.carColour).toEqual({ title: 'Car Colour', value: 'White', message: 'Rejected by qc.', isValidate: 2 });
    expect(p.sections.carDetails).toMatchObject({ isApproved: 0, errorsCount: 1 });
  });

  it('§5 rejection reasons are taken from the latest remark by a QC, store manager or admin role', () => {
    const { model, inspection } = review([{ type: 'check', key: 'carColour', checked: true }], (i) => {
      i.inspectionData.carDetails!.carColour.remarkHistory = [
        { id: '1', user: 'a', type: 'text', remark: 'older qc remark', timestamp: 100, role: 'qc' },
        { id: '2', user: 'b', type: 'text', remark: 'store manager remark', timestamp: 300, role: 'StoreManager-Qc' },
        { id: '3', user: 'c', type: 'text', remark: 'inspector reply', timestamp: 400, role: 'inspector' },
      ];
    });
    expect(latestRemark(model.rows.carColour, carReviewConfig)).toBe('store manager remark');
    expect(buildSubmission(model, inspection, opts).sections.carDetails!.rejectedFields.carColour.message).toBe('store manager remark');
    const withRemark = carEngine.apply(model, { type: 'remark', key: 'carColour', remark: 'colour is silver' });
    expect(buildSubmission(withRemark, inspection, opts).sections.carDetails!.rejectedFields.carColour.message).toBe('colour is silver');
  });

  it('nests rejected sub-parts under their part, and lists QC-edited values as qcEditableFields', () => {
    const { model, inspection } = review([{ type: 'setValue', key: 'noClaimBonusPercentage', value: '35' }]);
    const s = buildSubmission(model, inspection, opts).sections.carDetails!;
    expect(s.rejectedFields.insuranceType.subParts!.noClaimBonus.subParts!.noClaimBonusPercentage).toEqual({ title: 'No Claim Bonus Percentage', value: '35', message: 'Rejected by qc.', isValidate: 5 });
    expect(s.rejectedFields.insuranceType).toMatchObject({ title: 'Insurance Type', value: 'Comprehensive', isValidate: 0 });
    expect(s.qcEditableFields).toEqual({ noClaimBonusPercentage: { title: 'No Claim Bonus Percentage', value: '35' } });
  });

  it('a rejected image carries its hash key and URL', () => {
    const { model, inspection } = review([{ type: 'mask', key: 'rcImages:rcImages2', masked: true }]);
    const rejected = buildSubmission(model, inspection, opts).sections.carDetails!.rejectedFields.rcImages.subParts!.rcImages2;
    expect(rejected).toMatchObject({ title: 'RC3', isValidate: 5, additionalInfo: { hashKey: 'rcImages2', isMaskedByQc: true } });
  });

  it('hidden rows are dropped from the payload', () => {
    const { model, inspection } = review([{ type: 'check', key: 'noClaimBonus', checked: true }, { type: 'setValue', key: 'insuranceType', value: 'Insurance Expired' }]);
    const fields = buildSubmission(model, inspection, opts).sections.carDetails!.rejectedFields;
    expect(Object.keys(fields)).toEqual(['insuranceType']);
    expect(fields.insuranceType.subParts).toBeUndefined();
  });

  it('§4 a dummy inspection clears selections', () => {
    const { model, inspection } = review([{ type: 'check', key: 'carColour', checked: true }]);
    const p = buildSubmission(model, inspection, { ...opts, isDummy: true });
    expect(p).toMatchObject({ isDummyInspection: 1, inspectionStatus: 'done', isApprovedByQc: 0 });
    expect(p.sections.carDetails!.rejectedFields).toEqual({});
    expect(p.sections.summary.issueType).toEqual([]);
  });

  it('otherComments lists the comment lines', () => {
    const { model, inspection } = review([{ type: 'toggleOption', key: 'exteriorComments', option: 'Minor scratches on rear bumper' }]);
    expect(buildSubmission(model, inspection, opts).otherComments).toEqual({ title: 'Other Comments', lines: ['Minor scratches on rear bumper'] });
  });

  it("'Error in post Object' when the model has no rows", () => {
    const { model, inspection } = review([]);
    expect(() => buildSubmission({ ...model, order: [] }, inspection, opts)).toThrow('Error in post Object');
  });
});

describe('§9 isValidate codes of rejected items', () => {
  it.each<[string, Edit[], string, number]>([
    ['1 validation error', [{ type: 'setValue', key: 'registrationNumber', value: 'MH01AB1234567' }], 'registrationNumber', 1],
    ['2 rejected', [{ type: 'check', key: 'carColour', checked: true }], 'carColour', 2],
    ['4 flagged', [{ type: 'check', key: 'exhaustSmoke', checked: true }], 'exhaustSmoke', 4],
    ['5 rejected by QC (corrected value)', [{ type: 'setValue', key: 'carColour', value: 'Red' }], 'carColour', 5],
    ['5 masked', [{ type: 'mask', key: 'mainImages:mainImages0', masked: true }], 'mainImages:mainImages0', 5],
  ])('%s', (_name, edits, key, code) => {
    const { model } = review(edits);
    expect(isValidateOf(model.rows[key], carReviewConfig)).toBe(code);
  });
});

describe('§4 submission status', () => {
  it('hasRejections is false with nothing ticked and true with a tick', () => {
    expect(hasRejections(review([]).model)).toBe(false);
    expect(hasRejections(review([{ type: 'check', key: 'sunroof', checked: true }]).model)).toBe(true);
  });
});

describe('§5 issue type', () => {
  it("rejection popup needs at least one issue type, else 'Please select Issue Type'", () => {
    const { model } = review([]);
    expect(validateBeforeSubmit(model, { isDummy: false, issueType: [] })).toEqual({ alert: 'Please select Issue Type', fields: [] });
    expect(validateBeforeSubmit(model, { isDummy: false, issueType: [0] })).toBeNull();
    expect(validateBeforeSubmit(model, { isDummy: false })).toBeNull();
  });
});

describe('§5 rejection reasons and order of the last checks', () => {
  it.each<[string, { role: string; remark: string; timestamp: number }[], string | null]>([
    ['the latest QC admin remark wins over an older QC remark', [{ role: 'qc', remark: 'qc says', timestamp: 10 }, { role: 'SM-QcAdmin', remark: 'admin says', timestamp: 20 }], 'admin says'],
    ['the latest QC remark wins over an older store-manager remark', [{ role: 'StoreManager-Qc', remark: 'sm says', timestamp: 10 }, { role: 'qc', remark: 'qc says', timestamp: 20 }], 'qc says'],
    ["other roles' remarks are not rejection reasons", [{ role: 'inspector', remark: 'inspector says', timestamp: 30 }], null],
    ['blank remarks are skipped', [{ role: 'qc', remark: 'qc says', timestamp: 10 }, { role: 'qc', remark: '   ', timestamp: 20 }], 'qc says'],
  ])('%s', (_name, history, expected) => {
    const { model } = review([{ type: 'check', key: 'carColour', checked: true }], (i) => {
      i.inspectionData.carDetails!.carColour.remarkHistory = history.map((h, n) => ({ id: String(n), user: `u${n}`, type: 'text', ...h }));
    });
    expect(latestRemark(model.rows.carColour, carReviewConfig)).toBe(expected);
  });

  it('§5 the empty-field check runs before the issue-type check', () => {
    const { model } = review([{ type: 'check', key: 'sunroof', checked: true }], (i) => {
      i.inspectionData.electricalsInterior!.sunroof.value = null;
    });
    expect(validateBeforeSubmit(model, { isDummy: false, issueType: [] })?.alert).toBe('Please fill the following Fields:\nSunroof');
  });

  it('§5 a dummy submit needs no issue type', () => {
    expect(validateBeforeSubmit(review([]).model, { isDummy: true, issueType: [] })).toBeNull();
  });
});

describe('§4 submission status: every outcome', () => {
  it.each<[string, Edit[], boolean, { inspectionStatus: string; isApprovedByQc: number; isDummyInspection: number }]>([
    ['approve with no rejections gives done', [], false, { inspectionStatus: 'done', isApprovedByQc: 0, isDummyInspection: 0 }],
    ['a plain rejection gives smReviewRejected', [{ type: 'check', key: 'sunroof', checked: true }], false, { inspectionStatus: 'smReviewRejected', isApprovedByQc: 0, isDummyInspection: 0 }],
    ['only QC-editable changes give isApprovedByQc=1', [{ type: 'setValue', key: 'sunroof', value: 'No' }], false, { inspectionStatus: 'smReviewRejected', isApprovedByQc: 1, isDummyInspection: 0 }],
    ['only QC-masked images give isApprovedByQc=1', [{ type: 'mask', key: 'rcImages:rcImages0', masked: true }], false, { inspectionStatus: 'smReviewRejected', isApprovedByQc: 1, isDummyInspection: 0 }],
    ['masked images plus QC changes give isApprovedByQc=1', [{ type: 'mask', key: 'rcImages:rcImages0', masked: true }, { type: 'setValue', key: 'sunroof', value: 'No' }], false, { inspectionStatus: 'smReviewRejected', isApprovedByQc: 1, isDummyInspection: 0 }],
    ['a QC change plus a plain tick give isApprovedByQc=0', [{ type: 'setValue', key: 'sunroof', value: 'No' }, { type: 'check', key: 'abs', checked: true }], false, { inspectionStatus: 'smReviewRejected', isApprovedByQc: 0, isDummyInspection: 0 }],
    ['a dummy inspection gives isDummyInspection=1 whatever is ticked', [{ type: 'check', key: 'abs', checked: true }], true, { inspectionStatus: 'done', isApprovedByQc: 0, isDummyInspection: 1 }],
  ])('%s', (_name, edits, isDummy, expected) => {
    const { model, inspection } = review(edits);
    expect(buildSubmission(model, inspection, { ...opts, isDummy })).toMatchObject(expected);
  });

  it('§4 a dummy inspection clears selections: no rejected fields, no QC-editable fields, no issue types in any section', () => {
    const { model, inspection } = review([{ type: 'setValue', key: 'carColour', value: 'Red' }, { type: 'check', key: 'abs', checked: true }]);
    const p = buildSubmission(model, inspection, { ...opts, isDummy: true });
    for (const [key, s] of Object.entries(p.sections)) {
      if (key === 'summary') expect(s).toEqual({ issueType: [] });
      else expect(s).toEqual({ isApproved: 1, errorsCount: 0, rejectedFields: {}, qcEditableFields: {} });
    }
  });
});

describe('§4 mismatch items submit what QC added and removed', () => {
  it('a mismatch-in-RC edit is rejected with additionalInfo addedByQc / removedByQc', () => {
    const { model, inspection } = review([{ type: 'toggleOption', key: 'misMatchInRc', option: 'No Mismatch' }, { type: 'toggleOption', key: 'misMatchInRc', option: 'Colour' }], (i) => {
      i.inspectionData.carDetails!.rcAvailability.value = 'Original';
      i.inspectionData.carDetails!.rcAvailability.subParts!.misMatchInRc.value = ['No Mismatch'];
    });
    const entry = buildSubmission(model, inspection, opts).sections.carDetails!.rejectedFields.rcAvailability.subParts!.misMatchInRc;
    expect(entry).toMatchObject({ title: 'Mismatch In RC', value: 'Colour', isValidate: 5, additionalInfo: { addedByQc: ['Colour'], removedByQc: ['No Mismatch'] } });
  });
});
