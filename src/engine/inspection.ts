/**
 * The shape of an inspection as the main host answers it (`GET v2/inspection/{id}` → `{ detail }`),
 * shared by the seed generator, the server, the engine and the screens. Field names follow the spec (000 §3).
 */

/** A section of an inspection's data: one of its product's declared sections (config `product.sections`). */
export type SectionKey = string;

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
  /**
   * Remarks saved on this image (000 §3 Image remarkHistory; `POST v2/rejection-remark` with its hashKey). Not stored:
   * `GET v2/inspection/{id}` merges them from the remarks table when it answers.
   */
  remarkHistory?: RemarkEntry[];
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
  /**
   * Rejection remarks on this field (000 §3 remarkHistory): `GET v2/inspection/{id}` merges the remarks saved with
   * `POST v2/rejection-remark` (this version and earlier ones of the appointment) into whatever the document holds.
   */
  remarkHistory?: RemarkEntry[];
  /**
   * Set when a QC submission corrected this field (a `qcEditableFields` entry): `value` / `id` then hold the QC's
   * corrected value and this keeps what the inspector recorded (null when the inspector recorded nothing).
   */
  inspectorValue?: FieldValue;
  /** The inspector's `id`, kept beside `inspectorValue` when the correction also changed the id. */
  inspectorId?: string | number | null;
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

/** One rejection remark of a stored QC result; `timestamp` is DD-MM-YYYY HH:mm:ss (000 §3 'Inspection detail'). */
export interface SectionRejectionRemark {
  rejectionRemark: string;
  role: string;
  user: string;
  timestamp: string;
  /** Section-level list: the rejected field, as its path joined with '.' (e.g. 'insuranceType.noClaimBonus'). */
  field?: string;
  /** Section-level list: the field's title. */
  title?: string;
  /** Section-level list: the field's isValidate code (000 §9). */
  isValidate?: number;
  /** Saved remarks (per-field lists): text or audio, with the audio's url. */
  type?: 'text' | 'audio';
  presignedUrl?: string;
}

/**
 * One entry of a section's `errors` map (000 §3): a rejected field of the submission (from its `rejectedFields`).
 * isValidate (000 §9): 1 validation error, 2 rejected, 4 flagged, 5 rejected by QC or masked; 0 with an empty
 * message marks a bare container whose own value was not rejected but whose `subParts` hold rejected fields.
 */
export interface SectionError {
  title: string;
  value: FieldValue;
  isValidate: number;
  /** The rejection message: the reviewer's latest remark, else 'Rejected by qc.'. */
  message: string;
  /** Remarks saved on this field or image during the review (`POST v2/rejection-remark`), as at submission. */
  rejectionRemarks?: SectionRejectionRemark[];
  subParts?: Record<string, SectionError>;
  additionalInfo?: Record<string, unknown>;
}

/**
 * What a QC submission stored for one section (000 §3 'Inspection detail': each section has an errors map and a
 * rejectionRemarks list). Kept beside `inspectionData` (in `InspectionDetail.sections`), never inside it: every
 * key of an `inspectionData` section is an `InspectionField`.
 */
export interface SectionReview {
  /** 1 when nothing of the section was rejected (absent for summary). */
  isApproved?: number;
  errorsCount?: number;
  /** Rejected fields keyed by field key, sub-parts and images (by hashKey) nested in `subParts`; {} when approved. */
  errors: Record<string, SectionError>;
  /** One entry per rejected field: its message, stamped with the submission time. [] when approved. */
  rejectionRemarks: SectionRejectionRemark[];
  /** Summary only: the issue types chosen in the rejection popup. */
  issueType?: number[];
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
  /** One of the product's declared statuses (config `product.statuses`; the car's: src/products/car/inspection.ts). */
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
  inspectionData: Partial<Record<SectionKey, InspectionSection>>;
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
  /**
   * The submission's results per section (000 §3 'Inspection detail' sections: errors map and rejectionRemarks),
   * one entry per section of the submitted payload. Absent until the inspection is submitted.
   */
  sections?: Partial<Record<SectionKey, SectionReview>>;
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
  /** The status the product's `outcomes.submission` gives. */
  inspectionStatus: string;
  reviewStartTime: string;
  reviewEndTime: string;
  client: 'web';
  isCritical: number;
  otherComments: { title: string; lines: string[] };
  isDummyInspection: number;
  isApprovedByQc: number;
  /** One result per section of the product but `summary`, which holds the issue types. */
  sections: SubmissionSections;
}

/** The `sections` of a submission: section results by section key, and the summary's issue types. */
export type SubmissionSections = { [section: SectionKey]: SectionResult | undefined } & { summary: { issueType: number[] } };

/** Builds `sections` from the section results and the summary's issue types (the index signature cannot say 'all but summary'). */
export function submissionSections(results: Record<SectionKey, SectionResult>, issueType: number[]): SubmissionSections {
  return { ...results, summary: { issueType } } as SubmissionSections;
}
