/**
 * Make / model / variant change (spec 000 §5): only variants with an Active variant status and an Active
 * variant-year status are offered, and saving needs all three chosen, else 'Select all the fields'.
 */
import type { ReviewConfig } from './config.ts';
import type { Edit } from './types.ts';

/** The lookup fields a variant entry needs for the filter (GET variant-year). */
export interface VariantStatus {
  variant_id: number;
  variant_status: string;
  variantyear_status: string;
  /** The variant's first-year entry; GET variant-year answers one entry per model year, each with its own id. */
  variant_parent_id?: number | null;
  year?: number;
}

/**
 * Variants offered for a change: active in both statuses, each variant once however many model years it has
 * (entries sharing a parent are one variant). The entry of `preferYear` (the car's manufacturing year) is kept when
 * active, else the first one listed.
 */
export function activeVariants<V extends VariantStatus>(variants: readonly V[], preferYear: number | null | undefined, config: ReviewConfig): V[] {
  const active = config.constants.activeVariantStatus;
  const chosen = new Map<number, V>();
  for (const v of variants) {
    if (v.variant_status !== active || v.variantyear_status !== active) continue;
    const variant = v.variant_parent_id ?? v.variant_id;
    const kept = chosen.get(variant);
    if (!kept || (preferYear != null && v.year === preferYear && kept.year !== preferYear)) chosen.set(variant, v);
  }
  return [...chosen.values()];
}

export interface Choice {
  id: number | string | null;
  name: string;
}

/**
 * The edits a make/model/variant save stands for (setValue with ids on the make, model and variant rows), or the
 * alert when a choice is blank.
 */
export function saveMakeModelVariant(
  choice: { make: Choice | null; model: Choice | null; variant: Choice | null },
  config: ReviewConfig,
): { alert: string } | { edits: Edit[] } {
  const parts = [['make', choice.make], ['model', choice.model], ['variant', choice.variant]] as const;
  if (parts.some(([, c]) => !c || c.id === null || c.id === '' || c.name.trim() === '')) return { alert: config.constants.selectAllFieldsAlert };
  return { edits: parts.map(([key, c]) => ({ type: 'setValue' as const, key, value: c!.name, id: c!.id })) };
}
