/**
 * Building rows: (config, inspection, context) → every row as recorded, before the reviewer's edits and before
 * any rule: values, widgets, options, images, remark history. Also the evaluation context (`ctx.*`), including the
 * values the product config declares under `context`.
 */
import type { OptionsSource, ReviewConfig, RowConfig } from './config.ts';
import { dmyOf } from './dates.ts';
import type { FieldValue, InspectionDocument, InspectionField, InspectionImage, RegistrySources, RemarkEntry } from './inspection.ts';
import { compileLogic, runLogic, truthy } from './logic.ts';
import type { EvalContext, EvaluateOptions, RowState, Scalar } from './types.ts';
import { pickWidget } from './widgets.ts';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface RowBuilder {
  /** The choices of an options source (a list, a constants list, or a generated one). */
  resolveOptions(src: OptionsSource | undefined, ctx: EvalContext): string[] | undefined;
  /** The context the rules see as `ctx.*`. */
  contextOf(inspection: InspectionDocument, registry: RegistrySources | null | undefined, options: EvaluateOptions): EvalContext;
  /** Every row of the inspection as recorded, in display order (image groups give one row per image). */
  buildRows(inspection: InspectionDocument, ctx: EvalContext): BuiltRows;
}

/**
 * Rows in display order: `rows[i]` is row `order[i]`. The rows of config row `c` (one, or an image group's) are at
 * positions `first[c]` up to `first[c + 1]`.
 */
export interface BuiltRows {
  rows: RowState[];
  order: string[];
  first: Int32Array;
}

function scalarOf(v: FieldValue | undefined): Scalar {
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(', ') : v;
}

function fieldAtPath(inspection: InspectionDocument, section: RowConfig['section'], path: readonly string[]): InspectionField | undefined {
  let f: InspectionField | undefined = inspection.inspectionData[section]?.[path[0]];
  for (let i = 1; i < path.length && f; i++) f = f.subParts?.[path[i]];
  return f;
}

/** The recorded field of a row: at its path, else at the first alias path that has it (chassisNo, mismatchInRC). */
function fieldAt(inspection: InspectionDocument, cfg: RowConfig): InspectionField | undefined {
  const f = fieldAtPath(inspection, cfg.section, cfg.path);
  if (f || !cfg.aliases) return f;
  for (const alias of cfg.aliases) {
    const a = fieldAtPath(inspection, cfg.section, alias);
    if (a) return a;
  }
  return undefined;
}

/**
 * A copy of a row with every property of RowState, in one order (absent ones undefined). Every row the engine makes
 * goes through here, so all rows share one hidden class: copying a row is then V8's fast path (a spread of rows of
 * several shapes took a third of an edit).
 */
export function copyRow(r: RowState): RowState {
  return {
    key: r.key,
    text: r.text,
    section: r.section,
    tab: r.tab,
    mapper: r.mapper,
    part: r.part,
    path: r.path,
    subPart: r.subPart,
    widget: r.widget,
    options: r.options,
    maxLength: r.maxLength,
    value: r.value,
    id: r.id,
    newValue: r.newValue,
    newId: r.newId,
    checked: r.checked,
    isVisible: r.isVisible,
    isDisabled: r.isDisabled,
    isEditable: r.isEditable,
    commentFlag: r.commentFlag,
    newRtoCode: r.newRtoCode,
    isImportant: r.isImportant,
    isValid: r.isValid,
    errorMsg: r.errorMsg,
    remark: r.remark,
    parentField: r.parentField,
    dependentFields: r.dependentFields,
    notes: r.notes,
    kind: r.kind,
    userChecked: r.userChecked,
    editSeq: r.editSeq,
    values: r.values,
    newValues: r.newValues,
    addedByQc: r.addedByQc,
    removedByQc: r.removedByQc,
    image: r.image,
    isMaskedByQc: r.isMaskedByQc,
    isVerified: r.isVerified,
    isFlagged: r.isFlagged,
    remarkHistory: r.remarkHistory,
    prevValue: r.prevValue,
    vaahanFlag: r.vaahanFlag,
    registryValue: r.registryValue,
    smsValue: r.smsValue,
    dataSource: r.dataSource,
    upperCase: r.upperCase,
    exclusiveOptions: r.exclusiveOptions,
    additionalInfo: r.additionalInfo,
    canUpload: r.canUpload,
    lookup: r.lookup,
  };
}

