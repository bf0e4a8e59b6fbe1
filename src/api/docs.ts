/** Typed calls to the pre-inspection documents host (spec 000 §7), base from VITE_DOCS_API_BASE (DESIGN.md). */
import { DOCS_API_BASE } from './bases.ts';
import { createHttp } from './http.ts';

/** RC types the approval takes (000 §7); the machine lists them in this order as RC_TYPES. */
export type RcType = 'Original' | 'Duplicate' | 'Photocopy' | 'Lost';
export type QcAction = 'APPROVED' | 'REJECTED';
export type DocType = 'rc' | 'insurance';
/** Document status values (000 §3 'Pre-inspection customer documents'). */
export type DocStatus = 'PENDING' | 'VERIFIED' | 'UNVERIFIED';

/** One customer-uploaded image as `GET api/getRcInsuranceDocs` answers it. */
export interface CustomerDocImage {
  type?: string;
  imageTitle: string;
  url?: string;
  qcAction?: string | null;
}

export interface CustomerDocuments {
  preRcImages: CustomerDocImage[];
  preInsuranceImages: CustomerDocImage[];
  rcType?: string | null;
}

export interface LoadDocumentsRequest {
  appointmentId: string;
  leadToken: string;
}

/**
 * Body of the approval PUT, one per document type (000 §7: appointmentId, docType, user, rcType, status).
 * status is VERIFIED when every image of the type is approved, else UNVERIFIED; `images` carries the per-image
 * decisions, which the spec's field list does not name.
 */
export interface ApproveDocumentRequest {
  appointmentId: string;
  docType: DocType;
  user: string;
  rcType: RcType | null;
  status: Exclude<DocStatus, 'PENDING'>;
  images: { imageTitle: string; type?: string; qcAction: QcAction }[];
}

export { DOCS_API_BASE };

export const docsHttp = createHttp(DOCS_API_BASE);

/** `GET api/getRcInsuranceDocs`: the customer's pre-inspection RC and insurance images. */
export async function fetchCustomerDocuments(request: LoadDocumentsRequest): Promise<CustomerDocuments> {
  const { data } = await docsHttp.get<{ detail: CustomerDocuments }>('api/getRcInsuranceDocs', { params: request });
  return data.detail;
}

/** `PUT api/approval`: one document type's verdict (appointmentId, docType, user, rcType, status, per-image actions). */
export async function approveDocument(request: ApproveDocumentRequest): Promise<unknown> {
  const { data } = await docsHttp.put<{ detail: unknown }>('api/approval', request);
  return data.detail;
}
