/**
 * The shape of an inspection's recorded data as the engine reads it, whatever the product: sections of fields (with
 * their images, sub-parts and remarks), the results a submission stores per section, and what every product's
 * submission carries. A product adds its own header fields (the car's: src/products/car/inspection.ts); the engine
 * reads only what is declared here, and the product's config names the rest (context, submission header).
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

export type InspectionSection = Record<string, InspectionField>;

/**
 * Registry data the engine reads beside an inspection (registry comparisons, declared context): sources by name as
 * the product's config names them, each a record of fields; any may be missing.
 */
export type RegistrySources = { readonly [source: string]: Readonly<Record<string, unknown>> | null | undefined };

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

/**
 * An inspection as the engine reads it: its sections of recorded fields, and the header facts its built-in context
 * offers (`version`, `hasWorkflowId`, `tenant`, `qcAudit`). A product's inspection extends it with its own header.
 */
export interface InspectionDocument {
  version?: number;
  workflowId?: string | null;
  tenant?: string | null;
  qcAudit?: number;
  inspectionData: Partial<Record<SectionKey, InspectionSection>>;
  /** The submission's stored results per section (absent until submitted). */
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

/**
 * What every product's review submission carries (000 §3 'Submission payload' less its header): the outcome, each
 * section's result, the reviewer's comments and times. The product's config adds its header fields
 * (`product.submissionHeader`: the car's carId, version, role and client).
 */
export interface SubmissionBody {
  /** The status the product's `outcomes.submission` gives. */
  inspectionStatus: string;
  reviewStartTime: string;
  reviewEndTime: string;
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
