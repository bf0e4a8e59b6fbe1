/**
 * The form model: (config, inspection, reviewer edits, registry data) → rows with visibility, disabled, checked,
 * new values, validity, notes, registry flags and error counts per tab.
 *
 * `evaluate` is the full evaluation: it folds the edits into each row, then runs every rule. `apply` is
 * incremental: it re-runs only the rules whose variables name the edited row (index built once from
 * `uses_data`), recomputes only the rows those rules target, and returns a new model through immer. Both give the
 * same model (tests/engine/incremental.test.ts checks it on random edit sequences).
 */
import { Immer } from 'immer';
import type { ReviewConfig, RowConfig, RuleConfig, OptionsSource, RegistryConfig } from './config.ts';
import { dmyOf, displayToDmy } from './dates.ts';
import type { FieldValue, InspectionDetail, InspectionField, InspectionImage, RegistryData, RemarkEntry } from './inspection.ts';
import { buildDependencyIndex, compileLogic, runLogic, truthy, usesData, type CompiledLogic } from './logic.ts';
import { type Edit, type EvalContext, type EvaluateOptions, type ReviewModel, type RowState, type Scalar, type Tab, type VaahanFlag } from './types.ts';
import { pickWidget } from './widgets.ts';

/** The engine built once from a loaded config. */
export interface ReviewEngine {
  readonly config: ReviewConfig;
  /** Full evaluation of an inspection with the reviewer's edits (in order) and optional registry data. */
  evaluate(inspection: InspectionDetail, edits?: readonly Edit[], registry?: RegistryData | null, options?: EvaluateOptions): ReviewModel;
  /** One edit, incrementally; the result equals `evaluate(inspection, [...model.edits, edit])`. A refused edit leaves the model unchanged. */
  apply(model: ReviewModel, edit: Edit): ReviewModel;
  /**
   * The naive baseline the benchmark compares against: like `apply`, but with no dependency graph — every rule is
   * re-run (through json-logic-js's interpreter, or the compiled rules with `interpreted: false`) and every row is
   * recomputed. Same result as `apply`.
   */
  applyNaive(model: ReviewModel, edit: Edit, interpreted?: boolean): ReviewModel;
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
 * Values the rules read: `K` (value), `checked.K` (the reviewer's tick), `changed.K` (a new value differs),
 * `seq.K` (position of the reviewer's latest value edit of K, 0 if none: lets a rule say "edited after"), `ctx.*`.
 */
interface Data {
  [key: string]: unknown;
  checked: Record<string, boolean>;
  changed: Record<string, boolean>;
  seq: Record<string, number>;
  ctx: EvalContext;
}

/** Cached evaluation state of a model, kept beside it (never serialized). */
interface Internal {
  /** Rows before rule effects: recorded values plus the reviewer's edits. */
  pre: Record<string, RowState>;
  data: Data;
  results: boolean[];
}

/**
 * Immer without auto-freeze: models are immutable by contract (every update goes through `produce` and shares
 * untouched rows), but deep-freezing ~130 rows on every edit would cost more than the edit itself.
 */
const { produce } = new Immer({ autoFreeze: false });

const RESERVED = new Set(['checked', 'changed', 'seq', 'ctx']);
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];


function scalarOf(v: FieldValue | undefined): Scalar {
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(', ') : v;
}

function fieldAtPath(inspection: InspectionDetail, section: RowConfig['section'], path: readonly string[]): InspectionField | undefined {
  let f: InspectionField | undefined = inspection.inspectionData[section]?.[path[0]];
  for (let i = 1; i < path.length && f; i++) f = f.subParts?.[path[i]];
  return f;
}

/** The recorded field of a row: at its path, else at the first alias path that has it (chassisNo, mismatchInRC). */
function fieldAt(inspection: InspectionDetail, cfg: RowConfig): InspectionField | undefined {
  const f = fieldAtPath(inspection, cfg.section, cfg.path);
  if (f || !cfg.aliases) return f;
  for (const alias of cfg.aliases) {
    const a = fieldAtPath(inspection, cfg.section, alias);
    if (a) return a;
  }
  return undefined;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** Applies an exclusive multi-select choice (spec 000 §4): an exclusive choice clears the others, any other clears it. */
export function toggleChoice(current: readonly string[], option: string, exclusive: readonly string[] = []): string[] {
  if (current.includes(option)) return current.filter((o) => o !== option);
  if (exclusive.includes(option)) return [option];
  return [...current.filter((o) => !exclusive.includes(o)), option];
}

/** Earlier remarks on a row (000 §3 remarkHistory); prevValue is the latest one's text. */
function withRemarkHistory(row: RowState, history: readonly RemarkEntry[] | undefined): void {
  if (!history?.length) return;
  row.remarkHistory = [...history];
  row.prevValue = history.reduce((a, b) => (b.timestamp >= a.timestamp ? b : a)).remark;
}

/** Builds the engine for a loaded config: compiles the rule index once. */
export function createEngine(config: ReviewConfig): ReviewEngine {
  const rowCfg = new Map<string, RowConfig>(config.rows.map((r) => [r.key, r]));
  for (const r of config.rows) if (RESERVED.has(r.key)) throw new Error(`row key '${r.key}' is reserved`);

  // Implicit rules of spec 000 §4: checking (or editing) a parent selects and disables its dependent fields,
  // down the whole chain (insurance type → no-claim bonus → percentage).
  const ancestors = (r: RowConfig): string[] => {
    const out: string[] = [];
    for (let p = r.parent; p !== undefined && !out.includes(p); p = rowCfg.get(p)?.parent) out.push(p);
    return out;
  };
  const implicit: RuleConfig[] = config.rows
    .filter((r) => r.parent)
    .flatMap((r) => {
      const when = { or: ancestors(r).map((a) => ({ var: `checked.${a}` })) };
      return [
        { id: `parent:${r.key}:check`, target: r.key, effect: 'check' as const, when },
        { id: `parent:${r.key}:disable`, target: r.key, effect: 'disable' as const, when },
      ];
    });
  const rules: RuleConfig[] = [...config.rules, ...implicit];
  const targetsOf: string[][] = rules.map((r) => (Array.isArray(r.target) ? r.target : [r.target]));
  const rulesByTarget = new Map<string, number[]>();
  targetsOf.forEach((ts, i) => ts.forEach((t) => rulesByTarget.set(t, [...(rulesByTarget.get(t) ?? []), i])));
  const { index: depIndex } = buildDependencyIndex(
    rules.map((r) => r.when),
    new Set(rowCfg.keys()),
  );
  const compiled: CompiledLogic[] = rules.map((r) => compileLogic(r.when));
  // Rows whose edit position (`seq.K`) some rule reads: only they are tracked, so other edits leave `seq` untouched.
  const seqRows = new Set(rules.flatMap((r) => usesData(r.when)).filter((v) => v.startsWith('seq.')).map((v) => v.split('.')[1]));
  const evalRule = (i: number, data: Data) => truthy(compiled[i](data));
  const registryByRow = new Map<string, RegistryConfig>(config.registry.map((r) => [r.row, r]));
  const registryCompiled = new Map(
    config.registry.map((r) => [r, { registryValue: compileLogic(r.registryValue), smsValue: r.smsValue === undefined ? undefined : compileLogic(r.smsValue), match: r.match === undefined ? undefined : compileLogic(r.match) }]),
  );
  const dependents = new Map<string, string[]>();
  for (const r of config.rows) if (r.parent) dependents.set(r.parent, [...(dependents.get(r.parent) ?? []), r.key]);

  const cache = new WeakMap<ReviewModel, Internal>();
  /** Image rows → their group key. */
  const groupOf = (key: string) => key.split(':')[0];
  const cfgOf = (key: string) => rowCfg.get(groupOf(key));

  function resolveOptions(src: OptionsSource | undefined, ctx: EvalContext): string[] | undefined {
    if (!src) return undefined;
    if (Array.isArray(src)) return src;
    if ('ref' in src) return config.constants.options[src.ref];
    switch (src.generate) {
      case 'years': {
        const to = Number(ctx.today.slice(6));
        const out: string[] = [];
        for (let y = to; y >= config.constants.yearFrom; y--) out.push(String(y));
        return out;
      }
      case 'months':
        return MONTH_NAMES;
      case 'count':
        return Array.from({ length: config.constants.countMax }, (_, i) => String(i + 1));
    }
  }

  function contextOf(inspection: InspectionDetail, registry: RegistryData | null | undefined, options: EvaluateOptions): EvalContext {
    return {
      version: inspection.version ?? 0,
      hasWorkflowId: Boolean(inspection.workflowId),
      tenant: inspection.tenant ?? null,
      qcAudit: inspection.qcAudit ?? 0,
      role: options.role ?? null,
      duplicateKeyConfig: options.duplicateKeyConfig ?? 0,
      today: options.today ?? dmyOf(new Date()),
      registryInsuranceExpiry: inspection.vahanData?.insuranceExpiry ?? registry?.vahanWebsite?.insuranceExpiry ?? registry?.parivahan1?.insuranceExpiry ?? null,
    };
  }

  function baseRow(cfg: RowConfig, key: string, field: InspectionField | undefined, ctx: EvalContext): RowState {
    const flag = field?.commentFlag;
    const isEditable = cfg.editable ?? !(flag === 0 || flag === 2);
    const kind = cfg.kind ?? 'field';
    const input = cfg.input;
    const widget = pickWidget({ config: cfg, isEditable });
    const row: RowState = {
      key,
      text: cfg.text,
      section: cfg.section,
      tab: cfg.tab,
      mapper: cfg.mapper,
      part: cfg.path[0],
      path: cfg.path,
      widget,
      value: scalarOf(field?.value),
      id: field?.id ?? null,
      checked: false,
      userChecked: false,
      isVisible: true,
      isDisabled: false,
      isEditable,
      isImportant: field?.isImportant ?? cfg.important ?? false,
      isValid: true,
      errorMsg: '',
      dependentFields: dependents.get(cfg.key) ?? [],
      kind,
      commentFlag: flag,
    };
    if (cfg.path.length > 1) row.subPart = cfg.path[cfg.path.length - 1];
    if (cfg.parent) row.parentField = cfg.parent;
    if (Array.isArray(field?.value) || input?.type === 'multiselect' || kind === 'comments') {
      row.values = Array.isArray(field?.value) ? field.value : field?.value ? [String(field.value)] : [];
    }
    const options = resolveOptions(input?.options, ctx) ?? (kind === 'comments' ? row.values : undefined);
    if (options) row.options = options;
    if (input?.exclusive) row.exclusiveOptions = input.exclusive;
    if (input?.upperCase) row.upperCase = true;
    if (input?.lookup) row.lookup = input.lookup;
    const maxLength = input?.maxLength ?? (input?.type === 'text' ? config.constants.textMaxLength : input?.type === 'numeric' ? config.constants.numericMaxLength : undefined);
    if (maxLength !== undefined) row.maxLength = maxLength;
    const image = field?.image ?? (field?.additionalInfo?.image as InspectionImage | undefined);
    if (image) row.image = image;
    if (field?.additionalInfo) {
      const { image: _image, ...rest } = field.additionalInfo;
      if (Object.keys(rest).length) row.additionalInfo = rest;
    }
    withRemarkHistory(row, field?.remarkHistory);
    return row;
  }

  function imageRows(cfg: RowConfig, field: InspectionField | undefined, ctx: EvalContext): RowState[] {
    const g = cfg.images!;
    let images: InspectionImage[] =
      g.source === 'images' ? (field?.images ?? []) : ([g.source === 'image' ? field?.image : field?.additionalInfo?.image].filter(Boolean) as InspectionImage[]);
    const role = ctx.role ? config.roles[ctx.role] : undefined;
    const titles = role?.imageTitles?.[cfg.key];
    if (titles) images = images.filter((im) => titles.some((t) => t.toLowerCase() === im.title.toLowerCase()));
    for (const d of g.drop ?? []) {
      if (!truthy(runLogic(d.when, { ctx }))) continue;
      images = images.filter((im) => !((d.imageType === undefined || im.imageType === d.imageType) && (d.titles === undefined || d.titles.includes(im.title))));
    }
    const order = g.order ? (role?.imageOrders?.[g.order] ?? config.constants.imageOrders[g.order]) : undefined;
    if (order) {
      const rank = (t: string) => {
        const i = order.findIndex((o) => o.toLowerCase() === t.toLowerCase());
        return i < 0 ? order.length : i;
      };
      images = images.map((im, i) => ({ im, i })).sort((a, b) => rank(a.im.title) - rank(b.im.title) || a.i - b.i).map((x) => x.im);
    }
    if (g.limit !== undefined) images = images.slice(0, g.limit);
    return images.map((im, i) => {
      const row = baseRow(cfg, `${cfg.key}:${im.hashKey || i}`, undefined, ctx);
      row.text = im.title;
      row.value = im.url;
      row.image = im;
      row.isEditable = false;
      row.isVerified = im.isVerified ?? false;
      row.isMaskedByQc = im.isMaskedByQc ?? false;
      // An image's own remarks (saved with its hashKey) come first; the group's stand in when it has none.
      withRemarkHistory(row, im.remarkHistory?.length ? im.remarkHistory : field?.remarkHistory);
      return row;
    });
  }

  /**
   * The reviewer's part of a row after one edit (pure; needs nothing but the row). `seq` is the edit's 1-based
   * position in the model's edits; value edits record it as `editSeq`.
   */
  function reduceRow(row: RowState, edit: Edit, seq: number): RowState {
    const cfg = cfgOf(row.key);
    switch (edit.type) {
      case 'check':
        if (edit.checked) return { ...row, userChecked: true };
        return { ...row, userChecked: false, newValue: undefined, newId: undefined, newValues: undefined };
      case 'setValue': {
        let value = edit.value;
        if (typeof value === 'string' && cfg?.input?.upperCase) value = value.toUpperCase();
        if (typeof value === 'string' && cfg?.input?.type === 'date') value = displayToDmy(value);
        const next: RowState = { ...row, userChecked: true, newValue: value, editSeq: seq };
        if (edit.id !== undefined) next.newId = edit.id;
        // A multi-select set as text (e.g. rebuilt from a submission) holds its choices joined by ', '.
        if (row.values !== undefined) next.newValues = typeof value === 'string' && value !== '' ? value.split(', ') : value === null ? undefined : [String(value)];
        return next;
      }
      case 'toggleOption': {
        const current = row.newValues ?? row.values ?? [];
        const values = toggleChoice(current, edit.option, cfg?.input?.exclusive);
        return { ...row, userChecked: true, newValues: values, newValue: values.join(', '), editSeq: seq };
      }
      case 'remark': {
        const remark = edit.remark.trim();
        return { ...row, remark: remark || undefined };
      }
      case 'mask':
        return { ...row, isMaskedByQc: edit.masked, userChecked: edit.masked ? true : row.userChecked };
    }
  }

  function effectiveValue(row: RowState): unknown {
    if (row.values !== undefined) return row.newValues ?? row.values;
    return row.newValue !== undefined && row.newValue !== null ? row.newValue : row.value;
  }
  function isChanged(row: RowState): boolean {
    if (row.values !== undefined) return row.newValues !== undefined && row.newValues !== null && !sameValue(row.newValues, row.values);
    return row.newValue !== undefined && row.newValue !== null && row.newValue !== row.value;
  }

  function template(text: string, data: Data): string {
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
      let v: unknown = data;
      for (const p of path.split('.')) v = v === null || v === undefined ? undefined : (v as Record<string, unknown>)[p];
      return v === null || v === undefined ? '' : String(v);
    });
  }

  function registryOf(rc: RegistryConfig, value: unknown, registry: RegistryData | null | undefined, ctx: EvalContext) {
    const data = { value, registry: registry ?? {}, ctx };
    const c = registryCompiled.get(rc)!;
    const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
    const registryValue = str(c.registryValue(data));
    const smsValue = c.smsValue === undefined ? undefined : str(c.smsValue(data));
    let flag: VaahanFlag = 'info';
    if (!rc.info && c.match !== undefined) {
      const m = c.match(data);
      flag = m === null || m === undefined ? 'info' : truthy(m) ? 'yes' : 'no';
    }
    return { registryValue, smsValue, flag };
  }

  /** A row's derived state from its base/reviewer part and the results of the rules targeting it. */
  function computeRow(row: RowState, results: readonly boolean[], data: Data, registry: RegistryData | null | undefined): RowState {
    const group = groupOf(row.key);
    const cfg = rowCfg.get(group)!;
    const ids = rulesByTarget.get(group) ?? [];
    let hasShow = false;
    let shown = false;
    let hidden = false;
    let disable = false;
    let enable = false;
    let forced = false;
    let cleared = false;
    let invalid: string | null = null;
    let flagged = false;
    let options: string[] | undefined;
    let upload = false;
    const notes: string[] = [];
    for (const i of ids) {
      const rule = rules[i];
      const on = results[i];
      switch (rule.effect) {
        case 'show':
          hasShow = true;
          if (on) shown = true;
          break;
        case 'hide':
          if (on) hidden = true;
          break;
        case 'disable':
          if (on) disable = true;
          break;
        case 'enable':
          if (on) enable = true;
          break;
        case 'check':
          if (on) forced = true;
          break;
        case 'clear':
          if (on) cleared = true;
          break;
        case 'invalid':
          if (on && invalid === null) invalid = template(rule.message!, data);
          break;
        case 'note':
          if (on) notes.push(template(rule.message!, data));
          break;
        case 'flag':
          if (on) {
            flagged = true;
            notes.push(template(rule.message!, data));
          }
          break;
        case 'options':
          if (on) options = resolveOptions(rule.options, data.ctx);
          break;
        case 'upload':
          if (on) upload = true;
          break;
        default: {
          const never: never = rule.effect;
          throw new Error(`unknown effect ${String(never)}`);
        }
      }
    }
    const next: RowState = { ...row };
    next.isVisible = (hasShow ? shown : !cfg.hidden) && !hidden;
    next.isDisabled = disable && !enable;
    next.checked = Boolean(row.userChecked) || forced;
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
    next.notes = notes.length ? notes : undefined;
    next.isFlagged = flagged || undefined;
    if (options) next.options = options;
    if (row.lookup === 'rto') next.newRtoCode = next.newValue ?? undefined;
    if (row.values !== undefined) {
      const now = next.newValues ?? row.values;
      next.addedByQc = now.filter((v) => !row.values!.includes(v));
      next.removedByQc = row.values.filter((v) => !now.includes(v));
    }
    next.canUpload = upload || undefined;
    const rc = registryByRow.get(group);
    if (rc && next.kind === 'field') {
      // A cleared row is compared as empty: the value it had is gone from the screen and from the submission.
      const r = registryOf(rc, cleared ? null : data[row.key], registry, data.ctx);
      next.vaahanFlag = r.flag;
      next.registryValue = r.registryValue;
      if (r.smsValue !== undefined) next.smsValue = r.smsValue;
      next.dataSource = rc.dataSource ?? null;
    }
    return next;
  }

  function countErrors(rows: Record<string, RowState>, order: readonly string[]): Record<Tab, number> {
    const counts: Record<Tab, number> = Object.fromEntries(config.product.tabs.map((t) => [t, 0]));
    for (const k of order) {
      const r = rows[k];
      if (r.isVisible && r.checked) counts[r.tab]++;
    }
    return counts;
  }

  function dataOf(rows: Record<string, RowState>, ctx: EvalContext): Data {
    const keys = [...rowCfg.keys()].filter((k) => rows[k]);
    return {
      ...Object.fromEntries(keys.map((k) => [k, effectiveValue(rows[k])])),
      checked: Object.fromEntries(keys.map((k) => [k, Boolean(rows[k].userChecked)])),
      changed: Object.fromEntries(keys.map((k) => [k, isChanged(rows[k])])),
      seq: Object.fromEntries(keys.filter((k) => seqRows.has(k)).map((k) => [k, rows[k].editSeq ?? 0])),
      ctx,
    };
  }

  /** Image group keys have no data row; their rows carry `key` = `group:hash`. */
  function build(baseRows: Record<string, RowState>, order: string[], ctx: EvalContext, registry: RegistryData | null | undefined, edits: Edit[]): ReviewModel {
    const data = dataOf(baseRows, ctx);
    const results = rules.map((_, i) => evalRule(i, data));
    // Object.fromEntries gives fast-mode objects: later per-edit copies ({ ...rows }) then cost ~1 µs, not ~25 µs.
    const rows: Record<string, RowState> = Object.fromEntries(order.map((k) => [k, computeRow(baseRows[k], results, data, registry)]));
    const model: ReviewModel = { rows, order, errorsCount: countErrors(rows, order), edits, context: ctx, registry: registry ?? null, config };
    const frozen = produce(model, () => undefined);
    cache.set(frozen, { pre: Object.fromEntries(order.map((k) => [k, baseRows[k]])), data, results });
    return frozen;
  }

  function evaluate(inspection: InspectionDetail, edits: readonly Edit[] = [], registry?: RegistryData | null, options: EvaluateOptions = {}): ReviewModel {
    const ctx = contextOf(inspection, registry, options);
    const rows: Record<string, RowState> = {};
    const order: string[] = [];
    for (const cfg of config.rows) {
      const field = fieldAt(inspection, cfg);
      const kind = cfg.kind ?? 'field';
      switch (kind) {
        case 'image':
          for (const r of imageRows(cfg, field, ctx)) {
            rows[r.key] = r;
            order.push(r.key);
          }
          break;
        case 'field':
        case 'comments':
          rows[cfg.key] = baseRow(cfg, cfg.key, field, ctx);
          order.push(cfg.key);
          break;
        default: {
          const never: never = kind;
          throw new Error(`unknown row kind ${String(never)}`);
        }
      }
    }
    // Edits go through `apply` one by one, so an edit the engine refuses at that point (refusal) is left out here
    // exactly as it is in the browser.
    let model = build(rows, order, ctx, registry, []);
    for (const e of edits) model = applyWith(model, e, 'incremental');
    return model;
  }

  /**
   * Why the engine refuses an edit on this model, or null when it takes it (issue 11 defect 4): a value edit
   * (setValue, toggleOption) on a row that is not editable (commentFlag 0 or 2, `editable: false`, image rows) or
   * hidden; any edit of an unknown row.
   */
  function refusal(model: ReviewModel, edit: Edit): string | null {
    const row = model.rows[edit.key];
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
        const cfg = cfgOf(k);
        const options = cfg?.input?.options ? resolveOptions(cfg.input.options, ctx) : undefined;
        return [k, options ? { ...model.rows[k], options } : model.rows[k]];
      }),
    );
    const data = dataOf(pre, ctx);
    const internal = { pre, data, results: rules.map((_, i) => evalRule(i, data)) };
    cache.set(model, internal);
    return internal;
  }

  function applyWith(model: ReviewModel, edit: Edit, mode: 'incremental' | 'all' | 'allInterpreted'): ReviewModel {
    if (!model.context || refusal(model, edit) !== null) return model;
    const { pre, data, results } = internalOf(model);
    const reduced = reduceRow(pre[edit.key], edit, (model.edits?.length ?? 0) + 1);
    const nextPre = { ...pre, [edit.key]: reduced };
    const key = edit.key;
    const isDataRow = rowCfg.has(key);
    let nextData = data;
    let nextResults = results;
    const touched = new Set<string>([key]);
    if (isDataRow) {
      const value = effectiveValue(reduced);
      const checked = Boolean(reduced.userChecked);
      const changed = isChanged(reduced);
      const seq = seqRows.has(key) ? (reduced.editSeq ?? 0) : undefined;
      if (!sameValue(value, data[key]) || checked !== data.checked[key] || changed !== data.changed[key] || seq !== data.seq[key]) {
        nextData = { ...data, [key]: value };
        if (checked !== data.checked[key]) nextData.checked = { ...data.checked, [key]: checked };
        if (changed !== data.changed[key]) nextData.changed = { ...data.changed, [key]: changed };
        if (seq !== data.seq[key]) nextData.seq = { ...data.seq, [key]: seq! };
        const affected = mode === 'incremental' ? (depIndex.get(key) ?? []) : rules.map((_, i) => i);
        if (affected.length) nextResults = results.slice();
        for (const i of affected) {
          const r = mode === 'allInterpreted' ? truthy(runLogic(rules[i].when, nextData)) : evalRule(i, nextData);
          if (r !== results[i]) {
            nextResults[i] = r;
            for (const t of targetsOf[i]) touched.add(t);
          }
        }
      }
    }
    const registry = model.registry;
    // The rows record is copied once by spreading (fast on fast-mode objects) and handed to immer whole; rows no
    // rule touched stay shared with the previous model.
    const rows = { ...model.rows };
    // A new counts record only when a count changes, so the tab bar (memoised on it) skips most keystrokes.
    let counts = model.errorsCount;
    const recompute = (k: string, base: RowState) => {
      const before = model.rows[k];
      const after = computeRow(base, nextResults, nextData, registry);
      const wasError = before.isVisible && before.checked;
      const isError = after.isVisible && after.checked;
      if (wasError !== isError) {
        if (counts === model.errorsCount) counts = { ...counts };
        counts[after.tab] += isError ? 1 : -1;
      }
      rows[k] = after;
    };
    if (mode !== 'incremental') {
      for (const k of model.order) recompute(k, nextPre[k]);
    } else {
      for (const t of touched) {
        if (rowCfg.get(t)?.kind === 'image') {
          for (const k of model.order) if (groupOf(k) === t) recompute(k, nextPre[k]);
        } else if (nextPre[t]) recompute(t, nextPre[t]);
      }
    }
    const next = produce(model, (draft) => {
      draft.rows = rows;
      draft.errorsCount = counts;
      draft.edits = [...(model.edits ?? []), edit];
    });
    cache.set(next, { pre: nextPre, data: nextData, results: nextResults });
    return next;
  }

  return {
    config,
    evaluate,
    apply: (model, edit) => applyWith(model, edit, 'incremental'),
    applyNaive: (model, edit, interpreted = true) => applyWith(model, edit, interpreted ? 'allInterpreted' : 'all'),
    rowConfig: cfgOf,
    refusal,
    trace: (model) => {
      const { data, results } = internalOf(model);
      return { rules, data, results };
    },
  };
}

