/**
 * The car's own inspection types (spec 000 §3): its statuses, the inspection with its header, the registry data, the
 * submission payload and the row of its inspection list. The engine's shapes (src/engine/inspection.ts) know no
 * product: the car's types extend them.
 */
import type { FieldValue, InspectionDocument, SubmissionBody } from '../../engine/inspection.ts';

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

/**
 * Government registry data (`GET vahan/{appointmentId}` → `{ detail: RegistryData }`, 000 §5/§7).
 * Two registry sources and the SMS-parsed record; any may be missing. Dates are DD-MM-YYYY. Type aliases, so they
 * fit the engine's RegistrySources (an interface has no index signature).
 */
export type RegistryRecord = {
  registrationNumber?: string;
  /** Registration date, DD-MM-YYYY. */
  registrationDate?: string;
  fitnessUpto?: string;
  chassisNumber?: string;
  engineNumber?: string;
  /** Registering RTO as the registry writes it, e.g. 'MH01 MUMBAI CENTRAL': its first five characters are the RTO code. */
  registeredAt?: string;
  /** NOC status as the registry writes it (mapped to Yes/No by config). */
  nocDetails?: string | null;
  ownerCount?: number;
  /** Financier key: present (non-empty) when the vehicle is hypothecated. */
  financier?: string | null;
  /** 'LTT' / 'OTT' (life-time / one-time) or a DD-MM-YYYY date. */
  taxUpTo?: string;
  ownerName?: string;
  email?: string;
  maker?: string;
  model?: string;
  fuelType?: string;
  manufacturingMonthYr?: string;
  insuranceExpiry?: string;
};

export type RegistryData = {
  parivahan1?: RegistryRecord | null;
  vahanWebsite?: RegistryRecord | null;
  parseSms?: { registrationNumber?: string } | null;
  bgcData?: { migratedVehicle?: boolean } | null;
};

export interface RejectionRemark {
  rejectionRemark: string;
  role: string;
  timestamp: string;
}

/** The car inspection (`GET v2/inspection/{id}` → `{ detail }`, 000 §3): the engine's document with the car's header. */
export interface InspectionDetail extends InspectionDocument {
  carId: number;
  appointmentId: string;
  leadToken: string;
  version: number;
  tenant: string | null;
  workflowId: string | null;
  isCritical: number;
  category: string;
  /** One of the car config's statuses (`InspectionStatus` above; stored as text). */
  inspectionStatus: string;
  inspectionEndTime: string;
  make: string;
  model: string;
  storeName: string;
  city: string;
  /** `assignedAt`: when the assignee got it (ISO), which the review countdown runs from. */
  qcAssign: { to: string | null; assignedAt?: string | null };
  qcAudit: number;
  issueType?: number[];
  rejectionRemarkMapper: RejectionRemark[];
  reInspectionReason?: { reason: string } | null;
  /** Registry website summary kept on the inspection (000 §3); the full per-source data comes from `vahan/{id}`. */
  vahanData?: RegistryRecord | null;
  raEmail?: string | null;
  regionDepartmentEmail?: string | null;
  currentAuctionVersion?: number | null;
  lastAuctionVersion?: number | null;
  /** Re-inspection differences with the last auction version (RI Changes table). */
  riTableData?: { title: string; oldValue: FieldValue; newValue: FieldValue }[];
  selectedVersion?: number | null;
  /** The reviewer who submitted the QC review (set on submission). */
  qcUser?: string | null;
  /** Set on submission (000 §3 'Submission payload'): 1 when submitted as a dummy inspection. */
  isDummyInspection?: number;
  /** Set on submission (000 §4): 1 when every rejection was a QC mask or a QC-editable correction. */
  isApprovedByQc?: number;
  /** Set on submission: the other comments of the review (title and lines). */
  otherComments?: { title: string; lines: string[] };
  /** Set on submission: when the review started and ended (ISO date-times). */
  reviewStartTime?: string;
  reviewEndTime?: string;
  /** Set on submission: when the server stored it (ISO date-time). */
  submittedAt?: string;
}

/**
 * `PATCH qc-section-report-submit/{id}` body (000 §3 'Submission payload'): the engine's submission with the header
 * the car config declares (`product.submissionHeader` in src/config/car/product.json).
 */
export type SubmissionPayload = SubmissionBody & { carId: number; version: number; role: 'qc'; client: 'web' };
