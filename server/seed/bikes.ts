import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import dayjs, { type Dayjs } from 'dayjs';
import bikeConstants from '../../src/config/bike/constants.json' with { type: 'json' };
import type { Queryable } from '../db.ts';
import type { BikeField, BikeMedia } from '../../src/products/bike/inspection.ts';
import type { BikeRow } from '../repos/bikes.ts';
import { demoSvg, ImageWriter } from './images.ts';
import { insertRows } from './index.ts';
import { textPdf } from './pdf.ts';
import { Random } from './random.ts';

const OPTIONS = bikeConstants.constants.options;

export const BIKE_MAKES = [
  { code: 'HERO', name: 'Hero' },
  { code: 'HONDA', name: 'Honda' },
  { code: 'BAJAJ', name: 'Bajaj' },
  { code: 'TVS', name: 'TVS' },
  { code: 'RE', name: 'Royal Enfield' },
  { code: 'ATHER', name: 'Ather' },
];

const v = (...names: string[]) => names.map((name) => ({ name, code: name.toUpperCase().replace(/[^A-Z0-9]+/g, '_') }));
export const BIKE_MODELS = [
  { id: 101, make_code: 'HERO', name: 'Splendor Plus', variant: v('Self Start Drum', 'Kick Start Drum', 'i3S'), fuel: 'Petrol' },
  { id: 102, make_code: 'HERO', name: 'Glamour', variant: v('Disc', 'Drum'), fuel: 'Petrol' },
  { id: 201, make_code: 'HONDA', name: 'Activa 6G', variant: v('Standard', 'Deluxe', 'Smart'), fuel: 'Petrol' },
  { id: 202, make_code: 'HONDA', name: 'Shine', variant: v('Drum', 'Disc'), fuel: 'Petrol' },
  { id: 301, make_code: 'BAJAJ', name: 'Pulsar 150', variant: v('Single Disc', 'Twin Disc'), fuel: 'Petrol' },
  { id: 302, make_code: 'BAJAJ', name: 'Chetak', variant: v('Urbane', 'Premium'), fuel: 'Electrical' },
  { id: 401, make_code: 'TVS', name: 'Jupiter', variant: v('Base', 'ZX', 'Classic'), fuel: 'Petrol' },
  { id: 402, make_code: 'TVS', name: 'iQube', variant: v('S', 'ST'), fuel: 'Electrical' },
  { id: 501, make_code: 'RE', name: 'Classic 350', variant: v('Redditch', 'Halcyon', 'Signals'), fuel: 'Petrol' },
  { id: 601, make_code: 'ATHER', name: '450X', variant: v('Pro Pack', 'Standard'), fuel: 'Electrical' },
];

export const FINANCIERS = [
  { id: 1, name: 'HDFC Bank', status: 'active' },
  { id: 2, name: 'Bajaj Finance', status: 'active' },
  { id: 3, name: 'Hero FinCorp', status: 'active' },
  { id: 4, name: 'TVS Credit', status: 'active' },
  { id: 5, name: 'Old Two-Wheeler Finance', status: 'inactive' },
];

/** Public configuration of the bikes host (spec 001 §3): how the app turns a media `uri` into a URL. */
export const BIKE_PUBLIC_CONFIG = { imageUrlTemplate: '/uploads/{uri}', videoBaseUrl: '/uploads/' };

