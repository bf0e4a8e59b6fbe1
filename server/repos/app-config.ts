import type { Queryable } from '../db.ts';

/** The `app_config` table: the spec's `api/Config` document, the auto-assignment sleep time and the bikes' media URLs. */
export async function appConfigValue<T>(db: Queryable, key: 'config' | 'sleepTime' | 'bikePublic'): Promise<T | null> {
  const { rows } = await db.query<{ value: T }>('SELECT value FROM app_config WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

/** The duplicate-key setting the engine's duplicate-key rules read (0 when unset). */
export async function duplicateKeyConfig(db: Queryable): Promise<number> {
  const value = await appConfigValue<{ duplicateKeyConfig?: number }>(db, 'config');
  return Number(value?.duplicateKeyConfig ?? 0);
}
