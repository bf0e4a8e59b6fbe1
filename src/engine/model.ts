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
import type { InspectionDocument, RegistrySources } from './inspection.ts';
import { truthy } from './logic.ts';
import { indexRules } from './rule-index.ts';
import { createRowBuilder } from './rows.ts';
import type { Edit, EvalContext, EvaluateOptions, ReviewModel, RowState, Tab } from './types.ts';

/** The engine built once from a loaded config. */
export interface ReviewEngine {
  readonly config: ReviewConfig;
  /** Full evaluation of an inspection with the reviewer's edits (in order) and optional registry data. */
  evaluate(inspection: InspectionDocument, edits?: readonly Edit[], registry?: RegistrySources | null, options?: EvaluateOptions): ReviewModel;
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

/**
 * Cached evaluation state of a model, kept beside it (never serialized). `pre` and `data` are layers: the rows and
 * values as evaluated sit on a shared prototype, and only what the edits changed is held as own properties.
 */
interface Internal {
  /** Rows before rule effects: recorded values plus the reviewer's edits. */
  pre: Record<string, RowState>;
  data: RuleData;
  /** 1 where the rule holds: copied on every edit that flips one, which costs a few bytes per rule. */
  results: Uint8Array;
}

/**
 * `layer` with `key` set: a new object on the same prototype, copying only the layer's own keys (what the edits
 * changed so far). Copying every row's entry on each keystroke was the largest part of an edit and of its garbage.
 */
function withKey<T>(layer: Record<string, T>, key: string, value: T): Record<string, T> {
  const next = Object.create(Object.getPrototypeOf(layer) as object) as Record<string, T>;
  for (const k of Object.keys(layer)) next[k] = layer[k];
  next[key] = value;
  return next;
}

/** A layer over `base` holding nothing yet. */
function layerOver<T>(base: Record<string, T>): Record<string, T> {
  return Object.create(base) as Record<string, T>;
}

/**
 * V8 keeps an object built by Object.fromEntries in fast mode up to about a thousand keys (a per-edit copy of a
 * car's rows, `{ ...rows }`, is then a block copy, 100× cheaper than copying a dictionary); past that it ends as a
 * dictionary anyway, after one hidden-class transition per key: 6× the time and 2.5× the garbage of plain
 * assignment, which a 2,000-row evaluation paid in full.
 */
const FAST_MODE_KEYS = 1000;
function recordOf<T>(keys: readonly string[], valueOf: (key: string) => T): Record<string, T> {
  if (keys.length <= FAST_MODE_KEYS) return Object.fromEntries(keys.map((k) => [k, valueOf(k)]));
  const out: Record<string, T> = {};
  for (const k of keys) out[k] = valueOf(k);
  return out;
}

const RESERVED = new Set(['checked', 'changed', 'seq', 'ctx']);

/** Builds the engine for a loaded config: compiles the rule index once. */
export function createEngine(config: ReviewConfig): ReviewEngine {
  const rowCfg = new Map<string, RowConfig>(config.rows.map((r) => [r.key, r]));
  for (const r of config.rows) if (RESERVED.has(r.key)) throw new Error(`row key '${r.key}' is reserved`);
  const index = indexRules(config);
  const builder = createRowBuilder(config);
  const effects = createEffects(config, index, builder.resolveOptions);
  // Each model carries its evaluation state under a symbol of this engine instance, not enumerable: JSON, spreads
  // and structuredClone leave it out (a copy then starts from its rows). A WeakMap entry per keystroke cost more
  // than the rest of the edit in insertion and garbage-collection work.
  const INTERNAL = Symbol('engine state');
  const remember = (model: ReviewModel, internal: Internal) => Object.defineProperty(model, INTERNAL, { value: internal });
  /** Image rows (`group:hash`) answer their group's config. */
  const cfgOf = (key: string) => rowCfg.get(key) ?? rowCfg.get(key.split(':')[0]);

  function runAll(data: RuleData): Uint8Array {
    const results = new Uint8Array(index.compiled.length);
    for (let i = 0; i < results.length; i++) results[i] = truthy(index.compiled[i](data)) ? 1 : 0;
    return results;
  }

  function countErrors(rows: Record<string, RowState>, order: readonly string[]): Record<Tab, number> {
    const counts: Record<Tab, number> = Object.fromEntries(config.product.tabs.map((t) => [t, 0]));
    for (const k of order) {
      const r = rows[k];
      if (r.isVisible && r.checked) counts[r.tab]++;
    }
    return counts;
  }

  // Before any edit every row is unticked, unchanged and unedited, in every evaluation: those records are built
  // once, and an evaluation's layers over them hold only the rows that differ (none, unless rebuilt from a clone).
  const valueKeys = config.rows.filter((r) => (r.kind ?? 'field') !== 'image').map((r) => r.key);
  const allFalse: Record<string, boolean> = Object.fromEntries(valueKeys.map((k) => [k, false]));
  const allZero: Record<string, number> = Object.fromEntries(valueKeys.filter((k) => index.seqRows.has(k)).map((k) => [k, 0]));

  function dataOf(rows: Record<string, RowState>, ctx: EvalContext): RuleData {
    const values: Record<string, unknown> = {};
    const checked = layerOver(allFalse);
    const changed = layerOver(allFalse);
    const seq = layerOver(allZero);
    for (const k of valueKeys) {
      const row = rows[k];
      values[k] = effectiveValue(row);
      if (row.userChecked) checked[k] = true;
      if (isChanged(row)) changed[k] = true;
      if (row.editSeq && index.seqRows.has(k)) seq[k] = row.editSeq;
    }
    const data = layerOver(values) as RuleData;
    data.checked = checked;
    data.changed = changed;
    data.seq = seq;
    data.ctx = ctx;
    return data;
  }

  function build(pre: Record<string, RowState>, order: string[], ctx: EvalContext, registry: RegistrySources | null | undefined): ReviewModel {
    const data = dataOf(pre, ctx);
    const results = runAll(data);
    const rows = recordOf(order, (k) => effects.computeRow(pre[k], results, data, registry));
    const model: ReviewModel = { rows, order, errorsCount: countErrors(rows, order), edits: [], context: ctx, registry: registry ?? null, config };
    remember(model, { pre: layerOver(pre), data, results });
    return model;
  }

  function evaluate(inspection: InspectionDocument, edits: readonly Edit[] = [], registry?: RegistrySources | null, options: EvaluateOptions = {}): ReviewModel {
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
    const hit = (model as { [INTERNAL]?: Internal })[INTERNAL];
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
    const internal = { pre: layerOver(pre), data, results: runAll(data) };
    remember(model, internal);
    return internal;
  }

  function apply(model: ReviewModel, edit: Edit): ReviewModel {
    if (!model.context || refusal(model, edit) !== null) return model;
    const { pre, data, results } = internalOf(model);
    const key = edit.key;
    const reduced = reduceRow(pre[key], cfgOf(key), edit, (model.edits?.length ?? 0) + 1);
    const nextPre = withKey(pre, key, reduced);
    let nextData = data;
    let nextResults = results;
    const touched = new Set<string>([key]);
    if (rowCfg.has(key)) {
      const value = effectiveValue(reduced);
      const checked = Boolean(reduced.userChecked);
      const changed = isChanged(reduced);
      const seq = index.seqRows.has(key) ? (reduced.editSeq ?? 0) : undefined;
      if (!sameValue(value, data[key]) || checked !== data.checked[key] || changed !== data.changed[key] || seq !== data.seq[key]) {
        nextData = withKey(data, key, value) as RuleData;
        if (checked !== data.checked[key]) nextData.checked = withKey(data.checked, key, checked);
        if (changed !== data.changed[key]) nextData.changed = withKey(data.changed, key, changed);
        if (seq !== data.seq[key]) nextData.seq = withKey(data.seq, key, seq!);
        const readers = index.readers.get(key) ?? [];
        if (readers.length) nextResults = results.slice();
        for (const i of readers) {
          const r = truthy(index.compiled[i](nextData)) ? 1 : 0;
          if (r !== results[i]) {
            nextResults[i] = r;
            for (const t of index.reach[i]) touched.add(t);
          }
        }
      }
    }
    // Rows no rule touched stay shared with the previous model.
    const rows = { ...model.rows };
    const recomputed: string[] = [];
    for (const t of touched) {
      if (rowCfg.get(t)?.kind === 'image') {
        for (const k of model.order) if (k.startsWith(`${t}:`)) recomputed.push(k);
      } else if (nextPre[t]) recomputed.push(t);
    }
    // A new counts record only when a count changes, so the tab bar (memoised on it) skips most keystrokes.
    let counts = model.errorsCount;
    for (const k of recomputed) {
      const before = model.rows[k];
      const after = effects.computeRow(nextPre[k], nextResults, nextData, model.registry);
      const wasError = before.isVisible && before.checked;
      const isError = after.isVisible && after.checked;
      if (wasError !== isError) {
        if (counts === model.errorsCount) counts = { ...counts };
        counts[after.tab] += isError ? 1 : -1;
      }
      rows[k] = after;
    }
    const next: ReviewModel = { ...model, rows, errorsCount: counts, edits: [...(model.edits ?? []), edit] };
    remember(next, { pre: nextPre, data: nextData, results: nextResults });
    return next;
  }

  function trace(model: ReviewModel): RuleTrace {
    const { data, results } = internalOf(model);
    return { rules: index.rules, data, results: Array.from(results, Boolean) };
  }

  return { config, evaluate, apply, rowConfig: cfgOf, refusal, trace };
}
