/**
 * Folding rule effects into a row: (row before effects, the results of the rules targeting it, the data the rules
 * read) → the row the reviewer sees: visibility (cascading from the parent row), disabled, checked, cleared,
 * validity, notes, flags, options, upload, and its registry comparison. Effect precedence is documented in
 * docs/config-format.md 'Effects'.
 */
import type { OptionsSource, ReviewConfig, RowConfig } from './config.ts';
import type { RegistrySources } from './inspection.ts';
import { compileRegistryCompare, type RegistryCompare } from './registry-compare.ts';
import { effectiveValue } from './edit.ts';
import type { RuleIndex, RuleResults } from './rule-index.ts';
import { copyRow } from './rows.ts';
import type { EvalContext, RowState } from './types.ts';

/**
 * Values the rules read: `K` (value), `checked.K` (the reviewer's tick), `changed.K` (a new value differs),
 * `seq.K` (position of the reviewer's latest value edit of K, 0 if none: lets a rule say "edited after"), `ctx.*`.
 */
export interface RuleData {
  [key: string]: unknown;
  checked: Record<string, boolean>;
  changed: Record<string, boolean>;
  seq: Record<string, number>;
  ctx: EvalContext;
}

/** What effects read of the rule data, whatever its form: the context, and a dotted path (`{{ path }}` of a message). */
export interface RuleView {
  readonly ctx: EvalContext;
  read(path: string): unknown;
}

/** The view of rule data in record form. */
export function recordView(data: RuleData): RuleView {
  return {
    ctx: data.ctx,
    read(path) {
      let v: unknown = data;
      for (const p of path.split('.')) v = v === null || v === undefined ? undefined : (v as Record<string, unknown>)[p];
      return v;
    },
  };
}

export interface Effects {
  /** Whether a row (by key, or an image group) is visible: its own rules, and its parent's visibility. */
  isVisible(key: string, results: RuleResults): boolean;
  /**
   * The row after the effects of the rules targeting it (`results` holds every rule's result, by index). `slot` is
   * the row's config row index (RuleIndex.slotOf), when the caller knows it: it saves a lookup by key.
   */
  computeRow(row: RowState, results: RuleResults, data: RuleView, registry: RegistrySources | null | undefined, slot?: number): RowState;
}

/** `{{ path }}` in a message, read from the rule data ('' when absent). */
function template(text: string, data: RuleView): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    const v = data.read(path);
    return v === null || v === undefined ? '' : String(v);
  });
}

/** What the engine needs of one row config, prepared once. */
interface Plan {
  cfg: RowConfig;
  /** Indices of the show / hide rules targeting the row, and of the other rules. */
  show: number[];
  hide: number[];
  other: number[];
  compare?: RegistryCompare;
  /** The parent row's plan: visibility cascades without a lookup by key per level. */
  parent?: Plan;
}

