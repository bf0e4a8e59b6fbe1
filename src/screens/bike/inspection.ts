/**
 * A bike detail (spec 001 §3) in the shape the engine reads: inspectionData's sections as they are, the flat media
 * list grouped by type into a `media` section (rcImages, insuranceImages, mainImages, additionalImages: the config's
 * image rows), and `meta` fields (uiVersion, isB2B) that the config's rules read like any row. No rule lives here.
 */
import type { InspectionField, InspectionImage } from '../../engine/inspection.ts';
import type { ReviewEngine } from '../../engine/model.ts';
import { storedFieldPath } from '../../machines/bike-submission.machine.ts';
import { readOwn } from '../../engine/read-own.ts';
import type { Edit, Scalar } from '../../engine/types.ts';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import { mediaUrl, type BikeDetail, type BikeField, type BikeMedia, type BikeMediaConfig } from '../../api/bike.ts';
import { readTime } from '../../components/format-time.ts';

/** Media of the review with their type and whether they play. */
export type BikeImage = InspectionImage & { mediaType: BikeMedia['mediaType']; uri: string };

const GROUPS: readonly [BikeMedia['type'], string, string][] = [
  ['rcImage', 'rcImages', 'RC Images'],
  ['insuranceImage', 'insuranceImages', 'Insurance Images'],
  ['mainImage', 'mainImages', 'Main Images'],
  ['defectImages', 'additionalImages', 'Additional Images'],
];

/** Sections of inspectionData that hold fields. */
export const BIKE_FIELD_SECTIONS = ['bikeDetails', 'exterior', 'electricals', 'engineTransmission', 'wheelsBrakesSuspension', 'otherFeatures'] as const;

export function toBikeInspection(detail: BikeDetail, media: BikeMediaConfig): InspectionDetail {
  const mediaSection: Record<string, InspectionField> = {};
  for (const [type, key, title] of GROUPS) {
    const images: BikeImage[] = detail.images
      .filter((m) => m.type === type)
      .map((m) => ({ hashKey: m.hashKey, title: m.title, url: mediaUrl(media, m), mediaType: m.mediaType, uri: m.uri }));
    mediaSection[key] = { title, value: null, images };
  }
  const data: Record<string, unknown> = {};
  for (const section of BIKE_FIELD_SECTIONS) data[section] = detail.inspectionData[section] ?? {};
  data.media = mediaSection;
  data.meta = {
    uiVersion: { title: 'Inspection UI Version', value: String(detail.inspectionData.uiVersion) },
    isB2B: { title: 'B2B Inspection', value: detail.isB2B ? 'Yes' : 'No' },
  };
  return {
    carId: detail.id,
    appointmentId: detail.appointmentId,
    version: detail.version,
    // Unix seconds here, but another backend may send ISO text or milliseconds; '' when it names no time.
    inspectionEndTime: readTime(detail.inspectionEndTime)?.toISOString() ?? '',
    make: detail.make,
    model: detail.model,
    qcAssign: { to: detail.qcUser },
    qcAudit: 0,
    tenant: null,
    workflowId: null,
    rejectionRemarkMapper: [],
    inspectionData: data,
  } as unknown as InspectionDetail;
}

/** A stored field's value as one edit's value: a multi-select's choices joined as the engine reads them back. */
const asScalar = (value: BikeField['value'] | undefined): Scalar => (Array.isArray(value) ? value.join(', ') : (value ?? null));

/**
 * The bike as the reviewer left it, from what the server holds: ticks and corrections are stored by the push that
 * precedes the submit (a push that went through before a submit that failed, on this device or another), and kept
 * once the bike is reviewed. A field stored as rejected comes back ticked, an editable one with the stored value as
 * its new value (so 'Please Edit the following Fields:' holds as it did) and the inspector's value, where the push
 * replaced it, as the recorded one; an image or video stored as rejected comes back ticked. `seed` is those edits,
 * in the model's order; a ticked row the engine would not take a value for stays only ticked.
 */
export function heldBikeReview(engine: ReviewEngine, detail: BikeDetail, media: BikeMediaConfig): { inspection: InspectionDetail; seed: Edit[] } {
  const recorded = toBikeInspection(detail, media);
  const model = engine.evaluate(recorded);
  const seed: Edit[] = [];
  const originals: { path: string[]; value: BikeField['value'] }[] = [];
  const rejectedMedia = new Set(detail.images.filter((m) => m.rejected === true).map((m) => m.hashKey));
  for (const key of model.order) {
    const row = model.rows[key];
    if (row.kind === 'image') {
      if (rejectedMedia.has((row.image as BikeImage | null | undefined)?.hashKey ?? '')) seed.push({ type: 'check', key, checked: true });
      continue;
    }
    const path = storedFieldPath(row);
    const field = readOwn(detail.inspectionData, path) as BikeField | undefined;
    if (readOwn(field, ['rejected']) !== true) continue;
    seed.push({ type: 'check', key, checked: true });
    if (!row.isEditable || !row.isVisible) continue;
    seed.push({ type: 'setValue', key, value: asScalar(field!.value) });
    if (Object.hasOwn(field!, 'inspectorValue')) originals.push({ path, value: field!.inspectorValue ?? null });
  }
  if (!originals.length) return { inspection: recorded, seed };
  const inspectionData = structuredClone(detail.inspectionData);
  for (const { path, value } of originals) (readOwn(inspectionData, path) as BikeField).value = value;
  return { inspection: toBikeInspection({ ...detail, inspectionData }, media), seed };
}
