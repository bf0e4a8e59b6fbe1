/**
 * The car's own inspection types (spec 000 §3): its statuses and the row of its inspection list. The engine's
 * inspection shape (src/engine/inspection.ts) knows no product: a status there is one the product's config declares.
 */

/** The car's inspection statuses, as src/config/car/product.json declares them. */
export type InspectionStatus = 'new' | 'smReview' | 'done' | 'smReviewRejected';

/** One row of `GET v2/inspection-data-list` (000 §3 'Inspection list row'). */
export interface InspectionListRow {
  appointmentId: string;
  carId: number;
  category: string;
  inspectionEndTime: string;
  make: string;
  model: string;
  storeName: string;
  /** `assignedAt`: when the assignee got it (ISO), which the review countdown runs from. */
  qcAssign: { to: string | null; assignedAt?: string | null };
  qcAudit: number;
  reInspectionReason: { reason: string } | null;
  isReportProcessed: number;
  reInspectionProcessing: number;
  dealerPriceProcessing: number;
  isPDILead: number;
  workflowId: string | null;
  inspectionStatus: InspectionStatus;
  version: number;
  /**
   * The one detail field the list shows (000 §3 'Inspection list row': inspectionData.carDetails.pdiType.value):
   * the PDI type of a PDI lead, `value` null when the inspection has none. Optional: older servers leave it out.
   */
  inspectionData?: { carDetails: { pdiType: { value: string | null } } };
}
