import type { ReviewConfig, RowConfig } from '../src/engine/config.ts';
import type { RejectedField } from '../src/engine/inspection.ts';
import type { InspectionDetail, RegistryData, SubmissionPayload } from '../src/products/car/inspection.ts';
import type { ReviewEngine } from '../src/engine/model.ts';
import { hasRejections, validateBeforeSubmit } from '../src/engine/submission.ts';
import type { Edit } from '../src/engine/types.ts';

/** What a refused submission answers: the engine's alert and the fields it names. */
export interface SubmissionProblem {
  alert: string;
  fields: string[];
}

export interface SubmissionContext {
  /** The engine of the config version the review runs (services/product-config.ts). */
  engine: ReviewEngine;
  registry: RegistryData | null;
  role: string;
  duplicateKeyConfig: number;
  /** DD-MM-YYYY; the engine's clock (defaults to today). */
  today?: string;
}

/**
 * Re-runs the review engine's checks on a submission before it is stored (DESIGN.md 'One engine, two places').
 * `null` accepts it.
 */
export type SubmissionValidator = (
  inspection: InspectionDetail,
  payload: SubmissionPayload,
  context: SubmissionContext,
) => SubmissionProblem | null | Promise<SubmissionProblem | null>;

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The reviewer's edits a payload stands for, so the engine can rebuild the model the client submitted from:
 * every rejected entry is a tick (images by `group:hashKey`, masked ones a mask), a message other than the
 * default 'Rejected by qc.' is the row's remark, and every QC-editable field a new value.
 * Paths the config does not know are answered in `unknown`.
 */
export function editsFromSubmission(payload: SubmissionPayload, config: ReviewConfig): { edits: Edit[]; unknown: string[] } {
  const ticks: Edit[] = [];
  const values: Edit[] = [];
  const remarks: Edit[] = [];
  const unknown: string[] = [];
  const rows = config.rows as RowConfig[];
  const keyOf = (section: string, path: string[]): string | null => {
    const field = rows.find((r) => r.section === section && r.kind !== 'image' && samePath(r.path, path));
    if (field) return field.key;
    const group = rows.find((r) => r.section === section && r.kind === 'image' && samePath(r.path, path.slice(0, -1)));
    return group ? `${group.key}:${path[path.length - 1]}` : null;
  };
  const walk = (section: string, entries: Record<string, RejectedField>, prefix: string[]) => {
    for (const [name, entry] of Object.entries(entries)) {
      const path = [...prefix, name];
      const isContainer = entry.isValidate === 0 && entry.message === '';
      if (!isContainer) {
        const key = keyOf(section, path);
        if (!key) {
          unknown.push(`${section}.${path.join('.')}`);
        } else {
          ticks.push({ type: 'check', key, checked: true });
          if (entry.additionalInfo?.isMaskedByQc === true) ticks.push({ type: 'mask', key, masked: true });
          if (entry.message && entry.message !== config.constants.rejectedByQcMessage) remarks.push({ type: 'remark', key, remark: entry.message });
        }
      }
      if (entry.subParts) walk(section, entry.subParts, path);
    }
  };
  for (const [section, result] of Object.entries(payload.sections)) {
    if (section === 'summary' || !result || !('rejectedFields' in result)) continue;
    walk(section, result.rejectedFields, []);
    for (const [key, field] of Object.entries(result.qcEditableFields)) {
      if (!rows.some((r) => r.key === key)) {
        unknown.push(`${section}.${key}`);
        continue;
      }
      values.push({ type: 'setValue', key, value: Array.isArray(field.value) ? field.value.join(', ') : field.value, ...(field.id !== undefined ? { id: field.id } : {}) });
    }
  }
  return { edits: [...ticks, ...values, ...remarks], unknown };
}

/** The answer to a submission that changes a field its user may not edit. */
export const NOT_EDITABLE_ALERT = 'The submission changes fields that cannot be edited';

/**
 * The engine's pre-submit validation (spec 000 §5), run by the server on every submission with the engine of the
 * review's config version; `fixed` pins one engine (tests of a given config).
 */
export function engineSubmissionCheck(fixed?: ReviewEngine): SubmissionValidator {
  return (inspection, payload, context) => {
    const engine = fixed ?? context.engine;
    const { edits, unknown } = editsFromSubmission(payload, engine.config);
    if (unknown.length) return { alert: 'Unknown fields in submission', fields: unknown };
    const options = { role: context.role, duplicateKeyConfig: context.duplicateKeyConfig, ...(context.today ? { today: context.today } : {}) };
    // Edit by edit, as the browser did: a change to a field the engine says this user may not edit (commentFlag 0
    // or 2, hidden at that point) refuses the whole submission rather than being stored (issue 11 defect 4).
    let model = engine.evaluate(inspection, [], context.registry, options);
    const refused: string[] = [];
    for (const edit of edits) {
      if (engine.refusal(model, edit) === null) model = engine.apply(model, edit);
      else refused.push(edit.key);
    }
    if (refused.length) return { alert: NOT_EDITABLE_ALERT, fields: refused };
    if (payload.isDummyInspection === 1) return null;
    const issueType = hasRejections(model) ? payload.sections.summary.issueType : undefined;
    return validateBeforeSubmit(model, { isDummy: false, issueType }, engine.config);
  };
}
