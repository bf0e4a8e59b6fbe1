import { textPdf } from './pdf.ts';
import dayjs, { type Dayjs } from 'dayjs';
import type { InspectionField, InspectionImage, InspectionSection } from '../../src/engine/inspection.ts';
import type { InspectionDetail, RegistryData, RegistryRecord } from '../../src/products/car/inspection.ts';
import type { InspectionStatus } from '../../src/products/car/inspection.ts';
import { demoSvg, type ImageWriter } from './images.ts';
import { BANKS, CITIES, COLOURS, FIRST_NAMES, LAST_NAMES, MAKES, MODELS, RTOS, STATES, STORES, buildVariants } from './lookups.ts';
import { Random } from './random.ts';

export const CATEGORIES = ['New', 'New(CR)', 'New(R)', 'Re-inspection', 'Re-inspection(CR)', 'Re-inspection(R)'] as const;

/** One inspection row as stored (columns + full detail). */
export interface SeedInspection {
  carId: number;
  appointmentId: string;
  leadToken: string;
  version: number;
  isLatest: boolean;
  status: InspectionStatus;
  assignee: string | null;
  category: string;
  cityId: number;
  storeId: number;
  make: string;
  model: string;
  variant: string;
  storeName: string;
  inspectionBy: string;
  inspectionStartTime: Date;
  inspectionEndTime: Date;
  isReportProcessed: number;
  reInspectionProcessing: number;
  dealerPriceProcessing: number;
  isPdiLead: number;
  qcAudit: number;
  workflowId: string | null;
  qcBy: string | null;
  qcStartTime: Date | null;
  qcEndTime: Date | null;
  pdfUrl: string | null;
  detail: InspectionDetail;
}

export interface SeedAppointment {
  inspections: SeedInspection[]; // oldest version first; the last one is the latest
  registry: RegistryData | null;
}

const DMY = 'DD-MM-YYYY';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const INSPECTORS = ['Sachin Pawar', 'Ganesh Shetty', 'Mohit Yadav', 'Arun Kumar', 'Naveen Reddy', 'Tapas Ghosh', 'Dinesh Solanki', 'Faisal Ahmed'];
const MAIN_VIEWS = [
  'Front Main', 'Front Left Side', 'Front Right Side', 'Rear Right Side', 'Rear Main',
  'Front With Hood Open', 'Rear Boot Opened', 'Right Side', 'Left Side', 'Rear Left Side',
];
const INTERIOR_VIEWS = ['Interior From Back', 'Interior From Rear Right', 'Interior From Front Right', 'Dashboard', 'Driver Seat', 'Second Row Seat', 'Third Row Seat'];
const ADDITIONAL_VIEWS = ['Front Bumper', 'Rear Bumper', 'Bonnet/Hood', 'Roof', 'Boot Door', 'Boot Floor', 'Engine Bay', 'Chassis Plate'];
const RI_REASONS = ['Customer requested re-inspection', 'Price dispute after auction', 'Odometer re-check', 'Dent repaired by customer', 'Documents updated by customer'];
const REJECTION_REMARKS = ['RC image blurred, please re-upload', 'Chassis number not visible', 'Insurance copy expired', 'Odometer photo unclear', 'Wrong variant selected', 'Tyre tread depth not recorded'];
/** Pre-delivery inspection kinds of PDI leads (list row `inspectionData.carDetails.pdiType.value`, spec 000 §3). */
export const PDI_TYPES = ['B2C PDI', 'Dealer PDI', 'Refurbishment PDI'] as const;
const INSURERS = ['ICICI Lombard', 'HDFC Ergo', 'Bajaj Allianz', 'New India Assurance', 'Tata AIG', 'Reliance General'];

function f(title: string, value: InspectionField['value'], extra: Partial<InspectionField> = {}): InspectionField {
  return { title, value, commentFlag: 1, ...extra };
}

interface CarFacts {
  appointmentId: string;
  make: (typeof MAKES)[number];
  model: (typeof MODELS)[number];
  variant: ReturnType<typeof buildVariants>[number];
  fuel: string;
  year: number;
  month: number;
  regYear: number;
  regMonth: number;
  regDay: number;
  state: (typeof STATES)[number];
  rto: (typeof RTOS)[number];
  city: (typeof CITIES)[number];
  store: (typeof STORES)[number];
  regNumber: string;
  chassis: string;
  engine: string;
  owners: number;
  colour: string;
  customer: string;
  hypothecated: boolean;
  bank: (typeof BANKS)[number];
  loanStatus: string;
  rtoNoc: boolean;
  nocFor: (typeof RTOS)[number];
  roadTax: string;
  roadTaxValidity: string;
  insuranceType: string;
  insuranceExpiry: Dayjs;
  insurer: string;
  ncb: boolean;
  ncbPercent: number;
  rcAvailability: string;
  odometer: number;
  inspector: string;
  workflowId: string | null;
  /** PDI leads only (a fifth of appointments, all their versions); null otherwise. */
  pdiType: (typeof PDI_TYPES)[number] | null;
}

