/**
 * The car review config: every file of src/config/car merged in this order and loaded (schema + semantic checks)
 * once at import. A broken config fails here, at startup, with a ConfigError naming the file and path.
 */
import constants from '../config/car/constants.json' with { type: 'json' };
import documents from '../config/car/documents.json' with { type: 'json' };
import exterior from '../config/car/exterior.json' with { type: 'json' };
import interior from '../config/car/interior.json' with { type: 'json' };
import summary from '../config/car/summary.json' with { type: 'json' };
import validations from '../config/car/validations.json' with { type: 'json' };
import registry from '../config/car/registry.json' with { type: 'json' };
import cases from '../config/car/cases.json' with { type: 'json' };
import { ConfigError, checkConfigFile, loadConfig, mergeConfigFiles, type ReviewConfig, type ReviewConfigFile } from './config.ts';
import { createEngine, type ReviewEngine } from './model.ts';

/** The car config files by name, in merge order. */
export const CAR_CONFIG_FILES: Readonly<Record<string, unknown>> = {
  'constants.json': constants,
  'documents.json': documents,
  'exterior.json': exterior,
  'interior.json': interior,
  'summary.json': summary,
  'validations.json': validations,
  'registry.json': registry,
  'cases.json': cases,
};

/** Checks each file on its own (so errors name the file), then merges and loads them. */
export function loadCarConfig(files: Readonly<Record<string, unknown>> = CAR_CONFIG_FILES): ReviewConfig {
  const named = Object.entries(files).map(([name, json]) => ({ name, file: checkConfigFile(json, `${name}#`) }));
  try {
    return loadConfig(mergeConfigFiles(named.map((n) => n.file)));
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

/** The merged, loaded car review config. */
export const carReviewConfig: ReviewConfig = loadCarConfig();

/** An engine over the car config, shared by screens and server. */
export const carEngine: ReviewEngine = createEngine(carReviewConfig);
