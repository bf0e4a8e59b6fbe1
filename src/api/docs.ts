/** Typed calls to the pre-inspection documents host (spec 000 §7), base from VITE_DOCS_API_BASE (DESIGN.md). */
import type { ApproveDocumentRequest, CustomerDocuments, LoadDocumentsRequest } from '../machines/customer-documents.machine.ts';
import { createHttp } from './http.ts';

/** The documents host's base, always ending in '/' so relative spec paths append to it. */
export const DOCS_API_BASE = withSlash(import.meta.env.VITE_DOCS_API_BASE ?? '/docs-api/');

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

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
