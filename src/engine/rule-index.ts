/**
 * The incremental dependency index, built once per config: every rule (the config's and the implicit parent rules)
 * compiled, which rules target a row, which rules read a row (from `uses_data`), and which rows must be recomputed
 * when a rule's result flips (its targets, and for visibility rules their descendants: visibility cascades).
 */
import type { ReviewConfig, RuleConfig } from './config.ts';
import { buildDependencyIndex, compileLogic, usesData, type CompiledLogic } from './logic.ts';

/** Each rule's result by rule index (truthy = its `when` holds); the engine keeps them as a Uint8Array (1 or 0). */
export type RuleResults = ArrayLike<number | boolean>;

export interface RuleIndex {
  /** The config's rules, then the implicit ones. */
  readonly rules: readonly RuleConfig[];
  readonly compiled: readonly CompiledLogic[];
  /** Row key → indices of the rules targeting it. */
  readonly byTarget: ReadonlyMap<string, readonly number[]>;
  /** Row key → indices of the rules reading it (its value, `checked.K`, `changed.K` or `seq.K`). */
  readonly readers: ReadonlyMap<string, readonly number[]>;
  /** Rule index → rows to recompute when its result flips. */
  readonly reach: readonly (readonly string[])[];
  /** Rows whose edit position (`seq.K`) some rule reads: only they are tracked. */
  readonly seqRows: ReadonlySet<string>;
  /** Row key → its child rows (`parent`). */
  readonly children: ReadonlyMap<string, readonly string[]>;
}

const VISIBILITY = new Set<RuleConfig['effect']>(['show', 'hide']);

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
  const seqRows = new Set(rules.flatMap((r) => usesData(r.when)).filter((v) => v.startsWith('seq.')).map((v) => v.split('.')[1]));
  return { rules, compiled: rules.map((r) => compileLogic(r.when)), byTarget, readers, reach, seqRows, children };
}
