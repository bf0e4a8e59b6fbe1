import type { Queryable } from '../db.ts';

/** A stored product config version (table config_versions, migration 095): its id and the config document. */
export interface StoredConfig {
  id: number;
  config: unknown;
}

/** The active version of a product, or null while the product runs the JSON in src/config. */
export async function activeConfigVersion(db: Queryable, product: string): Promise<StoredConfig | null> {
  const { rows } = await db.query<StoredConfig>('SELECT id, config FROM config_versions WHERE product = $1 AND active', [product]);
  return rows[0] ?? null;
}

/** One version of a product, active or not; null when the product has no version with this id. */
export async function configVersionById(db: Queryable, product: string, id: number): Promise<StoredConfig | null> {
  const { rows } = await db.query<StoredConfig>('SELECT id, config FROM config_versions WHERE product = $1 AND id = $2', [product, id]);
  return rows[0] ?? null;
}
