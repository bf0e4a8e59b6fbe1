/**
 * The review config: its types, merging and semantic checks (unique keys, known rows, known json-logic
 * operators). The JSON Schema check lives in config-schema.ts, so the browser bundle, which runs the
 * already-checked car config, carries no ajv. Every failure is a ConfigError naming the JSON path.
 */
import { BUILT_IN_CONTEXT, unknownVariable, type LogicPlace, type Names } from './config-variables.ts';
import { checkLogic, usesData, type Logic } from './logic.ts';
import { checkOutcomeRules, type OutcomeRule } from './outcome.ts';
import { checkReviewDeclaration } from './product.ts';
import type { Edit, RowKind, RowState, SectionKey, Tab } from './types.ts';

/** Rule effects (closed union). Precedence is documented in docs/config-format.md. */
export type Effect = 'show' | 'hide' | 'enable' | 'disable' | 'check' | 'clear' | 'invalid' | 'note' | 'flag' | 'options' | 'upload';
export const EFFECTS: readonly Effect[] = ['show', 'hide', 'enable', 'disable', 'check', 'clear', 'invalid', 'note', 'flag', 'options', 'upload'];

export type InputType = 'text' | 'numeric' | 'select' | 'multiselect' | 'date' | 'readonly' | 'audio';

/**
 * What a product is made of, declared in its config (`product.json`): tabs in display order, the sections of its
 * inspection data, the statuses an inspection goes through and the input widgets its rows use. The engine knows no
 * product: rows, selectors and cases may only name what the declaration lists (checked at load).
 */
export interface ProductDeclaration {
  id: string;
  name: string;
  tabs: Tab[];
  sections: SectionKey[];
  statuses: string[];
  widgets: InputType[];
  /** Panels a tab hosts besides its rows (src/engine/product.ts). */
  panels?: PanelDeclaration[];
  /** Image groups that are documents (RC, insurance): verified filters and the customer documents popup. */
  documentImages?: string[];
  /** Choices of the rejection popup; an `exclusive` one clears the others. */
  issueTypes?: IssueType[];
  /** Header fields of the submission payload, each json-logic over `{ inspection }` (the car's carId, version, role, client). */
  submissionHeader?: Record<string, Logic>;
  /** Header fields of an inspection generated from the config (the studio's preview, tests): the product's sample. */
  sampleInspection?: Record<string, unknown>;
}

/** Panels the review screen knows (a closed union, like widgets): which tab hosts them and the rows they edit. */
export type PanelKind = 'makeModelVariant' | 'summary';
export type PanelDeclaration =
  | { kind: 'makeModelVariant'; tab: Tab; rows: { make: string; model: string; variant: string; fuelType: string; year: string } }
  | { kind: 'summary'; tab: Tab };

export interface IssueType {
  id: number;
  label: string;
  exclusive?: boolean;
}

export type OptionsSource = string[] | { ref: string } | { generate: 'years' | 'months' | 'count' };

export interface InputConfig {
  type: InputType;
  options?: OptionsSource;
  maxLength?: number;
  upperCase?: boolean;
  /** Multi-select choices that clear every other choice, and are cleared by any other choice. */
  exclusive?: string[];
  /** Choices come from a lookup call the screen makes (make, model, variant, state, rto, city, store, financier, nocIssuedFor; the bike's bikeFinancier). */
  lookup?: string;
}

export interface ImageGroupConfig {
  /** Where the images sit on the field: `images` (a group), `image` or `additionalInfo.image` (one image). */
  source: 'images' | 'image' | 'additionalInfo.image';
  /** Key of `constants.imageOrders` giving the display order by title; a role may override it. */
  order?: string;
  /** Images left out when `when` (read against the context) holds: by imageType and/or title. */
  drop?: { when: Logic; imageType?: string; titles?: string[] }[];
  /** At most this many images, after ordering (spec 000 §9: up to 5 RC and 5 insurance images). */
  limit?: number;
}

