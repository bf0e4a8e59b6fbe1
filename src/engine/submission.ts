/**
 * Pre-submit validation and the submission payload (spec 000 §3 'Submission payload', §4 'Submission status',
 * §5 'Before submit'). Pure functions of the model; the server runs the same ones on every submission.
 */
import type { ReviewConfig, RowConfig, RowSelector } from './config.ts';
import {
  submissionSections,
  type InspectionDocument,
  type RejectedField,
  type SectionKey,
  type SectionResult,
  type SubmissionBody,
} from './inspection.ts';
import type { FORM_VARIABLES, ROW_EXTRAS, ROW_VARIABLES } from './config-variables.ts';
import { runLogic, truthy } from './logic.ts';
import { evaluateOutcome } from './outcome.ts';
import type { ReviewModel, RowState } from './types.ts';

/** A failed pre-submit check: the alert to show (base text, then the failing rows' texts one per line) and the row keys. */
export interface SubmitBlock {
  alert: string;
  fields: string[];
}

export interface ValidateOptions {
  isDummy: boolean;
  /** Issue types chosen in the rejection popup; when given, an empty choice fails ('Please select Issue Type'). */
  issueType?: number[];
}

export interface BuildOptions {
  isCritical: boolean;
  isDummy: boolean;
  issueType: number[];
  reviewStartTime: string;
  reviewEndTime: string;
}

const configCache = new WeakMap<ReviewConfig, Map<string, RowConfig>>();
function rowConfigs(config: ReviewConfig): Map<string, RowConfig> {
  let m = configCache.get(config);
  if (!m) {
    m = new Map(config.rows.map((r) => [r.key, r]));
    configCache.set(config, m);
  }
  return m;
}
const groupOf = (key: string) => key.split(':')[0];