export function createEffects(config: ReviewConfig, index: RuleIndex, resolveOptions: (src: OptionsSource | undefined, ctx: EvalContext) => string[] | undefined): Effects {
  const compareOf = new Map(config.registry.map((rc) => [rc.row, compileRegistryCompare(rc)]));
  const plans = new Map<string, Plan>();
  /** The same by slot. */
  const planList: Plan[] = [];
  for (const cfg of config.rows) {
    const ids = index.byTarget.get(cfg.key) ?? [];
    planList.push({
      cfg,
      show: ids.filter((i) => index.rules[i].effect === 'show'),
      hide: ids.filter((i) => index.rules[i].effect === 'hide'),
      other: ids.filter((i) => index.rules[i].effect !== 'show' && index.rules[i].effect !== 'hide'),
      compare: compareOf.get(cfg.key),
    });
    plans.set(cfg.key, planList[planList.length - 1]);
  }
  for (const plan of plans.values()) if (plan.cfg.parent !== undefined) plan.parent = plans.get(plan.cfg.parent);
  /** Image rows are keyed `group:hash`; their config is the group's. */
  const planOf = (key: string): Plan => plans.get(key) ?? plans.get(key.slice(0, key.indexOf(':')))!;

  function visible(plan: Plan, results: RuleResults): boolean {
    for (let p: Plan | undefined = plan; p !== undefined; p = p.parent) {
      if (p.show.length) {
        let shown = false;
        for (const i of p.show) if (results[i]) shown = true;
        if (!shown) return false;
      } else if (p.cfg.hidden) return false;
      for (const i of p.hide) if (results[i]) return false;
    }
    return true;
  }

  const isVisible = (key: string, results: RuleResults): boolean => visible(planOf(key), results);

  function computeRow(row: RowState, results: RuleResults, data: RuleView, registry: RegistrySources | null | undefined, slot?: number): RowState {
    const plan = slot === undefined ? planOf(row.key) : planList[slot];
    const { cfg } = plan;
    let disable = false;
    let enable = false;
    let forced = false;
    let cleared = false;
    let invalid: string | null = null;
    let flagged = false;
    let options: string[] | undefined;
    let upload = false;
    let notes: string[] | undefined;
    for (const i of plan.other) {
      if (!results[i]) continue;
      const rule = index.rules[i];
      switch (rule.effect) {
        case 'disable':
          disable = true;
          break;
        case 'enable':
          enable = true;
          break;
        case 'check':
          forced = true;
          break;
        case 'clear':
          cleared = true;
          break;
        case 'invalid':
          if (invalid === null) invalid = template(rule.message!, data);
          break;
        case 'note':
          (notes ??= []).push(template(rule.message!, data));
          break;
        case 'flag':
          flagged = true;
          (notes ??= []).push(template(rule.message!, data));
          break;
        case 'options':
          options = resolveOptions(rule.options, data.ctx);
          break;
        case 'upload':
          upload = true;
          break;
        case 'show':
        case 'hide':
          break;
        default: {
          const never: never = rule.effect;
          throw new Error(`unknown effect ${String(never)}`);
        }
      }
    }
    const isShown = visible(plan, results);
    // A hidden row's value is dropped when its config says so, as a `clear` rule would (no negated twin needed).
    if (!isShown && cfg.clearWhenHidden) cleared = true;
    const disabled = disable && !enable;
    const checked = Boolean(row.userChecked) || forced;
    // Most rows come out as they went in (no rule holds, no registry, no choices): the row itself is the result,
    // which saves a copy per row in a full evaluation. Rows are never mutated once built, so sharing is safe.
    const unchanged =
      !cleared && !upload && !flagged && invalid === null && notes === undefined && options === undefined && plan.compare === undefined &&
      row.values === undefined && cfg.newValueAs === undefined && row.isVisible === isShown && row.isDisabled === disabled &&
      row.checked === checked && row.isValid && row.notes === undefined && row.isFlagged === undefined && row.canUpload === undefined;
    if (unchanged) return row;
    const next = copyRow(row);
    next.isVisible = isShown;
    next.isDisabled = disabled;
    next.checked = checked;
    next.isValid = invalid === null;
    next.errorMsg = invalid ?? '';
    if (cleared) {
      next.newValue = null;
      next.newId = null;
      if (row.values !== undefined) next.newValues = null;
      next.image = null;
      // 000 §4 'RTO NOC No clears them and clears the uploaded image and its additional info'.
      next.additionalInfo = undefined;
    }
    // Absent properties are set to undefined, never deleted: `delete` would drop the object into slow dictionary mode.
    next.notes = notes;
    next.isFlagged = flagged || undefined;
    if (options) next.options = options;
    // A row may also report its new value under a second name (000 §3: RTO rows' newRtoCode).
    if (cfg.newValueAs === 'newRtoCode') next.newRtoCode = next.newValue ?? undefined;
    if (row.values !== undefined) {
      const now = next.newValues ?? row.values;
      next.addedByQc = now.filter((v) => !row.values!.includes(v));
      next.removedByQc = row.values.filter((v) => !now.includes(v));
    }
    next.canUpload = upload || undefined;
    if (plan.compare && next.kind === 'field') {
      // A cleared row is compared as empty: the value it had is gone from the screen and from the submission.
      // The value the rules read for the row (`K`).
      const r = plan.compare(cleared ? null : effectiveValue(row), registry, data.ctx);
      next.vaahanFlag = r.flag;
      next.registryValue = r.registryValue;
      if (r.smsValue !== undefined) next.smsValue = r.smsValue;
      next.dataSource = r.dataSource;
    }
    return next;
  }

  return { isVisible, computeRow };
}
