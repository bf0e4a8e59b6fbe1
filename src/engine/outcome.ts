/**
 * Outcome rules: a product's config decides a result (a submission status, an unflagging decision…) from a few
 * facts. Each rule is `{ "when": <json-logic>, "set": { … } }`; the first rule whose `when` holds gives its `set`.
 * The last rule must be the default (`"when": true`), so every list answers. The same function runs in the
 * browser (machines) and on the server (routes), so the status a client shows and the one the server stores come
 * from one config rule. Product-agnostic: the facts and the fields of `set` are the product's own.
 */
import { checkLogic, compileLogic, truthy, type CompiledLogic, type Logic } from './logic.ts';

/** Values an outcome may set: JSON scalars. */
export type OutcomeValue = string | number | boolean | null;

/** One outcome rule as written in config. */
export interface OutcomeRule<S extends Record<string, OutcomeValue> = Record<string, OutcomeValue>> {
  id?: string;
  $comment?: string;
  when: Logic;
  set: S;
}

/** Problem of an outcome rule list as `[path, message]` (path relative to `path`), or null when it loads. */
export function checkOutcomeRules(rules: readonly OutcomeRule[], path: string): [string, string] | null {
  if (!rules.length) return [path, 'an outcome needs at least one rule (the default, "when": true)'];
  for (let i = 0; i < rules.length; i++) {
    const problem = checkLogic(rules[i].when, `${path}/${i}/when`);
    if (problem) return problem;
  }
  const last = rules[rules.length - 1];
  if (last.when !== true) return [`${path}/${rules.length - 1}/when`, 'the last outcome rule must be the default ("when": true)'];
  const keys = Object.keys(last.set).sort().join(',');
  for (let i = 0; i < rules.length - 1; i++) {
    if (Object.keys(rules[i].set).sort().join(',') !== keys) {
      return [`${path}/${i}/set`, `every outcome rule sets the same fields as the default (${keys})`];
    }
  }
  return null;
}

const compiledCache = new WeakMap<readonly OutcomeRule[], CompiledLogic[]>();

/**
 * The `set` of the first rule whose `when` holds on `facts` (a fresh copy). Rules are compiled once per list.
 * Throws when no rule matches, which a list that passed `checkOutcomeRules` cannot do.
 */
export function evaluateOutcome<S extends Record<string, OutcomeValue>>(rules: readonly OutcomeRule<S>[], facts: object): S {
  let compiled = compiledCache.get(rules);
  if (!compiled) {
    compiled = rules.map((r) => compileLogic(r.when));
    compiledCache.set(rules, compiled);
  }
  for (let i = 0; i < rules.length; i++) {
    if (truthy(compiled[i](facts))) return { ...rules[i].set };
  }
  throw new Error('no outcome rule matched: the last rule must be "when": true');
}