/** The config a model was built from (set by the engine); a hand-made model must pass its config. */
function configOf(model: ReviewModel): ReviewConfig {
  if (!model.config) throw new Error('this model was not built by an engine: pass its config');
  return model.config;
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** The rejection reason of a row: this review's remark, else the latest remark by a QC, store-manager or admin role. */
export function latestRemark(row: RowState, config: ReviewConfig): string | null {
  if (row.remark) return row.remark;
  const qc = (row.remarkHistory ?? []).filter((r) => config.constants.remarkRoles.includes(r.role) && r.remark.trim() !== '');
  if (!qc.length) return null;
  return qc.reduce((a, b) => (b.timestamp >= a.timestamp ? b : a)).remark;
}

function selects(sel: RowSelector | undefined, row: RowState): boolean {
  if (!sel) return true;
  if (sel.keys && !sel.keys.includes(row.key) && !sel.keys.includes(groupOf(row.key))) return false;
  if (sel.tabs && !sel.tabs.includes(row.tab)) return false;
  if (sel.mappers && !sel.mappers.includes(row.mapper)) return false;
  if (sel.kinds && !sel.kinds.includes(row.kind ?? 'field')) return false;
  if (sel.exclude && (sel.exclude.includes(row.key) || sel.exclude.includes(groupOf(row.key)))) return false;
  return true;
}

/** What a row-scope validation reads as `row`. */
function rowData(row: RowState, config: ReviewConfig) {
  return {
    ...row,
    kind: row.kind ?? 'field',
    hasRemark: latestRemark(row, config) !== null,
    hasImage: Boolean(row.image),
    hasNewValue: !isEmpty(row.newValue) || !isEmpty(row.newId),
    effectiveValue: row.newValue ?? row.value,
    // The names buildConfig lets a validation read (config-variables.ts): a new one is added there too.
  } satisfies RowState & Record<(typeof ROW_EXTRAS)[number], unknown>;
}

/**
 * Runs the config's pre-submit validations in order (spec 000 §5 'Before submit') over the visible rows and
 * returns the first failure, or null when the review may be submitted.
 */
export function validateBeforeSubmit(model: ReviewModel, opts: ValidateOptions, config: ReviewConfig = configOf(model)): SubmitBlock | null {
  const ctx = model.context ?? null;
  for (const v of config.validations) {
    switch (v.scope) {
      case 'form': {
        const data = { isDummy: opts.isDummy, issueType: opts.issueType ?? null, hasIssueType: opts.issueType !== undefined, hasRejections: hasRejections(model), ctx } satisfies Record<
          (typeof FORM_VARIABLES)[number] | 'ctx',
          unknown
        >;
        if (truthy(runLogic(v.when, data))) return { alert: v.alert, fields: [] };
        break;
      }
      case 'row': {
        const failing: RowState[] = [];
        for (const key of model.order) {
          const row = model.rows[key];
          if (!row.isVisible || !selects(v.select, row)) continue;
          const data = { row: rowData(row, config), rows: model.rows, ctx, isDummy: opts.isDummy } satisfies Record<(typeof ROW_VARIABLES)[number] | 'ctx', unknown>;
          if (truthy(runLogic(v.when, data))) failing.push(row);
        }
        if (failing.length) {
          const alert = v.list ? [v.alert, ...failing.map((r) => r.text)].join('\n') : v.alert;
          return { alert, fields: failing.map((r) => r.key) };
        }
        break;
      }
      default: {
        const never: never = v.scope;
        throw new Error(`unknown validation scope ${String(never)}`);
      }
    }
  }
  return null;
}

/** Rows the reviewer marked as errors (ticked and visible). */
export function rejectedRows(model: ReviewModel): RowState[] {
  return model.order.map((k) => model.rows[k]).filter((r) => r.isVisible && r.checked);
}

/** True when any visible row is ticked (spec 000 §4: rejections give smReviewRejected). */
export function hasRejections(model: ReviewModel): boolean {
  return model.order.some((k) => model.rows[k].isVisible && model.rows[k].checked);
}

function hasQcChange(row: RowState): boolean {
  return row.isEditable && (!isEmpty(row.newValue) || !isEmpty(row.newId));
}

/** Why a rejected row is rejected (spec 000 §9 isValidate codes), a closed union. */
export type RejectionKind = 'validationError' | 'rejected' | 'flagged' | 'rejectedByQcOrMasked';

/** The kind of a rejected row: masked or QC-corrected → rejectedByQcOrMasked, invalid → validationError, flagged, else rejected. */
export function rejectionKindOf(row: RowState): RejectionKind {
  if (row.isMaskedByQc) return 'rejectedByQcOrMasked';
  if (!row.isValid) return 'validationError';
  if (row.isFlagged) return 'flagged';
  if (hasQcChange(row)) return 'rejectedByQcOrMasked';
  return 'rejected';
}

/** isValidate code of a rejected row (spec 000 §9): 1 validation error, 2 rejected, 4 flagged, 5 rejected by QC or masked. */
export function isValidateOf(row: RowState, config: ReviewConfig): number {
  const codes = config.constants.isValidate;
  const kind = rejectionKindOf(row);
  switch (kind) {
    case 'validationError':
      return codes.validationError;
    case 'rejected':
      return codes.rejected;
    case 'flagged':
      return codes.flagged;
    case 'rejectedByQcOrMasked':
      return codes.rejectedByQcOrMasked;
    default: {
      const never: never = kind;
      throw new Error(`unknown rejection kind ${String(never)}`);
    }
  }
}

/** The facts the config's `submission` outcome rules read (docs/config-format.md 'Outcome rules'). */
export interface SubmissionFacts {
  isDummy: boolean;
  /** Rejected items (visible rows ticked as errors). */
  rejectedCount: number;
  /** Every rejected item was masked by QC or is a QC-editable change. */
  onlyQcFixes: boolean;
}

/** The submission facts of a model. A dummy inspection submits no selections. */
export function submissionFacts(model: ReviewModel, isDummy: boolean): SubmissionFacts {
  const rejected = isDummy ? [] : rejectedRows(model);
  return { isDummy, rejectedCount: rejected.length, onlyQcFixes: rejected.length > 0 && rejected.every((r) => r.isMaskedByQc || hasQcChange(r)) };
}

/**
 * The submission facts a stored payload stands for (the server reads these, the client `submissionFacts`; both
 * feed the same outcome rules). A section counts as one rejection at least when it is not approved.
 */
export function submissionFactsOfPayload(payload: SubmissionBody): SubmissionFacts {
  let rejectedCount = 0;
  for (const [key, result] of Object.entries(payload.sections)) {
    if (key === 'summary' || !result || !('rejectedFields' in result)) continue;
    rejectedCount += Math.max(Object.keys(result.rejectedFields).length, result.isApproved === 0 ? 1 : 0);
  }
  const isDummy = payload.isDummyInspection === 1;
  return { isDummy, rejectedCount: isDummy ? 0 : rejectedCount, onlyQcFixes: payload.isApprovedByQc === 1 };
}

/** What the `submission` outcome sets (spec 000 §4 'Submission status'). */
export interface SubmissionOutcome {
  [field: string]: string | number;
  /** One of the product's declared statuses. */
  inspectionStatus: string;
  isApprovedByQc: number;
}

/**
 * Submission status from the config's `submission` outcome rules (car: spec 000 §4 — a dummy inspection and an
 * approval give done; rejections give smReviewRejected, with isApprovedByQc=1 when every rejected item was masked
 * by QC or is a QC-editable change).
 */
export function submissionOutcome(facts: SubmissionFacts, config: ReviewConfig): SubmissionOutcome {
  const rules = config.outcomes.submission;
  if (!rules) throw new Error("the config has no 'submission' outcome rules");
  return evaluateOutcome(rules, facts) as SubmissionOutcome;
}

/** `submissionOutcome` of a model. */
export function submissionStatus(model: ReviewModel, isDummy: boolean, config: ReviewConfig = configOf(model)): SubmissionOutcome {
  return submissionOutcome(submissionFacts(model, isDummy), config);
}

/**
 * Builds the submission payload (spec 000 §3) from the model: the header fields the product declares
 * (`product.submissionHeader`, json-logic over `{ inspection }`) and the engine's body. A dummy inspection submits
 * with isDummyInspection=1 and no selections. Throws when the model has no rows for the inspection (the screen shows
 * 'Error in post Object'). `P`: the product's payload type (the car's SubmissionPayload), which its header makes.
 */
export function buildSubmission<P extends SubmissionBody = SubmissionBody>(
  model: ReviewModel,
  inspection: InspectionDocument,
  opts: BuildOptions,
  config: ReviewConfig = configOf(model),
): P {
  if (!model.order.length) throw new Error('Error in post Object');
  const cfgs = rowConfigs(config);
  const { inspectionStatus, isApprovedByQc } = submissionStatus(model, opts.isDummy, config);
  const sections: Record<SectionKey, SectionResult> = {};
  const sectionOf = (key: SectionKey): SectionResult | null => {
    if (key === 'summary') return null;
    return (sections[key] ??= { isApproved: 1, errorsCount: 0, rejectedFields: {}, qcEditableFields: {} });
  };
  for (const key of model.order) {
    const row = model.rows[key];
    const section = sectionOf(row.section);
    if (!section || !row.isVisible || opts.isDummy) continue;
    if (hasQcChange(row) && row.kind !== 'image') {
      section.qcEditableFields[row.key] = { title: row.text, value: row.newValue ?? null, ...(row.newId !== undefined ? { id: row.newId } : {}) };
    }
    if (!row.checked) continue;
    section.isApproved = 0;
    section.errorsCount++;
    const entry: RejectedField = {
      title: row.text,
      value: row.newValue ?? row.value,
      message: latestRemark(row, config) ?? config.constants.rejectedByQcMessage,
      isValidate: isValidateOf(row, config),
    };
    if (row.addedByQc?.length || row.removedByQc?.length) {
      entry.additionalInfo = { addedByQc: row.addedByQc ?? [], removedByQc: row.removedByQc ?? [] };
    }
    if (row.kind === 'image' && row.image) {
      entry.additionalInfo = { hashKey: row.image.hashKey, url: row.image.url, isMaskedByQc: Boolean(row.isMaskedByQc) };
    } else if (row.image === null) {
      entry.additionalInfo = { image: null };
    }
    const path = row.kind === 'image' ? [...(cfgs.get(groupOf(key))?.path ?? [row.part]), row.image?.hashKey ?? key] : (cfgs.get(key)?.path ?? [row.part]);
    place(section.rejectedFields, path, entry, model, cfgs);
  }
  const comments = model.order
    .map((k) => model.rows[k])
    .filter((r) => r.kind === 'comments' && r.isVisible)
    .flatMap((r) => r.newValues ?? r.values ?? []);
  const header = Object.entries(config.product.submissionHeader ?? {}).map(([name, logic]) => [name, runLogic(logic, { inspection })]);
  const body: SubmissionBody = {
    inspectionStatus,
    reviewStartTime: opts.reviewStartTime,
    reviewEndTime: opts.reviewEndTime,
    isCritical: opts.isCritical ? 1 : 0,
    otherComments: { title: config.constants.otherCommentsTitle, lines: [...new Set(comments)] },
    isDummyInspection: opts.isDummy ? 1 : 0,
    isApprovedByQc,
    sections: submissionSections(sections, opts.isDummy ? [] : [...opts.issueType]),
  };
  return { ...Object.fromEntries(header), ...body } as P;
}

/** Puts a rejected entry at its path, nesting sub-parts under their parts (a parent not itself rejected is a bare container). */
function place(target: Record<string, RejectedField>, path: string[], entry: RejectedField, model: ReviewModel, cfgs: Map<string, RowConfig>): void {
  let level = target;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i];
    if (!level[k]) {
      const parentKey = [...cfgs.values()].find((c) => c.path.length === i + 1 && c.path.every((p, j) => p === path[j]) && c.kind !== 'image')?.key;
      const parent = parentKey ? model.rows[parentKey] : undefined;
      level[k] = { title: parent?.text ?? k, value: parent ? (parent.newValue ?? parent.value) : null, message: '', isValidate: 0 };
    }
    level = level[k].subParts ??= {};
  }
  const last = path[path.length - 1];
  level[last] = level[last]?.subParts ? { ...entry, subParts: level[last].subParts } : entry;
}
