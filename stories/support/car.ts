/**
 * Car review fixtures: inspections generated from the real car config (every row it has), the lookups the rows
 * fetch (the server's seed data), and the calls /review makes, so the review screen runs with no server.
 */
import { generateInspection } from '../../src/engine/generate.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import { getProduct } from '../../src/products/registry.ts';
import { BANKS, CITIES, COMMENT_OPTIONS, MAKES, MODELS, RTOS, STATES, STORES, buildVariants } from '../../server/seed/lookups.ts';
import { OTHER_REVIEWER, REVIEWER, sessionFor, type Routes } from './api.ts';
import { picture } from './images.ts';

export const carConfig = getProduct('car').config;

const VARIANTS = buildVariants();

/** The lookups every car row may ask for (answers shaped as server/routes/lookups.ts gives them). */
export const LOOKUP_ROUTES: Routes = {
  'GET state': { detail: STATES.map(({ state_id, state_name }) => ({ state_id, state_name })) },
  'GET api/rto': ({ params }) => ({ detail: RTOS.filter((r) => r.state_id === Number(params.stateId)).map((r) => ({ id: r.id, rto: r.rto, rtoCode: r.rto_code })) }),
  'GET location-store': {
    detail: CITIES.map((c) => ({ city_id: c.city_id, city_name: c.city_name, locations: STORES.filter((s) => s.city_id === c.city_id).map((s) => ({ location_id: s.location_id, name: s.name })) })),
  },
  'GET bank-list': { detail: BANKS.map((b) => ({ id: b.id, financierName: b.financier_name, nocClearanceTime: b.noc_clearance_time })) },
  'GET noc-issued-for': { detail: RTOS.slice(0, 12).map((r) => ({ id: r.id, rtoCode: r.rto_code, rto: r.rto })) },
  'GET make': { detail: MAKES },
  'GET make/*': ({ config }) => ({ detail: MODELS.filter((m) => m.make_id === Number(config.url?.split('/')[1])).map(({ model_id, model_name }) => ({ model_id, model_name })) }),
  'GET variant-year': ({ params }) => ({
    detail: VARIANTS.filter((v) => v.model_id === Number(params.modelId) && (!params.fuelType || v.fuel_type === params.fuelType)),
  }),
  'GET api/comments': ({ params }) => ({
    detail: COMMENT_OPTIONS.filter((c) => c.section === params.section).map((c, i) => ({ id: i + 1, comment: c.comment, status: 'Active', rank: c.rank, type: c.type })),
  }),
};

const base = { values: { insuranceType: 'Comprehensive', noClaimBonus: 'Yes', fuelType: 'Petrol', make: 'Maruti Suzuki', model: 'Swift' } };

const images = (row: string, titles: string[]) =>
  titles.map((title, i) => ({ hashKey: `${row}${i}`, title, url: picture(title), isVerified: i % 2 === 0 }));

function inspection(carId: number, over: { values?: Record<string, unknown>; inspection?: Record<string, unknown> } = {}): InspectionDetail {
  return generateInspection(carConfig, {
    values: { ...base.values, ...over.values },
    images: {
      rcImages: images('RC', ['RC1', 'RC2']),
      insuranceImages: images('INS', ['Insurance1']),
      mainImages: images('MAIN', ['Front Main', 'Front Left Side', 'Rear Main']),
      interiorImages: images('INT', ['Dashboard', 'Odometer']),
    },
    inspection: {
      carId,
      appointmentId: `APT${carId}`,
      make: 'Maruti Suzuki',
      model: 'Swift',
      storeName: 'Gurgaon Hub',
      qcAssign: { to: REVIEWER },
      inspectionEndTime: new Date(Date.now() - 20 * 60_000).toISOString(),
      ...over.inspection,
    },
  });
}

/** The seeded inspections a story can open (the `inspection` control). */
export const CAR_INSPECTIONS = {
  'New inspection, Comprehensive insurance': inspection(9101),
  'Re-inspection with RI changes': inspection(9102, {
    inspection: {
      version: 2,
      category: 'Re-inspection',
      lastAuctionVersion: 1,
      currentAuctionVersion: 2,
      riTableData: [
        { title: 'Odometer Reading', oldValue: 79357, newValue: 79751 },
        { title: 'Front Bumper', oldValue: 'Ok', newValue: 'Repainted' },
      ],
      rejectionRemarkMapper: [{ rejectionRemark: 'RC image blurred', role: 'qc', timestamp: '21-11-2026 10:14:03' }],
    },
  }),
  'Insurance Expired, registry says valid (QC audit)': inspection(9103, {
    values: { insuranceType: 'Insurance Expired' },
    inspection: { qcAudit: 1, vahanData: { insuranceExpiry: '15-06-2030' } },
  }),
  'Diesel, hypothecated': inspection(9104, { values: { fuelType: 'Diesel', isUnderHypothecation: 'Yes', financierName: 'HDFC Bank' } }),
  'Unassigned': inspection(9105, { inspection: { qcAssign: { to: null } } }),
} satisfies Record<string, InspectionDetail>;

export type CarInspectionName = keyof typeof CAR_INSPECTIONS;

/** Who looks at the review (the `role` control). */
export const VIEWERS = {
  'qc (assignee)': sessionFor('qc', REVIEWER),
  'qc (another reviewer)': sessionFor('qc', OTHER_REVIEWER, 'Ravi Reviewer'),
  'SM-QcAdmin': sessionFor('SM-QcAdmin', 'qc.admin@qc.example', 'Vikram Admin'),
  'qc-Version (version viewer)': sessionFor('qc-Version', 'qc.version@qc.example', 'Meera Version'),
};

export type ViewerName = keyof typeof VIEWERS;

/** Every call /review/{carId} makes, answered for `detail`. */
export function carReviewRoutes(detail: InspectionDetail, over: Routes = {}): Routes {
  return {
    ...LOOKUP_ROUTES,
    'GET v2/inspection/*': { detail },
    'GET api/Config': { detail: { duplicateKeyConfig: 1 } },
    'GET vahan/*': { detail: { vahanWebsite: { registrationNumber: 'MH01AB1234', chassisNumber: 'MA3EWDE1S00123456', ownerCount: 1, insuranceExpiry: '15-06-2030' } } },
    'POST v2/set-review-start-time': { detail: 'ok' },
    'GET v2/rejection-remark': { detail: [] },
    'GET api/getRcInsuranceDocs': { detail: { preRcImages: [], preInsuranceImages: [] } },
    'GET v2/get-reinspection-email-log-data': { detail: [] },
    'PATCH qc-appointment-assign-to/*': ({ body }) => ({ detail: { ...detail, qcAssign: { to: (body as { qcAssignTo: string }).qcAssignTo } } }),
    'PATCH qc-section-report-submit/*': { detail: 'Inspection Completed Successfully' },
    ...over,
  };
}
