/**
 * The product registry: product id → its definition, and the products of product.ts by id (for the server, the
 * studio, the tests and the benches; a product screen imports its own definition instead). Each product's config is
 * merged and built (the engine's semantic checks) and its engine created on first use, once. The JSON Schema check (loadProductConfig in
 * src/engine/config-schema.ts) runs in `npm run config:check`, at server start and in the tests, so the browser
 * does not ship ajv to re-check configs that cannot have changed.
 *
 * Adding a product: a config folder under src/config, a definition file beside this one, an entry in PRODUCTS.
 */
import type { ReviewConfigFile } from '../engine/config.ts';
import { bike } from './bike.ts';
import { car } from './car.ts';
import { gsUnflagging } from './gs-unflagging.ts';
import { refurbishment } from './refurbishment.ts';
import type { ProductDefinition } from './definition.ts';
import { buildProduct, seedOf, type AnyProduct, type Product, type ReviewDefinition } from './product.ts';

/** Every product, by id. A Map, so an id from a URL or a request can never reach a prototype property. */
export const PRODUCTS: ReadonlyMap<string, ProductDefinition> = new Map([car, bike, refurbishment, gsUnflagging].map((p) => [p.id, p]));

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
function reviewDefinition(id: string): ReviewDefinition {
  const definition = definitionOf(id);
  if (definition.kind !== 'review') throw new Error(`product '${id}' is not a row-based review: it has no engine`);
  return definition;
}

/** A review product's config and engine, built on first use. Throws for an unknown id or a `rules` product. */
export function getProduct(id: string): Product {
  return seedOf(reviewDefinition(id));
}

/** A review product built from one config document (product.ts buildProduct), by id. */
export function productFromConfig(id: string, file: ReviewConfigFile, version: number | null): Product {
  return buildProduct(reviewDefinition(id), file, version);
}

/** A product as the JSON in src/config declares it (the seed and fallback), of either kind, by id. */
export function seedProduct(id: string): AnyProduct {
  return seedOf(definitionOf(id));
}
