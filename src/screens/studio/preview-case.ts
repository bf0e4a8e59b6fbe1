/**
 * "Add case from preview" (issue 17): the preview's edits on its inspection and the states they led to, as a
 * config case `{ given, edits, expect }` that `runCase` (the studio, the server and `npm run config:check`) replays.
 */
import type { CaseConfig } from '../../engine/config.ts';
import type { InspectionImage } from '../../engine/inspection.ts';
import { generateInspection } from '../../engine/generate.ts';
import type { InspectionDetail, RegistryData } from '../../products/car/inspection.ts';
import type { ReviewEngine } from '../../engine/model.ts';
import { validateBeforeSubmit } from '../../engine/submission.ts';
import type { Edit, EvaluateOptions, RowState } from '../../engine/types.ts';

/** Row properties a case records: what rules decide. */
const RECORDED = ['isVisible', 'checked', 'isDisabled', 'isValid', 'errorMsg', 'newValue'] as const;

/** Top-level inspection fields the rules' context reads (version, tenant, workflow, QC audit, registry insurance). */
const CONTEXT_FIELDS = ['version', 'tenant', 'workflowId', 'qcAudit', 'vahanData'] as const;

const recorded = (row: RowState) => row.values ?? row.value;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface PreviewRun {
  inspection: InspectionDetail;
  registry: RegistryData | null;
  options: EvaluateOptions;
  edits: readonly Edit[];
}

/**
 * The case of a preview run. `given` holds only what differs from the inspection the config generates (recorded
 * values and commentFlags of field rows, the context fields, the options), so the case stays short; `expect` holds
 * every row whose recorded properties the edits changed (and the edited rows), the error counts and the pre-submit
 * check's alert (null: the review may be submitted).
 */
export function caseFromPreview(engine: ReviewEngine, run: PreviewRun, name: string): CaseConfig {
  const { inspection, registry, options, edits } = run;
  const before = engine.evaluate(inspection, [], registry, options);
  const after = engine.evaluate(inspection, edits, registry, options);
  const generated = engine.evaluate(generateInspection(engine.config), [], registry, options);

  const values: Record<string, unknown> = {};
  const commentFlags: Record<string, number> = {};
  for (const key of before.order) {
    const row = before.rows[key];
    const base = generated.rows[key];
    if (row.kind === 'image' || !base) continue;
    if (!same(recorded(row), recorded(base))) values[key] = recorded(row) ?? null;
    if ((row.commentFlag ?? 1) !== (base.commentFlag ?? 1)) commentFlags[key] = row.commentFlag ?? 1;
  }
  // An edited image row names its picture (`group:hashKey`): the case carries that group's pictures as the preview
  // showed them, or the generated inspection it replays has other pictures and the edit names no row.
  const images: Record<string, InspectionImage[]> = {};
  const editedGroups = new Set(edits.map((e) => e.key).filter((key) => before.rows[key]?.kind === 'image').map((key) => key.slice(0, key.indexOf(':'))));
  for (const group of editedGroups) {
    images[group] = before.order.filter((key) => key.startsWith(`${group}:`)).flatMap((key) => (before.rows[key].image ? [before.rows[key].image!] : []));
  }
  const context = Object.fromEntries(CONTEXT_FIELDS.filter((f) => inspection[f as keyof InspectionDetail] !== undefined).map((f) => [f, inspection[f as keyof InspectionDetail]]));

  const edited = new Set(edits.map((e) => e.key));
  const rows: Record<string, Partial<RowState>> = {};
  for (const key of after.order) {
    const a = after.rows[key];
    const b = before.rows[key];
    if (a.kind === 'image' && !edited.has(key)) continue;
    const changed = RECORDED.filter((p) => !same(a[p], b?.[p]));
    if (!changed.length && !edited.has(key)) continue;
    const props = new Set<(typeof RECORDED)[number]>(['isVisible', 'checked', 'isDisabled', 'isValid', ...changed]);
    rows[key] = Object.fromEntries([...props].map((p) => [p, a[p] ?? null]));
  }
  const block = validateBeforeSubmit(after, { isDummy: false });

  const given: NonNullable<CaseConfig['given']> = { options: { ...options } };
  if (Object.keys(values).length) given.values = values;
  if (Object.keys(commentFlags).length) given.commentFlags = commentFlags;
  if (Object.keys(images).length) given.images = images;
  if (Object.keys(context).length) given.inspection = context;
  if (registry) given.registry = registry as unknown as Record<string, unknown>;
  return {
    name,
    given,
    edits: [...edits],
    expect: { rows, errorsCount: { ...after.errorsCount }, validation: block === null ? null : { alert: block.alert } },
  };
}
