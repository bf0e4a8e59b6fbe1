/**
 * The shape of an inspection as the main host answers it (`GET v2/inspection/{id}` → `{ detail }`),
 * shared by the seed generator, the server, the engine and the screens. Field names follow the spec (000 §3).
 */

export type SectionKey =
  | 'carDetails'
  | 'exteriorTyres'
  | 'electricalsInterior'
  | 'airConditioning'
  | 'engineTransmission'
  | 'steeringSuspensionBrakes'
  | 'summary';

export const SECTION_KEYS: readonly SectionKey[] = [
  'carDetails',
  'exteriorTyres',
  'electricalsInterior',
  'airConditioning',
  'engineTransmission',
  'steeringSuspensionBrakes',
  'summary',
];

export type InspectionStatus = 'new' | 'smReview' | 'done' | 'smReviewRejected';

export interface InspectionImage {
  hashKey: string;
  title: string;
  url: string;
  originalUrl?: string;
  oldUrl?: string;
  imageType?: 'rc' | 'addnl' | 'chasis';
  isValidate?: number;
  rotation?: number;
  isMaskedByQc?: boolean;
}

/** One recorded field of a section. `value` is what the inspector recorded. */
export interface InspectionField {
  title: string;
  value: string | number | null;
  id?: string | number | null;
  /** 0 or 2: not editable by QC; anything else: editable (000 §3). */
  commentFlag?: number;
  subParts?: Record<string, InspectionField>;
  image?: InspectionImage;
  additionalInfo?: Record<string, unknown>;
}

export type InspectionSection = Record<string, InspectionField>;

export interface RejectionRemark {
  rejectionRemark: string;
  role: string;
  timestamp: string;
}

export interface InspectionDetail {
  carId: number;
  appointmentId: string;
  leadToken: string;
  version: number;
  tenant: string | null;
  workflowId: string | null;
  isCritical: number;
  category: string;
  inspectionStatus: InspectionStatus;
  inspectionEndTime: string;
  make: string;
  model: string;
  storeName: string;
  city: string;
  qcAssign: { to: string | null };
  qcAudit: number;
  issueType?: number[];
  rejectionRemarkMapper: RejectionRemark[];
  reInspectionReason?: { reason: string } | null;
  vahanData?: Record<string, unknown> | null;
  inspectionData: Partial<Record<SectionKey, InspectionSection>>;
}

/** One row of `GET v2/inspection-data-list` (000 §3 'Inspection list row'). */
export interface InspectionListRow {
  appointmentId: string;
  carId: number;
  category: string;
  inspectionEndTime: string;
  make: string;
  model: string;
  storeName: string;
  qcAssign: { to: string | null };
  qcAudit: number;
  reInspectionReason: { reason: string } | null;
  isReportProcessed: number;
  reInspectionProcessing: number;
  dealerPriceProcessing: number;
  isPDILead: number;
  workflowId: string | null;
  inspectionStatus: InspectionStatus;
  version: number;
}

/** One rejected item of a section in the submission payload (000 §3). */
export interface RejectedField {
  title: string;
  value: string | number | null;
  message: string;
  isValidate: number;
  subParts?: Record<string, RejectedField>;
  additionalInfo?: Record<string, unknown>;
}

export interface SectionResult {
  isApproved: number;
  errorsCount: number;
  rejectedFields: Record<string, RejectedField>;
  qcEditableFields: Record<string, { title: string; value: string | number | null; id?: string | number | null }>;
}

/** `PATCH qc-section-report-submit/{id}` body (000 §3 'Submission payload'). */
export interface SubmissionPayload {
  carId: number;
  version: number;
  role: 'qc';
  inspectionStatus: InspectionStatus;
  reviewStartTime: string;
  reviewEndTime: string;
  client: 'web';
  isCritical: number;
  otherComments: { title: string; lines: string[] };
  isDummyInspection: number;
  isApprovedByQc: number;
  sections: Partial<Record<Exclude<SectionKey, 'summary'>, SectionResult>> & { summary: { issueType: number[] } };
}
