/**
 * The checks of `npm run config:check` for one product config as a single JSON document, as the config studio
 * edits and the server stores it (issue 17): JSON Schema, the semantic checks, then the config's own cases.
 * The server runs it before a version is saved and for the studio on every change (ajv compiles with eval, which
 * the app's Content Security Policy refuses, so the browser asks the server), so the two cannot disagree.
 */
import { runCase } from '../engine/cases.ts';
import { buildConfig, ConfigError, mergeConfigFiles, type ReviewConfigFile } from '../engine/config.ts';
import { problemSentence } from '../engine/config-place.ts';
import { checkConfigFile } from '../engine/config-schema.ts';
import { createEngine } from '../engine/model.ts';
import { evaluateOutcome } from '../engine/outcome.ts';
import { loadRefurbishmentConfig, runRefurbishmentCases } from './refurbishment/refurbishment-config.ts';
import { actionOutcome, type UnflagConfig } from './gs-unflagging/unflag.ts';
import { loadUnflagConfig } from './gs-unflagging/unflag-config.ts';
import type { ProductDefinition } from './definition.ts';
import { PRODUCTS } from './registry.ts';

/** A problem at a JSON path of the document (`/rules/3/when`), as a plain sentence. */
export interface ConfigProblem {
  path: string;
  message: string;
}

export interface CaseResult {
  name: string;
  problems: string[];
}

export interface ProductCheck {
  /** Schema and semantic problems (the config cannot be built while there are any). */
  problems: ConfigProblem[];
  /** The config's own cases, run only once the config builds. */
  cases: CaseResult[];
}

export interface StudioProduct {
  id: string;
  name: string;
  /** The JSON in src/config, as one document: the seed of the first version and the fallback. */
  seed: () => unknown;
  /** The JSON Schema of that document. */
  schema: object;
  check: (json: unknown) => CaseResult[];
}

/** A row-based review product: its files merged into one document, checked by the product's schema, built, its cases run. */
const reviewProduct = (definition: ProductDefinition, name: string): StudioProduct => ({
  id: definition.id,
  name,
  seed: () => mergeConfigFiles(Object.values(definition.files) as ReviewConfigFile[]),
  schema: definition.schema,
  check: (json) => {
    const config = buildConfig(checkConfigFile(json, '', definition.schema));
    const engine = createEngine(config);
    return config.cases.map((c) => ({ name: c.name, problems: runCase(engine, c, config) }));
  },
});

/** A rules product of one file: its own loader (schema and outcome checks) and its cases. */
const rulesProduct = (definition: ProductDefinition, name: string, check: (json: unknown) => CaseResult[]): StudioProduct => ({
  id: definition.id,
  name,
  seed: () => Object.values(definition.files)[0],
  schema: definition.schema,
  check,
});

const NAMES: ReadonlyMap<string, string> = new Map([
  ['car', 'Car'],
  ['bike', 'Bike'],
  ['refurbishment', 'GS refurbishment'],
  ['gs-unflagging', 'GS unflagging'],
]);

/**
 * The rules products' loaders (their schema and semantic checks, ConfigError on a problem) and case runners. The
 * server loads a stored version of a rules product through `loadRulesConfig` before a submission runs it.
 */
const RULES: ReadonlyMap<string, { load: (json: unknown) => unknown; cases: (config: never) => CaseResult[] }> = new Map([
  ['refurbishment', { load: (json: unknown) => loadRefurbishmentConfig(json, ''), cases: runRefurbishmentCases }],
  [
    'gs-unflagging',
    {
      load: (json: unknown) => loadUnflagConfig(json, ''),
      cases: (config: UnflagConfig) =>
        config.cases.map((c) => {
          const { action, ...facts } = c.facts;
          // Expectations name the rule's own fields (keepFlag …) or the resolved outcome's, as config:check compares them.
          const got: Record<string, unknown> = { ...evaluateOutcome(config.outcomes, c.facts), ...actionOutcome(config, action, facts) };
          const problems = Object.entries(c.expect)
            .filter(([key, value]) => got[key] !== value)
            .map(([key, value]) => `${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got[key])}`);
          return { name: c.name, problems };
        }),
    },
  ],
]);

/** A rules product's config document checked and typed by its loader; throws ConfigError when it fails a check. */
export function loadRulesConfig(id: string, json: unknown): unknown {
  const rules = RULES.get(id);
  if (!rules) throw new Error(`product '${id}' has no rules loader`);
  return rules.load(json);
}

/** Every product of the registry the studio can check (a rules product needs its loader above). */
export const STUDIO_PRODUCTS: readonly StudioProduct[] = [...PRODUCTS.values()].flatMap((d) => {
  const name = NAMES.get(d.id) ?? d.id;
  if (d.kind === 'review') return [reviewProduct(d, name)];
  const rules = RULES.get(d.id);
  return rules ? [rulesProduct(d, name, (json) => rules.cases(rules.load(json) as never))] : [];
});

export function studioProduct(id: string): StudioProduct | undefined {
  return STUDIO_PRODUCTS.find((p) => p.id === id);
}

/** Runs every check of a product config; never throws for a bad config, only reports it. */
export function checkProductConfig(product: StudioProduct, json: unknown): ProductCheck {
  try {
    return { problems: [], cases: product.check(json) };
  } catch (e) {
    if (e instanceof ConfigError) return { problems: [{ path: e.path || '/', message: e.message.slice(e.message.indexOf(': ') + 2) }], cases: [] };
    // Not a finding the checks word (a value the engine cannot build from, e.g. an array length): said plainly.
    return { problems: [{ path: '/', message: 'The config cannot be built: one of its values is outside what the engine can run. Check the numbers and lists you changed.' }], cases: [] };
  }
}

/** Plain sentences for every reason `json` is refused (schema, semantics, failing cases); empty when it passes. */
export function refusalReasons(json: unknown, check: ProductCheck): string[] {
  return [
    ...check.problems.map((p) => problemSentence(json, p)),
    ...check.cases.filter((c) => c.problems.length).map((c) => `Case '${c.name}' fails: ${c.problems.join('; ')}.`),
  ];
}

