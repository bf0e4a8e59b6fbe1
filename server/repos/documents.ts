/**
 * The pre-inspection documents tables (spec 000 §7, /docs-api/): customer_documents (RC and insurance images with the
 * QC's action), customer_document_status (the verdict per document type), imperfections and restricted_images.
 */
import type { Queryable } from '../db.ts';

export type DocType = 'rc' | 'insurance';

export interface DocRow {
  id: number;
  appointment_id: string;
  doc_type: DocType;
  type: string;
  image_title: string;
  url: string;
  qc_action: string | null;
  uploaded_at: Date;
}

export async function documentsOf(db: Queryable, appointmentId: string): Promise<DocRow[]> {
  return (await db.query<DocRow>('SELECT * FROM customer_documents WHERE appointment_id = $1 ORDER BY doc_type, image_title, id', [appointmentId])).rows;
}

export async function documentsOfType(db: Queryable, appointmentId: string, docType: DocType): Promise<DocRow[]> {
  return (await db.query<DocRow>('SELECT * FROM customer_documents WHERE appointment_id = $1 AND doc_type = $2 ORDER BY id', [appointmentId, docType])).rows;
}

export async function documentStatuses(db: Queryable, appointmentId: string) {
  return (await db.query<{ doc_type: string; status: string; rc_type: string | null }>('SELECT doc_type, status, rc_type FROM customer_document_status WHERE appointment_id = $1', [appointmentId])).rows;
}

export async function documentStatus(db: Queryable, appointmentId: string, docType: DocType): Promise<string | null> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM customer_document_status WHERE appointment_id = $1 AND doc_type = $2', [appointmentId, docType]);
  return rows[0]?.status ?? null;
}

export async function setImageAction(db: Queryable, appointmentId: string, docType: DocType, imageTitle: string, qcAction: string): Promise<void> {
  await db.query('UPDATE customer_documents SET qc_action = $3 WHERE appointment_id = $1 AND doc_type = $2 AND image_title = $4', [appointmentId, docType, qcAction, imageTitle]);
}

export async function setDocumentStatus(db: Queryable, v: { appointmentId: string; docType: DocType; status: string; rcType: string | null; verifiedBy: string }): Promise<void> {
  await db.query(
    `INSERT INTO customer_document_status (appointment_id, doc_type, status, rc_type, verified_by, verified_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (appointment_id, doc_type) DO UPDATE SET status = EXCLUDED.status, rc_type = EXCLUDED.rc_type, verified_by = EXCLUDED.verified_by, verified_at = now()`,
    [v.appointmentId, v.docType, v.status, v.rcType, v.verifiedBy],
  );
}

/** One document with its type's status; null when there is none. */
export async function documentById(db: Queryable, id: number): Promise<(DocRow & { status: string | null }) | null> {
  const { rows } = await db.query<DocRow & { status: string | null }>(
    `SELECT d.*, s.status FROM customer_documents d
       LEFT JOIN customer_document_status s ON s.appointment_id = d.appointment_id AND s.doc_type = d.doc_type WHERE d.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The lead token of an appointment's latest inspection (undefined when it has none). */
export async function leadTokenOf(db: Queryable, appointmentId: string): Promise<string | null | undefined> {
  const { rows } = await db.query<{ lead_token: string | null }>('SELECT lead_token FROM inspections WHERE appointment_id = $1 ORDER BY is_latest DESC, version DESC LIMIT 1', [appointmentId]);
  return rows[0]?.lead_token;
}

export const imperfectionsOf = async (db: Queryable, appointmentId: string) =>
  (await db.query('SELECT id, section, part, title, description, severity, url FROM imperfections WHERE appointment_id = $1 ORDER BY id', [appointmentId])).rows;

export const restrictedImagesOf = async (db: Queryable, appointmentId: string, leadToken: string) =>
  (await db.query('SELECT id, title, reason, url FROM restricted_images WHERE appointment_id = $1 AND lead_token = $2 ORDER BY id', [appointmentId, leadToken])).rows;
