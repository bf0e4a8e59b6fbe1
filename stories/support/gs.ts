/** GS unflagging and refurbishment fixtures: flagged cars and refurbishment suggestions as the server answers them. */
import type { GsDetail, GsListItem } from '../../src/api/gs.ts';
import type { RefurbDetail, RefurbListRow } from '../../src/api/refurbishment.ts';
import unflag from '../../src/config/gs-unflagging/unflag.json';
import type { Routes } from './api.ts';
import { picture } from './images.ts';

const gallery = (titles: string[], colour: string) => titles.map((title) => ({ title, url: picture(title, colour) }));

/** A flagged car; `conditionFlag` 0 is Alpha, anything else Beta (spec 002 §4). */
export function gsDetail(over: Partial<GsDetail> & { hardBeta?: boolean } = {}): GsDetail {
  const { hardBeta = false, ...rest } = over;
  return {
    appointmentId: '2051200001',
    basicInfo: {
      make: 'Hyundai',
      model: 'Creta',
      year: 2019,
      month: 7,
      variant: 'SX 1.6 CRDi',
      fuelType: 'Diesel',
      toBeScrapped: 0,
      inspectionBy: 'Rahul Sharma',
      cjNumber: 'CJ1042',
      pdfUrl: null,
      comments: [{ title: 'Exterior', comments: [{ comment: 'Roof repainted' }, { comment: 'Left apron repaired' }] }],
      important: { roof: { title: 'Roof', value: 'Repainted' }, apron: { title: 'Left Apron', value: 'Repaired' } },
      showLessImportant: { bonnet: { title: 'Bonnet', value: 'Ok' } },
    },
    mainImages: gallery(['Front Main', 'Front Left Side', 'Front Right Side', 'Rear Main', 'Rear Left Side', 'Right Side', 'Left Side'], '#2e5d7d'),
    impMainImages: gallery(['Roof'], '#7a3d3d'),
    gsNoGoImages: [
      { title: 'Apron', subParts: { leftApron: { title: 'Left Apron', value: 'Repaired', additionalInfo: { image: gallery(['Left Apron'], '#7a3d3d'), condition: ['Repaired'] } } } },
    ],
    additionalImages: gallery(['Boot Floor', 'Bonnet Hood', 'Roof Inside', 'Spare Wheel', 'Engine Bay'], '#3d6b4f').map((i) => ({ ...i, subPart: i.title, condition: 'Ok' })),
    allOtherParts: [
      { title: 'Pillars', value: 'yes', subParts: { aPillar: { title: 'A Pillar', value: 'yes', additionalInfo: { condition: ['Ok'] } } } },
      { title: 'Water Logging', value: 'no', additionalInfo: { condition: [] } },
    ],
    workflowId: null,
    conditionFlag: 0,
    assignedTo: 'gs.team@qc.example',
    status: 'pending',
    otherInfo: { betaReason: ['Roof repainted', 'Apron repaired'], hardBeta, weightedRating: 3.4 },
    ...rest,
  };
}

export const DISPOSITIONS = [
  { id: 0, label: 'Alpha', dispositions: unflag.dispositions['0'], subDispositions: unflag.subDispositions },
  { id: 4, label: 'Beta', dispositions: unflag.dispositions['4'], subDispositions: [] },
];

export function gsListRows(count: number, now = Date.now()): GsListItem[] {
  const cars = [['Hyundai', 'Creta'], ['Maruti Suzuki', 'Baleno'], ['Tata', 'Nexon'], ['Honda', 'Amaze']];
  return Array.from({ length: count }, (_, i) => ({
    appointmentId: String(2051200001 + i),
    category: ['New', 'Re-inspection', 'New(CR)'][i % 3],
    inspectionEndTime: new Date(now - (i * 13 + 30) * 60_000).toISOString(),
    make: cars[i % cars.length][0],
    model: cars[i % cars.length][1],
    storeName: ['Gurgaon Hub', 'Noida Hub', 'Andheri Hub'][i % 3],
    createdAt: new Date(now - (i * 11 + 5) * 60_000).toISOString(),
    assignedTo: i % 2 === 0 ? 'gs.team@qc.example' : null,
    conditionFlag: i % 4 === 3 ? null : i % 2,
    leadToken: `lead-${i}`,
  }));
}

export const gsRoutes = (detail: GsDetail, over: Routes = {}): Routes => ({
  'GET v2/gs-dealer-data/*': { detail },
  'GET v2/api/getAllDispositions': { detail: DISPOSITIONS },
  'PATCH v2/gs-dealer-data/*': ({ body }) => ({ detail: (body as { status: string }).status === 'UNFLAGGED' ? 'Car un-flagged successfully' : 'Flag updated successfully' }),
  ...over,
});

const before = (title: string, cost: number, observation: string | null, qcRemark = '', isRejected = 0) => ({
  image: gallery([title], '#7a5a2e'),
  video: [],
  observation,
  estimatedRefurbishmentCost: cost,
  qcRemark,
  isRejected,
});

/** Refurbishment suggestions in `review` (before refurbishment) or `refReview` (after, with actual costs). */
export function refurbDetail(status: 'review' | 'refReview', over: Partial<RefurbDetail> = {}): RefurbDetail {
  const after = (title: string, cost: number, observation: string) => (status === 'refReview' ? { image: gallery([`${title} done`], '#3d6b4f'), video: [], observation, actualRefurbishmentCost: cost } : null);
  return {
    appointmentId: '2007300001',
    version: 3,
    status,
    make: 'Honda',
    model: 'City',
    variant: 'V MT',
    fuelType: 'Petrol',
    month: 3,
    year: 2018,
    serviceCenter: 'GS Hub Pune Wakad',
    gsReInspectionReason: status === 'refReview' ? 'Customer disputed the bumper estimate' : null,
    refurbishedBy: 'ravi.gs@qc.example',
    endTime: '2026-11-20T10:00:00Z',
    qcAssignTo: { to: 'qc.reviewer@qc.example' },
    totalEstimatedRefurbishmentCost: 16500,
    totalActualRefurbishmentCost: status === 'refReview' ? 14900 : 0,
    fields: [
      { hashKey: 'h1', category: 'Exterior', subCategory: 'Front Bumper', beforeRef: before('Front Bumper', 6500, 'Deep scratches', status === 'refReview' ? 'Use OEM paint' : ''), afterRef: after('Front Bumper', 5900, 'Repainted') },
      { hashKey: 'h2', category: 'Exterior', subCategory: 'Left Front Door', beforeRef: before('Left Front Door', 8000, 'Dent near handle'), afterRef: after('Left Front Door', 7800, 'Dent removed') },
      { hashKey: 'h3', category: 'Interior', subCategory: 'Seat Covers', beforeRef: before('Seat Covers', 2000, null), afterRef: after('Seat Covers', 1200, 'Replaced') },
    ],
    ...over,
  } as RefurbDetail;
}

export function refurbListRows(count: number, now = Date.now()): RefurbListRow[] {
  return Array.from({ length: count }, (_, i) => ({
    appointmentId: String(2007300001 + i),
    refurbishedBy: ['ravi.gs@qc.example', 'meena.gs@qc.example'][i % 2],
    make: ['Honda', 'Hyundai', 'Maruti Suzuki'][i % 3],
    model: ['City', 'i20', 'Dzire'][i % 3],
    endTime: new Date(now - (i * 9 + 3) * 60_000).toISOString(),
    qcAssignTo: { to: i % 3 === 0 ? 'qc.reviewer2@qc.example' : null },
    status: i % 4 === 0 ? 'refReview' : 'review',
    version: 1,
  })) as RefurbListRow[];
}