export class InspectionGenerator {
  private readonly variants = buildVariants();
  private carId = 1_000_001;

  constructor(
    private readonly rng: Random,
    private readonly images: ImageWriter,
    private readonly now: Dayjs,
    private readonly reviewers: string[],
  ) {}

  /** The newest appointments of the demo show the full insurance flow (spec 000 §4), so their rows are all present. */
  static readonly SHOWCASE = 10;

  private facts(index: number): CarFacts {
    const r = this.rng;
    const showcase = index < InspectionGenerator.SHOWCASE;
    const model = r.pick(MODELS);
    const make = MAKES.find((m) => m.make_id === model.make_id)!;
    const fuel = r.pick(model.fuels);
    const year = r.int(2012, 2022);
    const variant = r.pick(this.variants.filter((v) => v.model_id === model.model_id && v.fuel_type === fuel && v.year === year));
    const city = r.pick(CITIES);
    const store = r.pick(STORES.filter((s) => s.city_id === city.city_id));
    const rtoCode = r.pick(city.rtoCodes);
    const rto = RTOS.find((x) => x.rto_code === rtoCode)!;
    const state = STATES.find((s) => s.state_id === rto.state_id)!;
    const hypothecated = r.chance(0.3);
    const insuranceType = showcase
      ? r.pick(['Comprehensive', 'Zero Depreciation'] as const)
      : r.weighted([['Comprehensive', 5], ['Zero Depreciation', 3], ['3rd Party', 2], ['Insurance Expired', 1]] as const);
    const regMonth = r.int(1, 12);
    const roadTax = r.weighted([['OTT', 5], ['LTT', 2], ['Limited Period', 2]] as const);
    const appointmentId = `10${String(5_120_000 + index * 37 + r.int(0, 30)).padStart(8, '0')}`;
    // From its own generator keyed by the appointment, so the main sequence (and all other demo data) stays as it was.
    const side = new Random(Number(appointmentId.slice(-8)) ^ 0x5eed);
    return {
      appointmentId,
      pdiType: side.chance(0.2) ? side.pick(PDI_TYPES) : null,
      make,
      model,
      variant,
      fuel,
      year,
      month: r.int(1, regMonth),
      regYear: year,
      regMonth,
      regDay: r.int(1, 28),
      state,
      rto,
      city,
      store,
      regNumber: `${rto.rto_code}${r.letters(r.chance(0.8) ? 2 : 1)}${r.digits(4)}`,
      chassis: `MA${r.int(1, 9)}${r.letters(3)}${r.digits(2)}${r.letters(1)}${r.digits(8)}`.slice(0, 17),
      engine: `${r.letters(2)}${r.digits(2)}${r.letters(1)}${r.digits(7)}`,
      owners: r.weighted([[1, 6], [2, 3], [3, 1]] as const),
      colour: r.pick(COLOURS),
      customer: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`,
      hypothecated,
      bank: r.pick(BANKS),
      loanStatus: r.pick(['Open', 'Paid / Closed']),
      rtoNoc: r.chance(0.12),
      nocFor: r.pick(RTOS),
      roadTax,
      roadTaxValidity: roadTax === 'Limited Period' ? this.now.add(r.int(30, 900), 'day').format(DMY) : '',
      insuranceType,
      insuranceExpiry: insuranceType === 'Insurance Expired' ? this.now.subtract(r.int(5, 200), 'day') : this.now.add(r.int(10, 360), 'day'),
      insurer: r.pick(INSURERS),
      ncb: showcase || r.chance(0.6),
      ncbPercent: r.pick([20, 25, 35, 45, 50]),
      rcAvailability: r.weighted([['Original', 12], ['Duplicate', 2], ['Photocopy', 1], ['Lost', 1]] as const),
      odometer: r.int(8_000, 160_000),
      inspector: r.pick(INSPECTORS),
      workflowId: r.chance(0.4) ? `wf-${r.hex(8)}` : null,
    };
  }

  /** A PDI lead is one with a pdiType. Draws once, as the former 5 % coin did, so the rest of the sequence is unchanged. */
  private pdiLead(c: CarFacts): number {
    this.rng.next();
    return c.pdiType ? 1 : 0;
  }

  private image(hashKey: string, title: string, url: string, extra: Partial<InspectionImage> = {}): InspectionImage {
    return { hashKey, title, url, originalUrl: url, isValidate: 0, rotation: 0, serverTime: this.now.toISOString(), ...extra };
  }

  private common(title: string, kind: 'car' | 'detail' = 'car'): string {
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return this.images.write(`seed/common/${slug}.svg`, () => demoSvg({ title, kind, lines: ['Demo photo'] }));
  }

  private carDetails(c: CarFacts, end: Dayjs): InspectionSection {
    const r = this.rng;
    const a = c.appointmentId;
    const regDate = dayjs(new Date(c.regYear, c.regMonth - 1, c.regDay));
    const rcLines = [
      `Regn No: ${c.regNumber}`,
      `Regn Date: ${regDate.format(DMY)}`,
      `Chassis: ${c.chassis}`,
      `Engine: ${c.engine}`,
      `Owner: ${c.customer.toUpperCase()}`,
      `Owner Sr: ${c.owners}`,
      `Fuel: ${c.fuel}  Colour: ${c.colour}`,
    ];
    const rc1 = this.images.write(`seed/${a}/rc1.svg`, () => demoSvg({ title: 'Registration Certificate (front)', kind: 'document', lines: rcLines }));
    const rc2 = this.images.write(`seed/${a}/rc2.svg`, () =>
      demoSvg({ title: 'Registration Certificate (back)', kind: 'document', lines: [`Maker: ${c.make.make_name}`, `Model: ${c.model.model_name}`, `Mfg: ${String(c.month).padStart(2, '0')}/${c.year}`, `RTO: ${c.rto.rto_code} ${c.rto.rto}`, c.hypothecated ? `HP: ${c.bank.financier_name}` : 'HP: NIL'] }),
    );
    const rcCount = r.int(2, 5);
    const rcImages = Array.from({ length: rcCount }, (_, i) =>
      this.image(`${a}_carDetails_RC${i}`, `RC${i + 1}`, i === 0 ? rc1 : i === 1 ? rc2 : this.common(`RC page ${i + 1}`, 'detail'), {
        imageType: 'rc',
        isVerified: r.chance(0.7),
      }),
    );
    const ins1 = this.images.write(`seed/${a}/insurance1.svg`, () =>
      demoSvg({ title: 'Motor Insurance Policy', kind: 'document', lines: [`Insurer: ${c.insurer}`, `Type: ${c.insuranceType}`, `Regn No: ${c.regNumber}`, `Valid till: ${c.insuranceExpiry.format(DMY)}`, `NCB: ${c.ncb ? c.ncbPercent + '%' : 'Nil'}`] }),
    );
    const insuranceImages = Array.from({ length: c.insuranceType === 'Insurance Expired' ? 1 : r.int(1, 5) }, (_, i) =>
      this.image(`${a}_carDetails_Insurance${i}`, `Insurance${i + 1}`, i === 0 ? ins1 : this.common(`Insurance page ${i + 1}`, 'detail')),
    );
    const additional = ['Road Tax', ...ADDITIONAL_VIEWS].map((title, i) =>
      this.image(`${a}_carDetails_addnl${i}`, title, this.common(title, title === 'Road Tax' ? 'detail' : 'car'), { imageType: 'addnl' }),
    );
    const mismatchInRc = r.chance(0.85) ? ['No Mismatch'] : [r.pick(['Chassis Number', 'Engine Number', 'Owner Name', 'Registration Date'])];
    const lost = c.rcAvailability === 'Lost';
    const rcSubParts: Record<string, InspectionField> = {
      misMatchInRc: f('Mismatch in RC', mismatchInRc),
    };
    if (!lost) {
      const damaged = r.chance(0.1);
      rcSubParts.rcCondition = f('RC Condition', damaged ? ['Damaged'] : ['Ok'], damaged ? { subParts: { chassisNumberOnRC: f('Chassis Number on RC', r.pick(['Yes', 'No'])) } } : {});
      if (c.rcAvailability === 'Photocopy') rcSubParts.rcAtDelivery = f('RC at Delivery', r.pick(['Yes', 'No']));
    }
    const cng = c.fuel === 'Petrol + CNG' || c.fuel === 'Petrol + LPG';
    const rtoNocImage = this.common('RTO NOC', 'detail');
    return {
      year: f('Manufacturing Year', c.year),
      month: f('Manufacturing Month', MONTHS[c.month - 1], { id: c.month }),
      make: f('Make', c.make.make_name, { id: c.make.make_id, isImportant: true }),
      model: f('Model', c.model.model_name, { id: c.model.model_id, isImportant: true }),
      variant: f('Variant', c.variant.variant_name, {
        id: c.variant.variant_id,
        isImportant: true,
        additionalInfo: { variantDisplayName: c.variant.variant_display_name, transportation_category: c.variant.transportation_category },
      }),
      fuelType: f('Fuel Type', c.fuel),
      toBeScrapped: f('To Be Scrapped', r.chance(0.03) ? 'Yes' : 'No'),
      emissionStandards: f('Emission Standards', c.year >= 2020 ? 'BS 6' : c.year >= 2017 ? 'BS 4' : r.pick(['BS 3', 'BS 4'])),
      registrationYear: f('Registration Year', c.regYear),
      registrationMonth: f('Registration Month', MONTHS[c.regMonth - 1], { id: c.regMonth }),
      fitnessUpto: f('Fitness Upto', regDate.add(15, 'year').subtract(1, 'day').format(DMY)),
      registrationState: f('Registration State', c.state.state_name, {
        id: c.state.state_id,
        subParts: { rto: f('RTO', c.rto.rto_code, { id: c.rto.id, additionalInfo: { rtoCode: c.rto.rto_code, rto: c.rto.rto } }) },
      }),
      registrationCity: f('Registration City', c.rto.rto_code),
      registrationNumber: f('Registration Number', c.regNumber, { isImportant: true }),
      ownerNumber: f('Owner Number', c.owners),
      cngLpgFitment: f('CNG/LPG Fitment', cng ? 'Yes' : 'No'),
      ...(c.pdiType ? { pdiType: f('PDI Type', c.pdiType) } : {}),
      chassisNumber: f('Chassis Number', c.chassis, { image: this.image(`${a}_carDetails_chassis`, 'Chassis Number', this.common('Chassis Number', 'detail'), { imageType: 'chasis' }) }),
      chassisNumberEmbossing: f('Chassis Number Embossing', r.chance(0.9) ? ['Ok'] : [r.pick(['Rusted', 'Repunched', 'Not traceable', 'Incomplete'])]),
      vinOBD: f('VIN (OBD)', r.chance(0.5) ? c.chassis : 'Not Available', { commentFlag: 0 }),
      engineNumber: f('Engine Number', c.engine),
      rcAvailability: f('RC Availability', c.rcAvailability, { subParts: rcSubParts }),
      carColour: f('Car Colour', c.colour),
      customerName: f('Customer Name', c.customer, { commentFlag: 2 }),
      duplicateKey: f('Duplicate Key', r.chance(0.7) ? 'Yes' : 'No', {
        images: [this.image(`${a}_carDetails_duplicateKey0`, 'Duplicate Key', this.common('Duplicate Key', 'detail'))],
      }),
      isUnderHypothecation: f('Under Hypothecation', c.hypothecated ? 'Yes' : 'No', {
        subParts: c.hypothecated
          ? {
              financierName: f('Financier Name', c.bank.financier_name, { id: c.bank.id }),
              loanStatus: f('Loan Status', c.loanStatus),
              bankNocStatus: f('Bank NOC Status', c.loanStatus === 'Paid / Closed' ? 'Yes' : 'No', {
                subParts: c.loanStatus === 'Paid / Closed' ? { bankNocExpiryDate: f('Bank NOC Expiry Date', end.add(r.int(30, 120), 'day').format(DMY)) } : {},
              }),
            }
          : {},
      }),
      rtoNocIssued: f('RTO NOC Issued', c.rtoNoc ? 'Yes' : 'No', {
        subParts: c.rtoNoc
          ? {
              rtoNocAvailable: f('RTO NOC Available', 'Yes', { image: this.image(`${a}_carDetails_rtoNoc`, 'RTO NOC', rtoNocImage) }),
              rtoNmcAvailable: f('RTO NMC Available', r.pick(['Yes', 'No'])),
              rtoNocIssuedFor: f('RTO NOC Issued For', c.nocFor.rto_code, { id: c.nocFor.id }),
              rtoNocIssuedDate: f('RTO NOC Issued Date', end.subtract(r.int(10, 200), 'day').format(DMY)),
            }
          : {},
      }),
      roadTaxPaid: f('Road Tax Paid', c.roadTax, {
        subParts: c.roadTax === 'Limited Period' ? { roadTaxDateValidity: f('Road Tax Validity', c.roadTaxValidity) } : {},
      }),
      insuranceType: f('Insurance Type', c.insuranceType, {
        subParts:
          c.insuranceType === 'Insurance Expired'
            ? {}
            : {
                insuranceExpiry: f('Insurance Expiry', c.insuranceExpiry.format(DMY)),
                ...(c.insuranceType === '3rd Party'
                  ? {}
                  : {
                      noClaimBonus: f('No Claim Bonus', c.ncb ? 'Yes' : 'No', {
                        subParts: c.ncb ? { noClaimBonusPercentage: f('No Claim Bonus %', c.ncbPercent) } : {},
                      }),
                    }),
                mismatchInInsurance: f('Mismatch in Insurance', r.chance(0.9) ? 'No Mismatch' : 'Registration Number', {
                  subParts: { mismatchInDS: f('Mismatch in DS', 'No') },
                }),
              },
      }),
      raDetails: f('RA Details', `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)} (98${r.digits(8)})`, { commentFlag: 0 }),
      inspectionBy: f('Inspection By', c.inspector, { commentFlag: 0 }),
      city: f('City', c.city.city_name, { id: c.city.city_id, commentFlag: 0 }),
      inspectionAt: f('Inspection At', r.pick(['Store', 'Home', 'Store'])),
      storeName: f('Branch', c.store.name, { id: c.store.location_id, additionalInfo: { regionId: c.store.region_id, regionName: c.store.region_name } }),
      rcImages: f('RC Images', null, { images: rcImages }),
      insuranceImages: f('Insurance Images', null, { images: insuranceImages }),
      additionalImages: f('Additional Images', null, { images: c.workflowId ? additional : additional.slice(1) }),
      comments: f('Comments', r.chance(0.4) ? [r.pick(['RC is laminated', 'Owner name differs from customer', 'Insurance copy not clear'])] : []),
    };
  }

  private exterior(c: CarFacts): InspectionSection {
    const r = this.rng;
    const a = c.appointmentId;
    const mainImages = MAIN_VIEWS.map((title, i) => this.image(`${a}_exteriorTyres_main${i}`, title, this.common(title)));
    const tyre = (key: string, title: string): InspectionField => {
      const tread = r.int(2, 8);
      const condition = tread <= 3 ? 'Damaged' : 'Ok';
      return f(title, condition, {
        additionalInfo: {
          image: this.image(`${a}_exteriorTyres_${key}`, title, this.common(title, 'detail')),
          treadDepth: tread,
          currentCondition: condition,
        },
      });
    };
    const panel = (title: string) => f(title, r.weighted([['Ok', 12], ['Repainted', 2], ['Repaired', 1], ['Replaced', 1], ['Black', 0.3]] as const));
    return {
      mainImages: f('Main Images', null, { images: mainImages }),
      alloyWheels: f('Alloy Wheels', r.pick(['Yes', 'No'])),
      comments: f('Comments', r.chance(0.5) ? [r.pick(['Minor scratches on rear bumper', 'Dent on left front door', 'Headlamp foggy'])] : []),
      lhsFrontTyre: tyre('lhsFrontTyre', 'LHS Front Tyre'),
      rhsFrontTyre: tyre('rhsFrontTyre', 'RHS Front Tyre'),
      lhsRearTyre: tyre('lhsRearTyre', 'LHS Rear Tyre'),
      rhsRearTyre: tyre('rhsRearTyre', 'RHS Rear Tyre'),
      spareTyre: tyre('spareTyre', 'Spare Tyre'),
      bonnet: panel('Bonnet'),
      frontBumper: panel('Front Bumper'),
      rearBumper: panel('Rear Bumper'),
      roof: panel('Roof'),
      lhsFrontDoor: panel('LHS Front Door'),
      rhsFrontDoor: panel('RHS Front Door'),
    };
  }

  private interior(c: CarFacts): InspectionSection {
    const r = this.rng;
    const a = c.appointmentId;
    const odo = this.images.write(`seed/${a}/odometer-${c.odometer}.svg`, () => demoSvg({ title: 'Odometer', kind: 'detail', lines: [`${c.odometer} km`] }));
    const views = [...INTERIOR_VIEWS].map((title, i) => this.image(`${a}_electricalsInterior_interior${i}`, title, this.common(title)));
    views.push(this.image(`${a}_electricalsInterior_interior${views.length}`, 'Odometer', odo));
    const yesNo = (title: string, p = 0.6) => f(title, r.chance(p) ? 'Yes' : 'No');
    return {
      interiorImages: f('Interior Images', null, { images: views }),
      odometerReading: f('Odometer Reading', c.odometer, { image: this.image(`${a}_electricalsInterior_odometer`, 'Odometer', odo), isImportant: true }),
      fuelLevel: f('Fuel Level', r.pick(['Reserve', '<25%', '25-50%', '>50%'])),
      electrical: f('Electrical', r.chance(0.85) ? 'Ok' : 'Not Ok', { additionalInfo: { currentCondition: r.chance(0.85) ? 'Working' : 'Not Working' } }),
      steeringMountedAudioControls: yesNo('Steering Mounted Audio Controls', 0.4),
      reverseCamera: yesNo('Reverse Camera', 0.3),
      numberOfAirbags: f('Number of Airbags', r.pick([0, 2, 2, 4, 6])),
      musicSystem: yesNo('Music System', 0.8),
      leatherSeats: yesNo('Leather Seats', 0.2),
      fabricSeats: yesNo('Fabric Seats', 0.8),
      sunroof: yesNo('Sunroof', 0.15),
      abs: yesNo('ABS', 0.7),
      rearDefogger: yesNo('Rear Defogger', 0.5),
      powerWindowsNumber: f('Power Windows', r.pick([0, 2, 4, 4])),
      comments: f('Comments', r.chance(0.3) ? [r.pick(['Dashboard warning light on', 'Seat covers torn', 'Power window slow'])] : []),
    };
  }

  private mechanical(): Pick<Required<InspectionDetail['inspectionData']>, 'airConditioning' | 'engineTransmission' | 'steeringSuspensionBrakes'> {
    const r = this.rng;
    const ok = (title: string, bad: string, p = 0.85) => f(title, r.chance(p) ? 'Ok' : bad);
    return {
      airConditioning: {
        acCooling: ok('AC Cooling', 'Not Cooling'),
        heater: ok('Heater', 'Not Working', 0.95),
        climateControlAc: f('Climate Control AC', r.pick(['Yes', 'No'])),
      },
      engineTransmission: {
        engineSound: ok('Engine Sound', 'Abnormal'),
        exhaustSmoke: f('Exhaust Smoke', r.weighted([['Ok', 10], ['Black', 1], ['White', 1], ['Blue', 0.5]] as const)),
        clutch: ok('Clutch', 'Hard', 0.9),
        gearShifting: ok('Gear Shifting', 'Hard', 0.9),
        engineBlowBy: f('Engine Blow-by', 'No'),
        backCompression: f('Back Compression', 'No'),
      },
      steeringSuspensionBrakes: {
        steering: ok('Steering', 'Hard', 0.95),
        suspension: ok('Suspension', 'Abnormal Noise'),
        brakes: ok('Brakes', 'Spongy', 0.95),
      },
    };
  }

  /** Registry data built from the car, with deliberate mismatches in about a third of them. */
  private registry(c: CarFacts): RegistryData | null {
    const r = this.rng;
    if (r.chance(0.12)) return null;
    const regDate = dayjs(new Date(c.regYear, c.regMonth - 1, c.regDay));
    const record: RegistryRecord = {
      registrationNumber: c.regNumber,
      registrationDate: regDate.format(DMY),
      fitnessUpto: regDate.add(15, 'year').subtract(1, 'day').format(DMY),
      chassisNumber: c.chassis,
      engineNumber: c.engine,
      registeredAt: `${c.rto.rto_code} ${c.rto.rto}`,
      nocDetails: c.rtoNoc ? 'NOC ISSUED' : null,
      ownerCount: c.owners,
      financier: c.hypothecated && c.loanStatus === 'Open' ? c.bank.financier_name.toUpperCase() : null,
      taxUpTo: c.roadTax === 'Limited Period' ? c.roadTaxValidity : c.roadTax,
      ownerName: c.customer.toUpperCase(),
      email: `${c.customer.toLowerCase().replace(' ', '.')}@example.com`,
      maker: c.make.make_name.toUpperCase(),
      model: `${c.model.model_name} ${c.variant.variant_name}`.toUpperCase(),
      fuelType: c.fuel.toUpperCase(),
      manufacturingMonthYr: `${String(c.month).padStart(2, '0')}/${c.year}`,
      insuranceExpiry: c.insuranceType === 'Insurance Expired' && r.chance(0.5) ? this.now.add(r.int(5, 200), 'day').format(DMY) : c.insuranceExpiry.format(DMY),
    };
    const website: RegistryRecord = { ...record };
    const sms = { registrationNumber: c.regNumber };
    if (r.chance(0.35)) {
      const mismatches = ['chassis', 'owners', 'regDate', 'rto', 'financier', 'tax', 'sms', 'fitness'];
      for (let i = r.int(1, 2); i > 0; i--) {
        switch (r.pick(mismatches)) {
          case 'chassis':
            record.chassisNumber = `${c.chassis.slice(0, 14)}${r.digits(3)}`;
            break;
          case 'owners':
            record.ownerCount = c.owners + 1;
            website.ownerCount = c.owners + 1;
            break;
          case 'regDate':
            website.registrationDate = regDate.add(r.int(1, 3), 'month').format(DMY);
            break;
          case 'rto': {
            const other = r.pick(RTOS.filter((x) => x.state_id === c.rto.state_id && x.id !== c.rto.id));
            if (other) record.registeredAt = `${other.rto_code} ${other.rto}`;
            break;
          }
          case 'financier':
            website.financier = c.hypothecated ? null : r.pick(BANKS).financier_name.toUpperCase();
            break;
          case 'tax':
            website.taxUpTo = this.now.add(r.int(-100, 400), 'day').format(DMY);
            break;
          case 'sms':
            sms.registrationNumber = `${c.regNumber.slice(0, -1)}${(Number(c.regNumber.slice(-1)) + 1) % 10}`;
            break;
          default:
            record.fitnessUpto = regDate.add(15, 'year').add(r.int(1, 20), 'day').format(DMY);
        }
      }
    }
    return {
      parivahan1: r.chance(0.9) ? record : null,
      vahanWebsite: r.chance(0.9) ? website : null,
      parseSms: r.chance(0.8) ? sms : null,
      bgcData: { migratedVehicle: r.chance(0.1) },
    };
  }

  /**
   * One appointment: its versions (re-inspections have 1–2 earlier versions, each with its own carId),
   * the latest in `status`, ended `minutesAgo` before now.
   */
  appointment(index: number, minutesAgo: number): SeedAppointment {
    const r = this.rng;
    const c = this.facts(index);
    const category = r.weighted([['New', 8], ['New(CR)', 2], ['New(R)', 2], ['Re-inspection', 4], ['Re-inspection(CR)', 1], ['Re-inspection(R)', 1]] as const);
    const latestVersion = category.startsWith('Re-inspection') ? r.weighted([[1, 3], [2, 1]] as const) : 0;
    const leadToken = r.hex(24);
    const latestEnd = this.now.subtract(minutesAgo, 'minute');
    const registry = this.registry(c);
    const inspections: SeedInspection[] = [];
    const baseOdometer = c.odometer;
    for (let version = 0; version <= latestVersion; version++) {
      const isLatest = version === latestVersion;
      const end = isLatest ? latestEnd : latestEnd.subtract((latestVersion - version) * r.int(4, 20), 'day');
      c.odometer = baseOdometer - (latestVersion - version) * r.int(50, 400);
      const inspectionData: InspectionDetail['inspectionData'] = {
        carDetails: this.carDetails(c, end),
        exteriorTyres: this.exterior(c),
        electricalsInterior: this.interior(c),
        ...this.mechanical(),
        summary: {},
      };
      const outcome = isLatest
        ? r.weighted([['free', 62], ['assigned', 13], ['done', 15], ['smReviewRejected', 10]] as const)
        : 'done';
      const status: InspectionStatus = outcome === 'free' || outcome === 'assigned' ? 'smReview' : outcome;
      const reviewed = status === 'done' || status === 'smReviewRejected';
      const reviewer = outcome === 'free' ? null : r.pick(this.reviewers);
      const sinceEnd = this.now.diff(end, 'minute');
      const qcStart = reviewed ? end.add(Math.min(sinceEnd * 0.5, r.int(5, 240)), 'minute') : null;
      const qcEndRaw = qcStart ? qcStart.add(r.int(3, 25), 'minute') : null;
      const qcEnd = qcEndRaw && qcEndRaw.isAfter(this.now) ? this.now : qcEndRaw;
      const carId = this.carId++;
      const previous = inspections[inspections.length - 1];
      const rejections =
        status === 'smReviewRejected' || (version < latestVersion && r.chance(0.6))
          ? [{ rejectionRemark: r.pick(REJECTION_REMARKS), role: 'qc', timestamp: (qcEnd ?? end).format('DD-MM-YYYY HH:mm:ss') }]
          : [];
      const detail: InspectionDetail & Record<string, unknown> = {
        carId,
        appointmentId: c.appointmentId,
        leadToken,
        version,
        selectedVersion: null,
        tenant: index >= InspectionGenerator.SHOWCASE && r.chance(0.05) ? 'NPDI' : null,
        workflowId: c.workflowId,
        isCritical: 0,
        category: version === 0 ? category.replace('Re-inspection', 'New') : category,
        inspectionStatus: status,
        inspectionEndTime: end.toISOString(),
        make: c.make.make_name,
        model: c.model.model_name,
        storeName: c.store.name,
        city: c.city.city_name,
        qcAssign: { to: reviewer },
        qcUser: reviewer,
        qcAudit: r.chance(0.2) ? 1 : 0,
        issueType: [],
        rejectionRemarkMapper: rejections,
        reInspectionReason: version > 0 ? { reason: r.pick(RI_REASONS) } : null,
        c2cEligibility: r.chance(0.5) ? 1 : 0,
        vahanData: registry?.vahanWebsite
          ? {
              maker: registry.vahanWebsite.maker,
              model: registry.vahanWebsite.model,
              fuelType: registry.vahanWebsite.fuelType,
              manufacturingMonthYr: registry.vahanWebsite.manufacturingMonthYr,
              taxUpTo: registry.vahanWebsite.taxUpTo,
              insuranceExpiry: registry.vahanWebsite.insuranceExpiry,
            }
          : null,
        raEmail: `ra.${c.city.city_name.toLowerCase().replace(/\s+/g, '')}@qc.example`,
        regionDepartmentEmail: `${c.store.region_name.toLowerCase()}.region@qc.example`,
        currentAuctionVersion: version,
        lastAuctionVersion: version > 0 ? version - 1 : null,
        noValidRiBid: 0,
        delayAuction: { isDocUploadedByCX: r.chance(0.2) },
        riTableData: previous ? riChanges(previous.detail, inspectionData) : [],
        inspectionData,
      };
      inspections.push({
        carId,
        appointmentId: c.appointmentId,
        leadToken,
        version,
        isLatest,
        status,
        assignee: reviewer,
        category: detail.category,
        cityId: c.city.city_id,
        storeId: c.store.location_id,
        make: c.make.make_name,
        model: c.model.model_name,
        variant: c.variant.variant_name,
        storeName: c.store.name,
        inspectionBy: c.inspector,
        inspectionStartTime: end.subtract(r.int(25, 70), 'minute').toDate(),
        inspectionEndTime: end.toDate(),
        isReportProcessed: isLatest && r.chance(0.05) ? 0 : 1,
        reInspectionProcessing: isLatest && version > 0 && r.chance(0.15) ? 1 : 0,
        dealerPriceProcessing: isLatest && r.chance(0.02) ? 1 : 0,
        isPdiLead: this.pdiLead(c),
        qcAudit: detail.qcAudit,
        workflowId: c.workflowId,
        qcBy: reviewed ? reviewer : null,
        qcStartTime: qcStart?.toDate() ?? null,
        qcEndTime: qcEnd?.toDate() ?? null,
        pdfUrl: reviewed ? `/uploads/seed/${c.appointmentId}/report-v${version}.pdf` : null,
        detail,
      });
      if (reviewed) {
        this.images.write(`seed/${c.appointmentId}/report-v${version}.pdf`, () =>
          textPdf(`Inspection Report - version ${version}`, [
            `Appointment ${c.appointmentId}`,
            `${c.make.make_name} ${c.model.model_name}`,
            `Status: ${status}`,
            `QC by: ${reviewer}`,
          ]),
        );
      }
    }
    return { inspections, registry };
  }
}

/** The RI Changes table: fields whose value differs between the last auction version and this one. */
function riChanges(previous: InspectionDetail, current: InspectionDetail['inspectionData']): NonNullable<InspectionDetail['riTableData']> {
  const rows: NonNullable<InspectionDetail['riTableData']> = [];
  for (const section of ['carDetails', 'exteriorTyres', 'electricalsInterior', 'airConditioning', 'engineTransmission', 'steeringSuspensionBrakes'] as const) {
    const before = previous.inspectionData[section] ?? {};
    const after = current[section] ?? {};
    for (const [key, field] of Object.entries(after)) {
      const old = before[key];
      if (!old || field.images || old.images) continue;
      if (JSON.stringify(old.value) !== JSON.stringify(field.value)) rows.push({ title: field.title, oldValue: old.value, newValue: field.value });
    }
  }
  return rows;
}