const INSPECTORS = ['Sachin Pawar', 'Ganesh Shetty', 'Mohit Yadav', 'Naveen Reddy', 'Faisal Ahmed'];
const DEALERS = ['Speed Motors', 'Shree Two Wheelers', 'City Bikes Hub'];
const REMARKS = [
  'Bike washed before inspection.\nMinor scratch on fuel tank.\nCustomer says the last service was 3 months ago.',
  'Starts on first kick.\nRear tyre needs replacement soon.',
  'Original RC available.\nSecond key not available.\nSlight oil seepage near the engine.',
];
/** Main views of the report (001 §2 'image sections'); the odometer's photo is titled 'Reading Panel'. */
const MAIN_VIEWS: [string, string][] = [
  ['front', 'Front'], ['rear', 'Rear'], ['rightSide', 'Right Side'], ['leftSide', 'Left Side'], ['tyreFront', 'Tyre Front'],
  ['tyreRear', 'Tyre Rear'], ['odometer', 'Reading Panel'], ['top', 'Top'], ['duplicateKey', 'Duplicate Key'],
];
const DEFECTS = ['Scratch on Fuel Tank', 'Dent on Front Mudguard', 'Broken Indicator', 'Torn Seat Cover'];
const VIDEOS: [string, string][] = [['walkaround', 'Walkaround Video'], ['engineStart', 'Engine Start Video']];
const ASSET_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

/** A bike row as the seed writes it: the stored row (server/repos/bikes.ts) with times as ISO text, before its id. */
export type SeedBike = Omit<BikeRow, 'id' | 'inspection_end_time' | 'qc_end_time' | 'detail' | 'updated_at'> & {
  inspection_end_time: string;
  qc_end_time: string | null;
  detail: Record<string, unknown>;
  updated_at: string;
};

const f = (title: string, value: BikeField['value'], extra: Partial<BikeField> = {}): BikeField => ({ title, value, ...extra });

/** Bike appointment ids: 'BK' and eight digits. */
export const bikeAppointmentId = (index: number) => `BK${String(26110001 + index)}`;

/**
 * Deterministic bike demo data (spec 001): a mix of inspection UI versions 1 and 2, B2B and not, hypothecated and not,
 * Petrol and Electrical, with RC, insurance, main and defect images, two playable videos, CJ remarks with line
 * breaks, and earlier reviewed versions for some appointments. The first four appointments are fixed showcases.
 */
export class BikeGenerator {
  constructor(
    private readonly rng: Random,
    private readonly files: ImageWriter,
    private readonly now: Dayjs,
  ) {}

