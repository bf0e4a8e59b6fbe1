/**
 * Loading untrusted config JSON: ajv against src/config/review-config.schema.json, then the semantic checks of
 * config.ts. Used where a config is authored or first read — `npm run config:check`, the server at start, tests —
 * and kept out of the browser bundle, which runs the car config these have already checked.
 */
import { Ajv } from 'ajv';
import outcomeSchema from '../config/outcome.schema.json' with { type: 'json' };
import schema from '../config/review-config.schema.json' with { type: 'json' };
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
const validateSchema = ajv.compile<ReviewConfigFile>(schema);

/** Checks one file against the JSON Schema; throws ConfigError naming the path. */
export function checkConfigFile(json: unknown, where = ''): ReviewConfigFile {
  if (!validateSchema(json)) {
    const e = validateSchema.errors?.[0];
    const extra = e?.params && 'additionalProperty' in e.params ? ` '${String(e.params.additionalProperty)}'` : '';
    const allowed = e?.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
    throw new ConfigError(`${where}${e?.instancePath ?? ''}`, `${e?.message ?? 'invalid'}${extra}${allowed}`);
  }
  return json;
}

/**
 * Loads a config (one file or several merged with mergeConfigFiles): schema check with ajv, then semantic checks.
 * Throws ConfigError naming the JSON path of the first problem.
 */
export function loadConfig(json: unknown): ReviewConfig {
  return buildConfig(checkConfigFile(json));
}

/**
 * Checks each config file on its own (so errors name the file), then merges and loads them in the given order
 * (pass CAR_CONFIG_FILES of car-config.ts, or the same files read from disk).
 */
export function loadCarConfig(files: Readonly<Record<string, unknown>>): ReviewConfig {
  const named = Object.entries(files).map(([name, json]) => ({ name, file: checkConfigFile(json, `${name}#`) }));
  try {
    return buildConfig(mergeConfigFiles(named.map((n) => n.file)));
  } catch (e) {
    throw e instanceof ConfigError ? locate(e, named) : e;
  }
}

/** Maps a merged-config path (`/rules/40/when`) back to the file and index it came from. */
function locate(e: ConfigError, named: { name: string; file: ReviewConfigFile }[]): ConfigError {
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
