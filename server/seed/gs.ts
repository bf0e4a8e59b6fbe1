import { readFileSync } from 'node:fs';
import dayjs from 'dayjs';
import type { Queryable } from '../db.ts';
import { demoSvg, ImageWriter } from './images.ts';
import { FIRST_NAMES, LAST_NAMES, STORES } from './lookups.ts';
import { Random } from './random.ts';

/** GS reviewers besides the demo user gs.team@qc.example, so assignees and auto-assignment have a team. */
export const GS_USERS = [{ email: 'gs.lead@qc.example', name: 'Geeta Lead', role: 'gs' }];

export const GS_DEMO_USER = 'gs.team@qc.example';

const CATEGORIES = ['New', 'New(CR)', 'New(R)', 'Re-inspection', 'Re-inspection(CR)', 'Re-inspection(R)'];
const CARS: [string, string, string, string][] = [
  ['Maruti Suzuki', 'Swift', 'VXI', 'Petrol'],
  ['Hyundai', 'Creta', 'SX 1.6 CRDi', 'Diesel'],
  ['Honda', 'City', 'V MT', 'Petrol'],
  ['Tata', 'Nexon', 'XZ Plus', 'Petrol'],
  ['Mahindra', 'XUV500', 'W8', 'Diesel'],
  ['Toyota', 'Innova Crysta', '2.4 VX', 'Diesel'],
  ['Maruti Suzuki', 'Wagon R', 'LXI CNG', 'Petrol + CNG'],
  ['Kia', 'Seltos', 'HTX', 'Petrol'],
];
const INSPECTORS = [
  ['Ramesh Yadav', 'CJ1042'],
  ['Sunil Pawar', 'CJ2210'],
  ['Anita Rao', 'CJ3307'],
] as const;
const BETA_REASONS = ['Flood affected', 'Chassis repaired', 'Engine misfire', 'Airbag deployed', 'Odometer tampered', 'Structural rust'];

/** Kinds of flagged car the demo shows: Alpha (0), Beta (1–3, some already changed to 4) and Hard Beta. */
type Kind = 'alpha' | 'beta' | 'hardBeta';
const PLAN: { kind: Kind; assigned: 'demo' | 'lead' | null }[] = [
  { kind: 'beta', assigned: 'demo' },
  { kind: 'alpha', assigned: 'demo' },
  { kind: 'hardBeta', assigned: 'demo' },
  { kind: 'beta', assigned: 'demo' },
  { kind: 'alpha', assigned: 'demo' },
  { kind: 'beta', assigned: 'lead' },
  { kind: 'alpha', assigned: 'lead' },
  { kind: 'hardBeta', assigned: 'lead' },
  { kind: 'beta', assigned: null },
  { kind: 'alpha', assigned: null },
  { kind: 'beta', assigned: 'demo' },
  { kind: 'alpha', assigned: 'demo' },
];

/** First GS appointment id: numeric (the detail route requires it), apart from the car list's `10…` ids. */
export const GS_FIRST_APPOINTMENT = 2051200000;
/** Appointments with a customer-audit record and a sell-online offer (public pages). */
export const PUBLIC_FIRST_APPOINTMENT = 3051200000;
export const PUBLIC_APPOINTMENTS = 4;

const VIDEO_ASSET = new URL('./assets/gs-engine-video.webm', import.meta.url);

const yesNo = (yes: boolean) => (yes ? 'Yes' : 'No');

