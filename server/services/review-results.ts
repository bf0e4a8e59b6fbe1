/**
 * The results of a QC submission as the stored inspection keeps them (spec 000 §3 'Inspection detail' sections:
 * errors map and rejectionRemarks; 'Submission payload'), and the remark history merged into the answered detail
 * (000 §3 'Checkable row' remarkHistory). Pure functions: the services load rows and write the result.
 *
 * Where things go (see also src/engine/inspection.ts):
 * - `detail.sections.<section>`: `{ isApproved, errorsCount, errors, rejectionRemarks }` per section of the payload
 *   (summary: `{ errors: {}, rejectionRemarks: [], issueType }`). Beside `inspectionData`, because every key of an
 *   `inspectionData` section is read as an `InspectionField` (the engine by config path, the image and RI code by
 *   iterating a section's values).
 * - `detail.isCritical`, `issueType`, `isDummyInspection`, `isApprovedByQc`, `otherComments`, `qcUser`,
 *   `reviewStartTime`, `reviewEndTime`, `submittedAt`.
 * - QC corrections (`qcEditableFields`) are applied to the field in `inspectionData` (`value`, and `id` when given);
 *   the inspector's original stays on the field as `inspectorValue` (and `inspectorId` when the id changed).
 * - Remarks are never written into the document: `mergeRemarkHistory` lays the remarks table over it on every read,
 *   so the answered `remarkHistory` cannot drift from `GET v2/rejection-remark`.
 */
import dayjs from 'dayjs';
import type { ReviewConfig, RowConfig } from '../../src/engine/config.ts';
import type { FieldValue, InspectionField, InspectionSection, RejectedField, RemarkEntry, SectionError, SectionKey, SectionRejectionRemark, SectionReview, SectionResult } from '../../src/engine/inspection.ts';
import type { InspectionDetail, SubmissionPayload } from '../../src/products/car/inspection.ts';
import { toRemarkEntry, type StoredRemark } from '../repos/remarks.ts';
import { own, setOwn } from '../safe-input.ts';
import { findImage } from './image-slots.ts';

/** DD-MM-YYYY HH:mm:ss (000 §3 rejectionRemarks timestamps), in the server's time zone like the seed's. */
export const remarkTime = (at: Date | string): string => dayjs(at).format('DD-MM-YYYY HH:mm:ss');

function fieldAtPath(section: InspectionSection | undefined, path: readonly string[]): InspectionField | undefined {
  let f = own(section, path[0]);
  for (let i = 1; i < path.length && f; i++) f = own(f.subParts, path[i]);
  return f;
}

/** Breadth-first: the first field named `key` below `field`. */
function descendant(field: InspectionField, key: string): InspectionField | undefined {
  const queue = [field];
  for (let f = queue.shift(); f; f = queue.shift()) {
    const subs = f.subParts ?? {};
    const hit = own(subs, key);
    if (hit) return hit;
    queue.push(...Object.values(subs));
  }
  return undefined;
}

/**
 * The field a remark names: `part` is the row's first path key and `subPart` its last (the screen sends
 * RowState.part / subPart), so the config's row (path, then aliases) decides; a part no row knows is searched.
 */
export function remarkTarget(
  inspectionData: InspectionDetail['inspectionData'],
  config: ReviewConfig,
  section: string,
  part: string,
  subPart: string | null,
): InspectionField | undefined {
  // Stored remark rows name these keys: own properties only, so a row saved before the key check cannot reach a prototype.
  const data = own(inspectionData, section);
  if (!data) return undefined;
  const rows = (config.rows as RowConfig[]).filter(
    (r) => r.section === section && r.kind !== 'image' && r.path[0] === part && (subPart ? r.path.length > 1 && r.path[r.path.length - 1] === subPart : r.path.length === 1),
  );
  for (const r of rows) {
    for (const path of [r.path, ...(r.aliases ?? [])]) {
      const f = fieldAtPath(data, path);
      if (f) return f;
    }
  }
  const top = own(data, part);
  if (!top) return undefined;
  return subPart ? descendant(top, subPart) : top;
}

