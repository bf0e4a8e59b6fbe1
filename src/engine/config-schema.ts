/**
 * Loading untrusted config JSON: ajv against src/config/review-config.schema.json, then the semantic checks of
 * config.ts. Used where a config is authored or first read — `npm run config:check`, the server at start, tests —
 * and kept out of the browser bundle, which runs the product configs these have already checked.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import outcomeSchema from '../config/outcome.schema.json' with { type: 'json' };
import schema from '../config/review-config.schema.json' with { type: 'json' };
import { checkOutcomeRules, type OutcomeRule } from './outcome.ts';
import { ConfigError, buildConfig, mergeConfigFiles, type ReviewConfig, type ReviewConfigFile } from './config.ts';

/**
 * An ajv holding the schemas every product config shares (outcome.schema.json): a product schema references
 * `outcome.schema.json#/$defs/outcomeRules` and is compiled with this.
 */
export function createConfigAjv(): Ajv {
  const a = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
  a.addSchema(outcomeSchema);
  return a;
}

const ajv = createConfigAjv();
ajv.addSchema(schema);
const validateBase = ajv.getSchema<ReviewConfigFile>(schema.$id)!;
const productValidators = new WeakMap<object, ValidateFunction<ReviewConfigFile>>();

/** The validator of a product schema (which extends the base schema by `$ref`), compiled once. */
function validatorOf(productSchema: object | undefined): ValidateFunction<ReviewConfigFile> {
  if (!productSchema) return validateBase;
  let v = productValidators.get(productSchema);
  if (!v) {
    const id = (productSchema as { $id?: string }).$id;
    v = (id && ajv.getSchema<ReviewConfigFile>(id)) || ajv.compile<ReviewConfigFile>(productSchema);
    productValidators.set(productSchema, v);
  }
  return v;
}

/**
 * Checks a product config that is not a row form (a `rules` product) against its own schema, then the outcome rule
 * lists it declares under `outcomes` (every other key of `outcomes` starting with '$' is a comment).
 */
export function checkRulesFile(json: unknown, productSchema: object, where = ''): void {
  const validate = validatorOf(productSchema);
  if (!validate(json)) throw schemaError(validate.errors?.[0], where);
  const outcomes = (json as { outcomes?: Record<string, unknown> }).outcomes ?? {};
  for (const [name, rules] of Object.entries(outcomes)) {
    if (name.startsWith('$') || !Array.isArray(rules)) continue;
    const problem = checkOutcomeRules(rules as OutcomeRule[], `${where}/outcomes/${name}`);
    if (problem) throw new ConfigError(problem[0], problem[1]);
  }
}

/** Checks one file against the JSON Schema (the base one, or the product's); throws ConfigError naming the path. */
export function checkConfigFile(json: unknown, where = '', productSchema?: object): ReviewConfigFile {
  const validateSchema = validatorOf(productSchema);
  if (!validateSchema(json)) throw schemaError(validateSchema.errors?.[0], where);
  return json;
}

/** A type of JSON Schema as an analyst reads it ('string' is text they type, 'array' a list). */
const TYPE_WORDS: ReadonlyMap<string, string> = new Map([
  ['string', 'text'],
  ['number', 'a number'],
  ['integer', 'a whole number'],
  ['boolean', 'true or false'],
  ['array', 'a list'],
  ['object', 'an object'],
  ['null', 'null'],
]);

/** Enough of a list of allowed values to act on. */
function listed(values: readonly unknown[]): string {
  const shown = values.slice(0, 12).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return values.length > shown.length ? `${shown.join(', ')} …` : shown.join(', ');
}

/**
 * The validator's failure as a plain sentence about the value at its path (issue 17: an analyst reads 'must be text',
 * not ajv's 'must be string'), from its keyword and parameters rather than its English.
 */
