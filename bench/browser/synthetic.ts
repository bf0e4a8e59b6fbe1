/**
 * A synthetic large variant of a review config for the browser benchmark: the real config's field rows and rules
 * replicated with suffixed keys (`fuelType_c2`) until the evaluated model holds at least `minRows` rows. Each copy's
 * rules read and target the copy's own rows, so every copied parent keeps its dependents (fuel type → CNG fitment,
 * insurance type → expiry / no-claim bonus …). Image rows, validations, registry comparisons and cases are not copied.
 */
import type { ReviewConfig, RowConfig, RuleConfig } from '../../src/engine/config.ts';
import { loadConfig } from '../../src/engine/config-schema.ts';
import { createEngine } from '../../src/engine/model.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { Logic } from '../../src/engine/logic.ts';

const ROW_NAMESPACES = new Set(['checked', 'changed', 'seq']);

/** Renames the row a json-logic variable path names (`K`, `changed.K`, `checked.K`); context paths stay. */
function renameVariable(path: string, rename: (key: string) => string | null): string {
  const parts = path.split('.');
  const at = ROW_NAMESPACES.has(parts[0]) && parts.length > 1 ? 1 : 0;
  const renamed = rename(parts[at]);
  if (renamed === null) return path;
  parts[at] = renamed;
  return parts.join('.');
}

function renameLogic(logic: Logic, rename: (key: string) => string | null): Logic {
  if (Array.isArray(logic)) return logic.map((l) => renameLogic(l as Logic, rename)) as Logic;
  if (!logic || typeof logic !== 'object') return logic;
  const out: Record<string, unknown> = {};
  for (const [op, arg] of Object.entries(logic as Record<string, unknown>)) {
    if (op === 'var') {
      if (typeof arg === 'string') out[op] = renameVariable(arg, rename);
      else if (Array.isArray(arg) && typeof arg[0] === 'string') out[op] = [renameVariable(arg[0], rename), ...arg.slice(1)];
      else out[op] = arg;
    } else out[op] = renameLogic(arg as Logic, rename);
  }
  return out as Logic;
}

function copyOf(config: ReviewConfig, n: number): { rows: RowConfig[]; rules: RuleConfig[] } {
  const fieldRows = config.rows.filter((r) => (r.kind ?? 'field') !== 'image');
  const copied = new Set(fieldRows.map((r) => r.key));
  const rename = (key: string) => (copied.has(key) ? `${key}_c${n}` : null);
  const rows = fieldRows.map((r) => ({
    ...r,
    key: `${r.key}_c${n}`,
    text: `${r.text} ${n}`,
    path: [`${r.path[0]}_c${n}`, ...r.path.slice(1)],
    ...(r.parent ? { parent: rename(r.parent) ?? r.parent } : {}),
  }));
  const rules: RuleConfig[] = [];
  for (const rule of config.rules) {
    const targets = (Array.isArray(rule.target) ? rule.target : [rule.target]).map(rename).filter((t): t is string => t !== null);
    if (!targets.length) continue;
    rules.push({ ...rule, ...(rule.id ? { id: `${rule.id}_c${n}` } : {}), target: targets, when: renameLogic(rule.when, rename) });
  }
  return { rows, rules };
}

/** The config with field rows and rules replicated until its model has at least `minRows` rows. */
export function syntheticConfig(config: ReviewConfig, minRows: number): ReviewConfig {
  let copies = 0;
  let current = config;
  const countRows = (c: ReviewConfig) => createEngine(c).evaluate(generateInspection(c)).order.length;
  while (countRows(current) < minRows) {
    copies += 1;
    const extra = copyOf(config, copies);
    current = loadConfig({
      product: config.product,
      context: config.context,
      constants: config.constants,
      rows: [...current.rows, ...extra.rows],
      rules: [...current.rules, ...extra.rules],
      validations: config.validations,
      registry: config.registry,
      roles: config.roles,
      cases: [],
    });
  }
  return current;
}
