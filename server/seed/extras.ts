import type { Queryable } from '../db.ts';
import { demoSvg, ImageWriter } from './images.ts';
import { Random } from './random.ts';

/** More comment choices of `api/comments?section` beside the core list (ids from 101; one retired). */
export const EXTRA_COMMENTS: { id: number; section: string; comment: string; status: string; type: string }[] = [
  ['carDetails', 'RC address differs from current address'],
  ['carDetails', 'Insurance in previous owner name'],
  ['carDetails', 'Engine number not traceable on RC'],
  ['carDetails', 'NOC from financier pending'],
  ['carDetails', 'Duplicate RC issued'],
  ['carDetails', 'Colour on RC differs from car', 'Inactive'],
  ['electricalsInterior', 'AC vent broken'],
  ['electricalsInterior', 'Odometer console scratched'],
  ['electricalsInterior', 'Horn not working'],
  ['electricalsInterior', 'Central locking not working'],
  ['electricalsInterior', 'Rear wiper missing', 'Inactive'],
].map(([section, comment, status], i) => ({ id: 101 + i, section, comment, status: status ?? 'Active', type: 'text' }));

const IMPERFECTIONS: { section: string; part: string; title: string; description: string; severity: 'minor' | 'major' | 'critical' }[] = [
  { section: 'exteriorTyres', part: 'frontBumper', title: 'Front bumper', description: 'Scratch 10 cm near fog lamp', severity: 'minor' },
  { section: 'exteriorTyres', part: 'rearBumper', title: 'Rear bumper', description: 'Dent at right corner', severity: 'minor' },
  { section: 'exteriorTyres', part: 'bonnet', title: 'Bonnet', description: 'Paint mismatch, likely repainted', severity: 'major' },
  { section: 'exteriorTyres', part: 'lhsFrontDoor', title: 'LHS front door', description: 'Door gap uneven', severity: 'major' },
  { section: 'electricalsInterior', part: 'electrical', title: 'Dashboard', description: 'Check-engine light stays on', severity: 'critical' },
  { section: 'electricalsInterior', part: 'fabricSeats', title: 'Driver seat', description: 'Fabric torn on bolster', severity: 'minor' },
  { section: 'engineTransmission', part: 'engineSound', title: 'Engine', description: 'Tappet noise at idle', severity: 'major' },
];

const RESTRICTED = [
  { title: 'Customer with vehicle', reason: 'Shows the customer\'s face' },
  { title: 'Aadhaar card', reason: 'Identity document of the owner' },
  { title: 'Previous owner RC', reason: 'Document of a third party' },
];

const REMARKS = [
  'RC image blurred, please re-upload',
  'Chassis number not matching the RC',
  'Odometer image not clear',
  'Insurance expiry differs from the policy copy',
  'Tyre image missing tread view',
];

function pickSome<T>(rng: Random, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]);
  return out;
}

interface Latest {
  car_id: number;
  appointment_id: string;
  lead_token: string;
  version: number;
  status: string;
  qc_by: string | null;
  inspection_end_time: Date;
}

/**
 * Seed for the review extras (remarks, customer documents, imperfections, restricted images, RI mail log,
 * more comment choices), built from the inspections already seeded: deterministic for a given seed.
 */
