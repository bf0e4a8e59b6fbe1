/** Public model types of the engine: what screens render and what the submission is built from. */
import type { ReviewConfig } from './config.ts';
import type { InspectionImage, RegistrySources, RemarkEntry, SectionKey } from './inspection.ts';

/** A tab of the product (its config's `product.tabs`, in display order). */
export type Tab = string;
export type { SectionKey };

export type Scalar = string | number | null;

export type Widget = 'text' | 'numeric' | 'select' | 'multiselect' | 'date' | 'readonly' | 'image' | 'audioRemark';
export const WIDGETS: readonly Widget[] = ['text', 'numeric', 'select', 'multiselect', 'date', 'readonly', 'image', 'audioRemark'];

/** Registry comparison outcome (spec 000 §3 'vaahanFlag', §5 'Registry comparison'). */
export type VaahanFlag = 'yes' | 'no' | 'info';

/** Row kinds: a recorded field, one image of an image group, or a comments list. */
export type RowKind = 'field' | 'image' | 'comments';

/** One checkable row as the reviewer sees it (spec 000 §3 'Checkable row'). */
export interface RowState {
  key: string;
  text: string;
  section: SectionKey;
  tab: Tab;
  /** Submission group (spec 000 §3 'Mapper groups'). */
  mapper: string;
  /** Top-level form key in the section, and the sub-part key when the row is a sub-part. */
  part: string;
  /** Keys from the section down to the field (the config's `path`; image rows: their group's). */
  path: string[];
  subPart?: string;
  widget: Widget;
  options?: string[];
  maxLength?: number;
  value: Scalar;
  id?: Scalar;
  newValue?: Scalar;
  newId?: Scalar;
  checked: boolean;
  isVisible: boolean;
  isDisabled: boolean;
  /** From commentFlag: 0 or 2 → false. */
  isEditable: boolean;
  /** The recorded commentFlag (spec 000 §3). */
  commentFlag?: number;
  /** RTO rows: the RTO code the reviewer chose (spec 000 §3 newRtoCode). */
  newRtoCode?: Scalar;
  isImportant?: boolean;
  isValid: boolean;
  errorMsg: string;
  /** Rejection remark the reviewer added in this review (latest), if any. */
  remark?: string;
  parentField?: string;
  dependentFields: string[];
  /** Notes and warnings the config attaches (e.g. 'QC Audit Required'). */
  notes?: string[];
  /** Row kind (closed union); image rows carry `image`. */
  kind?: RowKind;
  /** The reviewer's own tick; `checked` also includes ticks forced by rules. */
  userChecked?: boolean;
  /** 1-based position in `edits` of the reviewer's latest value edit of this row (setValue, toggleOption); absent if none. */
  editSeq?: number;
  /** Multi-select rows: recorded and edited choices (`value`/`newValue` hold them joined by ', '). */
  values?: string[];
  newValues?: string[] | null;
  /** Multi-select and comment rows: choices the reviewer added / removed (spec 000 §4 'added-by-QC or removed-by-QC'). */
  addedByQc?: string[];
  removedByQc?: string[];
  /** Recorded evidence image of the field, or the image of an image row. */
  image?: InspectionImage | null;
  /** Image rows: masked by QC in this review (isValidate 5). */
  isMaskedByQc?: boolean;
  /** Image rows: verified by the inspector's document check. */
  isVerified?: boolean;
  /** A rule flags the row (e.g. work-done values → QC audit): submitted with isValidate 4. */
  isFlagged?: boolean;
  /** Earlier remarks on the row (spec 000 §3 remarkHistory). */
  remarkHistory?: RemarkEntry[];
  /** Previous rejection message, if any. */
  prevValue?: string;
  /** Registry comparison (spec 000 §5): yes = matches, no = differs, info = shown for information. */
  vaahanFlag?: VaahanFlag;
  registryValue?: string | null;
  smsValue?: string | null;
  dataSource?: string | null;
  /** Input rules the screen applies while typing. */
  upperCase?: boolean;
  /** Exclusive choices of a multi-select ('No Mismatch', 'Ok'). */
  exclusiveOptions?: string[];
  /** Recorded extra details (tyres: treadDepth, currentCondition; electricals: currentCondition), image left out. */
  additionalInfo?: Record<string, unknown>;
  /** The row offers an image upload (RTO NOC / NMC available: Yes). */
  canUpload?: boolean;
  /** Choices come from this lookup call (make, model, variant, state, rto, city, store, financier, nocIssuedFor; the bike's bikeFinancier). */
  lookup?: string;
}

/** Context an evaluation runs in; kept on the model so `apply` needs nothing else. */
export interface EvalContext {
  version: number;
  hasWorkflowId: boolean;
  tenant: string | null;
  qcAudit: number;
  role: string | null;
  /** `duplicateKey` value of GET api/Config (1 shows the duplicate-key note). */
  duplicateKeyConfig: number;
  /** Today, DD-MM-YYYY: the only clock the rules see. */
  today: string;
  /** Values the product config declares under `context` (e.g. the car's `registryInsuranceExpiry`). */
  [declared: string]: unknown;
}

/** Optional inputs of `evaluate` besides the inspection, edits and registry data. */
export interface EvaluateOptions {
  role?: string | null;
  duplicateKeyConfig?: number;
  /** DD-MM-YYYY; defaults to the current date. */
  today?: string;
}

/**
 * The review form: built by `evaluate`, replaced (never mutated) by `apply`. Rows no edit touched are shared
 * between successive models.
 */
export interface ReviewModel {
  /** By row key; image rows are keyed `group:hashKey`. */
  rows: Record<string, RowState>;
  /** Row keys in display order. */
  order: string[];
  /** Count of marked errors per tab (every tab of the product, 0 when none). */
  errorsCount: Record<Tab, number>;
  /** Every edit applied so far, in order (evaluate(inspection, model.edits) rebuilds the model). */
  edits?: Edit[];
  /** The context the rules saw (set by `evaluate`). */
  context?: EvalContext;
  /** The registry data compared against (set by `evaluate`). */
  registry?: RegistrySources | null;
  /** The product config the model was built from: submission and validation read their rules from it. */
  config: ReviewConfig;
}

/** A reviewer action on one row (spec 000 §4). */
export type Edit =
  /** Tick (mark as error) or untick; unticking clears the new value. */
  | { type: 'check'; key: string; checked: boolean }
  /** New value (and id for lookups); ticks the row. Dates may be given as dd/MM/yyyy; upper-case rows are upper-cased. */
  | { type: 'setValue'; key: string; value: Scalar; id?: Scalar }
  /** Rejection remark of this review (trimmed; empty clears it). */
  | { type: 'remark'; key: string; remark: string }
  /** Multi-select rows: toggle one choice, honouring exclusive choices (spec 000 §4). */
  | { type: 'toggleOption'; key: string; option: string }
  /** Image rows: the reviewer masked (or unmasked) the image. */
  | { type: 'mask'; key: string; masked: boolean };
