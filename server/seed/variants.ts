import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { hourlySlots } from '../../src/products/admin/admin-csv.ts';
import type { Queryable } from '../db.ts';
import { buildVariants, MODELS } from './lookups.ts';

/** A 1×1 lossless WebP: a real image file, so the seeded image options pass the same content check as uploads. */
const TINY_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

const SEEDER = 'qc.admin@qc.example';

interface SeedParameter {
  name: string;
  type: 'dropDown' | 'yes/no' | 'image';
  value?: string[];
  images?: string[];
  status?: 'Inactive';
}

/** The parameters the catalogue team uses to tell trims apart (spec 002 §3 'Car variant parameter'). */
export const SEED_PARAMETERS: SeedParameter[] = [
  { name: 'Sunroof', type: 'yes/no' },
  { name: 'Alloy Wheels', type: 'yes/no' },
  { name: 'Climate Control', type: 'yes/no' },
  { name: 'Airbags', type: 'dropDown', value: ['2', '4', '6'] },
  { name: 'Infotainment', type: 'dropDown', value: ['None', 'Audio only', '7 inch touchscreen', '10 inch touchscreen'] },
  { name: 'Headlamp', type: 'image', images: ['Halogen', 'Projector', 'LED'] },
  { name: 'Steering Controls', type: 'yes/no', status: 'Inactive' },
];

const imageUrl = (name: string) => `/uploads/variant-parameters/seed-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.webp`;

/** Answers of a trim: higher trims get more features (index 0 is the base trim). */
function answers(trimIndex: number, trimCount: number): Record<string, string> {
  const top = trimIndex === trimCount - 1;
  const mid = trimIndex >= Math.floor(trimCount / 2);
  const headlamp = top ? 'LED' : mid ? 'Projector' : 'Halogen';
  return {
    Airbags: top ? '6' : mid ? '4' : '2',
    Infotainment: top ? '10 inch touchscreen' : mid ? '7 inch touchscreen' : trimIndex > 0 ? 'Audio only' : 'None',
    'Alloy Wheels': mid ? 'Yes' : 'No',
    Sunroof: top ? 'Yes' : 'No',
    'Climate Control': mid ? 'Yes' : 'No',
    Headlamp: `${headlamp}:${imageUrl(headlamp)}`,
  };
}

/**
 * Suggestion data: every Petrol trim of the Swift 2018–2020 (complete, enabled, with a sequence), most Diesel trims
 * of the Creta 2019–2020 (one missing, so the list shows 'Variant data missing for:'), and the Nexon Petrol 2021.
 */
const SEED_SCOPES: { model: string; fuel: string; years: number[]; skip?: number; active?: boolean }[] = [
  { model: 'Swift', fuel: 'Petrol', years: [2018, 2019, 2020], active: true },
  { model: 'Creta', fuel: 'Diesel', years: [2019, 2020], skip: 1 },
  { model: 'Nexon', fuel: 'Petrol', years: [2021] },
];

