/**
 * A product built from its definition: the config and engine a screen runs. Takes the definition itself, not an id,
 * so a product screen imports only its own product's definition and configs (src/app/routes.ts productScreen): the car
 * review ships none of the bike's, refurbishment's or GS's JSON. The registry (registry.ts) maps ids to definitions for
 * the server, the studio and the tests.
 */
import { buildConfig, mergeConfigFiles, type ReviewConfig, type ReviewConfigFile } from '../engine/config.ts';
import { createEngine, type ReviewEngine } from '../engine/model.ts';
import type { ProductDefinition } from './definition.ts';

export type ReviewDefinition = Extract<ProductDefinition, { kind: 'review' }>;

/** A review product with its built config and engine. */
export interface Product {
  readonly id: string;
  readonly definition: ReviewDefinition;
  readonly config: ReviewConfig;
  readonly engine: ReviewEngine;
  /** The config version (issue 17) the config came from; null for the JSON in src/config. */
  readonly version: number | null;
}

/**
 * A rules product (refurbishment, GS unflagging) with its config document. Its loader (ajv and the rules' semantic
 * checks) runs in `npm run config:check` and on the server, which checks a version before storing and serving it, so
 * the browser takes the document as it comes.
 */
export interface RulesProduct<C = unknown> {
  readonly id: string;
  readonly definition: Extract<ProductDefinition, { kind: 'rules' }>;
  readonly config: C;
  /** The config version (issue 17) the config came from; null for the JSON in src/config. */
  readonly version: number | null;
}

/** Any product a screen runs: a row-based review (with its engine) or a rules product. */
export type AnyProduct = Product | RulesProduct;

/**
 * A review product built from one config document (a stored config version, or the studio's edited text): the
 * engine's semantic checks run (ConfigError on a problem); the JSON Schema check is the server's, on save.
 */
export function buildProduct(definition: ReviewDefinition, file: ReviewConfigFile, version: number | null): Product {
  const config = buildConfig(file);
  if (config.product.id !== definition.id) throw new Error(`product '${definition.id}': its product.json declares id '${config.product.id}'`);
  return { id: definition.id, definition, config, engine: createEngine(config), version };
}

/** Seed products built so far, once each. */
const seeds = new WeakMap<ProductDefinition, AnyProduct>();

/** A product as the JSON in src/config declares it (the seed and fallback), of either kind; a review product's is built once. */
export function seedOf(definition: ReviewDefinition): Product;
export function seedOf(definition: ProductDefinition): AnyProduct;
export function seedOf(definition: ProductDefinition): AnyProduct {
  let hit = seeds.get(definition);
  if (!hit) {
    hit =
      definition.kind === 'review'
        ? buildProduct(definition, mergeConfigFiles(Object.values(definition.files) as ReviewConfigFile[]), null)
        : { id: definition.id, definition, config: Object.values(definition.files)[0], version: null };
    seeds.set(definition, hit);
  }
  return hit;
}

/**
 * A product from a stored config version of either kind: a review product is built (the engine's semantic checks,
 * ConfigError on a problem); a rules product's document is taken as the server checked it.
 */
export function productFromVersion(definition: ProductDefinition, document: unknown, version: number): AnyProduct {
  if (definition.kind === 'review') return buildProduct(definition, document as ReviewConfigFile, version);
  return { id: definition.id, definition, config: document, version };
}
