/**
 * Which product config a request runs (issue 17): the active version in config_versions, else the JSON in src/config
 * (the seed and fallback). A review keeps the version it was opened with: its submission names it (`configVersion`)
 * and is checked against it even after another version was activated. Every product works this way: the row-based
 * review products (car, bike) with their engine, the rules products (refurbishment, GS unflagging) with their loader.
 */
import type { ReviewConfig } from '../../src/engine/config.ts';
import { checkConfigFile } from '../../src/engine/config-schema.ts';
import type { ReviewEngine } from '../../src/engine/model.ts';
import { getProduct, PRODUCTS, productFromConfig } from '../../src/products/registry.ts';
import { loadRulesConfig } from '../../src/products/studio-check.ts';
import type { Queryable } from '../db.ts';
import { badRequest, notFound } from '../errors.ts';
import { activeConfigVersion, configVersionById, type StoredConfig } from '../repos/config-versions.ts';

/** A product config as a request runs it. */
export interface ProductConfig<C> {
  /** The config_versions id; null for the JSON in src/config. */
  version: number | null;
  config: C;
}

/** A row-based review product's config with its engine. */
export interface ReviewProductConfig extends ProductConfig<ReviewConfig> {
  engine: ReviewEngine;
}

type Built = ProductConfig<unknown> & { engine?: ReviewEngine };

/** Versions are never edited once stored, so a built config stays valid; a few are kept to spare rebuilding one per submit. */
const CACHE_SIZE = 8;
const built = new Map<string, Built>();
const seeds = new Map<string, Built>();

function definition(product: string) {
  const found = PRODUCTS.get(product);
  if (!found) throw new Error(`unknown product '${product}'`);
  return found;
}

/**
 * A document checked and built for `product`: the review products through the engine (schema, semantic checks,
 * engine), the rules products through their loader. The studio checked a stored version before storing it; it is
 * checked again here so a row written by other means cannot reach a submission unchecked.
 */
function load(product: string, document: unknown, version: number | null): Built {
  const def = definition(product);
  if (def.kind === 'rules') return { version, config: loadRulesConfig(product, document) };
  const { config, engine } = productFromConfig(product, checkConfigFile(document, '', def.schema), version);
  return { version, config, engine };
}

function build(product: string, stored: StoredConfig): Built {
  const cacheKey = `${product}:${stored.id}`;
  const hit = built.get(cacheKey);
  if (hit) return hit;
  const entry = load(product, stored.config, stored.id);
  if (built.size >= CACHE_SIZE) built.delete(built.keys().next().value as string);
  built.set(cacheKey, entry);
  return entry;
}

function seed(product: string): Built {
  let hit = seeds.get(product);
  if (!hit) {
    const def = definition(product);
    hit = def.kind === 'review' ? { version: null, config: getProduct(product).config, engine: getProduct(product).engine } : load(product, Object.values(def.files)[0], null);
    seeds.set(product, hit);
  }
  return hit;
}

/**
 * The config of `product` a request runs:
 * - `requested` undefined: the active version (what a newly opened review uses);
 * - null: the JSON in src/config (a review opened while no version was stored);
 * - an id: that version of the product, active or not; 400 when the product has no such version.
 */
async function productConfig(db: Queryable, product: string, requested?: number | null): Promise<Built> {
  if (requested === null) return seed(product);
  if (requested === undefined) {
    const active = await activeConfigVersion(db, product);
    return active ? build(product, active) : seed(product);
  }
  const stored = await configVersionById(db, product, requested);
  if (!stored) throw badRequest(`There is no config version ${requested} of the ${product} review`);
  return build(product, stored);
}

/** A row-based review product's config (car, bike) with the engine of that version. */
export async function reviewProductConfig(db: Queryable, product: string, requested?: number | null): Promise<ReviewProductConfig> {
  const { version, config, engine } = await productConfig(db, product, requested);
  if (!engine) throw new Error(`product '${product}' is not a row-based review`);
  return { version, config: config as ReviewConfig, engine };
}

/** A rules product's config (refurbishment, GS unflagging), typed by its loader. */
export async function rulesProductConfig<C>(db: Queryable, product: string, requested?: number | null): Promise<ProductConfig<C>> {
  const { version, config } = await productConfig(db, product, requested);
  return { version, config: config as C };
}

/** One stored version of a product config as the review page loads it (the active one is config-studio.ts's `review-config`). */
export async function storedConfigDocument(db: Queryable, product: string, id: number): Promise<StoredConfig> {
  const stored = await configVersionById(db, product, id);
  if (!stored) throw notFound(`There is no config version ${id} of the ${product} review`);
  return stored;
}
