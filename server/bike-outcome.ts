import type { ReviewConfig } from '../src/engine/config.ts';
import { evaluateOutcome, type OutcomeRule } from '../src/engine/outcome.ts';
import type { BikeFieldData, BikeRow } from './bike-repo.ts';
import { BIKE_SECTIONS } from './bike-repo.ts';

function rejectedFields(fields: Record<string, BikeFieldData> | undefined): number {
  let n = 0;
  for (const field of Object.values(fields ?? {})) n += (field.rejected ? 1 : 0) + rejectedFields(field.subParts);
  return n;
}

/**
 * The status the stored ticks give (spec 001 §4), by the outcome rule of the bike config version the review runs, as
 * the review machine computes it.
 */
export function bikeSubmitStatus(row: BikeRow, config: ReviewConfig): 'APPROVED' | 'REJECTED' {
  const rules = config.outcomes?.submission as OutcomeRule<{ status: 'APPROVED' | 'REJECTED' }>[] | undefined;
  if (!rules) throw new Error('the bike config has no submission outcome');
  const data = row.detail.inspectionData;
  const rejectedCount =
    BIKE_SECTIONS.reduce((sum, [key]) => sum + rejectedFields(data[key] as Record<string, BikeFieldData> | undefined), 0) +
    row.detail.images.filter((m) => m.rejected).length;
  return evaluateOutcome(rules, { rejectedCount }).status;
}