export interface RowConfig {
  key: string;
  text: string;
  section: SectionKey;
  tab: Tab;
  mapper: string;
  /** Keys from the section down through `subParts`: [part] or [part, subPart, …]. */
  path: string[];
  /**
   * Other paths the same field may be recorded at (spec 000 §3 spells some keys two ways: chassisNumber / chassisNo,
   * misMatchInRc / mismatchInRC). Read when `path` holds nothing; the submission always uses `path`.
   */
  aliases?: string[][];
  kind?: RowKind;
  input?: InputConfig;
  /** Starts hidden; a `show` rule reveals it. */
  hidden?: boolean;
  /**
   * While the row is hidden (by its rules, or because its parent is), its new value, id, image and additional info
   * are dropped as by a `clear` rule: no hand-written negated `clear` twin of its `show` rule.
   */
  clearWhenHidden?: boolean;
  /** The row also reports its new value under this name (spec 000 §3: an RTO row's `newRtoCode`). */
  newValueAs?: 'newRtoCode';
  /** Overrides the commentFlag rule (vinOBD is never editable). */
  editable?: boolean;
  important?: boolean;
  /** The row depends on this one: checking the parent checks and disables it, and it is hidden while the parent is. */
  parent?: string;
  images?: ImageGroupConfig;
}

export interface RuleConfig {
  id?: string;
  target: string | string[];
  effect: Effect;
  when: Logic;
  message?: string;
  options?: OptionsSource;
}

export interface RowSelector {
  keys?: string[];
  tabs?: Tab[];
  mappers?: string[];
  kinds?: RowKind[];
  exclude?: string[];
}

/** A pre-submit validation: `row` scope runs `when` per selected row, `form` scope once. */
export interface ValidationConfig {
  id: string;
  scope: 'row' | 'form';
  alert: string;
  /** Append the failing rows' texts to the alert, one per line. */
  list?: boolean;
  select?: RowSelector;
  when: Logic;
}

/**
 * A registry comparison (spec 000 §5), one per row. `sources` are paths in the registry data, in precedence order;
 * `match` runs once per present source (as `source`, beside `value`, `registryValue`, `registry`, `ctx`): yes when
 * one gives true, no when one gives false and none true, info when none answers (null) or no source is present.
 */
export interface RegistryConfig {
  row: string;
  sources: string[];
  /** Path of the SMS-parsed value: shown as `smsValue` and compared like a source. */
  sms?: string;
  /** A source is present when its value is not empty (`value`, the default) or when its record exists (`record`). */
  present?: 'value' | 'record';
  /** The registry value shown, read against `source` (the first source with a value); default: that value. */
  registryValue?: Logic;
  /** Default: `{ "eqi": [{ "var": "value" }, { "var": "source" }] }`. */
  match?: Logic;
  /** Default: the sources' record names joined by ' / ' (and 'sms'). */
  dataSource?: string;
  /** Shown for information only: never yes or no. */
  info?: boolean;
}

export interface RoleConfig {
  /** Image rows by group key: only these titles are shown to the role. */
  imageTitles?: Record<string, string[]>;
  /** Overrides of constants.imageOrders for the role. */
  imageOrders?: Record<string, string[]>;
}

export interface CaseConfig {
  name: string;
  given?: {
    values?: Record<string, unknown>;
    commentFlags?: Record<string, number>;
    images?: Record<string, unknown[]>;
    inspection?: Record<string, unknown>;
    registry?: Record<string, unknown> | null;
    options?: Record<string, unknown>;
  };
  edits?: Edit[];
  expect: {
    rows?: Record<string, Partial<RowState>>;
    errorsCount?: Partial<Record<Tab, number>>;
    /** Texts of an image group's rows, in display order. */
    groupOrder?: Record<string, string[]>;
    validation?: null | { alert: string; fields?: string[] };
    isDummy?: boolean;
    submission?: Record<string, unknown>;
  };
}

export interface Constants {
  options: Record<string, string[]>;
  imageOrders: Record<string, string[]>;
  textMaxLength: number;
  numericMaxLength: number;
  yearFrom: number;
  countMax: number;
  isValidate: { validationError: number; rejected: number; flagged: number; rejectedByQcOrMasked: number };
  rejectedByQcMessage: string;
  remarkRoles: string[];
  otherCommentsTitle: string;
  issueTypeAlert: string;
  /** Make/model/variant save with a blank choice (spec 000 §5). */
  selectAllFieldsAlert: string;
  /** Variant status and variant-year status a variant needs to be offered. */
  activeVariantStatus: string;
  /** How the product's screens show dates (dayjs format). */
  dateFormat?: string;
}

/** One config file as written: every part optional. */
export interface ReviewConfigFile {
  product?: ProductDeclaration;
  constants?: Partial<Constants>;
  rows?: RowConfig[];
  rules?: RuleConfig[];
  validations?: ValidationConfig[];
  registry?: RegistryConfig[];
  roles?: Record<string, RoleConfig>;
  cases?: CaseConfig[];
  /** Named outcome rule lists (outcome.ts), e.g. `submission`. */
  outcomes?: Record<string, OutcomeRule[]>;
  /**
   * Context values the product declares, by name: json-logic read against `{ inspection, registry }` once per
   * evaluation; rules read them as `ctx.<name>` (e.g. which registry source's insurance expiry wins).
   */
  context?: Record<string, Logic>;
}

