import type { InspectionListRow } from '../src/products/car/inspection.ts';

const makes = [
  ['Maruti', 'Swift'], ['Hyundai', 'i20'], ['Honda', 'City'], ['Tata', 'Nexon'], ['Mahindra', 'XUV300'],
] as const;
const categories = ['New', 'New(CR)', 'New(R)', 'Re-inspection', 'Re-inspection(CR)', 'Re-inspection(R)'];
const stores = ['Gurgaon Hub', 'Noida Hub', 'Andheri Hub', 'Whitefield Hub'];

/** `count` list rows whose inspections ended 0–90 minutes ago, every third one assigned. */
export function listRows(count: number, now = Date.now()): InspectionListRow[] {
  return Array.from({ length: count }, (_, i) => {
    const [make, model] = makes[i % makes.length];
    return {
      appointmentId: `APT${String(100000 + i)}`,
      carId: 5000 + i,
      category: categories[i % categories.length],
      inspectionEndTime: new Date(now - ((i * 7) % 90) * 60_000).toISOString(),
      make,
      model,
      storeName: stores[i % stores.length],
      qcAssign: { to: i % 3 === 0 ? 'qc.reviewer2@qc.example' : null },
      qcAudit: 0,
      reInspectionReason: null,
      isReportProcessed: i % 11 === 5 ? 0 : 1,
      reInspectionProcessing: 0,
      dealerPriceProcessing: 0,
      isPDILead: 0,
      workflowId: null,
      inspectionStatus: 'smReview',
      version: 0,
    };
  });
}
