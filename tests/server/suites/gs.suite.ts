import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRecord } from '../../../server/repos/auto-assignment.ts';
import { runPoolAssignment } from '../../../server/services/assignment-pools.ts';
import { linkPath, signLink } from '../../../server/link-token.ts';
import { GS_DEMO_USER, GS_USERS, PUBLIC_FIRST_APPOINTMENT, seedGs } from '../../../server/seed/gs.ts';
import { auditCount } from '../support/extras.ts';
import { ADMIN, REVIEWER, type Harness } from '../support/harness.ts';

const GS = GS_DEMO_USER;
const LEAD = GS_USERS[0].email;

interface Flag {
  appointment_id: string;
  lead_token: string;
  condition_flag: number;
  hard_beta: boolean;
  assigned_to: string | null;
  status: string;
}

async function reset(h: Harness) {
  await h.reset(4);
  await seedGs(h.db(), { uploadsDir: h.uploadsDir, seed: 11 });
}

/** A seeded flagged car of `gs.team` matching `where`. */
async function flag(h: Harness, where: string, assignee = GS): Promise<Flag> {
  const { rows } = await h.db().query<Flag>(`SELECT * FROM gs_flags WHERE lower(assigned_to) = $1 AND status = 'pending' AND ${where} ORDER BY appointment_id LIMIT 1`, [assignee]);
  if (!rows[0]) throw new Error(`no seeded flag where ${where}`);
  return rows[0];
}