export function schemaProblem(e: Pick<ErrorObject, 'keyword' | 'params' | 'propertyName'>): string {
  const p = e.params as Record<string, unknown>;
  // A failure of a field's name (`propertyNames`) comes first as the name's own failure.
  if (e.propertyName !== undefined) return `has a field whose name is not allowed: '${e.propertyName}'`;
  const n = (key: string) => Number(p[key]);
  switch (e.keyword) {
    case 'type': {
      const types = String(p.type).split(',');
      return `must be ${types.map((t) => TYPE_WORDS.get(t) ?? t).join(' or ')}`;
    }
    case 'required':
      return `needs the field '${String(p.missingProperty)}'`;
    case 'additionalProperties':
      return `takes no field '${String(p.additionalProperty)}'`;
    case 'enum':
      return `must be one of ${listed(p.allowedValues as unknown[])}`;
    case 'const':
      return `must be ${typeof p.allowedValue === 'string' ? `'${p.allowedValue}'` : JSON.stringify(p.allowedValue)}`;
    case 'pattern':
    case 'format':
      return 'has the wrong format';
    case 'minLength':
      return n('limit') === 1 ? 'must not be empty' : `must have at least ${n('limit')} characters`;
    case 'maxLength':
      return `must have at most ${n('limit')} characters`;
    case 'minItems':
      return n('limit') === 1 ? 'must list at least one item' : `must list at least ${n('limit')} items`;
    case 'maxItems':
      return `must list at most ${n('limit')} items`;
    case 'minProperties':
      return 'must not be empty';
    case 'uniqueItems':
      return `lists the same value twice (items ${n('j') + 1} and ${n('i') + 1})`;
    case 'minimum':
      return `must be at least ${n('limit')}`;
    case 'maximum':
      return `must be at most ${n('limit')}`;
    case 'exclusiveMinimum':
      return `must be more than ${n('limit')}`;
    case 'exclusiveMaximum':
      return `must be less than ${n('limit')}`;
    case 'oneOf':
    case 'anyOf':
      return 'matches none of the shapes allowed here';
    default:
      return 'is not valid here';
  }
}

/** The validator's first failure as a ConfigError at its path under `where` (a file name and '#', or ''). */
export function schemaError(e: ErrorObject | undefined, where: string): ConfigError {
  return new ConfigError(`${where}${e?.instancePath ?? ''}`, e ? schemaProblem(e) : 'is not valid here');
}

/**
 * Loads a config (one file or several merged with mergeConfigFiles): schema check with ajv, then semantic checks.
 * Throws ConfigError naming the JSON path of the first problem.
 */
export function loadConfig(json: unknown): ReviewConfig {
  return buildConfig(checkConfigFile(json));
}

/**
 * Checks each config file of a product on its own against the product's schema (so errors name the file), then
 * merges and loads them in the given order (a product definition's `files`, or the same files read from disk).
 */
export function loadProductConfig(files: Readonly<Record<string, unknown>>, productSchema?: object): ReviewConfig {
  const named = Object.entries(files).map(([name, json]) => ({ name, file: checkConfigFile(json, `${name}#`, productSchema) }));
  try {
    return buildConfig(mergeConfigFiles(named.map((n) => n.file)));
  } catch (e) {
    throw e instanceof ConfigError ? locate(e, named) : e;
  }
}

/** Maps a merged-config path (`/rules/40/when`) back to the file and index it came from. */
function locate(e: ConfigError, named: { name: string; file: ReviewConfigFile }[]): ConfigError {
  const rest = e.message.slice(e.message.indexOf(': ') + 2);
  const keyed = /^\/(product|outcomes\/[^/]+)(.*)$/.exec(e.path);
  if (keyed) {
    const name = keyed[1].split('/')[1];
    const owner = named.findLast(({ file }) => (name === undefined ? file.product !== undefined : file.outcomes?.[name] !== undefined));
    return owner ? new ConfigError(`${owner.name}#${e.path}`, rest) : e;
  }
  const m = /^\/(rows|rules|validations|registry|cases)\/(\d+)(.*)$/.exec(e.path);
  if (!m) return e;
  const list = m[1] as 'rows' | 'rules' | 'validations' | 'registry' | 'cases';
  let index = Number(m[2]);
  for (const { name, file } of named) {
    const n = file[list]?.length ?? 0;
    if (index < n) return new ConfigError(`${name}#/${list}/${index}${m[3]}`, e.message.slice(e.message.indexOf(': ') + 2));
    index -= n;
  }
  return e;
}
