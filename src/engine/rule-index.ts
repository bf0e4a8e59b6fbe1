/**
 * The incremental dependency index, built once per config: every rule (the config's and the implicit parent rules)
 * compiled, which rules target a row, which rules read a row (from `uses_data`), and which rows must be recomputed
 * when a rule's result flips (its targets, and for visibility rules their descendants: visibility cascades).
 *
 * Rows are held by slot, their config row's index: the data the engine's rules read (SlotData) is a few arrays
 * indexed by slot, and each compiled `var` reads its slot directly. Keying that data by row key made a 2,000-row
 * evaluation build (and each rule read) dictionaries of thousands of keys.
 */
import type { ReviewConfig, RuleConfig } from './config.ts';
import { buildDependencyIndex, compileLogic, rowOfVariable, usesData, type CompiledLogic, type VariableResolver } from './logic.ts';
import type { EvalContext } from './types.ts';

/** Each rule's result by rule index (truthy = its `when` holds); the engine keeps them as a Uint8Array (1 or 0). */
export type RuleResults = ArrayLike<number | boolean>;

/**
 * What the engine's rules read, by slot: `K` is `values[slot]`, `checked.K` / `changed.K` / `seq.K` the same slot of
 * the other arrays, `ctx.*` the context. Image groups' slots stay undefined (their rows hold no value the rules
 * read), as do `seq` slots of rows no rule reads the position of. Arrays are replaced, never written, once built.
 */
export interface SlotData {
  readonly values: readonly unknown[];
  readonly checked: readonly (boolean | undefined)[];
  readonly changed: readonly (boolean | undefined)[];
  readonly seq: readonly (number | undefined)[];
  readonly ctx: EvalContext;
}

/** What a rule reads of a row: `K`, `checked.K`, `changed.K`, `seq.K`. */
export type RowPart = 'value' | 'checked' | 'changed' | 'seq';

export interface RuleIndex {
  /** The config's rules, then the implicit ones. */
  readonly rules: readonly RuleConfig[];
  /** Each rule compiled to read SlotData. */
  readonly compiled: readonly CompiledLogic[];
  /** Row key (config rows, image groups included) → slot: its index in `config.rows`. */
  readonly slotOf: ReadonlyMap<string, number>;
  /** Row key → indices of the rules targeting it. */
  readonly byTarget: ReadonlyMap<string, readonly number[]>;
  /** Row key → indices of the rules reading it (its value, `checked.K`, `changed.K` or `seq.K`). */
  readonly readers: ReadonlyMap<string, readonly number[]>;
  /** The same split by what they read of the row: an edit that changes only one of them runs only its readers. */
  readonly readersOf: ReadonlyMap<string, Readonly<Record<RowPart, readonly number[]>>>;
  /** Rule index → slots of the rows to recompute when its result flips. */
  readonly reach: readonly Int32Array[];
  /** Rows whose edit position (`seq.K`) some rule reads: only they are tracked. */
  readonly seqRows: ReadonlySet<string>;
  /** A dotted path (`K`, `checked.K`, `ctx.today` …) compiled to read SlotData (message templates read them). */
  readonly pathReader: (path: string) => CompiledLogic;
  /** Row key → its child rows (`parent`). */
  readonly children: ReadonlyMap<string, readonly string[]>;
}

const VISIBILITY = new Set<RuleConfig['effect']>(['show', 'hide']);
const ROW_NAMESPACES = new Set(['checked', 'changed', 'seq']);

/**
 * Compiles the variables that name a row to a read of its slot, and `ctx.name` to one property read (deeper `ctx`
 * paths keep the walk: SlotData has `ctx`). The result is json-logic-js's on the record form of the data
 * (RuleData): a missing slot reads as undefined, which gives the `var`'s fallback, and a path past the row's value
 * walks on from it.
 */
