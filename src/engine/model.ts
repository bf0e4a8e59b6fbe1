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
import { appendEdit, effectiveValue, isChanged, reduceRow, sameValue } from './edit.ts';
import { createEffects, type RuleData, type RuleView } from './effects.ts';
import type { InspectionDocument, RegistrySources } from './inspection.ts';
import { truthy } from './logic.ts';
import { indexRules, type SlotData } from './rule-index.ts';
import { createRowBuilder, type BuiltRows } from './rows.ts';
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

/** The rule data the engine keeps (SlotData), readable by the effects (RuleView). */
type EngineData = SlotData & RuleView;

/** Cached evaluation state of a model, kept beside it (never serialized). */
interface Internal {
  /** Where each config row's rows are in the model's order (BuiltRows.first): shared by every model of one evaluation. */
  first: Int32Array;
  /** Rows before rule effects (recorded values plus the reviewer's edits), aligned with the model's order. */
  pre: readonly RowState[];
  data: EngineData;
  /** 1 where the rule holds, by rule index: copied only by an edit that flips one. */
  results: readonly number[];
}

/** `list` with `list[i] = value`: a copy (a block copy of a few hundred entries costs less than any finer structure). */
function withSlot<T>(list: readonly T[], i: number, value: T): T[] {
  const next = list.slice();
  next[i] = value;
  return next;
}

/**
 * V8 keeps an object built by Object.fromEntries in fast mode up to about a thousand keys (a per-edit copy of a
 * car's rows, `{ ...rows }`, is then a block copy, 100× cheaper than copying a dictionary); past that it ends as a
 * dictionary anyway, after one hidden-class transition per key: 6× the time and 2.5× the garbage of plain
 * assignment, which a 2,000-row evaluation paid in full.
 */
