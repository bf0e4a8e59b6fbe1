/** The bike product for tests: its config built from src/config/bike, its engine, and a bike detail as the server answers it. */
import type { BikeDetail, BikeField } from '../../src/api/bike.ts';
import { getProduct } from '../../src/products/registry.ts';

export const { config: bikeConfig, engine: bikeEngine } = getProduct('bike');

const f = (title: string, value: string | string[] | null, subParts?: BikeDetail['inspectionData'][string]) => ({ title, value, ...(subParts ? { subParts } : {}) });

/** A uiVersion 2, B2B, hypothecated Petrol bike with RC, insurance, main and defect images and a video. */
export function bikeDetail(over: Partial<BikeDetail> = {}): BikeDetail {
  const id = over.appointmentId ?? 'BK26110001';
  const media = (type: string, key: string, title: string, mediaType = 'image') => ({ hashKey: `${id}_${type}_${key}`, type, mediaType, uri: `bikes/${id}/${key}.svg`, title });
  return {
    bikeId: 5000,
    appointmentId: id,
    id: 1,
    version: 1,
    isLatest: true,
    status: 'READY_FOR_REVIEW',
    qcUser: 'bike.qc@qc.example',
    inspectionUser: 'Sachin Pawar',
    cjName: 'Sachin Pawar',
    cjRemark: 'Line one.\nLine two.',
    regNo: 'MH12AB1234',
    make: 'Hero',
    model: 'Splendor Plus',
    variant: 'i3S',
    isB2B: true,
    inspectionEndTime: 1763900000,
    reason: null,
    reportUrl: null,
    pdfUrl: null,
    images: [
      media('rcImage', 'rcFront', 'RC Front'),
      media('insuranceImage', 'insurance', 'Insurance'),
      media('mainImage', 'front', 'Front'),
      media('mainImage', 'walkaround', 'Walkaround Video', 'video'),
      media('defectImages', 'defect1', 'Scratch on Fuel Tank'),
    ] as BikeDetail['images'],
    inspectionData: {
      uiVersion: 2,
      cjRemark: 'Line one.\nLine two.',
      cjEmail: 'cj@inspect.example',
      formUrl: '/form.json',
      isB2B: true,
      bikeDetails: {
        registrationNumber: f('Registration Number', 'MH12AB1234'),
        make: f('Make', 'Hero'),
        model: f('Model', 'Splendor Plus'),
        variant: f('Variant', 'i3S'),
        manufacturingYear: f('Manufacturing Year', '2018'),
        registrationYear: f('Registration Year', '2018'),
        fuelType: f('Fuel Type', 'Petrol'),
        odometer: f('Odometer Reading', '10k-20k'),
        chassisCondition: f('Chassis Condition', ['Ok']),
        rcCondition: f('RC Condition', ['Original']),
        insuranceType: f('Insurance Type', 'Comprehensive', { insuranceExpiry: f('Insurance Expiry', '01/05/2027') }),
        hypothecation: f('Hypothecation', 'Yes', { bankNoc: f('Bank NOC', 'Yes'), loanPaid: f('Loan Paid', 'No') }),
        dealershipName: f('Dealership Name', 'Speed Motors'),
      },
      exterior: { fuelTank: f('Fuel Tank', 'Ok') },
      engineTransmission: { exhaustSmokeColour: f('Exhaust Smoke Colour', 'Normal') },
    },
    ...over,
  };
}

/**
 * The bike after a push went through (its submit failed, or the bike was reviewed): ticked fields with their
 * corrections and the inspector's values kept, one ticked with the value it had, the make changed by the panel and
 * ticked, and the video ticked.
 */
export function pushedBikeDetail(over: Partial<BikeDetail> = {}): BikeDetail {
  const detail = bikeDetail(over);
  const fields = detail.inspectionData.bikeDetails as Record<string, BikeField>;
  Object.assign(fields.registrationNumber, { value: 'MH12AB9999', inspectorValue: 'MH12AB1234', rejected: true });
  Object.assign(fields.chassisCondition, { value: ['Lost'], inspectorValue: ['Ok'], rejected: true });
  Object.assign(fields.insuranceType.subParts!.insuranceExpiry, { value: '01/06/2028', inspectorValue: '01/05/2027', rejected: true });
  Object.assign(fields.fuelType, { rejected: true });
  Object.assign(fields.make, { value: 'Bajaj', inspectorValue: 'Hero', rejected: true });
  detail.images = detail.images.map((m) => (m.mediaType === 'video' ? { ...m, rejected: true } : m));
  return detail;
}
