/**
 * The form model: (config, inspection, reviewer edits, registry data) → rows with visibility, disabled, checked,
 * new values, validity, notes, registry flags and error counts per tab.
 *
 * The steps live in small pure modules: rows.ts builds the rows as recorded, edit.ts applies an edit to one row,
 * rule-index.ts compiles the rules and indexes which rules read and target each row, effects.ts folds rule results
 * into a row. `evaluate` is the full evaluation; `apply` is incremental: it re-runs only the rules that read the
 * edited row and recomputes only the rows whose rules flipped. Both give the same model
 * (tests/engine/incremental.test.ts checks it on random edit sequences).
 */
import type { ReviewConfig, RowConfig, RuleConfig } from './config.ts';
import { effectiveValue, isChanged, reduceRow, sameValue } from './edit.ts';
import { createEffects, type RuleData } from './effects.ts';
import type { InspectionDetail, RegistryData } from './inspection.ts';
import { truthy } from './logic.ts';
import { indexRules } from './rule-index.ts';
import { createRowBuilder } from './rows.ts';
import type { Edit, EvalContext, EvaluateOptions, ReviewModel, RowState, Tab } from './types.ts';

/** The engine built once from a loaded config. */
export interface ReviewEngine {
  readonly config: ReviewConfig;
  /** Full evaluation of an inspection with the reviewer's edits (in order) and optional registry data. */
  evaluate(inspection: InspectionDetail, edits?: readonly Edit[], registry?: RegistryData | null, options?: EvaluateOptions): ReviewModel;
  /** One edit, incrementally; the result equals `evaluate(inspection, [...model.edits, edit])`. A refused edit leaves the model unchanged. */
  apply(model: ReviewModel, edit: Edit): ReviewModel;
  /** Row config by key (image rows answer their group's config). */
  rowConfig(key: string): RowConfig | undefined;
  /**
   * Why the engine refuses `edit` on `model` (a value edit of a row that is not editable or is hidden, or an
   * unknown row), or null. `apply` and `evaluate` leave refused edits out; the server refuses a submission holding one.
   */
  refusal(model: ReviewModel, edit: Edit): string | null;
  /** What the rules saw on `model`: read by explain.ts (the studio's "why is this hidden?" panel). */
  trace(model: ReviewModel): RuleTrace;
}

/**
 * Every rule the engine runs (the config's in order, then the implicit parent rules), the data they read (`K`,
 * `checked.K`, `changed.K`, `seq.K`, `ctx.*`) and each rule's result, by rule index.
 */
export interface RuleTrace {
  rules: readonly RuleConfig[];
  data: Readonly<Record<string, unknown>>;
  results: readonly boolean[];
}

/** Cached evaluation state of a model, kept beside it (never serialized). */
interface Internal {
  /** Rows before rule effects: recorded values plus the reviewer's edits. */
  pre: Record<string, RowState>;
  data: RuleData;
  results: boolean[];
}

const RESERVED = new Set(['checked', 'changed', 'seq', 'ctx']);

