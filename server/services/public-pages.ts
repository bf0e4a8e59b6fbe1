/**
 * The seller's pages (spec 002 §2, §7): the customer audit and the sell-online offer of one appointment, each
 * answered once (409 after an answer), with the answer's audit line. The route checks the signed link first.
 */
import type { Db, Queryable } from '../db.ts';
import { conflict, notFound } from '../errors.ts';
import { audit } from '../repos/inspections.ts';
import { customerAudit, markSellOnlineOpen, sellOnline, setCustomerAuditStatus, setSellOnlineAnswer } from '../repos/public-pages.ts';

const NOT_FOUND = 'AppointmentId not found';

export async function customerAuditData(db: Queryable, appointmentId: string) {
  const row = await customerAudit(db, appointmentId);
  if (!row) throw notFound(NOT_FOUND);
  return { appointmentId: row.appointment_id, carDetails: row.car_details, customerInput: row.customer_input, cjInput: row.cj_input, inspectionBy: row.inspection_by, status: row.status };
}

export async function answerCustomerAudit(db: Db, appointmentId: string, status: 'approved' | 'rejected') {
  return db.transaction(async (tx) => {
    const row = await customerAudit(tx, appointmentId, { forUpdate: true });
    if (!row) throw notFound(NOT_FOUND);
    if (row.status) throw conflict(`This audit was already answered (${row.status})`);
    await setCustomerAuditStatus(tx, appointmentId, status);
    await audit(tx, { actor: 'customer', action: 'customer-audit', appointmentId, before: null, after: status });
    return 'Thank you, your feedback has been recorded';
  });
}

export async function sellOnlineData(db: Queryable, appointmentId: string) {
  const row = await sellOnline(db, appointmentId);
  if (!row) throw notFound(NOT_FOUND);
  return { ...row.record, appointmentId, status: row.status };
}

/** Marks the offer OPEN on its first view; later views and answered offers keep their status. */
export async function openSellOnline(db: Db, appointmentId: string) {
  return db.transaction(async (tx) => {
    const row = await sellOnline(tx, appointmentId, { forUpdate: true });
    if (!row) throw notFound(NOT_FOUND);
    if (row.status) return row.status;
    await markSellOnlineOpen(tx, appointmentId);
    await audit(tx, { actor: 'customer', action: 'sell-online-open', appointmentId, before: null, after: 'OPEN' });
    return 'OPEN';
  });
}

export async function answerSellOnline(db: Db, appointmentId: string, status: 'APPROVED' | 'REJECTED') {
  return db.transaction(async (tx) => {
    const row = await sellOnline(tx, appointmentId, { forUpdate: true });
    if (!row) throw notFound(NOT_FOUND);
    if (row.status === 'APPROVED' || row.status === 'REJECTED') throw conflict(`This offer was already answered (${row.status})`);
    await setSellOnlineAnswer(tx, appointmentId, status);
    await audit(tx, { actor: 'customer', action: 'sell-online-answer', appointmentId, before: row.status, after: status });
    return status;
  });
}
