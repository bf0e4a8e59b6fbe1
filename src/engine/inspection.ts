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
  /** Verified by the inspector's document check: drives 'Show Verified' / 'Show Non Verified'. */
  isVerified?: boolean;
  isValidate?: number;
  rotation?: number;
  isPdf?: boolean;
  pointerCount?: number;
  isTilted?: boolean;
  maskedBy?: string;
  isMaskedByQc?: boolean;
  serverTime?: string;
}

export type FieldValue = string | number | string[] | null;

/** One recorded field of a section. `value` is what the inspector recorded. */
export interface InspectionField {
  title: string;
  /** Recorded value; multi-selects (mismatchInRc, rcCondition, chassisNumberEmbossing, comments) hold string[]. */
  value: FieldValue;
  id?: string | number | null;
  /** 0 or 2: not editable by QC; anything else: editable (000 §3). */
  commentFlag?: number;
  /** Marked important by the inspection app (shown first / highlighted). */
  isImportant?: boolean;
  subParts?: Record<string, InspectionField>;
  /** A single evidence image (odometer, tyre, RTO NOC, road tax …). */
  image?: InspectionImage;
  /** Image groups (RC1–RC5, Insurance1–5, duplicate keys, main exterior views, interior views). */
  images?: InspectionImage[];
  additionalInfo?: Record<string, unknown>;
  /** Earlier rejection remarks on this field (000 §3 remarkHistory). */
  remarkHistory?: RemarkEntry[];
}

/** One remark on a field (000 §3): timestamp in unix seconds. */
export interface RemarkEntry {
  id: string;
  user: string;
  type: 'text' | 'audio';
  remark: string;
  presignedUrl?: string;
  timestamp: number;
  role: string;
}

/**
 * Government registry data (`GET vahan/{appointmentId}` → `{ detail: RegistryData }`, 000 §5/§7).
 * Two registry sources and the SMS-parsed record; any may be missing. Dates are DD-MM-YYYY.
 */
export interface RegistryRecord {
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
}

export interface RegistryData {
  parivahan1?: RegistryRecord | null;
  vahanWebsite?: RegistryRecord | null;
  parseSms?: { registrationNumber?: string } | null;
  bgcData?: { migratedVehicle?: boolean } | null;
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
  /** Registry website summary kept on the inspection (000 §3); the full per-source data comes from `vahan/{id}`. */
  vahanData?: RegistryRecord | null;
  raEmail?: string | null;
  regionDepartmentEmail?: string | null;
  currentAuctionVersion?: number | null;
  lastAuctionVersion?: number | null;
  /** Re-inspection differences with the last auction version (RI Changes table). */
  riTableData?: { title: string; oldValue: FieldValue; newValue: FieldValue }[];
  selectedVersion?: number | null;
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