function slotResolver(slotOf: ReadonlyMap<string, number>): VariableResolver {
  return (path, notFound) => {
    const parts = path.split('.');
    const ns = ROW_NAMESPACES.has(parts[0]) && parts.length > 1 ? parts[0] : undefined;
    const key = ns === undefined ? parts[0] : parts[1];
    if (ns === undefined && key === 'ctx') {
      if (parts.length !== 2) return undefined;
      const name = parts[1];
      return (d) => {
        const v = (d as SlotData).ctx[name];
        return v === undefined ? notFound(d) : v;
      };
    }
    const slot = slotOf.get(key);
    if (slot === undefined) return notFound;
    const at: (d: SlotData) => unknown =
      ns === 'checked' ? (d) => d.checked[slot] : ns === 'changed' ? (d) => d.changed[slot] : ns === 'seq' ? (d) => d.seq[slot] : (d) => d.values[slot];
    const rest = parts.slice(ns === undefined ? 1 : 2);
    if (!rest.length) {
      return (d) => {
        const v = at(d as SlotData);
        return v === undefined ? notFound(d) : v;
      };
    }
    return (d) => {
      let v = at(d as SlotData);
      for (const p of rest) {
        if (v === null || v === undefined) return notFound(d);
        v = (v as Record<string, unknown>)[p];
      }
      return v === undefined ? notFound(d) : v;
    };
  };
}

export function indexRules(config: ReviewConfig): RuleIndex {
  const parentOf = new Map(config.rows.filter((r) => r.parent).map((r) => [r.key, r.parent!]));
  const children = new Map<string, string[]>();
  for (const [child, parent] of parentOf) children.set(parent, [...(children.get(parent) ?? []), child]);

  // Implicit rules of spec 000 §4: checking (or editing) a parent selects and disables its dependent fields,
  // down the whole chain (insurance type → no-claim bonus → percentage).
  const ancestors = (key: string): string[] => {
    const out: string[] = [];
    for (let p = parentOf.get(key); p !== undefined && !out.includes(p); p = parentOf.get(p)) out.push(p);
    return out;
  };
  const implicit: RuleConfig[] = [...parentOf.keys()].flatMap((key) => {
    const when = { or: ancestors(key).map((a) => ({ var: `checked.${a}` })) };
    return [
      { id: `parent:${key}:check`, target: key, effect: 'check' as const, when },
      { id: `parent:${key}:disable`, target: key, effect: 'disable' as const, when },
    ];
  });
  const rules = [...config.rules, ...implicit];

  const descendants = (key: string, out: string[] = []): string[] => {
    for (const c of children.get(key) ?? []) {
      if (out.includes(c)) continue;
      out.push(c);
      descendants(c, out);
    }
    return out;
  };
  const byTarget = new Map<string, number[]>();
  const reach = rules.map((rule, i) => {
    const targets = Array.isArray(rule.target) ? rule.target : [rule.target];
    for (const t of targets) byTarget.set(t, [...(byTarget.get(t) ?? []), i]);
    return VISIBILITY.has(rule.effect) ? [...new Set(targets.flatMap((t) => [t, ...descendants(t)]))] : targets;
  });
  const { index: readers } = buildDependencyIndex(
    rules.map((r) => r.when),
    new Set(config.rows.map((r) => r.key)),
  );
  const readersOf = new Map<string, Record<RowPart, number[]>>();
  rules.forEach((rule, i) => {
    for (const variable of usesData(rule.when)) {
      const row = rowOfVariable(variable);
      if (row === null) continue;
      const [head] = variable.split('.');
      const part: RowPart = ROW_NAMESPACES.has(head) && head !== row ? (head as RowPart) : 'value';
      let parts = readersOf.get(row);
      if (!parts) readersOf.set(row, (parts = { value: [], checked: [], changed: [], seq: [] }));
      if (!parts[part].includes(i)) parts[part].push(i);
    }
  });
  const seqRows = new Set(rules.flatMap((r) => usesData(r.when)).filter((v) => v.startsWith('seq.')).map((v) => v.split('.')[1]));
  const slotOf = new Map(config.rows.map((r, i) => [r.key, i]));
  const resolve = slotResolver(slotOf);
  const paths = new Map<string, CompiledLogic>();
  const pathReader = (path: string): CompiledLogic => {
    let read = paths.get(path);
    if (!read) paths.set(path, (read = compileLogic({ var: path }, resolve)));
    return read;
  };
  return {
    rules,
    compiled: rules.map((r) => compileLogic(r.when, resolve)),
    slotOf,
    byTarget,
    readers,
    readersOf,
    reach: reach.map((keys) => Int32Array.from(keys, (k) => slotOf.get(k)!)),
    seqRows,
    pathReader,
    children,
  };
}