/** Recorded extra details (tyres: treadDepth, currentCondition), the image left out; undefined when none. */
function detailsOf(additionalInfo: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!additionalInfo) return undefined;
  const { image: _image, ...rest } = additionalInfo;
  return Object.keys(rest).length ? rest : undefined;
}

/** Earlier remarks on a row (000 §3 remarkHistory); prevValue is the latest one's text. */
function withRemarkHistory(row: RowState, history: readonly RemarkEntry[] | undefined): void {
  if (!history?.length) return;
  row.remarkHistory = [...history];
  row.prevValue = history.reduce((a, b) => (b.timestamp >= a.timestamp ? b : a)).remark;
}

export function createRowBuilder(config: ReviewConfig): RowBuilder {
  const children = new Map<string, string[]>();
  for (const r of config.rows) if (r.parent) children.set(r.parent, [...(children.get(r.parent) ?? []), r.key]);
  const declared = Object.entries(config.context).map(([name, logic]) => [name, compileLogic(logic)] as const);

  const counts = Array.from({ length: config.constants.countMax }, (_, i) => String(i + 1));
  // The year list depends only on today's year: built once per year, not once per row and evaluation.
  const years = new Map<number, string[]>();

  function resolveOptions(src: OptionsSource | undefined, ctx: EvalContext): string[] | undefined {
    if (!src) return undefined;
    if (Array.isArray(src)) return src;
    if ('ref' in src) return config.constants.options[src.ref];
    switch (src.generate) {
      case 'years': {
        const to = Number(ctx.today.slice(6));
        let out = years.get(to);
        if (!out) {
          out = [];
          for (let y = to; y >= config.constants.yearFrom; y--) out.push(String(y));
          years.set(to, out);
        }
        return out;
      }
      case 'months':
        return MONTH_NAMES;
      case 'count':
        return counts;
    }
  }

  function contextOf(inspection: InspectionDocument, registry: RegistrySources | null | undefined, options: EvaluateOptions): EvalContext {
    const ctx: EvalContext = {
      version: inspection.version ?? 0,
      hasWorkflowId: Boolean(inspection.workflowId),
      tenant: inspection.tenant ?? null,
      qcAudit: inspection.qcAudit ?? 0,
      role: options.role ?? null,
      duplicateKeyConfig: options.duplicateKeyConfig ?? 0,
      today: options.today ?? dmyOf(new Date()),
    };
    // Values the product declares (e.g. which registry source's insurance expiry wins), read from the inspection and registry.
    const source = { inspection, registry: registry ?? {} };
    for (const [name, logic] of declared) ctx[name] = logic(source) ?? null;
    return ctx;
  }

  /** What a row config alone decides, built once per row config (by config row index); each row starts as a copy of it. */
  const templates = config.rows.map((cfg) => {
      const input = cfg.input;
      const template = copyRow({
        key: cfg.key,
        text: cfg.text,
        section: cfg.section,
        tab: cfg.tab,
        mapper: cfg.mapper,
        part: cfg.path[0],
        path: cfg.path,
        subPart: cfg.path.length > 1 ? cfg.path[cfg.path.length - 1] : undefined,
        widget: pickWidget({ config: cfg, isEditable: true }),
        maxLength: input?.maxLength ?? (input?.type === 'text' ? config.constants.textMaxLength : input?.type === 'numeric' ? config.constants.numericMaxLength : undefined),
        value: null,
        id: null,
        checked: false,
        isVisible: true,
        isDisabled: false,
        isEditable: true,
        isValid: true,
        errorMsg: '',
        parentField: cfg.parent,
        dependentFields: children.get(cfg.key) ?? [],
        kind: cfg.kind ?? 'field',
        userChecked: false,
        upperCase: input?.upperCase || undefined,
        exclusiveOptions: input?.exclusive,
        lookup: input?.lookup,
      });
      return { template, readonlyWidget: pickWidget({ config: cfg, isEditable: false }) };
    });

  function baseRow(c: number, key: string, field: InspectionField | undefined, ctx: EvalContext): RowState {
    const cfg = config.rows[c];
    const { template, readonlyWidget } = templates[c];
    const flag = field?.commentFlag;
    const isEditable = cfg.editable ?? !(flag === 0 || flag === 2);
    const kind = template.kind;
    const recorded = field?.value;
    const row = copyRow(template);
    row.key = key;
    if (!isEditable) row.widget = readonlyWidget;
    row.isEditable = isEditable;
    row.commentFlag = flag;
    row.value = scalarOf(recorded);
    row.id = field?.id ?? null;
    row.isImportant = field?.isImportant ?? cfg.important ?? false;
    if (Array.isArray(recorded) || cfg.input?.type === 'multiselect' || kind === 'comments') {
      row.values = Array.isArray(recorded) ? recorded : recorded ? [String(recorded)] : [];
    }
    row.options = resolveOptions(cfg.input?.options, ctx) ?? (kind === 'comments' ? row.values : undefined);
    row.image = field?.image || (field?.additionalInfo?.image as InspectionImage | undefined) || undefined;
    row.additionalInfo = detailsOf(field?.additionalInfo);
    withRemarkHistory(row, field?.remarkHistory);
    return row;
  }

  // An image order's titles by lower-cased title → position, built once per order list (they are config).
  const ranks = new WeakMap<readonly string[], Map<string, number>>();
  function ranksOf(order: readonly string[]): Map<string, number> {
    let r = ranks.get(order);
    if (!r) {
      r = new Map();
      for (let i = order.length - 1; i >= 0; i--) r.set(order[i].toLowerCase(), i);
      ranks.set(order, r);
    }
    return r;
  }

  function imageRows(c: number, field: InspectionField | undefined, ctx: EvalContext): RowState[] {
    const cfg = config.rows[c];
    const g = cfg.images!;
    const given: unknown = g.source === 'images' ? field?.images : [g.source === 'image' ? field?.image : field?.additionalInfo?.image];
    // Another backend may send a list with holes or an image without a title: an untitled image is one with no caption.
    let images: InspectionImage[] = (Array.isArray(given) ? (given as unknown[]) : [])
      .filter((im): im is InspectionImage => typeof im === 'object' && im !== null)
      .map((im) => (typeof im.title === 'string' ? im : { ...im, title: '' }));
    const role = ctx.role ? config.roles[ctx.role] : undefined;
    const titles = role?.imageTitles?.[cfg.key];
    if (titles) images = images.filter((im) => titles.some((t) => t.toLowerCase() === im.title.toLowerCase()));
    for (const d of g.drop ?? []) {
      if (!truthy(runLogic(d.when, { ctx }))) continue;
      images = images.filter((im) => !((d.imageType === undefined || im.imageType === d.imageType) && (d.titles === undefined || d.titles.includes(im.title))));
    }
    const order = g.order ? (role?.imageOrders?.[g.order] ?? config.constants.imageOrders[g.order]) : undefined;
    if (order) {
      const ranks = ranksOf(order);
      const rank = (t: string) => ranks.get(t.toLowerCase()) ?? order.length;
      images = images.map((im, i) => ({ im, i, r: rank(im.title) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.im);
    }
    if (g.limit !== undefined) images = images.slice(0, g.limit);
    return images.map((im, i) => {
      const row = baseRow(c, `${cfg.key}:${im.hashKey || i}`, undefined, ctx);
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

  function buildRows(inspection: InspectionDocument, ctx: EvalContext): BuiltRows {
    const rows: RowState[] = [];
    const order: string[] = [];
    const first = new Int32Array(config.rows.length + 1);
    for (let c = 0; c < config.rows.length; c++) {
      const cfg = config.rows[c];
      first[c] = rows.length;
      const field = fieldAt(inspection, cfg);
      const kind = cfg.kind ?? 'field';
      switch (kind) {
        case 'image':
          for (const r of imageRows(c, field, ctx)) {
            rows.push(r);
            order.push(r.key);
          }
          break;
        case 'field':
        case 'comments':
          rows.push(baseRow(c, cfg.key, field, ctx));
          order.push(cfg.key);
          break;
        default: {
          const never: never = kind;
          throw new Error(`unknown row kind ${String(never)}`);
        }
      }
    }
    first[config.rows.length] = rows.length;
    return { rows, order, first };
  }

  return { resolveOptions, contextOf, buildRows };
}