function mergeInto(list: RemarkEntry[] | undefined, entry: RemarkEntry): RemarkEntry[] {
  const out = (list ?? []).filter((e) => e.id !== entry.id);
  out.push(entry);
  return out.sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * The detail with the saved remarks laid over it (a copy; `detail` is not changed): remarks by part [+ subPart] go
 * to the field's `remarkHistory`, remarks by hashKey to the image's. Remarks whose field or image this version
 * does not have are left out (`GET v2/rejection-remark` still lists them).
 */
export function mergeRemarkHistory(detail: InspectionDetail, remarks: readonly StoredRemark[], config: ReviewConfig): InspectionDetail {
  if (!remarks.length) return detail;
  const out: InspectionDetail = { ...detail, inspectionData: structuredClone(detail.inspectionData) };
  for (const r of remarks) {
    const entry = toRemarkEntry(r);
    if (r.hash_key) {
      const image = findImage(own(out.inspectionData, r.section), r.hash_key);
      if (image) image.remarkHistory = mergeInto(image.remarkHistory, entry);
      continue;
    }
    if (!r.part) continue;
    const field = remarkTarget(out.inspectionData, config, r.section, r.part, r.sub_part);
    if (field) field.remarkHistory = mergeInto(field.remarkHistory, entry);
  }
  return out;
}

export interface SubmissionContext {
  reviewer: string;
  role: string;
  /** When the server stores it. */
  at: Date;
  reviewStartTime: Date;
  reviewEndTime: Date;
  /** Remarks saved on this inspection (this carId) before the submission. */
  remarks: readonly StoredRemark[];
  config: ReviewConfig;
}

const isContainer = (entry: RejectedField) => entry.isValidate === 0 && entry.message === '';

/** Remarks saved for the entry at `path` of a section: images by hashKey, fields by part (+ last path key). */
function remarksFor(remarks: readonly StoredRemark[], section: string, path: readonly string[], entry: RejectedField): SectionRejectionRemark[] {
  const hashKey = typeof entry.additionalInfo?.hashKey === 'string' ? entry.additionalInfo.hashKey : null;
  return remarks
    .filter((r) => r.section === section)
    .filter((r) =>
      hashKey
        ? r.hash_key === hashKey
        : !r.hash_key && r.part === path[0] && (path.length === 1 ? r.sub_part === null : r.sub_part === path[path.length - 1]),
    )
    .map((r) => ({
      rejectionRemark: r.remark,
      type: r.type,
      ...(r.presigned_url ? { presignedUrl: r.presigned_url } : {}),
      role: r.role,
      user: r.user_email,
      timestamp: remarkTime(r.created_at),
    }));
}

/** The section's errors map and rejectionRemarks list from its rejectedFields. */
function sectionErrors(section: string, rejected: Record<string, RejectedField>, ctx: SubmissionContext): Pick<SectionReview, 'errors' | 'rejectionRemarks'> {
  const list: SectionRejectionRemark[] = [];
  const stamp = remarkTime(ctx.at);
  const walk = (entries: Record<string, RejectedField>, prefix: string[]): Record<string, SectionError> => {
    const errors: [string, SectionError][] = [];
    for (const [key, entry] of Object.entries(entries)) {
      const path = [...prefix, key];
      const error: SectionError = { title: entry.title, value: entry.value as FieldValue, isValidate: entry.isValidate, message: entry.message };
      if (!isContainer(entry)) {
        const saved = remarksFor(ctx.remarks, section, path, entry);
        if (saved.length) error.rejectionRemarks = saved;
        list.push({ field: path.join('.'), title: entry.title, rejectionRemark: entry.message, isValidate: entry.isValidate, role: ctx.role, user: ctx.reviewer, timestamp: stamp });
      }
      if (entry.additionalInfo) error.additionalInfo = entry.additionalInfo;
      if (entry.subParts && Object.keys(entry.subParts).length) error.subParts = walk(entry.subParts, path);
      errors.push([key, error]);
    }
    // fromEntries defines own properties: no key of the payload can reach a prototype.
    return Object.fromEntries(errors);
  };
  const errors = walk(rejected, []);
  return { errors, rejectionRemarks: list };
}

const isMulti = (row: RowConfig, current: FieldValue | undefined) => Array.isArray(current) || row.input?.type === 'multiselect' || row.kind === 'comments';

/**
 * Applies a QC correction (a `qcEditableFields` entry, keyed by row key) to the field the row reads: its path, else
 * an alias that holds it; a field missing under an existing parent is created. The inspector's value (and id, when
 * the correction changes it) is kept once as `inspectorValue` / `inspectorId`.
 */
function applyCorrection(
  data: InspectionDetail['inspectionData'],
  row: RowConfig,
  edit: { title: string; value: string | number | null | string[]; id?: string | number | null },
): void {
  const section = own(data, row.section) ?? setOwn<InspectionSection>(data, row.section, {});
  let field: InspectionField | undefined;
  for (const path of [row.path, ...(row.aliases ?? [])]) {
    field = fieldAtPath(section, path);
    if (field) break;
  }
  if (!field) {
    const parentPath = row.path.slice(0, -1);
    const last = row.path[row.path.length - 1];
    if (!parentPath.length) {
      field = setOwn<InspectionField>(section, last, { title: row.text, value: null });
    } else {
      const parent = fieldAtPath(section, parentPath);
      if (!parent) return;
      field = setOwn<InspectionField>((parent.subParts ??= {}), last, { title: row.text, value: null });
    }
  }
  const value: FieldValue =
    isMulti(row, field.value) && typeof edit.value === 'string' ? edit.value.split(', ').filter((v) => v !== '') : (edit.value as FieldValue);
  if (!('inspectorValue' in field)) field.inspectorValue = field.value ?? null;
  field.value = value;
  if (edit.id !== undefined) {
    if (!('inspectorId' in field)) field.inspectorId = field.id ?? null;
    field.id = edit.id;
  }
}

/**
 * The stored detail after a successful submission: `stored` is the document as stored (no merged remarks), the
 * result a new object (`stored` is not changed).
 */
export function applySubmission(stored: InspectionDetail, payload: SubmissionPayload, ctx: SubmissionContext): InspectionDetail {
  const inspectionData = structuredClone(stored.inspectionData);
  const rowsByKey = new Map((ctx.config.rows as RowConfig[]).filter((r) => r.kind !== 'image').map((r) => [r.key, r]));
  const sections: Partial<Record<SectionKey, SectionReview>> = {};
  for (const [key, result] of Object.entries(payload.sections) as [SectionKey, unknown][]) {
    if (key === 'summary') {
      sections.summary = { errors: {}, rejectionRemarks: [], issueType: [...payload.sections.summary.issueType] };
      continue;
    }
    const r = result as SectionResult;
    setOwn(sections, key, { isApproved: r.isApproved, errorsCount: r.errorsCount, ...sectionErrors(key, r.rejectedFields, ctx) });
    for (const [rowKey, edit] of Object.entries(r.qcEditableFields)) {
      const row = rowsByKey.get(rowKey);
      if (row) applyCorrection(inspectionData, row, edit);
    }
  }
  return {
    ...stored,
    inspectionData,
    isCritical: payload.isCritical,
    issueType: [...payload.sections.summary.issueType],
    isDummyInspection: payload.isDummyInspection,
    isApprovedByQc: payload.isApprovedByQc,
    otherComments: { title: payload.otherComments.title, lines: [...payload.otherComments.lines] },
    qcUser: ctx.reviewer,
    reviewStartTime: ctx.reviewStartTime.toISOString(),
    reviewEndTime: ctx.reviewEndTime.toISOString(),
    submittedAt: ctx.at.toISOString(),
    sections,
  };
}
