/**
 * Building rows: (config, inspection, context) → every row as recorded, before the reviewer's edits and before
 * any rule: values, widgets, options, images, remark history. Also the evaluation context (`ctx.*`), including the
 * values the product config declares under `context`.
 */
import type { OptionsSource, ReviewConfig, RowConfig } from './config.ts';
import { dmyOf } from './dates.ts';
import type { FieldValue, InspectionDetail, InspectionField, InspectionImage, RegistryData, RemarkEntry } from './inspection.ts';
import { compileLogic, runLogic, truthy } from './logic.ts';
import type { EvalContext, EvaluateOptions, RowState, Scalar } from './types.ts';
import { pickWidget } from './widgets.ts';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface RowBuilder {
  /** The choices of an options source (a list, a constants list, or a generated one). */
  resolveOptions(src: OptionsSource | undefined, ctx: EvalContext): string[] | undefined;
  /** The context the rules see as `ctx.*`. */
  contextOf(inspection: InspectionDetail, registry: RegistryData | null | undefined, options: EvaluateOptions): EvalContext;
  /** Every row of the inspection as recorded, by key, and the keys in display order (image groups give one row per image). */
  buildRows(inspection: InspectionDetail, ctx: EvalContext): { rows: Record<string, RowState>; order: string[] };
}

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

  function baseRow(cfg: RowConfig, key: string, field: InspectionField | undefined, ctx: EvalContext): RowState {
    const flag = field?.commentFlag;
    const isEditable = cfg.editable ?? !(flag === 0 || flag === 2);
    const kind = cfg.kind ?? 'field';
    const input = cfg.input;
    const row: RowState = {
      key,
      text: cfg.text,
      section: cfg.section,
      tab: cfg.tab,
      mapper: cfg.mapper,
      part: cfg.path[0],
      path: cfg.path,
      widget: pickWidget({ config: cfg, isEditable }),
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
      dependentFields: children.get(cfg.key) ?? [],
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

  function buildRows(inspection: InspectionDetail, ctx: EvalContext): { rows: Record<string, RowState>; order: string[] } {
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
    return { rows, order };
  }

  return { resolveOptions, contextOf, buildRows };
}