  private media(appointmentId: string, version: number): BikeMedia[] {
    const img = (type: BikeMedia['type'], key: string, title: string, lines: string[] = []): BikeMedia => ({
      hashKey: `${appointmentId}_${type}_${key}`,
      type,
      mediaType: 'image',
      uri: this.files.write(`bikes/${appointmentId}/${key}.svg`, () => demoSvg({ title, lines, kind: type === 'mainImage' ? 'detail' : 'document' })).replace(/^\/uploads\//, ''),
      title,
    });
    const rc = [img('rcImage', 'rcFront', 'RC Front', ['REGISTRATION CERTIFICATE', appointmentId]), img('rcImage', 'rcBack', 'RC Back', ['Owner details'])];
    const insurance = [img('insuranceImage', 'insurance', 'Insurance', ['POLICY SCHEDULE', appointmentId])];
    const main = MAIN_VIEWS.map(([key, title]) => img('mainImage', key, title, [appointmentId]));
    const videos = VIDEOS.map(([key, title], i): BikeMedia => {
      const file = i === 0 ? 'bike-walkaround.webm' : 'bike-engine-sound.webm';
      const uri = this.files.write(`bikes/videos/${file}`, () => readFileSync(`${ASSET_DIR}${file}`)).replace(/^\/uploads\//, '');
      return { hashKey: `${appointmentId}_mainImage_${key}`, type: 'mainImage', mediaType: 'video', uri, title };
    });
    const defects = Array.from({ length: this.rng.int(1, 2) }, (_, i) => img('defectImages', `defect${i + 1}`, DEFECTS[(version + i + appointmentId.length) % DEFECTS.length]));
    return [...rc, ...insurance, ...main, ...videos, ...defects];
  }

  private inspectionData(opts: { uiVersion: number; b2b: boolean; hypothecated: boolean; fuel: string; make: typeof BIKE_MAKES[number]; model: typeof BIKE_MODELS[number]; variant: { name: string; code: string }; remark: string; appointmentId: string }) {
    const { rng } = this;
    const year = rng.int(2012, 2023);
    const regNo = `${rng.pick(['MH12', 'KA03', 'DL08', 'TS09', 'GJ01'])}${rng.letters(2)}${rng.digits(4)}`;
    const insuranceType = rng.weighted([['Comprehensive', 4], ['Third Party', 3], ['Zero Depreciation', 1], ['Insurance Expired', 2]] as const);
    const hypothecation: BikeField = f('Hypothecation', opts.hypothecated ? 'Yes' : 'No', {
      subParts:
        opts.uiVersion === 2
          ? { bankNoc: f('Bank NOC', opts.hypothecated ? rng.pick(OPTIONS.yesNo) : null), loanPaid: f('Loan Paid', opts.hypothecated ? rng.pick(OPTIONS.yesNo) : null) }
          : { financierName: f('Financier Name', opts.hypothecated ? rng.pick(FINANCIERS.filter((x) => x.status === 'active')).name : null) },
    });
    const bikeDetails: Record<string, BikeField> = {
      registrationNumber: f('Registration Number', regNo),
      make: f('Make', opts.make.name, { id: opts.make.code }),
      model: f('Model', opts.model.name, { id: opts.model.id }),
      variant: f('Variant', opts.variant.name, { id: opts.variant.code }),
      manufacturingYear: f('Manufacturing Year', String(year)),
      registrationYear: f('Registration Year', String(year + rng.int(0, 1))),
      fuelType: f('Fuel Type', opts.fuel),
      odometer: f('Odometer Reading', opts.uiVersion === 2 ? rng.pick(OPTIONS.odometerBands.slice(0, 8)) : String(rng.int(3, 95) * 1000 + rng.int(0, 999))),
      ownerNumber: f('Owner Number', String(rng.int(1, 3))),
      colour: f('Colour', rng.pick(OPTIONS.bikeColour)),
      chassisNumber: f('Chassis Number', `ME4${rng.letters(3)}${rng.digits(11)}`),
      chassisCondition: f('Chassis Condition', [rng.weighted([['Ok', 8], ['Rusted', 2]] as const)]),
      rcCondition: f('RC Condition', [rng.weighted([['Original', 8], ['Duplicate', 1], ['Faded', 1]] as const)]),
      insuranceType: f('Insurance Type', insuranceType, {
        subParts: { insuranceExpiry: f('Insurance Expiry', insuranceType === 'Insurance Expired' ? null : this.now.add(rng.int(20, 330), 'day').format('DD/MM/YYYY')) },
      }),
      hypothecation,
    };
    if (opts.b2b) bikeDetails.dealershipName = f('Dealership Name', rng.pick(DEALERS));
    const panel = () => rng.weighted([['Ok', 10], ['Scratched', 2], ['Dented', 1], ['Repainted', 1], ['Replaced', 1]] as const);
    const petrol = opts.fuel === 'Petrol';
    return {
      cjEmail: `${opts.appointmentId.toLowerCase()}.cj@inspect.example`,
      formUrl: `/uploads/bikes/${opts.appointmentId}/form.json`,
      cjRemark: opts.remark,
      uiVersion: opts.uiVersion,
      isB2B: opts.b2b,
      financerName: opts.hypothecated && opts.uiVersion !== 2 ? (hypothecation.subParts!.financierName.value as string) : null,
      bikeDetails,
      exterior: {
        fuelTank: f('Fuel Tank', panel()),
        frontMudguard: f('Front Mudguard', panel()),
        rearMudguard: f('Rear Mudguard', panel()),
        sidePanels: f('Side Panels', panel()),
        headlightVisor: f('Headlight Visor', panel()),
        mirrors: f('Mirrors', rng.pick(['Ok', 'Ok', 'Broken'])),
      },
      electricals: {
        headlight: f('Headlight', rng.weighted([['Working', 9], ['Weak', 1]] as const)),
        tailLight: f('Tail Light', 'Working'),
        indicators: f('Indicators', rng.weighted([['Working', 8], ['Not Working', 1]] as const)),
        horn: f('Horn', 'Working'),
        selfStart: f('Self Start', rng.weighted([['Working', 8], ['Weak', 1], ['Not Working', 1]] as const)),
        battery: f('Battery', rng.weighted([['Working', 8], ['Weak', 2]] as const)),
      },
      engineTransmission: {
        engineSound: f('Engine Sound', rng.weighted([['Normal', 8], ['Abnormal Noise', 2]] as const)),
        exhaustSmokeColour: f('Exhaust Smoke Colour', petrol ? rng.weighted([['Normal', 8], ['White', 1], ['Black', 1]] as const) : null),
        clutch: f('Clutch', petrol ? rng.pick(['Working', 'Working', 'Weak']) : null),
        gearShifting: f('Gear Shifting', petrol ? 'Working' : null),
        engineOilLeak: f('Engine Oil Leak', rng.weighted([['No', 8], ['Yes', 2]] as const)),
      },
      wheelsBrakesSuspension: {
        frontTyre: f('Front Tyre', rng.pick(OPTIONS.tyre)),
        rearTyre: f('Rear Tyre', rng.pick(OPTIONS.tyre)),
        frontBrake: f('Front Brake', rng.weighted([['Good', 8], ['Weak', 2]] as const)),
        rearBrake: f('Rear Brake', rng.weighted([['Good', 8], ['Weak', 2]] as const)),
        frontSuspension: f('Front Suspension', rng.weighted([['Good', 8], ['Noisy', 1], ['Leaking', 1]] as const)),
        rearSuspension: f('Rear Suspension', rng.weighted([['Good', 9], ['Noisy', 1]] as const)),
      },
      otherFeatures: {
        duplicateKey: f('Duplicate Key', rng.pick(OPTIONS.yesNo)),
        abs: f('ABS', rng.weighted([['No', 3], ['Yes', 1]] as const)),
        alloyWheels: f('Alloy Wheels', rng.pick(OPTIONS.yesNo)),
        seat: f('Seat', rng.weighted([['Good', 8], ['Torn', 2]] as const)),
      },
      regNo,
    };
  }

  /** Every version of appointment `index` (oldest first), the latest last. */
  appointment(index: number, reviewers: readonly string[]): SeedBike[] {
    const { rng } = this;
    const appointmentId = bikeAppointmentId(index);
    // Showcases: 0 uiVersion 2 B2B hypothecated Petrol; 1 uiVersion 1 plain Electrical; 2 uiVersion 1 hypothecated with
    // three versions; 3 uiVersion 2 not hypothecated Petrol, assigned to the bike QC user.
    const showcase = [
      { uiVersion: 2, b2b: true, hypothecated: true, electric: false, versions: 2 },
      { uiVersion: 1, b2b: false, hypothecated: false, electric: true, versions: 1 },
      { uiVersion: 1, b2b: false, hypothecated: true, electric: false, versions: 3 },
      { uiVersion: 2, b2b: false, hypothecated: false, electric: false, versions: 1 },
    ][index];
    const uiVersion = showcase?.uiVersion ?? rng.pick([1, 2]);
    const b2b = showcase?.b2b ?? rng.chance(0.3);
    const hypothecated = showcase?.hypothecated ?? rng.chance(0.4);
    const candidates = BIKE_MODELS.filter((m) => (showcase ? (m.fuel === 'Electrical') === showcase.electric : true));
    const model = rng.pick(candidates);
    const make = BIKE_MAKES.find((m) => m.code === model.make_code)!;
    const variant = rng.pick(model.variant);
    const versions = showcase?.versions ?? rng.weighted([[1, 6], [2, 3], [3, 1]] as const);
    const ended = this.now.subtract(index < 10 ? rng.int(10, 60 * 24 * 5) : rng.int(60 * 24 * 5, 60 * 24 * 170), 'minute');
    const remark = index === 0 ? REMARKS[0] : rng.pick(REMARKS);
    const inspectionUser = rng.pick(INSPECTORS);
    const rows: SeedBike[] = [];
    for (let version = 0; version < versions; version++) {
      const latest = version === versions - 1;
      const endTime = ended.subtract((versions - 1 - version) * 3, 'day');
      const data = this.inspectionData({ uiVersion, b2b, hypothecated, fuel: model.fuel, make, model, variant, remark, appointmentId });
      const { regNo, ...inspectionData } = data;
      const media = this.media(appointmentId, version);
      const status: SeedBike['status'] = latest ? 'READY_FOR_REVIEW' : rng.pick(['APPROVED', 'REJECTED'] as const);
      const reviewer = latest ? (index === 3 ? 'bike.qc@qc.example' : index > 3 && rng.chance(0.15) ? rng.pick(reviewers) : null) : rng.pick(reviewers);
      if (status === 'REJECTED') media[0].rejected = true;
      // Some reviewed versions have no PDF, so the versions page shows its link only where one exists.
      const pdfUrl =
        !latest && (version + index) % 3 !== 1
          ? this.files.write(`bikes/${appointmentId}/report-v${version}.pdf`, () =>
              textPdf(`INSPECTION REPORT - ${appointmentId} v${version}`, [`${make.name} ${model.name} ${variant.name}`, `Status: ${status}`, ...remark.split('\n')]),
            )
          : null;
      rows.push({
        bike_id: 5000 + index,
        appointment_id: appointmentId,
        version,
        is_latest: latest,
        status,
        qc_user: reviewer,
        inspection_user: inspectionUser,
        make: make.name,
        model: model.name,
        variant: variant.name,
        ui_version: uiVersion,
        is_b2b: b2b,
        inspection_end_time: endTime.toISOString(),
        qc_end_time: latest ? null : endTime.add(2, 'hour').toISOString(),
        reason: status === 'REJECTED' ? 'RC image unclear' : null,
        pdf_url: pdfUrl,
        report_url: `/bike-report/${appointmentId}?version=${version}`,
        detail: { cjName: inspectionUser, cjRemark: remark, regNo, inspectionData, images: media },
        updated_at: latest ? endTime.toISOString() : endTime.add(2, 'hour').toISOString(),
      });
    }
    return rows;
  }
}

/** Bike lookups (makes, models, financiers) and the bikes host's public configuration. */
export async function seedBikeLookups(db: Queryable): Promise<void> {
  await insertRows(db, 'bike_makes', BIKE_MAKES);
  await insertRows(db, 'bike_models', BIKE_MODELS.map(({ fuel: _fuel, ...m }) => m));
  await insertRows(db, 'financiers', FINANCIERS);
  await db.query("INSERT INTO app_config (key, value) VALUES ('bikePublic', $1::jsonb) ON CONFLICT (key) DO NOTHING", [JSON.stringify(BIKE_PUBLIC_CONFIG)]);
}

/** Deterministic bike inspections (see BikeGenerator); answers how many rows it wrote. */
export async function seedBikes(db: Queryable, opts: { uploadsDir: string; now?: Date; appointments?: number; seed?: number }): Promise<number> {
  await seedBikeLookups(db);
  const generator = new BikeGenerator(new Random(opts.seed ?? 20261123), new ImageWriter(opts.uploadsDir), dayjs(opts.now ?? new Date()));
  const reviewers = ['bike.qc@qc.example', 'qc.reviewer@qc.example', 'qc.reviewer2@qc.example'];
  const rows = Array.from({ length: opts.appointments ?? 70 }, (_, i) => generator.appointment(i, reviewers)).flat();
  for (let start = 0; start < rows.length; start += 25) await insertRows(db, 'bike_inspections', rows.slice(start, start + 25).map((r, i) => ({ id: start + i + 1, ...r })));
  await db.query("SELECT setval(pg_get_serial_sequence('bike_inspections', 'id'), $1)", [rows.length]);
  return rows.length;
}
