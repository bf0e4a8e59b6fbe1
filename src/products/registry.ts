/**
 * The product registry: product id → its config and engine. Each product's config is merged and built (the
 * engine's semantic checks) and its engine created on first use, once. The JSON Schema check (loadProductConfig in
 * src/engine/config-schema.ts) runs in `npm run config:check`, at server start and in the tests, so the browser
 * does not ship ajv to re-check configs that cannot have changed.
 *
 * Adding a product: a config folder under src/config, a definition file beside this one, an entry in PRODUCTS.
 */
import { buildConfig, mergeConfigFiles, type ReviewConfig, type ReviewConfigFile } from '../engine/config.ts';
import { createEngine, type ReviewEngine } from '../engine/model.ts';
import { bike } from './bike.ts';
import { car } from './car.ts';
import { gsUnflagging } from './gs-unflagging.ts';
import { refurbishment } from './refurbishment.ts';
import type { ProductDefinition } from './definition.ts';

/** Every product, by id. A Map, so an id from a URL or a request can never reach a prototype property. */
export const PRODUCTS: ReadonlyMap<string, ProductDefinition> = new Map([car, bike, refurbishment, gsUnflagging].map((p) => [p.id, p]));

/** A review product with its built config and engine. */
export interface Product {
  readonly id: string;
  readonly definition: Extract<ProductDefinition, { kind: 'review' }>;
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

const built = new Map<string, Product>();

/** True when `id` names a registered product. */
export function isProductId(id: string): boolean {
  return PRODUCTS.has(id);
}

/** Ids of the row-based review products (those `getProduct` builds an engine for). */
export function reviewProductIds(): string[] {
  return [...PRODUCTS.values()].filter((p) => p.kind === 'review').map((p) => p.id);
}

function definitionOf(id: string): ProductDefinition {
  const definition = PRODUCTS.get(id);
  if (!definition) throw new Error(`unknown product '${id}' (known: ${[...PRODUCTS.keys()].join(', ')})`);
  return definition;
}

/** A review product's definition; throws for an unknown id or a `rules` product. */
function reviewDefinition(id: string): Extract<ProductDefinition, { kind: 'review' }> {
  const definition = definitionOf(id);
  if (definition.kind !== 'review') throw new Error(`product '${id}' is not a row-based review: it has no engine`);
  return definition;
}

/** A review product's config and engine, built on first use. Throws for an unknown id or a `rules` product. */
export function getProduct(id: string): Product {
  const hit = built.get(id);
  if (hit) return hit;
  const product = productFromConfig(id, mergeConfigFiles(Object.values(reviewDefinition(id).files) as ReviewConfigFile[]), null);
  built.set(id, product);
  return product;
}

/**
 * A review product built from one config document (a stored config version, or the studio's edited text): the
 * engine's semantic checks run (ConfigError on a problem); the JSON Schema check is the server's, on save.
 */
export function productFromConfig(id: string, file: ReviewConfigFile, version: number | null): Product {
  const definition = reviewDefinition(id);
  const config = buildConfig(file);
  if (config.product.id !== id) throw new Error(`product '${id}': its product.json declares id '${config.product.id}'`);
  return { id, definition, config, engine: createEngine(config), version };
}

/** A product as the JSON in src/config declares it (the seed and fallback), of either kind. */
export function seedProduct(id: string): AnyProduct {
  const definition = definitionOf(id);
  if (definition.kind === 'review') return getProduct(id);
  return { id, definition, config: Object.values(definition.files)[0], version: null };
}

/**
 * A product from a stored config version of either kind: a review product is built (the engine's semantic checks,
 * ConfigError on a problem); a rules product's document is taken as the server checked it.
 */
export function productFromVersion(id: string, document: unknown, version: number): AnyProduct {
  const definition = definitionOf(id);
  if (definition.kind === 'review') return productFromConfig(id, document as ReviewConfigFile, version);
  return { id, definition, config: document, version };
}
