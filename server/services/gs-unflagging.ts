/** GS unflagging (spec 002 §2–§8): the list's assignee rule, the detail with its ETag, and the assignee's flag action. */
import { actionFor, actionOutcome, dispositionsFor, type UnflagConfig } from '../../src/products/gs-unflagging/unflag.ts';
import type { SessionUser } from '../auth.ts';
import type { Db } from '../db.ts';
import { badRequest, forbidden, HttpError, notFound } from '../errors.ts';
import { audit } from '../repos/inspections.ts';
import { flagByLead, lockFlag, pendingFlags, storeFlagAction, type FlagFilters, type FlagRow } from '../repos/gs-flags.ts';
import { rulesProductConfig } from './product-config.ts';
import { sameEmail } from './assignee.ts';

const preconditionFailed = (detail: string) => new HttpError(412, 'Precondition Failed', detail);
const iso = (d: Date | string) => new Date(d).toISOString();

/** The version a page loaded, sent back as If-Match so an action on a changed flag is refused (412). */
const etagOf = (row: FlagRow) => `"${row.condition_flag}-${new Date(row.updated_at).getTime()}"`;

/** The list for `me`: like the car list, only an admin-type (excluded) user may filter by other assignees (spec 002 §2). */
export async function flagList(db: Db, me: SessionUser, emailId: string, filters: FlagFilters) {
  if (!sameEmail(emailId, me.email)) throw forbidden('emailId must be your own e-mail');
  if (!me.isExcludedUser && filters.assignees.some((a) => !sameEmail(a, me.email))) throw forbidden('You may only filter by your own assignee entry');
  const rows = await pendingFlags(db, { ...filters, assignees: filters.assignees.map((a) => a.toLowerCase()) });
  return rows.map((r) => ({
    appointmentId: r.appointment_id,
    category: r.category,
    inspectionEndTime: iso(r.inspection_end_time),
    make: r.make,
    model: r.model,
    storeName: r.store_name,
    createdAt: iso(r.created_at),
    assignedTo: r.assigned_to,
    conditionFlag: r.condition_flag,
    leadToken: r.lead_token,
  }));
}

/** A flagged car's detail and the ETag its action sends back. */
export async function flagDetail(db: Db, appointmentId: string, leadToken: string) {
  const row = await flagByLead(db, appointmentId, leadToken);
  if (!row) throw notFound(`No flagged car ${appointmentId} with this lead token`);
  return {
    etag: etagOf(row),
    detail: { ...row.detail, appointmentId: row.appointment_id, workflowId: row.workflow_id, conditionFlag: row.condition_flag, assignedTo: row.assigned_to, status: row.status },
  };
}

export interface FlagActionBody {
  reason?: string;
  disposition?: string;
  conditionFlag: number;
  status: string;
  subDisposition?: string[];
  /** The GS unflagging config version the page was opened on (null: the JSON in src/config; absent: the active one). */
  configVersion?: number | null;
}

/**
 * The assignee confirms, changes or removes the flag: which action the body is, what it leads to and what it needs
 * are the rules of the config version the page was opened on (seed: src/config/gs-unflagging/unflag.json), which the
 * flag row records; a flag changed since `ifMatch` is refused (412).
 */
export async function actOnFlag(db: Db, me: SessionUser, appointmentId: string, body: FlagActionBody, ifMatch: string | undefined): Promise<string> {
  const { version: configVersion, config } = await rulesProductConfig<UnflagConfig>(db, 'gs-unflagging', body.configVersion);
  const messages = config.messages;
  return db.transaction(async (tx) => {
    const row = await lockFlag(tx, appointmentId);
    if (!row) throw notFound(`No flagged car ${appointmentId}`);
    if (!sameEmail(row.assigned_to, me.email)) throw forbidden(messages.notAssignee);
    const facts = { conditionFlag: row.condition_flag, hardBeta: row.hard_beta };
    const action = row.status === 'pending' && (!ifMatch || ifMatch === etagOf(row)) ? actionFor(config, facts, body) : null;
    if (!action) throw preconditionFailed(messages.flagChanged);
    const outcome = actionOutcome(config, action, facts);
    const reason = body.reason?.trim() ?? '';
    const sub = body.subDisposition ?? [];
    if (outcome.needsReason) {
      if (!reason) throw badRequest(messages.reasonRequired);
      if (!body.disposition) throw badRequest(messages.dispositionRequired);
      if (!dispositionsFor(config, row.condition_flag).some((d) => d.key === body.disposition)) throw badRequest(`Unknown disposition ${body.disposition}`);
    }
    if (sub.length && !outcome.subDispositions) throw badRequest('Sub-dispositions are only given when an Alpha car is changed to Beta');
    const unknown = sub.find((key) => !config.subDispositions.some((s) => s.key === key));
    if (unknown !== undefined) throw badRequest(`Unknown sub-disposition ${unknown}`);
    await storeFlagAction(tx, appointmentId, {
      conditionFlag: outcome.conditionFlag,
      status: outcome.status,
      reason: outcome.needsReason ? reason : null,
      disposition: outcome.needsReason ? (body.disposition ?? null) : null,
      subDisposition: sub,
      actionedBy: me.email,
      configVersion,
    });
    await audit(tx, {
      actor: me.email,
      action: `gs-${action}`,
      appointmentId,
      before: String(row.condition_flag),
      after: String(outcome.conditionFlag),
      detail: { status: outcome.status, reason, disposition: body.disposition ?? null, subDisposition: sub, configVersion },
    });
    return action === 'unflag' ? messages.unflagged : messages.success;
  });
}
