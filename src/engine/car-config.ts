/**
 * The car review config: every file of src/config/car merged in this order and built (semantic checks) once at
 * import. The JSON Schema check (loadCarConfig in config-schema.ts) runs in `npm run config:check`, at server
 * start and in the tests, so the browser does not ship ajv to re-check a config that cannot have changed.
 */
import constants from '../config/car/constants.json' with { type: 'json' };
import documents from '../config/car/documents.json' with { type: 'json' };
import exterior from '../config/car/exterior.json' with { type: 'json' };
import interior from '../config/car/interior.json' with { type: 'json' };
import summary from '../config/car/summary.json' with { type: 'json' };
import validations from '../config/car/validations.json' with { type: 'json' };
import registry from '../config/car/registry.json' with { type: 'json' };
import cases from '../config/car/cases.json' with { type: 'json' };
import outcomes from '../config/car/outcomes.json' with { type: 'json' };
import { buildConfig, mergeConfigFiles, type ReviewConfig, type ReviewConfigFile } from './config.ts';
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
  'outcomes.json': outcomes,
};

/** The merged car review config. */
export const carReviewConfig: ReviewConfig = buildConfig(mergeConfigFiles(Object.values(CAR_CONFIG_FILES) as ReviewConfigFile[]));

/** An engine over the car config, shared by screens and server. */
export const carEngine: ReviewEngine = createEngine(carReviewConfig);