const FAST_MODE_KEYS = 1000;
function recordOf<T>(keys: readonly string[], values: readonly T[]): Record<string, T> {
  if (keys.length <= FAST_MODE_KEYS) return Object.fromEntries(keys.map((k, i) => [k, values[i]]));
  const out: Record<string, T> = {};
  for (let i = 0; i < keys.length; i++) out[keys[i]] = values[i];
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
  /** Image rows (`group:hash`) answer their group's config. */
  const cfgOf = (key: string) => rowCfg.get(key) ?? rowCfg.get(key.split(':')[0]);
  const slotCount = config.rows.length;
  /** Slots of the rows whose value the rules read (every row but image groups), and of those whose `seq.K` they read. */
  const isValueSlot = config.rows.map((r) => (r.kind ?? 'field') !== 'image');
  const valueSlots = Int32Array.from(config.rows.flatMap((_row, c) => (isValueSlot[c] ? [c] : [])));
  const seqSlot = config.rows.map((r) => index.seqRows.has(r.key));

  /**
   * Each model carries its evaluation state in a private field of this engine's class: JSON, spreads and
   * structuredClone leave it out (a copy then starts from its rows). A WeakMap entry, or a symbol property defined
   * on each model, cost more per keystroke than the rest of the edit.
   */
  class Model implements ReviewModel {
    rows: Record<string, RowState>;
    order: string[];
    errorsCount: Record<Tab, number>;
    edits: Edit[];
    context: EvalContext;
    registry: RegistrySources | null | undefined;
    config: ReviewConfig;
    readonly #internal: Internal;
    constructor(
      rows: Record<string, RowState>,
      order: string[],
      errorsCount: Record<Tab, number>,
      edits: Edit[],
      context: EvalContext,
      registry: RegistrySources | null | undefined,
      modelConfig: ReviewConfig,
      internal: Internal,
    ) {
      this.rows = rows;
      this.order = order;
      this.errorsCount = errorsCount;
      this.edits = edits;
      this.context = context;
      this.registry = registry;
      this.config = modelConfig;
      this.#internal = internal;
    }
    static internal(model: ReviewModel): Internal | undefined {
      return #internal in model ? model.#internal : undefined;
    }
  }
  /** State of models this engine did not build (e.g. cloned), rebuilt once from their rows. */
  const adopted = new WeakMap<ReviewModel, Internal>();

  // Message templates read the data by path; one function for every data object, so they all share a shape.
  function read(this: SlotData, path: string): unknown {
    return index.pathReader(path)(this);
  }

  function runAll(data: EngineData): number[] {
    const results: number[] = [];
    for (let i = 0; i < index.compiled.length; i++) results.push(truthy(index.compiled[i](data)) ? 1 : 0);
    return results;
  }

  const zeroCounts = (): Record<Tab, number> => Object.fromEntries(config.product.tabs.map((t) => [t, 0]));

  function dataOf(pre: readonly RowState[], first: Int32Array, ctx: EvalContext): EngineData {
    // Packed arrays (no holes), so an edit's copy-and-store of one slot takes the same fast path for every array.
    const values: unknown[] = [];
    const checked: (boolean | undefined)[] = [];
    const changed: (boolean | undefined)[] = [];
    const seq: (number | undefined)[] = [];
    for (let c = 0; c < slotCount; c++) {
      if (!isValueSlot[c]) {
        values.push(undefined);
        checked.push(undefined);
        changed.push(undefined);
        seq.push(undefined);
        continue;
      }
      const row = pre[first[c]];
      values.push(effectiveValue(row));
      checked.push(Boolean(row.userChecked));
      changed.push(isChanged(row));
      seq.push(seqSlot[c] ? (row.editSeq ?? 0) : undefined);
    }
    return { values, checked, changed, seq, ctx, read };
  }

  /** The rule data in record form (RuleData), for the trace. */
  function recordData(data: SlotData): RuleData {
    const out: RuleData = { checked: {}, changed: {}, seq: {}, ctx: data.ctx };
    for (const c of valueSlots) {
      const k = config.rows[c].key;
      out[k] = data.values[c];
      out.checked[k] = data.checked[c]!;
      out.changed[k] = data.changed[c]!;
      if (seqSlot[c]) out.seq[k] = data.seq[c]!;
    }
    return out;
  }

  function build({ rows: pre, order, first }: BuiltRows, ctx: EvalContext, registry: RegistrySources | null | undefined): ReviewModel {
    const data = dataOf(pre, first, ctx);
    const results = runAll(data);
    const after = new Array<RowState>(pre.length);
    const counts = zeroCounts();
    for (let c = 0; c < slotCount; c++) {
      for (let i = first[c]; i < first[c + 1]; i++) {
        const row = effects.computeRow(pre[i], results, data, registry, c);
        after[i] = row;
        if (row.isVisible && row.checked) counts[row.tab]++;
      }
    }
    return new Model(recordOf(order, after), order, counts, [], ctx, registry ?? null, config, { first, pre, data, results });
  }

  function evaluate(inspection: InspectionDocument, edits: readonly Edit[] = [], registry?: RegistrySources | null, options: EvaluateOptions = {}): ReviewModel {
    const ctx = builder.contextOf(inspection, registry, options);
    // Edits go through `apply` one by one, so an edit the engine refuses at that point (refusal) is left out here
    // exactly as it is in the browser.
    let model = build(builder.buildRows(inspection, ctx), ctx, registry);
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

  /** BuiltRows.first of a model's order (rows in config order, as `buildRows` makes them). */
  function firstOf(order: readonly string[]): Int32Array {
    const first = new Int32Array(slotCount + 1);
    let p = 0;
    for (let c = 0; c < slotCount; c++) {
      first[c] = p;
      const { key, kind } = config.rows[c];
      if (kind === 'image') while (p < order.length && order[p].startsWith(`${key}:`)) p++;
      else if (order[p] === key) p++;
    }
    first[slotCount] = p;
    if (p !== order.length) throw new Error('the model’s rows are not those of its config, in its order');
    return first;
  }

  function internalOf(model: ReviewModel): Internal {
    const hit = Model.internal(model) ?? adopted.get(model);
    if (hit) return hit;
    // A model not built by this engine instance (e.g. cloned): its rows stand in for the pre-effect rows.
    const ctx = model.context!;
    const pre = model.order.map((k) => {
      const options = builder.resolveOptions(cfgOf(k)?.input?.options, ctx);
      return options ? { ...model.rows[k], options } : model.rows[k];
    });
    const first = firstOf(model.order);
    const data = dataOf(pre, first, ctx);
    const internal = { first, pre, data, results: runAll(data) };
    adopted.set(model, internal);
    return internal;
  }

  /** Slot of row `key`: its config row's, an image row's its group's (`group:hash`); undefined for an unknown key. */
  const slotOfRow = (key: string): number | undefined => index.slotOf.get(key) ?? index.slotOf.get(key.slice(0, key.indexOf(':')));

  /** Position of row `key` (in slot `slot`) in the model's order, -1 if none. */
  function positionOf(first: Int32Array, order: readonly string[], key: string, slot: number): number {
    for (let p = first[slot]; p < first[slot + 1]; p++) if (order[p] === key) return p;
    return -1;
  }

  function apply(model: ReviewModel, edit: Edit): ReviewModel {
    if (!model.context || refusal(model, edit) !== null) return model;
    const { first, pre, data, results } = internalOf(model);
    const key = edit.key;
    const rowSlot = slotOfRow(key);
    if (rowSlot === undefined) return model;
    const at = positionOf(first, model.order, key, rowSlot);
    if (at < 0) return model;
    const { edits, seq: editSeq } = appendEdit(model.edits, edit);
    const reduced = reduceRow(pre[at], cfgOf(key), edit, editSeq);
    const nextPre = withSlot(pre, at, reduced);
    let nextData = data;
    let nextResults = results;
    /** Positions of the rows to recompute: the edited one, and those the rules whose result flipped reach. */
    const touched = [at];
    /** Their slots (effects find a row's plan by slot without a lookup by key). */
    const touchedSlots = [rowSlot];
    // An image row's slot is its group's, which holds no value the rules read.
    const slot = isValueSlot[rowSlot] ? rowSlot : undefined;
    if (slot !== undefined) {
      const value = effectiveValue(reduced);
      const checked = Boolean(reduced.userChecked);
      const changed = isChanged(reduced);
      const seq = seqSlot[slot] ? (reduced.editSeq ?? 0) : undefined;
      const valueDiffers = !sameValue(value, data.values[slot]);
      const parts = (valueDiffers ? 1 : 0) + (checked !== data.checked[slot] ? 2 : 0) + (changed !== data.changed[slot] ? 4 : 0) + (seq !== data.seq[slot] ? 8 : 0);
      if (parts !== 0) {
        nextData = {
          values: valueDiffers ? withSlot(data.values, slot, value) : data.values,
          checked: checked !== data.checked[slot] ? withSlot(data.checked, slot, checked) : data.checked,
          changed: changed !== data.changed[slot] ? withSlot(data.changed, slot, changed) : data.changed,
          seq: seq !== data.seq[slot] ? withSlot(data.seq, slot, seq) : data.seq,
          ctx: data.ctx,
          read,
        };
        // Only the readers of what changed (a tick runs no rule on the row's value); of several parts, every reader once.
        const of = index.readersOf.get(key);
        const readers = !of ? [] : parts === 1 ? of.value : parts === 2 ? of.checked : parts === 4 ? of.changed : parts === 8 ? of.seq : index.readers.get(key)!;
        for (const i of readers) {
          const r = truthy(index.compiled[i](nextData)) ? 1 : 0;
          if (r === results[i]) continue;
          if (nextResults === results) nextResults = results.slice();
          (nextResults as number[])[i] = r;
          for (const s of index.reach[i]) {
            for (let p = first[s]; p < first[s + 1]; p++) {
              if (touched.includes(p)) continue;
              touched.push(p);
              touchedSlots.push(s);
            }
          }
        }
      }
    }
    // Rows no rule touched stay shared with the previous model.
    const rows = { ...model.rows };
    // A new counts record only when a count changes, so the tab bar (memoised on it) skips most keystrokes.
    let counts = model.errorsCount;
    for (let t = 0; t < touched.length; t++) {
      const p = touched[t];
      const k = model.order[p];
      const before = model.rows[k];
      const after = effects.computeRow(nextPre[p], nextResults, nextData, model.registry, touchedSlots[t]);
      const wasError = before.isVisible && before.checked;
      const isError = after.isVisible && after.checked;
      if (wasError !== isError) {
        if (counts === model.errorsCount) counts = { ...counts };
        counts[after.tab] += isError ? 1 : -1;
      }
      rows[k] = after;
    }
    return new Model(rows, model.order, counts, edits, model.context, model.registry, model.config, { first, pre: nextPre, data: nextData, results: nextResults });
  }

  function trace(model: ReviewModel): RuleTrace {
    const { data, results } = internalOf(model);
    return { rules: index.rules, data: recordData(data), results: Array.from(results, Boolean) };
  }

  return { config, evaluate, apply, rowConfig: cfgOf, refusal, trace };
}