export async function seedVariantCatalogue(db: Queryable, opts: { uploadsDir: string }): Promise<void> {
  const dir = join(opts.uploadsDir, 'variant-parameters');
  mkdirSync(dir, { recursive: true });
  for (const p of SEED_PARAMETERS) {
    const image = (p.images ?? []).map((name) => {
      writeFileSync(join(opts.uploadsDir, imageUrl(name).replace(/^\/uploads\//, '')), TINY_WEBP);
      return { name, url: imageUrl(name) };
    });
    await db.query(
      'INSERT INTO variant_parameters (name, type, value, image, status, updated_by) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6)',
      [p.name, p.type, JSON.stringify(p.value ?? []), JSON.stringify(image), p.status ?? 'Active', SEEDER],
    );
  }
  const variants = buildVariants();
  for (const scope of SEED_SCOPES) {
    const model = MODELS.find((m) => m.model_name === scope.model)!;
    const families = variants.filter((v) => v.model_id === model.model_id && v.fuel_type === scope.fuel && v.variant_parent_id === null && v.variant_status === 'Active');
    const covered = families.slice(scope.skip ?? 0);
    const sequence: Record<string, number> = {};
    for (const family of covered) {
      // The longest trim the name starts with: 'ZXI Plus 1.2' is the ZXI Plus, not the ZXI.
      const trim = [...model.trims].sort((a, b) => b.length - a.length).find((t) => family.variant_name.startsWith(`${t} `))!;
      const trimIndex = model.trims.indexOf(trim);
      const values = answers(trimIndex, model.trims.length);
      Object.keys(values).forEach((name) => (sequence[name] ??= Object.keys(sequence).length + 1));
      await db.query(
        `INSERT INTO variant_suggestion_data (make_id, model_id, model_name, fuel_type, manufacturing_years, variant, variant_id, parameters, updated_by)
         VALUES ($1, $2, $3, $4, $5::int[], $6, $7, $8::jsonb, $9)`,
        [model.make_id, model.model_id, model.model_name, scope.fuel, scope.years, family.variant_name, family.variant_id, JSON.stringify(values), SEEDER],
      );
    }
    if (!scope.active) continue;
    for (const year of scope.years) {
      await db.query(
        "INSERT INTO variant_suggestion_settings (model_id, fuel_type, year, status, display_fields, updated_by) VALUES ($1, $2, $3, 'Active', $4::jsonb, $5)",
        [model.model_id, scope.fuel, year, JSON.stringify(sequence), SEEDER],
      );
    }
  }
}

/** Stores with an X factor (spec 002 §2: only locality and sell_online stores) and their slot hours. */
const X_FACTOR_STORES: { id: number; channel: 'locality' | 'sell_online'; open: number; close: number }[] = [
  { id: 101, channel: 'locality', open: 10, close: 19 },
  { id: 104, channel: 'locality', open: 9, close: 18 },
  { id: 106, channel: 'sell_online', open: 10, close: 20 },
  { id: 112, channel: 'locality', open: 10, close: 19 },
  { id: 115, channel: 'sell_online', open: 11, close: 21 },
];

/** X factor rows for the next week, a few evaluator leaves: the admin screens open on realistic data. */
export async function seedAdminTools(db: Queryable, opts: { now?: Date } = {}): Promise<void> {
  const today = dayjs(opts.now ?? new Date()).startOf('day');
  for (const store of X_FACTOR_STORES) {
    await db.query('UPDATE stores SET channel = $2, open_hour = $3, close_hour = $4 WHERE location_id = $1', [store.id, store.channel, store.open, store.close]);
    const slots = hourlySlots(store.open, store.close);
    for (let day = 0; day < 7; day += 2) {
      // Busy evening slots cancel more: a higher factor.
      const factors = Object.fromEntries(slots.map((slot, i) => [slot, Number((1 + ((i + day + store.id) % 4) * 0.15).toFixed(2))]));
      await db.query(
        'INSERT INTO store_cancellation_factor (store_id, date, slot_x_factor, updated_by, updated_at) VALUES ($1, $2, $3::jsonb, $4, $5)',
        [store.id, today.add(day, 'day').format('YYYY-MM-DD'), JSON.stringify(factors), SEEDER, today.subtract(1, 'day').add(10, 'hour').toISOString()],
      );
    }
  }
  const leaves: [string, number, string][] = [
    ['ravi.kumar@evaluators.example', 2, 'FULL_DAY'],
    ['sana.shaikh@evaluators.example', 3, 'FIRST_HALF'],
    ['manoj.pillai@evaluators.example', 5, 'FULL_DAY'],
  ];
  for (const [email, inDays, type] of leaves) {
    await db.query('INSERT INTO evaluator_leaves (evaluator_email, leave_date, leave_type, uploaded_by) VALUES ($1, $2, $3, $4)', [email, today.add(inDays, 'day').format('YYYY-MM-DD'), type, SEEDER]);
  }
}
