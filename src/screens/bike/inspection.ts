/**
 * A bike detail (spec 001 §3) in the shape the engine reads: inspectionData's sections as they are, the flat media
 * list grouped by type into a `media` section (rcImages, insuranceImages, mainImages, additionalImages: the config's
 * image rows), and `meta` fields (uiVersion, isB2B) that the config's rules read like any row. No rule lives here.
 */
import type { InspectionField, InspectionImage } from '../../engine/inspection.ts';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import { mediaUrl, type BikeDetail, type BikeMedia, type BikeMediaConfig } from '../../api/bike.ts';

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
    inspectionEndTime: new Date(detail.inspectionEndTime * 1000).toISOString(),
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