/** Builds the engine for a loaded config: compiles the rule index once. */
export function createEngine(config: ReviewConfig): ReviewEngine {
  const rowCfg = new Map<string, RowConfig>(config.rows.map((r) => [r.key, r]));
  for (const r of config.rows) if (RESERVED.has(r.key)) throw new Error(`row key '${r.key}' is reserved`);
  const index = indexRules(config);
  const builder = createRowBuilder(config);
  const effects = createEffects(config, index, builder.resolveOptions);
  const dataKeys = config.rows.map((r) => r.key);
  const cache = new WeakMap<ReviewModel, Internal>();
  /** Image rows (`group:hash`) answer their group's config. */
  const cfgOf = (key: string) => rowCfg.get(key) ?? rowCfg.get(key.split(':')[0]);

  function countErrors(rows: Record<string, RowState>, order: readonly string[]): Record<Tab, number> {
    const counts: Record<Tab, number> = Object.fromEntries(config.product.tabs.map((t) => [t, 0]));
    for (const k of order) {
      const r = rows[k];
      if (r.isVisible && r.checked) counts[r.tab]++;
    }
    return counts;
  }

  function dataOf(rows: Record<string, RowState>, ctx: EvalContext): RuleData {
    const keys = dataKeys.filter((k) => rows[k]);
    return {
      ...Object.fromEntries(keys.map((k) => [k, effectiveValue(rows[k])])),
      checked: Object.fromEntries(keys.map((k) => [k, Boolean(rows[k].userChecked)])),
      changed: Object.fromEntries(keys.map((k) => [k, isChanged(rows[k])])),
      seq: Object.fromEntries(keys.filter((k) => index.seqRows.has(k)).map((k) => [k, rows[k].editSeq ?? 0])),
      ctx,
    };
  }

  function build(pre: Record<string, RowState>, order: string[], ctx: EvalContext, registry: RegistryData | null | undefined): ReviewModel {
    const data = dataOf(pre, ctx);
    const results = index.compiled.map((rule) => truthy(rule(data)));
    // Object.fromEntries gives fast-mode objects: later per-edit copies ({ ...rows }) stay cheap.
    const rows: Record<string, RowState> = Object.fromEntries(order.map((k) => [k, effects.computeRow(pre[k], results, data, registry)]));
    const model: ReviewModel = { rows, order, errorsCount: countErrors(rows, order), edits: [], context: ctx, registry: registry ?? null, config };
    cache.set(model, { pre: Object.fromEntries(order.map((k) => [k, pre[k]])), data, results });
    return model;
  }

  function evaluate(inspection: InspectionDetail, edits: readonly Edit[] = [], registry?: RegistryData | null, options: EvaluateOptions = {}): ReviewModel {
    const ctx = builder.contextOf(inspection, registry, options);
    const { rows, order } = builder.buildRows(inspection, ctx);
    // Edits go through `apply` one by one, so an edit the engine refuses at that point (refusal) is left out here
    // exactly as it is in the browser.
    let model = build(rows, order, ctx, registry);
    for (const e of edits) model = apply(model, e);
    return model;
  }

  /**
   * Why the engine refuses an edit on this model, or null when it takes it (issue 11 defect 4): a value edit
   * (setValue, toggleOption) on a row that is not editable (commentFlag 0 or 2, `editable: false`, image rows) or
   * hidden; any edit of an unknown row.
   */
  function refusal(model: ReviewModel, edit: Edit): string | null {
    const row = Object.hasOwn(model.rows, edit.key) ? model.rows[edit.key] : undefined;
    if (!row) return `unknown row '${edit.key}'`;
    switch (edit.type) {
      case 'setValue':
      case 'toggleOption':
        if (!row.isEditable) return `${row.text} is not editable`;
        if (!row.isVisible) return `${row.text} is hidden`;
        return null;
      case 'check':
      case 'remark':
      case 'mask':
        return null;
    }
  }

  function internalOf(model: ReviewModel): Internal {
    const hit = cache.get(model);
    if (hit) return hit;
    // A model not built by this engine instance (e.g. cloned): its rows stand in for the pre-effect rows.
    const ctx = model.context!;
    const pre: Record<string, RowState> = Object.fromEntries(
      model.order.map((k) => {
        const options = builder.resolveOptions(cfgOf(k)?.input?.options, ctx);
        return [k, options ? { ...model.rows[k], options } : model.rows[k]];
      }),
    );
    const data = dataOf(pre, ctx);
    const internal = { pre, data, results: index.compiled.map((rule) => truthy(rule(data))) };
    cache.set(model, internal);
    return internal;
  }

  function apply(model: ReviewModel, edit: Edit): ReviewModel {
    if (!model.context || refusal(model, edit) !== null) return model;
    const { pre, data, results } = internalOf(model);
    const key = edit.key;
    const reduced = reduceRow(pre[key], cfgOf(key), edit, (model.edits?.length ?? 0) + 1);
    const nextPre = { ...pre, [key]: reduced };
    let nextData = data;
    let nextResults = results;
    const touched = new Set<string>([key]);
    if (rowCfg.has(key)) {
      const value = effectiveValue(reduced);
      const checked = Boolean(reduced.userChecked);
      const changed = isChanged(reduced);
      const seq = index.seqRows.has(key) ? (reduced.editSeq ?? 0) : undefined;
      if (!sameValue(value, data[key]) || checked !== data.checked[key] || changed !== data.changed[key] || seq !== data.seq[key]) {
        nextData = { ...data, [key]: value };
        if (checked !== data.checked[key]) nextData.checked = { ...data.checked, [key]: checked };
        if (changed !== data.changed[key]) nextData.changed = { ...data.changed, [key]: changed };
        if (seq !== data.seq[key]) nextData.seq = { ...data.seq, [key]: seq! };
        const readers = index.readers.get(key) ?? [];
        if (readers.length) nextResults = results.slice();
        for (const i of readers) {
          const r = truthy(index.compiled[i](nextData));
          if (r !== results[i]) {
            nextResults[i] = r;
            for (const t of index.reach[i]) touched.add(t);
          }
        }
      }
    }
    const registry = model.registry;
    // Rows no rule touched stay shared with the previous model.
    const rows = { ...model.rows };
    // A new counts record only when a count changes, so the tab bar (memoised on it) skips most keystrokes.
    let counts = model.errorsCount;
    const recompute = (k: string) => {
      const before = model.rows[k];
      const after = effects.computeRow(nextPre[k], nextResults, nextData, registry);
      const wasError = before.isVisible && before.checked;
      const isError = after.isVisible && after.checked;
      if (wasError !== isError) {
        if (counts === model.errorsCount) counts = { ...counts };
        counts[after.tab] += isError ? 1 : -1;
      }
      rows[k] = after;
    };
    for (const t of touched) {
      if (rowCfg.get(t)?.kind === 'image') {
        for (const k of model.order) if (k.startsWith(`${t}:`)) recompute(k);
      } else if (nextPre[t]) recompute(t);
    }
    const next: ReviewModel = { ...model, rows, errorsCount: counts, edits: [...(model.edits ?? []), edit] };
    cache.set(next, { pre: nextPre, data: nextData, results: nextResults });
    return next;
  }

  function trace(model: ReviewModel): RuleTrace {
    const { data, results } = internalOf(model);
    return { rules: index.rules, data, results };
  }

  return { config, evaluate, apply, rowConfig: cfgOf, refusal, trace };
}