export async function seedExtras(db: Queryable, opts: { uploadsDir: string; seed?: number }): Promise<void> {
  const rng = new Random(opts.seed ?? 20240602);
  const images = new ImageWriter(opts.uploadsDir);
  for (const c of EXTRA_COMMENTS) {
    await db.query('INSERT INTO comment_options (id, section, comment, status, rank, type) VALUES ($1, $2, $3, $4, $1, $5) ON CONFLICT (id) DO NOTHING', [
      c.id, c.section, c.comment, c.status, c.type,
    ]);
  }
  const { rows } = await db.query<Latest>(
    'SELECT car_id, appointment_id, lead_token, version, status, qc_by, inspection_end_time FROM inspections WHERE is_latest ORDER BY car_id',
  );
  for (const [index, row] of rows.entries()) {
    const a = row.appointment_id;
    // Customer documents for about a third of the appointments (the document popup, 000 §4).
    if (index % 3 === 0) {
      const docs: [string, string, string, string][] = [
        ['rc', 'RC_FRONT', 'RC Front', 'Registration Certificate (customer copy, front)'],
        ['rc', 'RC_BACK', 'RC Back', 'Registration Certificate (customer copy, back)'],
        ['insurance', 'INSURANCE', 'Insurance Policy', 'Insurance policy (customer copy)'],
      ];
      if (rng.chance(0.5)) docs.push(['insurance', 'INSURANCE', 'Insurance Policy Page 2', 'Insurance policy page 2']);
      const verified = row.status === 'done' && rng.chance(0.6);
      for (const [docType, type, title, caption] of docs) {
        const url = images.write(`seed/${a}/customer-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`, () =>
          demoSvg({ title, kind: 'document', lines: [caption, `Appointment ${a}`, 'Uploaded by the customer'] }),
        );
        await db.query(
          `INSERT INTO customer_documents (appointment_id, lead_token, doc_type, type, image_title, url, qc_action, uploaded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [a, row.lead_token, docType, type, title, url, verified ? 'APPROVED' : null, new Date(new Date(row.inspection_end_time).getTime() - 3_600_000).toISOString()],
        );
      }
      for (const docType of ['rc', 'insurance']) {
        await db.query(
          'INSERT INTO customer_document_status (appointment_id, doc_type, status, rc_type, verified_by, verified_at) VALUES ($1, $2, $3, $4, $5, $6)',
          verified
            ? [a, docType, 'VERIFIED', docType === 'rc' ? 'Original' : null, row.qc_by, new Date(row.inspection_end_time).toISOString()]
            : [a, docType, 'PENDING', null, null, null],
        );
      }
    }
    if (index % 2 === 0) {
      for (const imperfection of pickSome(rng, IMPERFECTIONS, rng.int(1, 3))) {
        const url = images.write(`seed/common/imperfection-${imperfection.part}.svg`, () => demoSvg({ title: imperfection.title, kind: 'detail', lines: [imperfection.description] }));
        await db.query('INSERT INTO imperfections (appointment_id, section, part, title, description, severity, url) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          a, imperfection.section, imperfection.part, imperfection.title, imperfection.description, imperfection.severity, url,
        ]);
      }
    }
    if (index % 4 === 1) {
      const item = RESTRICTED[index % RESTRICTED.length];
      const url = images.write(`seed/${a}/restricted-${index % RESTRICTED.length}.svg`, () => demoSvg({ title: item.title, kind: 'document', lines: ['Restricted image', item.reason] }));
      await db.query('INSERT INTO restricted_images (appointment_id, lead_token, title, reason, url) VALUES ($1, $2, $3, $4, $5)', [a, row.lead_token, item.title, item.reason, url]);
    }
    if (row.version > 0 && index % 2 === 1) {
      const url = images.write(`ri-diff/${a}/seed-v${row.version}.html`, () => `<!doctype html><meta charset="utf-8"><title>RI changes ${a}</title><h1>Re-inspection changes: appointment ${a}, version ${row.version}</h1>`);
      await db.query(
        `INSERT INTO email_outbox (car_id, appointment_id, version, to_addresses, subject, body, diff_url, status, created_by, created_at)
         VALUES ($1, $2, $3, $4::text[], $5, $6, $7, 'queued', $8, $9)`,
        [
          row.car_id, a, row.version, ['qc.audit@qc.example', 'qc.ops@qc.example'], `Re-inspection changes: appointment ${a} (version ${row.version})`,
          'Seeded RI mail', url, row.qc_by ?? 'qc.reviewer@qc.example', new Date(new Date(row.inspection_end_time).getTime() + 40 * 60_000).toISOString(),
        ],
      );
    }
  }
  // Rejection remarks of earlier reviews (the remark history): every rejected version and about half the earlier ones.
  const reviewed = await db.query<Latest & { is_latest: boolean }>(
    "SELECT car_id, appointment_id, lead_token, version, status, qc_by, inspection_end_time, is_latest FROM inspections WHERE qc_by IS NOT NULL ORDER BY car_id",
  );
  for (const row of reviewed.rows) {
    if (row.status !== 'smReviewRejected' && (row.is_latest || !rng.chance(0.5))) continue;
    const at = new Date(row.inspection_end_time).getTime() + 20 * 60_000;
    const [section, part] = rng.pick([['carDetails', 'registrationNumber'], ['carDetails', 'chassisNumber'], ['electricalsInterior', 'odometerReading'], ['exteriorTyres', 'frontBumper']] as const);
    await db.query(
      `INSERT INTO remarks (car_id, appointment_id, section, part, sub_part, hash_key, type, remark, user_email, role, created_at)
       VALUES ($1, $2, $3, $4, NULL, NULL, 'text', $5, $6, 'qc', $7)`,
      [row.car_id, row.appointment_id, section, part, rng.pick(REMARKS), row.qc_by, new Date(at).toISOString()],
    );
  }
}
