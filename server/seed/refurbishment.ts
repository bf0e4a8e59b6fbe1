import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../db.ts';
import { recordVersion, type RefurbItem, type RefurbMedia, type RefurbRow } from '../repos/refurbishments.ts';
import { ImageWriter, demoSvg } from './images.ts';
import { Random } from './random.ts';

/** A 1.6 s VP8 WebM (recorded once from a canvas in Chromium): a real video the review page can play. */
const SAMPLE_VIDEO = fileURLToPath(new URL('./assets/refurbishment-sample.webm', import.meta.url));

/** Suggestions a garage-service inspector makes: category, sub-category, observation, estimate range in rupees. */
const SUGGESTIONS: readonly [string, string, string | null, number, number][] = [
  ['Exterior', 'Front Bumper', 'Deep scratches and a cracked lower grille', 3500, 9000],
  ['Exterior', 'Bonnet', 'Dent near the left edge, paint peeling', 4500, 12000],
  ['Exterior', 'Left Rear Door', 'Scratches along the door, needs repaint', 3000, 7500],
  ['Exterior', 'Headlamp (Right)', 'Lens yellowed and foggy', 1200, 4800],
  ['Interior', 'Seat Covers', 'Driver seat fabric torn', 2500, 6500],
  ['Interior', 'Dashboard', null, 1500, 4000],
  ['Interior', 'Floor Mats', 'Worn out, missing rear mats', 800, 1800],
  ['Mechanical', 'Brake Pads', 'Front pads below 3 mm', 2200, 5200],
  ['Mechanical', 'Clutch Plate', 'Clutch slipping in third gear', 8500, 18500],
  ['Mechanical', 'Engine Oil & Filter', 'Oil overdue for change', 2800, 4200],
  ['Tyres', 'Front Left Tyre', 'Tread depth 2 mm, sidewall cut', 3800, 7200],
  ['Electrical', 'Battery', 'Weak cranking, battery 4 years old', 4200, 7800],
  ['Electrical', 'Power Window (Rear Right)', 'Window motor not working', 1800, 4600],
  ['AC', 'AC Gas Top-up', 'Cooling weak at idle', 1500, 3200],
];

const CARS: readonly [string, string, string, string][] = [
  ['Maruti Suzuki', 'Swift', 'VXI', 'Petrol'],
  ['Hyundai', 'i20', 'Asta 1.2', 'Petrol'],
  ['Honda', 'City', 'V MT', 'Petrol'],
  ['Tata', 'Nexon', 'XZ Plus', 'Diesel'],
  ['Mahindra', 'XUV500', 'W8', 'Diesel'],
  ['Toyota', 'Innova Crysta', '2.4 GX', 'Diesel'],
  ['Renault', 'Kwid', 'RXT', 'Petrol'],
  ['Kia', 'Seltos', 'HTX', 'Petrol'],
];

const SERVICE_CENTRES = ['GS Hub Gurugram Sector 18', 'GS Hub Bengaluru Whitefield', 'GS Hub Pune Wakad', 'GS Hub Mumbai Andheri', 'GS Hub Chennai Guindy'];
const GS_INSPECTORS = ['ravi.gs@qc.example', 'meena.gs@qc.example', 'sandeep.gs@qc.example'];
const RE_INSPECTION_REASONS = ['Customer disputed the bumper estimate', 'Clutch estimate above the model average', 'Second opinion requested by the hub manager'];
const QC_REMARKS = ['Estimate looks high, please recheck with the vendor', 'Approved as suggested', 'Use an OEM part', 'Photo does not show the damage clearly'];

/** How each seeded refurbishment stands: where it is in the flow, who holds it and what QC said before. */
interface Plan {
  status: 'review' | 'refReview' | 'inRef' | 'done';
  assignee: string | null;
  reInspection?: boolean;
}

const REVIEWER = 'qc.reviewer@qc.example';
const REVIEWER2 = 'qc.reviewer2@qc.example';
const STORE = 'qc.store@qc.example';

/** The first refurbishments: review (before refurbishment) and refReview (after) in every assignment state, plus finished ones. */
const PLANS: readonly Plan[] = [
  { status: 'review', assignee: null },
  { status: 'review', assignee: null, reInspection: true },
  { status: 'review', assignee: REVIEWER },
  { status: 'review', assignee: REVIEWER, reInspection: true },
  { status: 'review', assignee: REVIEWER2 },
  { status: 'review', assignee: null },
  { status: 'review', assignee: STORE },
  { status: 'review', assignee: null },
  { status: 'refReview', assignee: null },
  { status: 'refReview', assignee: REVIEWER },
  { status: 'refReview', assignee: REVIEWER2, reInspection: true },
  { status: 'refReview', assignee: null },
  { status: 'inRef', assignee: REVIEWER2 },
  { status: 'done', assignee: REVIEWER },
];

