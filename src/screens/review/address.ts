/**
 * The DOM address of a row (`data-row`): the section and the row's path in the inspection data, e.g.
 * `carDetails.insuranceType.noClaimBonus`; image rows add `:hashKey`. Stable across config key renames and what
 * browser tests select on. `data-key` carries the engine's row key.
 */
import type { RowState } from '../../engine/types.ts';

const cache = new Map<string, string>();

export function rowAddress(row: Pick<RowState, 'key' | 'section' | 'path'>): string {
  let hit = cache.get(row.key);
  if (hit === undefined) {
    const hash = row.key.split(':')[1];
    hit = `${row.section}.${row.path.join('.')}${hash === undefined ? '' : `:${hash}`}`;
    cache.set(row.key, hit);
  }
  return hit;
}
