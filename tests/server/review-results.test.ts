// The pure parts of the stored submission results (server/services/review-results.ts, and the version list's
// summary of them, submissionSummary of server/repos/inspections.ts): no database.
import { describe, expect, it } from 'vitest';
import { submissionSummary } from '../../server/repos/inspections.ts';
import type { StoredRemark } from '../../server/repos/remarks.ts';
import { applySubmission, mergeRemarkHistory, remarkTime, type SubmissionContext } from '../../server/services/review-results.ts';
import { carReviewConfig } from '../support/car.ts';
import { submissionSections } from '../../src/engine/inspection.ts';
import { type InspectionDetail, type SubmissionPayload } from '../../src/products/car/inspection.ts';

function inspection(): InspectionDetail {
  return {
    carId: 1, appointmentId: 'A1', leadToken: 't', version: 0, tenant: null, workflowId: null, isCritical: 0, category: 'New',
    inspectionStatus: 'smReview', inspectionEndTime: '2026-01-01T00:00:00.000Z', make: 'M', model: 'X', storeName: 'S', city: 'C',
    qcAssign: { to: 'qc.reviewer@qc.example' }, qcAudit: 0, rejectionRemarkMapper: [],
    inspectionData: {
      carDetails: {
        chassisNo: { title: 'Chassis Number', value: 'ABC123' },
        insuranceType: {
          title: 'Insurance Type', value: 'Comprehensive',
          subParts: { noClaimBonus: { title: 'No Claim Bonus', value: 'Yes', subParts: { noClaimBonusPercentage: { title: 'NCB %', value: '20' } } } },
        },
        rcAvailability: { title: 'RC Availability', value: 'Original', subParts: { misMatchInRc: { title: 'Mismatch In RC', value: ['No Mismatch'] } } },
        registrationState: { title: 'Registration State', value: 'Maharashtra', id: 7 },
      },
      exteriorTyres: { mainImages: { title: 'Main Images', value: null, images: [{ hashKey: 'H1', title: 'Front Main', url: '/a.jpg' }] } },
    },
  };
}

const remark = (over: Partial<StoredRemark>): StoredRemark => ({
  id: 1, car_id: 1, section: 'carDetails', part: null, sub_part: null, hash_key: null, type: 'text', remark: 'r', presigned_url: null,
  user_email: 'qc.reviewer@qc.example', role: 'qc', created_at: new Date('2026-01-02T10:00:00Z'), ...over,
});

describe('mergeRemarkHistory (000 §3 remarkHistory)', () => {
  it('puts remarks on the field by part / last sub-part (also via a config alias) and on images by hashKey, without changing the input', () => {
    const d = inspection();
    const copy = structuredClone(d);
    const out = mergeRemarkHistory(
      d,
      [
        remark({ id: 1, part: 'chassisNumber', remark: 'alias' }),
        remark({ id: 2, part: 'insuranceType', sub_part: 'noClaimBonusPercentage', remark: 'nested' }),
        remark({ id: 3, section: 'exteriorTyres', part: 'mainImages', hash_key: 'H1', remark: 'image' }),
        remark({ id: 4, part: 'nowhere', remark: 'dropped' }),
        remark({ id: 5, part: 'chassisNumber', remark: 'older', created_at: new Date('2026-01-01T10:00:00Z') }),
      ],
      carReviewConfig,
    );
    expect(d).toEqual(copy);
    expect(out.inspectionData.carDetails!.chassisNo.remarkHistory!.map((r) => r.remark)).toEqual(['older', 'alias']);
    expect(out.inspectionData.carDetails!.insuranceType.subParts!.noClaimBonus.subParts!.noClaimBonusPercentage.remarkHistory).toEqual([
      { id: '2', user: 'qc.reviewer@qc.example', type: 'text', remark: 'nested', timestamp: Date.parse('2026-01-02T10:00:00Z') / 1000, role: 'qc' },
    ]);
    expect(out.inspectionData.exteriorTyres!.mainImages.images![0].remarkHistory!.map((r) => r.remark)).toEqual(['image']);
    expect(out.inspectionData.exteriorTyres!.mainImages.remarkHistory).toBeUndefined();
  });

  it('keeps entries the document already holds and replaces one with the same id', () => {
    const d = inspection();
    d.inspectionData.carDetails!.chassisNo.remarkHistory = [{ id: '1', user: 'u', type: 'text', remark: 'stale', timestamp: 1, role: 'qc' }, { id: 'x', user: 'u', type: 'text', remark: 'kept', timestamp: 2, role: 'qc' }];
    const out = mergeRemarkHistory(d, [remark({ id: 1, part: 'chassisNumber', remark: 'fresh' })], carReviewConfig);
    expect(out.inspectionData.carDetails!.chassisNo.remarkHistory!.map((r) => r.remark)).toEqual(['kept', 'fresh']);
  });
});

