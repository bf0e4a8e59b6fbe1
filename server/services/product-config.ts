/**
 * Which product config a review runs (issue 17): the active version in config_versions, else the JSON in src/config
 * (the seed and fallback). A review keeps the version it was opened with: its submission names it (`configVersion`)
 * and is checked against it even after another version was activated.
 */
import type { ReviewConfig } from '../../src/engine/config.ts';
import { checkConfigFile } from '../../src/engine/config-schema.ts';
import type { ReviewEngine } from '../../src/engine/model.ts';
import { getProduct, productFromConfig } from '../../src/products/registry.ts';
import type { Queryable } from '../db.ts';
import { badRequest, notFound } from '../errors.ts';
import { activeConfigVersion, configVersionById, type StoredConfig } from '../repos/config-versions.ts';

/** A product config as a review runs it. */
export interface ReviewProductConfig {
  /** The config_versions id; null for the JSON in src/config. */
  version: number | null;
  config: ReviewConfig;
  engine: ReviewEngine;
}

/** Versions are never edited once stored, so a built engine stays valid; a few are kept to spare rebuilding one per submit. */
const CACHE_SIZE = 8;
const built = new Map<string, ReviewProductConfig>();

function build(product: string, stored: StoredConfig): ReviewProductConfig {
  const cacheKey = `${product}:${stored.id}`;
  const hit = built.get(cacheKey);
  if (hit) return hit;
  // The studio checked it before storing; checked again here so a row written by other means cannot reach the engine unchecked.
  const { config, engine } = productFromConfig(product, checkConfigFile(stored.config, '', getProduct(product).definition.schema), stored.id);
  const entry = { version: stored.id, config, engine };
  if (built.size >= CACHE_SIZE) built.delete(built.keys().next().value as string);
  built.set(cacheKey, entry);
  return entry;
}

function seed(product: string): ReviewProductConfig {
  const { config, engine } = getProduct(product);
  return { version: null, config, engine };
}

/**
 * The config of `product` a request runs:
 * - `requested` undefined: the active version (what a newly opened review uses);
 * - null: the JSON in src/config (a review opened while no version was stored);
 * - an id: that version of the product, active or not; 400 when the product has no such version.
 */
export async function reviewProductConfig(db: Queryable, product: string, requested?: number | null): Promise<ReviewProductConfig> {
  if (requested === null) return seed(product);
  if (requested === undefined) {
    const active = await activeConfigVersion(db, product);
    return active ? build(product, active) : seed(product);
  }
  const stored = await configVersionById(db, product, requested);
  if (!stored) throw badRequest(`There is no config version ${requested} of the ${product} review`);
  return build(product, stored);
}

/** One stored version of a product config as the review page loads it (the active one is config-studio.ts's `review-config`). */
export async function storedConfigDocument(db: Queryable, product: string, id: number): Promise<StoredConfig> {
  const stored = await configVersionById(db, product, id);
  if (!stored) throw notFound(`There is no config version ${id} of the ${product} review`);
  return stored;
}