/** One flagged car's detail in the shape of spec 002 §3 'GS unflagging detail'. */
function flagDetail(rng: Random, images: ImageWriter, appointmentId: string, kind: Kind, car: (typeof CARS)[number], video: string) {
  const [make, model, variant, fuelType] = car;
  const [inspector, cjNumber] = rng.pick(INSPECTORS);
  const img = (name: string, title: string, lines: string[] = [], type: 'car' | 'detail' = 'car') =>
    images.write(`gs/${appointmentId}/${name}.svg`, () => demoSvg({ title, lines: [`${make} ${model}`, ...lines], kind: type }));
  const mainImages = ['Front', 'Front Left', 'Left', 'Rear Left', 'Rear', 'Rear Right', 'Right', 'Front Right'].map((title, i) => ({
    url: img(`main-${i}`, `${title} view`),
    title: `${title} view`,
  }));
  const impMainImages = ['Odometer', 'Engine bay', 'Chassis number'].map((title, i) => ({ url: img(`imp-${i}`, title, [], 'detail'), title }));
  const noGo = kind === 'alpha' ? [] : rng.pick([['Engine', 'Chassis'], ['Airbags'], ['Engine']]);
  const gsNoGoImages = noGo.map((part, i) => ({
    title: part,
    subParts: {
      [part === 'Engine' ? 'engineSound' : part === 'Chassis' ? 'chassisCondition' : 'airbagStatus']: {
        title: part === 'Engine' ? 'Engine sound' : part === 'Chassis' ? 'Chassis condition' : 'Airbag status',
        value: part === 'Airbags' ? 'Deployed' : 'Not OK',
        additionalInfo: {
          image: [{ url: img(`nogo-${i}`, `${part} no-go`, ['Flagged part'], 'detail'), title: `${part} close-up` }],
          video: part === 'Engine' ? [{ url: video, title: 'Engine running' }] : [],
          condition: part === 'Engine' ? ['Misfiring', 'Abnormal noise'] : part === 'Chassis' ? ['Repaired', 'Welded'] : ['Deployed'],
        },
      },
    },
  }));
  const additionalImages = [
    ['Front Bumper', 'Scratches', 'Minor scratch'],
    ['Bonnet', 'Dent', 'Repainted'],
    ['Left Fender', 'Dent', 'Dented'],
    ['Rear Bumper', 'Crack', 'Cracked'],
    ['Windshield', 'Chip', 'Chipped'],
    ['Right Door', 'Scratches', 'Deep scratch'],
  ].map(([part, subPart, condition], i) => ({ url: img(`other-${i}`, part, [subPart, condition], 'detail'), title: part, subPart, condition }));
  const allOtherParts = [
    ['Power Windows', 'Front', true, 'Working'],
    ['AC', 'Cooling', rng.chance(0.7), 'Cooling weak'],
    ['Music System', 'Speakers', true, 'Working'],
    ['Seat Belts', 'Rear', rng.chance(0.8), 'Worn'],
    ['Horn', 'Horn', true, 'Working'],
  ].map(([title, subPart, ok, condition]) => ({
    title,
    value: yesNo(ok as boolean).toLowerCase(),
    subParts: { [String(subPart)]: { title: subPart, value: yesNo(ok as boolean) } },
    additionalInfo: { condition: [ok ? 'OK' : condition] },
  }));
  const betaReason = kind === 'alpha' ? [] : [rng.pick(BETA_REASONS), ...(rng.chance(0.5) ? [rng.pick(BETA_REASONS)] : [])].filter((r, i, all) => all.indexOf(r) === i);
  return {
    basicInfo: {
      make,
      model,
      year: rng.int(2012, 2021),
      month: rng.int(1, 12),
      variant,
      fuelType,
      toBeScrapped: kind === 'hardBeta' ? rng.int(35, 90) * 1000 : 0,
      inspectionBy: inspector,
      cjNumber,
      pdfUrl: `/uploads/gs/${appointmentId}/report.pdf`,
      comments: [
        { title: 'Exterior', comments: [{ comment: 'Repainted bonnet' }, { comment: 'Minor scratches on bumper' }] },
        { title: 'Engine', comments: kind === 'alpha' ? [{ comment: 'Engine OK' }] : [{ comment: 'Misfire at idle' }, { comment: 'Oil leakage' }] },
      ],
      important: {
        engine: { title: 'Engine', value: kind === 'alpha' ? 'OK' : 'Not OK' },
        chassis: { title: 'Chassis', value: kind === 'hardBeta' ? 'Repaired' : 'OK' },
        airbags: { title: 'Airbags', value: 'OK' },
        odometer: { title: 'Odometer', value: `${rng.int(12, 140) * 1000} km` },
      },
      showLessImportant: {
        tyres: { title: 'Tyres', value: 'Average' },
        battery: { title: 'Battery', value: 'OK' },
        interior: { title: 'Interior', value: 'Clean' },
      },
    },
    mainImages,
    impMainImages,
    gsNoGoImages,
    additionalImages,
    allOtherParts,
    otherInfo: { betaReason, hardBeta: kind === 'hardBeta', weightedRating: Number((kind === 'alpha' ? 3.5 + rng.next() * 1.4 : 1.2 + rng.next() * 1.8).toFixed(1)) },
  };
}

/** A minimal one-page PDF (the inspection report link of the detail header). */
function reportPdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 50 780 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Flagged cars (Alpha, Beta, Hard Beta) with their images, a playable no-go video, parts and flagging details; a GS
 * lead; and the public pages' customer audits and sell-online offers. Deterministic for a given `seed` and `now`.
 */
