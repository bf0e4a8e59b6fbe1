import type { Queryable } from '../db.ts';

/** A stored product config version (table config_versions, migration 095): its id and the config document. */
export interface StoredConfig {
  id: number;
  config: unknown;
}

/** A version as the studio lists it, without its document. */
export interface VersionRow {
  id: number;
  product: string;
  message: string;
  author: string;
  author_name: string;
  created_at: Date | string;
  active: boolean;
}

const VERSION_COLUMNS = 'id, product, message, author, author_name, created_at, active';

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

/** One version with its document and listing fields; null when the product has no version with this id. */
export async function versionWithConfig(db: Queryable, product: string, id: number): Promise<(VersionRow & { config: unknown }) | null> {
  const { rows } = await db.query<VersionRow & { config: unknown }>(`SELECT ${VERSION_COLUMNS}, config FROM config_versions WHERE product = $1 AND id = $2`, [product, id]);
  return rows[0] ?? null;
}

/** A product's versions, newest first. */
export async function versionsOf(db: Queryable, product: string): Promise<VersionRow[]> {
  return (await db.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM config_versions WHERE product = $1 ORDER BY id DESC`, [product])).rows;
}

/** Per product with stored versions: how many, and the active one's id (null when none is active). */
export async function versionCounts(db: Queryable): Promise<Map<string, { versions: number; active: number | null }>> {
  const { rows } = await db.query<{ product: string; n: number; active: number | null }>(
    'SELECT product, count(*)::int AS n, max(id) FILTER (WHERE active) AS active FROM config_versions GROUP BY product',
  );
  return new Map(rows.map((r) => [r.product, { versions: r.n, active: r.active }]));
}

/** Serialises saves and activations of one product (inside a transaction), so two cannot both become active. */
export async function lockProductVersions(tx: Queryable, product: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`config-studio:${product}`]);
}

export async function hasVersions(db: Queryable, product: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM config_versions WHERE product = $1 LIMIT 1', [product])).rows.length > 0;
}

/** Clears the product's active mark; answers the id it was on (null when none was active). */
export async function deactivateVersions(tx: Queryable, product: string): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>('UPDATE config_versions SET active = false WHERE product = $1 AND active RETURNING id', [product]);
  return rows[0]?.id ?? null;
}

export async function insertVersion(
  tx: Queryable,
  v: { product: string; config: unknown; message: string; author: string; authorName: string; active: boolean },
): Promise<VersionRow> {
  const { rows } = await tx.query<VersionRow>(
    `INSERT INTO config_versions (product, config, message, author, author_name, active) VALUES ($1, $2::json, $3, $4, $5, $6) RETURNING ${VERSION_COLUMNS}`,
    [v.product, JSON.stringify(v.config), v.message, v.author, v.authorName, v.active],
  );
  return rows[0];
}

export async function activateVersion(tx: Queryable, id: number): Promise<VersionRow> {
  const { rows } = await tx.query<VersionRow>(`UPDATE config_versions SET active = true WHERE id = $1 RETURNING ${VERSION_COLUMNS}`, [id]);
  return rows[0];
}
