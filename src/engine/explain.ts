/**
 * Why a row is as it is (issue 17, the config studio's "why is this hidden?" panel): the rules that decide its
 * visibility, tick, editability and validity, each with the values it read and its result on the current model.
 * Pure: it reads the engine's own trace of the model, so it cannot disagree with what the screen shows.
 */
import type { Effect, RuleConfig } from './config.ts';
import type { Logic } from './logic.ts';
import { usesData } from './logic.ts';
import type { ReviewEngine } from './model.ts';
import type { ReviewModel, RowState } from './types.ts';

/** What a rule decides about its row. */
export type Aspect = 'visibility' | 'ticking' | 'editability' | 'validity' | 'value' | 'notes' | 'options' | 'upload';

const ASPECT_OF: Readonly<Record<Effect, Aspect>> = {
  show: 'visibility',
  hide: 'visibility',
  check: 'ticking',
  enable: 'editability',
  disable: 'editability',
  invalid: 'validity',
  clear: 'value',
  note: 'notes',
  flag: 'notes',
  options: 'options',
  upload: 'upload',
};

export interface RuleInput {
  /** The variable as the rule names it (`insuranceType`, `checked.fuelType`, `ctx.role`). */
  variable: string;
  value: unknown;
}

export interface RuleExplanation {
  /** The rule's id, else `rules[i]`; implicit parent rules are `parent:<row>:check|disable`. */
  id: string;
  effect: Effect;
  aspect: Aspect;
  when: Logic;
  /** Every variable the rule reads, with its current value. */
  inputs: RuleInput[];
  /** Whether the rule's condition holds now (its effect applies). */
  result: boolean;
  /** Added by the engine for a row with a parent (spec 000 §4), not written in the config. */
  implicit: boolean;
  message?: string;
}

export interface RowExplanation {
  key: string;
  text: string;
  /** One plain sentence per main aspect, saying what decides it now. */
  reasons: Record<'visibility' | 'ticking' | 'editability' | 'validity', string>;
  /** The rules targeting the row, in the order the engine runs them. */
  rules: RuleExplanation[];
}

/** The value a rule variable reads; the engine's data may be layered over its base (inherited reads), never Object's own keys. */
function valueAt(data: Readonly<Record<string, unknown>>, path: string): unknown {
  let v: unknown = data;
  for (const p of path.split('.')) v = v !== null && typeof v === 'object' && !Object.hasOwn(Object.prototype, p) ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

const named = (rules: readonly RuleExplanation[]) => rules.map((r) => `'${r.id}'`).join(', ');

function reasonsOf(row: RowState, rules: readonly RuleExplanation[], startsHidden: boolean, editable: boolean | undefined): RowExplanation['reasons'] {
  const on = (effect: Effect) => rules.filter((r) => r.effect === effect && r.result);
  const shows = rules.filter((r) => r.effect === 'show');
  let visibility: string;
  if (on('hide').length) visibility = `Hidden: the hide rule ${named(on('hide'))} holds.`;
  else if (shows.length && !on('show').length) visibility = `Hidden: none of its show rules (${named(shows)}) holds.`;
  else if (shows.length) visibility = `Visible: the show rule ${named(on('show'))} holds.`;
  else visibility = startsHidden ? 'Hidden: the row starts hidden and no show rule targets it.' : 'Visible: no rule hides it.';

  let ticking: string;
  if (row.userChecked) ticking = 'Ticked by the reviewer.';
  else if (on('check').length) ticking = `Ticked by the rule ${named(on('check'))}.`;
  else ticking = 'Not ticked: the reviewer has not ticked it and no check rule holds.';

  let editability: string;
  if (!row.isEditable) {
    editability =
      row.kind === 'image'
        ? 'Not editable: an image row has no value to edit (it can be ticked or masked).'
        : editable === false
          ? "Not editable: its config says 'editable: false'."
          : `Not editable: the inspector's commentFlag is ${String(row.commentFlag)} (0 and 2 lock the value).`;
  } else if (row.isDisabled) editability = `Editable, but its tick is locked by the disable rule ${named(on('disable'))}.`;
  else if (on('disable').length) editability = `Editable: the enable rule ${named(on('enable'))} overrides ${named(on('disable'))}.`;
  else editability = 'Editable: no disable rule holds.';

  const invalid = on('invalid');
  const validity = invalid.length ? `Invalid: the rule '${invalid[0].id}' holds ("${row.errorMsg}").` : 'Valid: no invalid rule holds.';
  return { visibility, ticking, editability, validity };
}

/**
 * Explains row `key` of `model` (image rows answer with their group's rules); null for an unknown row.
 * `model` must come from `engine` (its evaluate / apply).
 */
export function explainRow(engine: ReviewEngine, model: ReviewModel, key: string): RowExplanation | null {
  const row = model.rows[key];
  const cfg = engine.rowConfig(key);
  if (!row || !cfg) return null;
  const { rules, data, results } = engine.trace(model);
  const targets = (r: RuleConfig) => (Array.isArray(r.target) ? r.target.includes(cfg.key) : r.target === cfg.key);
  const explained = rules.flatMap((rule, i): RuleExplanation[] => {
    if (!targets(rule)) return [];
    const implicit = i >= engine.config.rules.length;
    const out: RuleExplanation = {
      id: rule.id ?? `rules[${i}]`,
      effect: rule.effect,
      aspect: ASPECT_OF[rule.effect],
      when: rule.when,
      inputs: usesData(rule.when).map((variable) => ({ variable, value: valueAt(data, variable) ?? null })),
      result: results[i],
      implicit,
    };
    if (rule.message !== undefined) out.message = rule.message;
    return [out];
  });
  return { key, text: row.text, reasons: reasonsOf(row, explained, cfg.hidden === true, cfg.editable), rules: explained };
}
