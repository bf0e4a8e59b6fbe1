import type { InspectionDetail } from '../../src/products/car/inspection.ts';

/** Field keys a stored inspection records as rejected: each section's errors map (spec 000 §3). */
export function storedRejections(detail: InspectionDetail): string[] {
  return Object.values(detail.sections ?? {}).flatMap((section) => Object.keys(section?.errors ?? {}));
}
