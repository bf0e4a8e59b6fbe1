/**
 * Make / model / variant change (spec 000 §5): only variants with an Active variant status and an Active
 * variant-year status are offered, and saving needs all three chosen, else 'Select all the fields'.
 */
import { carReviewConfig } from './car-config.ts';
import type { ReviewConfig } from './config.ts';
import type { Edit } from './types.ts';

/** The lookup fields a variant entry needs for the filter (GET variant-year). */
export interface VariantStatus {
  variant_id: number;
  variant_status: string;
  variantyear_status: string;
}

/** Variants offered for a change: active in both statuses, each variant once (first entry kept). */
export function activeVariants<V extends VariantStatus>(variants: readonly V[], config: ReviewConfig = carReviewConfig): V[] {
  const active = config.constants.activeVariantStatus;
  const seen = new Set<number>();
  return variants.filter((v) => {
    if (v.variant_status !== active || v.variantyear_status !== active || seen.has(v.variant_id)) return false;
    seen.add(v.variant_id);
    return true;
  });
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
  config: ReviewConfig = carReviewConfig,
): { alert: string } | { edits: Edit[] } {
  const parts = [['make', choice.make], ['model', choice.model], ['variant', choice.variant]] as const;
  if (parts.some(([, c]) => !c || c.id === null || c.id === '' || c.name.trim() === '')) return { alert: config.constants.selectAllFieldsAlert };
  return { edits: parts.map(([key, c]) => ({ type: 'setValue' as const, key, value: c!.name, id: c!.id })) };
}
