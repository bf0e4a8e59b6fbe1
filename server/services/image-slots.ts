/** Where a car inspection keeps its images: a pure walk over a section's fields (no database). */
import type { InspectionField, InspectionImage, InspectionSection } from '../../src/engine/inspection.ts';

/** Every image slot of a field: its own image, image group, additionalInfo.image (tyres), and those of its sub-parts. */
function* imagesOf(field: InspectionField): Generator<InspectionImage> {
  if (field.image) yield field.image;
  for (const image of field.images ?? []) yield image;
  const info = field.additionalInfo?.image as InspectionImage | undefined;
  if (info && typeof info === 'object' && 'hashKey' in info) yield info;
  for (const sub of Object.values(field.subParts ?? {})) yield* imagesOf(sub);
}

/** The image of a section with this hashKey, wherever in the section's fields it sits. */
export function findImage(section: InspectionSection | null | undefined, hashKey: string): InspectionImage | null {
  for (const field of Object.values(section ?? {})) {
    for (const image of imagesOf(field)) if (image.hashKey === hashKey) return image;
  }
  return null;
}