/** A loaded, checked config. */
export interface ReviewConfig {
  product: ProductDeclaration;
  constants: Constants;
  rows: RowConfig[];
  rules: RuleConfig[];
  validations: ValidationConfig[];
  registry: RegistryConfig[];
  roles: Record<string, RoleConfig>;
  cases: CaseConfig[];
  outcomes: Record<string, OutcomeRule[]>;
  context: Record<string, Logic>;
}

/** A config problem, naming the JSON path (e.g. `/rules/3/when.and[1]`). */
export class ConfigError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path || '/'}: ${message}`);
    this.name = 'ConfigError';
    this.path = path;
  }
}

const DEFAULT_CONSTANTS: Constants = {
  options: {},
  imageOrders: {},
  textMaxLength: 30,
  numericMaxLength: 10,
  yearFrom: 1990,
  countMax: 10,
  isValidate: { validationError: 1, rejected: 2, flagged: 4, rejectedByQcOrMasked: 5 },
  rejectedByQcMessage: 'Rejected by qc.',
  // Whose remark is a rejection's message is the product's (the car's constants.json names its QC roles): none by default.
  remarkRoles: [],
  otherCommentsTitle: 'Other Comments',
  issueTypeAlert: 'Please select Issue Type',
  selectAllFieldsAlert: 'Select all the fields',
  activeVariantStatus: 'Active',
};

/** Merges config files: lists are concatenated in file order, constants and roles merged key by key. */
export function mergeConfigFiles(files: readonly ReviewConfigFile[]): ReviewConfigFile {
  const out: Omit<Required<ReviewConfigFile>, 'product'> & Pick<ReviewConfigFile, 'product'> = { constants: {}, rows: [], rules: [], validations: [], registry: [], roles: {}, cases: [], outcomes: {}, context: {} };
  for (const f of files) {
    if (f.product) out.product = f.product;
    const c = f.constants ?? {};
    out.constants = {
      ...out.constants,
      ...c,
      options: { ...out.constants.options, ...c.options },
      imageOrders: { ...out.constants.imageOrders, ...c.imageOrders },
    };
    out.rows.push(...(f.rows ?? []));
    out.rules.push(...(f.rules ?? []));
    out.validations.push(...(f.validations ?? []));
    out.registry.push(...(f.registry ?? []));
    out.cases.push(...(f.cases ?? []));
    // An outcome is one ordered list: a later file replaces it whole rather than interleaving rules.
    out.outcomes = { ...out.outcomes, ...f.outcomes };
    out.context = { ...out.context, ...f.context };
    for (const [role, rc] of Object.entries(f.roles ?? {})) {
      const prev = out.roles[role] ?? {};
      out.roles[role] = {
        imageTitles: { ...prev.imageTitles, ...rc.imageTitles },
        imageOrders: { ...prev.imageOrders, ...rc.imageOrders },
      };
    }
  }
  return out;
}

/** What a registry comparison's logic reads (registry-compare.ts). */
const REGISTRY_VARIABLES: ReadonlySet<string> = new Set(['value', 'source', 'registryValue', 'registry', 'ctx']);

function checkLogicAt(rule: Logic, path: string): void {
  const problem = checkLogic(rule, path);
  if (problem) throw new ConfigError(problem[0], problem[1]);
}

/** A checked expression whose variables all name something the engine gives it at `place` (config-variables.ts). */
function checkVariablesAt(rule: Logic, path: string, place: LogicPlace, names: Names): void {
  const problem = unknownVariable(rule, place, names);
  if (problem) throw new ConfigError(path, problem);
}

/**
 * Two items of a list with the same id: the studio's explain, diff and a case's lookups by id would silently pick one.
 * Refused at the second, naming both.
 */
function checkUniqueIds(items: readonly object[], list: string, what: string, field = 'id'): void {
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const id = (item as Record<string, unknown>)[field];
    if (typeof id !== 'string') return;
    const before = first.get(id);
    if (before !== undefined) {
      throw new ConfigError(`/${list}/${i}/${field}`, `${list}.${before} and ${list}.${i} both have the ${field} '${id}': give each ${what} its own ${field}`);
    }
    first.set(id, i);
  });
}

function checkOptions(opts: OptionsSource | undefined, path: string, constants: Constants): void {
  if (opts && !Array.isArray(opts) && 'ref' in opts && !constants.options[opts.ref]) {
    throw new ConfigError(`${path}/ref`, `unknown option list '${opts.ref}' (constants.options has ${Object.keys(constants.options).join(', ')})`);
  }
}

/**
 * Builds a config that already matches the JSON Schema (see loadConfig in config-schema.ts for untrusted JSON):
 * the semantic checks.
 * Throws ConfigError naming the JSON path of the first problem: unknown operator or effect, duplicate row key,
 * a rule, validation or registry entry naming a row that does not exist, an unknown option list or image order.
 */
export function buildConfig(file: ReviewConfigFile): ReviewConfig {
  const constants: Constants = {
    ...DEFAULT_CONSTANTS,
    ...file.constants,
    isValidate: { ...DEFAULT_CONSTANTS.isValidate, ...file.constants?.isValidate },
    options: { ...file.constants?.options },
    imageOrders: { ...file.constants?.imageOrders },
  };
  if (!file.product) throw new ConfigError('/product', 'a config needs a product declaration (id, name, tabs, sections, statuses, widgets)');
  const product = file.product;
  const config: ReviewConfig = {
    product,
    constants,
    rows: file.rows ?? [],
    rules: file.rules ?? [],
    validations: file.validations ?? [],
    registry: file.registry ?? [],
    roles: file.roles ?? {},
    cases: file.cases ?? [],
    outcomes: file.outcomes ?? {},
    // `$comment` explains the declarations; it declares nothing.
    context: Object.fromEntries(Object.entries(file.context ?? {}).filter(([name]) => name !== '$comment')),
  };
  for (const [name, logic] of Object.entries(product.submissionHeader ?? {})) checkLogicAt(logic, `/product/submissionHeader/${name}`);
  checkUniqueIds(config.rows, 'rows', 'row', 'key');
  checkUniqueIds(config.rules, 'rules', 'rule');
  checkUniqueIds(config.validations, 'validations', 'validation');
  const keys = new Set(config.rows.map((row) => row.key));
  const names: Names = { rows: keys, context: new Set(Object.keys(config.context)) };
  for (const [name, logic] of Object.entries(product.submissionHeader ?? {})) checkVariablesAt(logic, `/product/submissionHeader/${name}`, 'submissionHeader', names);
  config.rows.forEach((row, i) => {
    const p = `/rows/${i}`;
    if (!product.tabs.includes(row.tab)) throw new ConfigError(`${p}/tab`, `tab '${row.tab}' is not one of the product's tabs (${product.tabs.join(', ')})`);
    if (!product.sections.includes(row.section)) {
      throw new ConfigError(`${p}/section`, `section '${row.section}' is not one of the product's sections (${product.sections.join(', ')})`);
    }
    if (row.input && !product.widgets.includes(row.input.type)) {
      throw new ConfigError(`${p}/input/type`, `widget '${row.input.type}' is not one of the product's widgets (${product.widgets.join(', ')})`);
    }
    checkOptions(row.input?.options, `${p}/input/options`, constants);
    const kind = row.kind ?? 'field';
    if (kind === 'image' && !row.images) throw new ConfigError(p, "an image row needs 'images'");
    if (row.images?.order && !constants.imageOrders[row.images.order]) {
      throw new ConfigError(`${p}/images/order`, `unknown image order '${row.images.order}'`);
    }
    row.images?.drop?.forEach((d, j) => {
      checkLogicAt(d.when, `${p}/images/drop/${j}/when`);
      checkVariablesAt(d.when, `${p}/images/drop/${j}/when`, 'imageDrop', names);
    });
  });
  config.rows.forEach((row, i) => {
    if (row.parent !== undefined && !keys.has(row.parent)) throw new ConfigError(`/rows/${i}/parent`, `unknown row '${row.parent}'`);
  });
  // A row's parents must end: the engine walks them for every row's visibility, and a loop would never return (a
  // config published with one froze every review and the server's check of it).
  const parentOf = new Map(config.rows.map((row) => [row.key, row.parent]));
  config.rows.forEach((row, i) => {
    const chain = [row.key];
    for (let p = row.parent; p !== undefined; p = parentOf.get(p)) {
      if (p === row.key) {
        const loop = chain.length === 1 ? `row '${row.key}' is its own parent` : `rows ${chain.map((k) => `'${k}'`).join(' → ')} → '${row.key}' are each other's parents in a loop`;
        throw new ConfigError(`/rows/${i}/parent`, loop);
      }
      // A loop further up is reported at a row on it.
      if (chain.includes(p)) break;
      chain.push(p);
    }
  });
  const needRow = (key: string, path: string) => {
    if (!keys.has(key)) throw new ConfigError(path, `unknown row '${key}'`);
  };
  config.rules.forEach((rule, i) => {
    const p = `/rules/${i}`;
    const targets = Array.isArray(rule.target) ? rule.target : [rule.target];
    targets.forEach((t, j) => needRow(t, Array.isArray(rule.target) ? `${p}/target/${j}` : `${p}/target`));
    checkLogicAt(rule.when, `${p}/when`);
    checkVariablesAt(rule.when, `${p}/when`, 'rule', names);
    checkOptions(rule.options, `${p}/options`, constants);
    switch (rule.effect) {
      case 'invalid':
      case 'note':
      case 'flag':
        if (!rule.message) throw new ConfigError(`${p}/message`, `effect '${rule.effect}' needs a message`);
        break;
      case 'options':
        if (!rule.options) throw new ConfigError(`${p}/options`, "effect 'options' needs options");
        break;
      case 'show':
      case 'hide':
      case 'enable':
      case 'disable':
      case 'check':
      case 'clear':
      case 'upload':
        break;
      default:
        throw new ConfigError(`${p}/effect`, `unknown effect '${String((rule as { effect: unknown }).effect)}'`);
    }
  });
  config.validations.forEach((v, i) => {
    const p = `/validations/${i}`;
    checkLogicAt(v.when, `${p}/when`);
    checkVariablesAt(v.when, `${p}/when`, v.scope === 'row' ? 'rowValidation' : 'formValidation', names);
    [...(v.select?.keys ?? []), ...(v.select?.exclude ?? [])].forEach((k) => needRow(k, `${p}/select`));
    v.select?.tabs?.forEach((t, j) => {
      if (!product.tabs.includes(t)) throw new ConfigError(`${p}/select/tabs/${j}`, `tab '${t}' is not one of the product's tabs`);
    });
  });
  const compared = new Set<string>();
  config.registry.forEach((r, i) => {
    const p = `/registry/${i}`;
    needRow(r.row, `${p}/row`);
    if (compared.has(r.row)) throw new ConfigError(`${p}/row`, `row '${r.row}' already has a registry comparison`);
    compared.add(r.row);
    if (r.registryValue !== undefined) checkLogicAt(r.registryValue, `${p}/registryValue`);
    if (r.match !== undefined) checkLogicAt(r.match, `${p}/match`);
    for (const part of ['registryValue', 'match'] as const) {
      const unknown = r[part] === undefined ? undefined : usesData(r[part]).find((v) => !REGISTRY_VARIABLES.has(v.split('.')[0]));
      if (unknown) throw new ConfigError(`${p}/${part}`, `variable '${unknown}' is not one of ${[...REGISTRY_VARIABLES].join(', ')}`);
    }
    if (r.match !== undefined && r.info) throw new ConfigError(`${p}/match`, "an 'info' comparison is never yes or no: drop 'match' or 'info'");
  });
  for (const [name, logic] of Object.entries(config.context)) {
    if (BUILT_IN_CONTEXT.has(name)) throw new ConfigError(`/context/${name}`, `'ctx.${name}' is built in (${[...BUILT_IN_CONTEXT].join(', ')})`);
    checkLogicAt(logic, `/context/${name}`);
    checkVariablesAt(logic, `/context/${name}`, 'context', names);
  }
  for (const [role, rc] of Object.entries(config.roles)) {
    for (const k of Object.keys(rc.imageTitles ?? {})) needRow(k, `/roles/${role}/imageTitles/${k}`);
    for (const k of Object.keys(rc.imageOrders ?? {})) {
      if (!constants.imageOrders[k]) throw new ConfigError(`/roles/${role}/imageOrders/${k}`, `unknown image order '${k}'`);
    }
  }
  for (const [name, rules] of Object.entries(config.outcomes)) {
    const problem = checkOutcomeRules(rules, `/outcomes/${name}`);
    if (problem) throw new ConfigError(problem[0], problem[1]);
    rules.forEach((r, i) => {
      const status = r.set.inspectionStatus;
      if (typeof status === 'string' && !product.statuses.includes(status)) {
        throw new ConfigError(`/outcomes/${name}/${i}/set/inspectionStatus`, `status '${status}' is not one of the product's statuses (${product.statuses.join(', ')})`);
      }
    });
  }
  const declared = checkReviewDeclaration(config);
  if (declared) throw new ConfigError(declared[0], declared[1]);
  return config;
}
