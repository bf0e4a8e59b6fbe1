import type { LightMyRequestResponse } from 'fastify';
import { seedExtras } from '../../../server/seed/extras.ts';
import { freeInspection, type Harness } from './harness.ts';

/** Tables of the review extras (migration 010): the core harness's reset does not know them. */
const EXTRA_TABLES = ['customer_documents', 'customer_document_status', 'imperfections', 'restricted_images'];

/** The core reset plus the extras' seed (remarks, customer documents, imperfections, RI mail log …). */
export async function resetWithExtras(h: Harness, appointments = 30): Promise<void> {
  await h.reset(appointments);
  await h.db().exec(`TRUNCATE ${EXTRA_TABLES.join(', ')} RESTART IDENTITY`);
  await seedExtras(h.db(), { uploadsDir: h.uploadsDir, seed: 7 });
}

/** A free inspection handed to `email` (as the assign call would): the assignee of the §6 checks. */
export async function assignedInspection(h: Harness, email: string, skip = 0): Promise<{ car_id: number; version: number; appointment_id: string }> {
  const row = await freeInspection(h.db(), skip);
  await h.db().query("UPDATE inspections SET assignee = $2, status = 'smReview' WHERE car_id = $1", [row.car_id, email]);
  return row;
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(fields: Record<string, string | number | boolean | undefined>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----qc-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function postForm(
  h: Harness,
  url: string,
  token: string | null,
  fields: Record<string, string | number | boolean | undefined>,
  file?: FilePart,
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, file);
  return h.app().inject({
    method: 'POST',
    url,
    query: { utm_source: 'qc' },
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The start of a WebM (EBML) recording, as MediaRecorder writes it. */
export const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]);

export async function auditCount(h: Harness, action: string, carId?: number): Promise<number> {
  const { rows } = await h.db().query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND ($2::int IS NULL OR car_id = $2)', [action, carId ?? null]);
  return rows[0].n;
}
