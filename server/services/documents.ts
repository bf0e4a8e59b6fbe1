/**
 * Pre-inspection documents (spec 000 §7, /docs-api/): what a lead token opens, and the QC verdict on the customer's
 * RC and insurance images (assignee only, one transaction with its audit line).
 */
import type { SessionUser } from '../auth.ts';
import type { Db, Queryable } from '../db.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { audit } from '../repos/inspections.ts';
import {
  documentById,
  documentsOf,
  documentsOfType,
  documentStatus,
  documentStatuses,
  imperfectionsOf,
  leadTokenOf,
  restrictedImagesOf,
  setDocumentStatus,
  setImageAction,
  type DocRow,
  type DocType,
} from '../repos/documents.ts';
import { assertAssignee, sameEmail } from './assignee.ts';
import { latestInspection } from '../repos/appointments.ts';

export const RC_TYPES = ['Original', 'Duplicate', 'Photocopy', 'Lost'];

const toImage = (d: DocRow) => ({ id: d.id, type: d.type, imageTitle: d.image_title, qcAction: d.qc_action, url: d.url });

/** The appointment's lead token must match: it is what the customer-facing upload was keyed by. */
async function checkLead(db: Queryable, appointmentId: string, leadToken: string): Promise<void> {
  const row = await latestInspection(db, appointmentId);
  if (row.lead_token !== leadToken) throw notFound(`No documents for appointment ${appointmentId} with this lead token`);
}

/** The RC and insurance images of an appointment with their QC actions, and each type's status (PENDING until verified). */
export async function rcInsuranceDocs(db: Queryable, appointmentId: string, leadToken: string) {
  await checkLead(db, appointmentId, leadToken);
  const docs = await documentsOf(db, appointmentId);
  const statuses = await documentStatuses(db, appointmentId);
  const status = (docType: string) => statuses.find((s) => s.doc_type === docType);
  return {
    appointmentId,
    preRcImages: docs.filter((d) => d.doc_type === 'rc').map(toImage),
    preInsuranceImages: docs.filter((d) => d.doc_type === 'insurance').map(toImage),
    rcType: status('rc')?.rc_type ?? null,
    rcStatus: status('rc')?.status ?? 'PENDING',
    insuranceStatus: status('insurance')?.status ?? 'PENDING',
  };
}

export interface Approval {
  appointmentId: string;
  docType: DocType;
  user: string;
  rcType?: string | null;
  status: 'VERIFIED' | 'UNVERIFIED';
  images?: { imageTitle: string; qcAction: 'APPROVED' | 'REJECTED' }[];
}

/** The QC verdict on one document type: VERIFIED exactly when every image is APPROVED; rc needs its rcType. */
export async function approveDocuments(db: Db, me: SessionUser, body: Approval) {
  if (!sameEmail(body.user, me.email)) throw forbidden('user must be the signed-in user');
  if (body.docType === 'rc' && !body.rcType) throw badRequest('rcType is required for RC documents');
  const rcType = body.docType === 'rc' ? body.rcType! : null;
  return db.transaction(async (tx) => {
    const row = await latestInspection(tx, body.appointmentId, { forUpdate: true });
    assertAssignee(row, me, 'verify the customer documents');
    const docs = await documentsOfType(tx, body.appointmentId, body.docType);
    if (!docs.length) throw notFound(`No ${body.docType} documents for appointment ${body.appointmentId}`);
    const images = body.images ?? [];
    for (const image of images) {
      if (!docs.some((d) => d.image_title === image.imageTitle)) throw badRequest(`Unknown ${body.docType} image ${image.imageTitle}`);
    }
    const action = (d: DocRow) => images.find((i) => i.imageTitle === d.image_title)?.qcAction ?? d.qc_action;
    if (images.length && docs.some((d) => !action(d))) throw badRequest('Every image needs a qcAction');
    const allApproved = docs.every((d) => action(d) === 'APPROVED');
    if (images.length && (body.status === 'VERIFIED') !== allApproved) {
      throw badRequest('status must be VERIFIED exactly when every image is APPROVED');
    }
    for (const image of images) await setImageAction(tx, body.appointmentId, body.docType, image.imageTitle, image.qcAction);
    const before = await documentStatus(tx, body.appointmentId, body.docType);
    await setDocumentStatus(tx, { appointmentId: body.appointmentId, docType: body.docType, status: body.status, rcType, verifiedBy: me.email });
    await audit(tx, {
      actor: me.email,
      action: `document-approval-${body.docType}`,
      carId: row.car_id,
      appointmentId: body.appointmentId,
      before: before ?? 'PENDING',
      after: body.status,
      detail: { rcType, images },
    });
    return { appointmentId: body.appointmentId, docType: body.docType, status: body.status, rcType };
  });
}

/** One document, only with its appointment's lead token (ids are sequential, so an id alone is not enough). */
export async function documentWithLead(db: Queryable, id: number, leadToken: string) {
  const d = await documentById(db, id);
  // The same answer for an unknown id and a wrong lead token: an id does not reveal that a document exists.
  if (!d) throw notFound(`Document ${id} not found`);
  if ((await leadTokenOf(db, d.appointment_id)) !== leadToken) throw notFound(`Document ${id} not found`);
  return { ...toImage(d), appointmentId: d.appointment_id, docType: d.doc_type, status: d.status ?? 'PENDING', uploadedAt: new Date(d.uploaded_at).toISOString() };
}

/** The imperfections of an appointment (404 for an unknown appointment). */
export async function imperfections(db: Queryable, appointmentId: string) {
  await latestInspection(db, appointmentId);
  return imperfectionsOf(db, appointmentId);
}

export async function restrictedImages(db: Queryable, appointmentId: string, leadToken: string) {
  await checkLead(db, appointmentId, leadToken);
  return restrictedImagesOf(db, appointmentId, leadToken);
}
