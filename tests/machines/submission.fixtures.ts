/** A small real inspection and review models built by the real engine over the car config. */
import { carEngine } from '../support/car.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import type { Edit, ReviewModel } from '../../src/engine/types.ts';

export const inspection: InspectionDetail = {
  carId: 1001,
  appointmentId: '1005120037',
  leadToken: 'lead-1001',
  version: 0,
  tenant: null,
  workflowId: null,
  isCritical: 0,
  category: 'New',
  inspectionStatus: 'smReview',
  inspectionEndTime: '2026-11-23 09:00:00',
  make: 'Maruti Suzuki',
  model: 'Swift',
  storeName: 'Pune Baner',
  city: 'Pune',
  qcAssign: { to: 'qc.reviewer@qc.example' },
  qcAudit: 0,
  rejectionRemarkMapper: [],
  inspectionData: {
    carDetails: {
      fuelType: { title: 'Fuel Type', value: 'Diesel', commentFlag: 1 },
      insuranceType: {
        title: 'Insurance Type',
        value: '3rd Party',
        commentFlag: 1,
        subParts: { insuranceExpiry: { title: 'Insurance Expiry', value: '01-01-2027', commentFlag: 1 } },
      },
      customerName: { title: 'Customer Name', value: 'Rahul Sharma', commentFlag: 0 },
    },
  },
};

export const review = (edits: Edit[] = []): ReviewModel => carEngine.evaluate(inspection, edits);

/** Nothing ticked: an approval. */
export const approvedReview = (): ReviewModel => review();

/** A non-editable row ticked with a remark: a plain rejection. */
export const rejectedReview = (): ReviewModel =>
  review([
    { type: 'check', key: 'customerName', checked: true },
    { type: 'remark', key: 'customerName', remark: 'Name differs from RC' },
  ]);

/** An editable document row ticked without a new value: blocked before submit. */
export const unfilledReview = (): ReviewModel => review([{ type: 'check', key: 'insuranceType', checked: true }]);