describe('applySubmission (000 §3 sections: errors map, rejectionRemarks; QC corrections)', () => {
  const at = new Date('2026-03-04T05:06:07Z');
  const ctx = (remarks: StoredRemark[] = []): SubmissionContext => ({
    reviewer: 'qc.reviewer@qc.example', role: 'qc', at, reviewStartTime: new Date('2026-03-04T05:00:00Z'), reviewEndTime: at, remarks, config: carReviewConfig,
  });
  const payload = (): SubmissionPayload => ({
    carId: 1, version: 0, role: 'qc', inspectionStatus: 'smReviewRejected', reviewStartTime: '2026-03-04T05:00:00Z', reviewEndTime: '2026-03-04T05:06:07Z',
    client: 'web', isCritical: 1, otherComments: { title: 'Other comments', lines: ['a'] }, isDummyInspection: 0, isApprovedByQc: 1,
    sections: submissionSections({
      carDetails: {
        isApproved: 0, errorsCount: 3,
        rejectedFields: {
          insuranceType: { title: 'Insurance Type', value: 'Comprehensive', message: '', isValidate: 0, subParts: { noClaimBonus: { title: 'No Claim Bonus', value: 'No', message: 'Rejected by qc.', isValidate: 5 } } },
          rcAvailability: { title: 'RC Availability', value: 'Original', message: '', isValidate: 0, subParts: { misMatchInRc: { title: 'Mismatch In RC', value: 'Owner Name, Registration Number', message: 'Rejected by qc.', isValidate: 5 } } },
          registrationState: { title: 'Registration State', value: 'Goa', message: 'Rejected by qc.', isValidate: 5 },
        },
        qcEditableFields: {
          noClaimBonus: { title: 'No Claim Bonus', value: 'No' },
          misMatchInRc: { title: 'Mismatch In RC', value: 'Owner Name, Registration Number' },
          registrationState: { title: 'Registration State', value: 'Goa', id: 11 },
        },
      },
      exteriorTyres: {
        isApproved: 0, errorsCount: 1,
        rejectedFields: { mainImages: { title: 'Main Images', value: null, message: '', isValidate: 0, subParts: { H1: { title: 'Front Main', value: '/b.jpg', message: 'Blurred', isValidate: 5, additionalInfo: { hashKey: 'H1', url: '/b.jpg', isMaskedByQc: true } } } } },
        qcEditableFields: {},
      },
    }, [3]),
  });

  it('nests errors like rejectedFields (containers isValidate 0), lists one rejection remark per rejected field, attaches saved remarks', () => {
    const out = applySubmission(inspection(), payload(), ctx([remark({ id: 9, section: 'exteriorTyres', part: 'mainImages', hash_key: 'H1', remark: 'Blurred', created_at: at })]));
    const car = out.sections!.carDetails!;
    expect(car.errors.insuranceType).toEqual({
      title: 'Insurance Type', value: 'Comprehensive', isValidate: 0, message: '',
      subParts: { noClaimBonus: { title: 'No Claim Bonus', value: 'No', isValidate: 5, message: 'Rejected by qc.' } },
    });
    expect(car.rejectionRemarks.map((r) => r.field)).toEqual(['insuranceType.noClaimBonus', 'rcAvailability.misMatchInRc', 'registrationState']);
    expect(car.rejectionRemarks[0]).toEqual({ field: 'insuranceType.noClaimBonus', title: 'No Claim Bonus', rejectionRemark: 'Rejected by qc.', isValidate: 5, role: 'qc', user: 'qc.reviewer@qc.example', timestamp: remarkTime(at) });
    expect(remarkTime(at)).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const image = out.sections!.exteriorTyres!.errors.mainImages.subParts!.H1;
    expect(image).toMatchObject({ isValidate: 5, message: 'Blurred', additionalInfo: { hashKey: 'H1', isMaskedByQc: true } });
    expect(image.rejectionRemarks).toEqual([{ rejectionRemark: 'Blurred', type: 'text', role: 'qc', user: 'qc.reviewer@qc.example', timestamp: remarkTime(at) }]);
    expect(out.sections!.summary).toEqual({ errors: {}, rejectionRemarks: [], issueType: [3] });
    expect(out).toMatchObject({ isCritical: 1, issueType: [3], isApprovedByQc: 1, isDummyInspection: 0, otherComments: { title: 'Other comments', lines: ['a'] }, qcUser: 'qc.reviewer@qc.example', submittedAt: at.toISOString() });
    expect(submissionSummary(out)).toMatchObject({ errorsCount: 4, isCritical: 1, issueType: [3] });
    expect(submissionSummary(inspection())).toBeNull();
  });

  it('applies QC corrections to the fields (multi-selects as lists, ids), keeping the inspector values; the input is not changed', () => {
    const d = inspection();
    const copy = structuredClone(d);
    const out = applySubmission(d, payload(), ctx());
    expect(d).toEqual(copy);
    const car = out.inspectionData.carDetails!;
    expect(car.insuranceType.subParts!.noClaimBonus).toMatchObject({ value: 'No', inspectorValue: 'Yes' });
    expect(car.insuranceType.subParts!.noClaimBonus).not.toHaveProperty('inspectorId');
    expect(car.rcAvailability.subParts!.misMatchInRc).toMatchObject({ value: ['Owner Name', 'Registration Number'], inspectorValue: ['No Mismatch'] });
    expect(car.registrationState).toMatchObject({ value: 'Goa', id: 11, inspectorValue: 'Maharashtra', inspectorId: 7 });
    expect(car.chassisNo).toEqual({ title: 'Chassis Number', value: 'ABC123' });
  });
});