export function gsSuite(h: Harness) {
  describe('GS unflagging (spec 002 §2–§8)', () => {
    beforeEach(() => reset(h));
    const q = { utm_source: 'qc' };
    const list = async (email: string, query: Record<string, string | string[]> = {}) =>
      h.call('GET', '/api/v2/gs-dealer-data', { token: await h.token(email), query: { ...q, emailId: email, ...query } });
    const patch = async (f: Flag, body: object, email = GS, headers: Record<string, string> = {}) =>
      h.app().inject({ method: 'PATCH', url: `/api/v2/gs-dealer-data/${f.appointment_id}`, query: q, headers: { authorization: `Bearer ${await h.token(email)}`, ...headers }, payload: body });
    const stored = async (f: Flag) => (await h.db().query<Flag & { reason: string; disposition: string; sub_disposition: string[] }>('SELECT * FROM gs_flags WHERE appointment_id = $1', [f.appointment_id])).rows[0];

    it('lists pending flagged cars with the spec fields; filters as arrays; only GS and QC admin', async () => {
      const res = await list(GS);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().detail as Record<string, unknown>[];
      expect(rows.length).toBe(12);
      expect(Object.keys(rows[0]).sort()).toEqual(['appointmentId', 'assignedTo', 'category', 'conditionFlag', 'createdAt', 'inspectionEndTime', 'leadToken', 'make', 'model', 'storeName'].sort());
      const [first] = rows;
      const byAppointment = await list(GS, { appointmentId: String(first.appointmentId) });
      expect(byAppointment.json().detail).toHaveLength(1);
      const byCategory = await list(GS, { 'category[]': ['New', 'New(R)'] });
      expect((byCategory.json().detail as { category: string }[]).every((r) => ['New', 'New(R)'].includes(r.category))).toBe(true);
      const mine = await list(GS, { 'assignedTo[]': [GS] });
      expect((mine.json().detail as { assignedTo: string }[]).every((r) => r.assignedTo === GS)).toBe(true);
      // A non-admin user filters only by their own entry; the admin (excluded user) by anyone.
      expect((await list(GS, { 'assignedTo[]': [LEAD] })).statusCode).toBe(403);
      expect((await list(ADMIN, { 'assignedTo[]': [LEAD] })).statusCode).toBe(200);
      // emailId is the caller.
      expect((await h.call('GET', '/api/v2/gs-dealer-data', { token: await h.token(GS), query: { ...q, emailId: LEAD } })).statusCode).toBe(403);
      expect((await list(REVIEWER)).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v2/gs-dealer-data', { query: { ...q, emailId: GS } })).statusCode).toBe(401);
      expect((await list(GS, { appointmentId: '12ab' })).statusCode).toBe(400);
      expect((await list(GS, { 'storeCityId[]': ['x'] })).statusCode).toBe(400);
    });

    it('detail by appointment and lead token; 404 when the token does not match; numeric ids only', async () => {
      const f = await flag(h, 'hard_beta');
      const token = await h.token(GS);
      const res = await h.call('GET', `/api/v2/gs-dealer-data/${f.appointment_id}`, { token, query: { ...q, leadToken: f.lead_token } });
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json().detail;
      expect(detail).toMatchObject({ appointmentId: f.appointment_id, conditionFlag: f.condition_flag, assignedTo: GS, otherInfo: { hardBeta: true } });
      expect(detail.basicInfo).toMatchObject({ inspectionBy: expect.any(String), cjNumber: expect.stringMatching(/^CJ/), toBeScrapped: expect.any(Number) });
      expect(detail.mainImages.length).toBeGreaterThanOrEqual(6);
      expect(detail.gsNoGoImages.length).toBeGreaterThan(0);
      expect(detail.otherInfo.betaReason.length).toBeGreaterThan(0);
      expect(res.headers.etag).toMatch(/^"/);
      expect((await h.call('GET', `/api/v2/gs-dealer-data/${f.appointment_id}`, { token, query: { ...q, leadToken: 'wrong' } })).statusCode).toBe(404);
      expect((await h.call('GET', `/api/v2/gs-dealer-data/abc`, { token, query: { ...q, leadToken: f.lead_token } })).statusCode).toBe(400);
      expect((await h.call('GET', `/api/v2/gs-dealer-data/${f.appointment_id}`, { token })).statusCode).toBe(400);
    });

    it('Change to Beta turns 0 into 4 with sub-dispositions, audited; a second action is 412', async () => {
      const f = await flag(h, 'condition_flag = 0');
      const body = { reason: 'Engine noise in video', disposition: 'alpha-missed-defect', conditionFlag: 4, status: 'REVIEWED', subDisposition: ['engine'] };
      const res = await patch(f, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ detail: 'Flag updated successfully' });
      expect(await stored(f)).toMatchObject({ condition_flag: 4, status: 'REVIEWED', reason: 'Engine noise in video', disposition: 'alpha-missed-defect', sub_disposition: ['engine'], actioned_by: GS });
      expect(await auditCount(h, 'gs-change')).toBe(1);
      const again = await patch(f, body);
      expect(again.statusCode).toBe(412);
      expect(again.json().detail).toBe('The flag of this car was changed since you opened it');
      // Actioned cars leave the list.
      expect((await list(GS, { appointmentId: f.appointment_id })).json().detail).toHaveLength(0);
    });

    it('Mark as keeps the flag without reason; Un-flag sets -1; Change to Alpha turns non-zero into 0', async () => {
      const beta = await flag(h, 'condition_flag <> 0 AND NOT hard_beta');
      expect((await patch(beta, { conditionFlag: beta.condition_flag, status: 'REVIEWED' })).statusCode).toBe(200);
      expect(await stored(beta)).toMatchObject({ condition_flag: beta.condition_flag, status: 'REVIEWED', reason: null });
      const hard = await flag(h, 'hard_beta');
      const unflag = await patch(hard, { reason: 'Airbag replaced', disposition: 'beta-repaired', conditionFlag: -1, status: 'UNFLAGGED' });
      expect(unflag.json()).toEqual({ detail: 'Car un-flagged successfully' });
      expect(await stored(hard)).toMatchObject({ condition_flag: -1, status: 'UNFLAGGED' });
      await reset(h);
      const other = await flag(h, 'condition_flag <> 0 AND NOT hard_beta');
      expect((await patch(other, { reason: 'Not visible', disposition: 'beta-false-positive', conditionFlag: 0, status: 'REVIEWED' })).statusCode).toBe(200);
      expect((await stored(other)).condition_flag).toBe(0);
    });

    it('refuses what the rules refuse: reason/disposition required, Hard Beta change, sub-dispositions on beta, non-assignee, stale If-Match', async () => {
      const beta = await flag(h, 'condition_flag <> 0 AND NOT hard_beta');
      expect((await patch(beta, { disposition: 'beta-repaired', conditionFlag: 0, status: 'REVIEWED' })).json().detail).toBe('Reason is required');
      expect((await patch(beta, { reason: 'x', conditionFlag: 0, status: 'REVIEWED' })).json().detail).toBe('Disposition is required');
      expect((await patch(beta, { reason: 'x', disposition: 'alpha-correct', conditionFlag: 0, status: 'REVIEWED' })).statusCode).toBe(400);
      expect((await patch(beta, { reason: 'x', disposition: 'beta-repaired', conditionFlag: 0, status: 'REVIEWED', subDisposition: ['engine'] })).statusCode).toBe(400);
      expect((await patch(beta, { reason: 'x', disposition: 'beta-repaired', conditionFlag: 0, status: 'REVIEWED', extra: 1 })).statusCode).toBe(400);
      const hard = await flag(h, 'hard_beta');
      expect((await patch(hard, { reason: 'x', disposition: 'beta-repaired', conditionFlag: 0, status: 'REVIEWED' })).statusCode).toBe(412);
      const lead = await flag(h, 'true', LEAD);
      expect((await patch(lead, { conditionFlag: lead.condition_flag, status: 'REVIEWED' })).statusCode).toBe(403);
      expect((await patch(beta, { conditionFlag: beta.condition_flag, status: 'REVIEWED' }, GS, { 'if-match': '"0-1"' })).statusCode).toBe(412);
      expect((await patch(beta, { conditionFlag: beta.condition_flag, status: 'REVIEWED' }, REVIEWER)).statusCode).toBe(403);
      expect(await stored(beta)).toMatchObject({ status: 'pending', condition_flag: beta.condition_flag });
    });

    it('every GS call refuses a car reviewer (403) and a caller without a token (401)', async () => {
      const f = await flag(h, 'true');
      const reviewer = await h.token(REVIEWER);
      const calls: [string, string, object?][] = [
        ['GET', `/api/v2/gs-dealer-data/${f.appointment_id}?leadToken=${f.lead_token}&utm_source=qc`],
        ['PATCH', `/api/v2/gs-dealer-data/${f.appointment_id}?utm_source=qc`, { conditionFlag: f.condition_flag, status: 'REVIEWED' }],
        ['GET', '/api/v2/gs-assignees?utm_source=qc'],
      ];
      for (const [method, url, body] of calls) {
        expect((await h.app().inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${reviewer}` }, payload: body })).statusCode, `${method} ${url}`).toBe(403);
        expect((await h.app().inject({ method: method as 'GET', url, payload: body })).statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await stored(f)).toMatchObject({ status: 'pending' });
    });

    it('getAllDispositions: labels 0 Alpha, 4 Beta with their dispositions', async () => {
      const res = await h.call('GET', '/api/v2/api/getAllDispositions', { token: await h.token(GS), query: q });
      const [alpha, beta] = res.json().detail;
      expect(alpha).toMatchObject({ id: 0, label: 'Alpha' });
      expect(beta).toMatchObject({ id: 4, label: 'Beta' });
      expect(alpha.dispositions.length).toBeGreaterThan(0);
      expect(alpha.subDispositions.length).toBeGreaterThan(0);
    });

    it('assignees: own entry for GS, all GS users for the admin', async () => {
      const mine = await h.call('GET', '/api/v2/gs-assignees', { token: await h.token(GS), query: q });
      expect((mine.json().detail as { email: string }[]).map((a) => a.email)).toEqual([GS]);
      const all = await h.call('GET', '/api/v2/gs-assignees', { token: await h.token(ADMIN), query: q });
      expect((all.json().detail as { email: string }[]).map((a) => a.email).sort()).toEqual([GS, LEAD].sort());
    });

    it('auto-assignment hands an unassigned car to a signed-in GS user and turns their live record to changed', async () => {
      await h.token(GS);
      const assigned = await runPoolAssignment(h.db(), 'gs', { maxOpen: 100 });
      expect(assigned.map((a) => a.email)).toEqual([GS]);
      expect((await readRecord(h.db(), GS)).status).toBe('changed');
      expect((await h.db().query('SELECT 1 FROM gs_flags WHERE appointment_id = $1 AND assigned_to = $2', [assigned[0].appointmentId, GS])).rows).toHaveLength(1);
      // GS users may reset their record (the stream's reset after a reload).
      const reset = await h.call('PATCH', '/api/v2/live/auto-assignment', { token: await h.token(GS), query: q, body: { status: 'pending' } });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await readRecord(h.db(), GS)).status).toBe('pending');
    });
  });

  describe('public pages (spec 002 §2, §4, §5; DESIGN.md Public pages)', () => {
    beforeAll(() => reset(h));
    const id = String(PUBLIC_FIRST_APPOINTMENT);
    const future = () => Math.floor(Date.now() / 1000) + 3600;
    const link = (page: 'customer-audit' | 'sell-online', appointment: string, exp: number) => ({ exp: String(exp), token: signLink(h.app().ctx.linkSecret, page, appointment, exp) });

    it('health answers without sign-in', async () => {
      const res = await h.call('GET', '/api/public/health');
      expect(res.statusCode).toBe(200);
      expect(res.json().detail).toMatchObject({ status: 'ok', database: 'ok' });
    });

    it('customer audit: read and answered once with a valid link; tampered, guessed and expired links refused', async () => {
      const exp = future();
      const query = { appointmentId: id, ...link('customer-audit', id, exp) };
      const res = await h.call('GET', '/api/v2/customer-audit-data', { query });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toMatchObject({ appointmentId: id, carDetails: { customerName: expect.any(String) }, inspectionBy: expect.any(String), status: null });
      expect(res.json().detail.customerInput[0]).toMatchObject({ title: expect.any(String), value: expect.any(String) });
      // Edited expiry, another appointment with this signature, no signature, a sell-online signature, expired.
      expect((await h.call('GET', '/api/v2/customer-audit-data', { query: { ...query, exp: String(exp + 60) } })).statusCode).toBe(403);
      const guessed = String(PUBLIC_FIRST_APPOINTMENT + 7);
      expect((await h.call('GET', '/api/v2/customer-audit-data', { query: { ...query, appointmentId: guessed } })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v2/customer-audit-data', { query: { appointmentId: id } })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v2/customer-audit-data', { query: { appointmentId: id, ...link('sell-online', id, exp) } })).statusCode).toBe(403);
      const past = Math.floor(Date.now() / 1000) - 10;
      const expired = await h.call('GET', '/api/v2/customer-audit-data', { query: { appointmentId: id, ...link('customer-audit', id, past) } });
      expect(expired.statusCode).toBe(403);
      expect(expired.json().detail).toBe('This link has expired');
      const answer = (status: string) => h.call('POST', '/api/v2/customer-audit-data', { query: link('customer-audit', id, exp), body: { appointmentId: id, status } });
      expect((await answer('maybe')).statusCode).toBe(400);
      expect((await answer('approved')).statusCode).toBe(200);
      expect((await answer('rejected')).statusCode).toBe(409);
      expect(await auditCount(h, 'customer-audit')).toBe(1);
      expect((await h.db().query('SELECT status FROM customer_audits WHERE appointment_id = $1', [id])).rows[0]).toEqual({ status: 'approved' });
    });

    it('sell-online: OPEN on first view, then APPROVED once; other appointments refused', async () => {
      const appointment = String(PUBLIC_FIRST_APPOINTMENT + 7);
      const exp = future();
      const query = link('sell-online', appointment, exp);
      const res = await h.call('GET', '/api/v2/sell-online', { query: { ...query, appointmentId: appointment } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toMatchObject({ customerName: expect.any(String), offeredPrice: expect.any(Number), reviewData: expect.any(Array), status: null });
      expect((await h.call('POST', '/api/v2/sell-online', { query, body: { appointmentId: appointment, status: 'OPEN' } })).json().detail).toBe('OPEN');
      expect((await h.call('PUT', `/api/v2/sell-online/${id}`, { query, body: { status: 'APPROVED' } })).statusCode).toBe(403);
      expect((await h.call('PUT', `/api/v2/sell-online/${appointment}`, { query, body: { status: 'APPROVED' } })).statusCode).toBe(200);
      expect((await h.call('PUT', `/api/v2/sell-online/${appointment}`, { query, body: { status: 'REJECTED' } })).statusCode).toBe(409);
      expect((await h.db().query('SELECT status FROM sell_online WHERE appointment_id = $1', [appointment])).rows[0]).toEqual({ status: 'APPROVED' });
    });

    it('linkPath makes the page URLs the link command prints', () => {
      expect(linkPath('s', 'customer-audit', '42', 100)).toMatch(/^\/customer-audit\/42\/100\?token=[A-Za-z0-9_-]{43}$/);
      expect(linkPath('s', 'sell-online', '42', 100)).toMatch(/^\/sell-online\?appointmentId=42&exp=100&token=[A-Za-z0-9_-]{43}$/);
    });
  });
}