function media(images: ImageWriter, appointmentId: string, hashKey: string, side: 'before' | 'after', title: string, count: number): RefurbMedia[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${title} ${side === 'before' ? 'before' : 'after'} ${i + 1}`,
    url: images.write(`refurbishment/${appointmentId}/${hashKey}-${side}-${i + 1}.svg`, () =>
      demoSvg({ title: `${title} (${side})`, lines: [appointmentId, side === 'before' ? 'Before refurbishment' : 'After refurbishment'], kind: 'detail' }),
    ),
  }));
}

/** Rounds to the nearest 50 rupees, as estimates are quoted. */
const rupees = (value: number) => Math.round(value / 50) * 50;

/**
 * Deterministic demo refurbishments with their version history: the same `seed` and `now` give the same rows.
 * Writes before/after images and the sample video under `uploadsDir` (served at /uploads/…).
 */
export async function seedRefurbishments(db: Queryable, opts: { uploadsDir: string; now?: Date; seed?: number; count?: number }): Promise<number> {
  const rng = new Random(opts.seed ?? 4242);
  const now = opts.now ?? new Date();
  const images = new ImageWriter(opts.uploadsDir);
  const videoDir = join(opts.uploadsDir, 'refurbishment');
  mkdirSync(videoDir, { recursive: true });
  if (!existsSync(join(videoDir, 'sample.webm'))) copyFileSync(SAMPLE_VIDEO, join(videoDir, 'sample.webm'));
  const video = (title: string): RefurbMedia => ({ title, url: '/uploads/refurbishment/sample.webm' });

  const count = Math.max(opts.count ?? 64, PLANS.length);
  for (let index = 0; index < count; index++) {
    // Past the planned ones, more unassigned reviews: the queue runs past one page of 50 (spec 001 §9).
    const plan: Plan = PLANS[index] ?? { status: 'review', assignee: null, reInspection: index % 9 === 0 };
    const appointmentId = `20${String(7_310_000 + index * 53 + rng.int(0, 40)).padStart(8, '0')}`;
    const [make, model, variant, fuelType] = CARS[index % CARS.length];
    const picked = [...SUGGESTIONS].sort(() => rng.next() - 0.5).slice(0, rng.int(3, 5));
    const afterDone = plan.status === 'refReview' || plan.status === 'done';
    const fields: RefurbItem[] = picked.map(([category, subCategory, observation, low, high], i) => {
      const hashKey = `${appointmentId}_ref_${i + 1}`;
      const estimated = rupees(rng.int(low, high));
      return {
        hashKey,
        category,
        subCategory,
        beforeRef: {
          image: media(images, appointmentId, hashKey, 'before', subCategory, rng.int(1, 2)),
          // Every other item has a walk-around video, so each refurbishment shows at least one.
          video: i % 2 === 0 ? [video(`${subCategory} video`)] : [],
          observation,
          estimatedRefurbishmentCost: estimated,
        },
        afterRef: afterDone
          ? {
              image: media(images, appointmentId, hashKey, 'after', subCategory, 1),
              video: i === 0 ? [video(`${subCategory} after video`)] : [],
              observation: rng.chance(0.7) ? `${subCategory} done at ${SERVICE_CENTRES[index % SERVICE_CENTRES.length].replace('GS Hub ', '')}` : null,
              actualRefurbishmentCost: rupees(estimated * (0.8 + rng.next() * 0.4)),
            }
          : null,
      };
    });
    const endTime = new Date(now.getTime() - (index * 47 + rng.int(5, 40)) * 60_000);
    const base: RefurbRow = {
      appointment_id: appointmentId,
      version: 1,
      status: 'review',
      qc_assign_to: plan.assignee,
      refurbished_by: GS_INSPECTORS[index % GS_INSPECTORS.length],
      make,
      model,
      variant,
      fuel_type: fuelType,
      month: rng.int(1, 12),
      year: rng.int(2012, 2022),
      service_center: SERVICE_CENTRES[index % SERVICE_CENTRES.length],
      gs_re_inspection_reason: plan.reInspection ? RE_INSPECTION_REASONS[index % RE_INSPECTION_REASONS.length] : null,
      end_time: endTime,
      fields: fields.map((f) => ({ ...f, afterRef: null })),
    };
    // The history each status implies (spec 001 §4): review → inRef (QC) → refReview (GS, after work) → done (QC).
    const history: { row: RefurbRow; by: string | null; at: Date }[] = [{ row: base, by: null, at: new Date(endTime.getTime() - 3 * 86_400_000) }];
    if (plan.status !== 'review') {
      const reviewed = fields.map((f, i) => ({ ...f, afterRef: null, beforeRef: { ...f.beforeRef, qcRemark: i === 0 ? rng.pick(QC_REMARKS) : '', isRejected: 0 as const } }));
      history.push({ row: { ...base, version: 2, status: 'inRef', fields: reviewed }, by: plan.assignee ?? REVIEWER, at: new Date(endTime.getTime() - 2 * 86_400_000) });
      if (afterDone) {
        const after = reviewed.map((f, i) => ({ ...f, afterRef: fields[i].afterRef }));
        history.push({ row: { ...base, version: 3, status: 'refReview', fields: after }, by: null, at: endTime });
        if (plan.status === 'done') {
          const closed = after.map((f) => ({ ...f, afterRef: f.afterRef && { ...f.afterRef, qcRemark: '', isRejected: 0 as const } }));
          history.push({ row: { ...base, version: 4, status: 'done', fields: closed }, by: plan.assignee, at: new Date(endTime.getTime() + 3_600_000) });
        }
      }
    }
    const current = history[history.length - 1].row;
    await db.query(
      `INSERT INTO refurbishments (appointment_id, version, status, qc_assign_to, refurbished_by, make, model, variant, fuel_type, month, year,
         service_center, gs_re_inspection_reason, end_time, fields, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15::jsonb,$14)`,
      [
        current.appointment_id, current.version, current.status, current.qc_assign_to, current.refurbished_by, make, model, variant, fuelType,
        current.month, current.year, current.service_center, current.gs_re_inspection_reason, endTime.toISOString(), JSON.stringify(current.fields),
      ],
    );
    for (const step of history) await recordVersion(db, step.row, step.by, { at: step.at });
  }
  return count;
}