export async function seedGs(db: Queryable, opts: { uploadsDir: string; now?: Date; seed?: number }): Promise<void> {
  const rng = new Random(opts.seed ?? 5002);
  const now = dayjs(opts.now ?? new Date());
  const images = new ImageWriter(opts.uploadsDir);
  const video = images.write('gs/engine-running.webm', () => readFileSync(VIDEO_ASSET));
  for (const user of GS_USERS) {
    await db.query('INSERT INTO users (email, name, role) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING', [user.email, user.name, user.role]);
  }
  for (const email of [GS_DEMO_USER, ...GS_USERS.map((u) => u.email)]) {
    await db.query("INSERT INTO auto_assignment (email, status) VALUES ($1, 'pending') ON CONFLICT (email) DO NOTHING", [email]);
  }
  for (const [index, plan] of PLAN.entries()) {
    const appointmentId = String(GS_FIRST_APPOINTMENT + index * 13);
    const car = CARS[index % CARS.length];
    const store = STORES[(index * 5) % STORES.length];
    const detail = flagDetail(rng, images, appointmentId, plan.kind, car, video);
    images.write(`gs/${appointmentId}/report.pdf`, () => reportPdf(`Inspection report ${appointmentId}`));
    // Spread over the last two days so the list's age colours all show.
    const createdAt = now.subtract([5, 25, 50, 90, 200, 600, 1500, 2600][index % 8] + index, 'minute');
    const conditionFlag = plan.kind === 'alpha' ? 0 : rng.pick([1, 2, 3]);
    await db.query(
      `INSERT INTO gs_flags (appointment_id, lead_token, category, city_id, store_id, store_name, make, model, inspection_end_time,
         assigned_to, condition_flag, hard_beta, workflow_id, detail, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14::jsonb,$15,$15)`,
      [
        appointmentId,
        rng.hex(24),
        CATEGORIES[index % CATEGORIES.length],
        store.city_id,
        store.location_id,
        store.name,
        car[0],
        car[1],
        createdAt.subtract(rng.int(20, 90), 'minute').toISOString(),
        plan.assigned === 'demo' ? GS_DEMO_USER : plan.assigned === 'lead' ? GS_USERS[0].email : null,
        conditionFlag,
        plan.kind === 'hardBeta',
        `wf-gs-${appointmentId}`,
        JSON.stringify(detail),
        createdAt.toISOString(),
      ],
    );
  }
  await seedPublic(db, rng);
}

const rupees = (n: number) => Math.round(n / 1000) * 1000;

async function seedPublic(db: Queryable, rng: Random): Promise<void> {
  for (let index = 0; index < PUBLIC_APPOINTMENTS; index++) {
    const appointmentId = String(PUBLIC_FIRST_APPOINTMENT + index * 7);
    const [make, model, variant] = CARS[(index + 3) % CARS.length];
    const customerName = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const year = rng.int(2013, 2021);
    const [inspector] = INSPECTORS[index % INSPECTORS.length];
    const kms = rng.int(20, 90) * 1000;
    const owners = rng.int(1, 2);
    const customerInput = [
      { title: 'Odometer reading', value: `${kms} km` },
      { title: 'Number of owners', value: String(owners) },
      { title: 'Accidental', value: 'No' },
      { title: 'Fuel type', value: CARS[(index + 3) % CARS.length][3] },
    ];
    const cjInput = [
      { title: 'Odometer reading', value: `${kms + rng.int(4, 20) * 1000} km` },
      { title: 'Number of owners', value: String(owners + 1) },
      { title: 'Accidental', value: index % 2 ? 'Yes' : 'No' },
      { title: 'Fuel type', value: CARS[(index + 3) % CARS.length][3] },
    ];
    await db.query(
      'INSERT INTO customer_audits (appointment_id, car_details, customer_input, cj_input, inspection_by) VALUES ($1, $2::jsonb, $3::jsonb, $4::jsonb, $5)',
      [appointmentId, JSON.stringify({ customerName, make, model, year }), JSON.stringify(customerInput), JSON.stringify(cjInput), inspector],
    );
    const onlinePrice = rupees(rng.int(350_000, 1_200_000));
    const record = {
      customerName,
      make,
      model,
      variant,
      year,
      onlinePrice,
      offeredPrice: rupees(onlinePrice * (0.86 + rng.next() * 0.08)),
      additionalComments: ['The odometer reading differs from the one you gave', 'The car had two previous owners'],
      // The second offer has no instant online price (gsNoGo 0) and the third is changed to Beta: both 'final price shortly'.
      gsNoGo: index === 1 ? 0 : 1,
      conditionFlag: index === 2 ? 4 : 0,
      inspectionType: index === 3 ? 'B2B' : 'B2C',
      reviewData: [
        {
          title: 'Car details',
          isCollapsable: false,
          detail: [
            { title: 'Odometer reading', sellerInput: customerInput[0].value, CjInput: cjInput[0].value },
            { title: 'Number of owners', sellerInput: customerInput[1].value, CjInput: cjInput[1].value },
          ],
        },
        {
          title: 'Condition',
          isCollapsable: true,
          detail: [
            { title: 'Accidental', sellerInput: customerInput[2].value, CjInput: cjInput[2].value },
            { title: 'Tyres', sellerInput: 'Good', CjInput: 'Average' },
            { title: 'AC', sellerInput: 'Working', CjInput: 'Cooling weak' },
          ],
        },
      ],
    };
    await db.query('INSERT INTO sell_online (appointment_id, record) VALUES ($1, $2::jsonb)', [appointmentId, JSON.stringify(record)]);
  }
}
