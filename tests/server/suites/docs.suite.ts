import { beforeAll, describe, expect, it } from 'vitest';
import { auditCount, resetWithExtras } from '../support/extras.ts';
import { OTHER, REVIEWER, REVIEWER2, VERSION, type Harness } from '../support/harness.ts';

export function docsSuite(h: Harness) {
  describe('pre-inspection documents host /docs-api/ (spec 000 §4 Customer document verification, §7)', () => {
    let appt: { appointment_id: string; lead_token: string; car_id: number };
    beforeAll(async () => {
      await resetWithExtras(h, 24);
      const { rows } = await h.db().query<{ appointment_id: string; lead_token: string; car_id: number }>(
        `SELECT i.appointment_id, i.lead_token, i.car_id FROM inspections i
          WHERE i.is_latest AND EXISTS (SELECT 1 FROM customer_documents d WHERE d.appointment_id = i.appointment_id)
            AND EXISTS (SELECT 1 FROM customer_document_status s WHERE s.appointment_id = i.appointment_id AND s.status = 'PENDING')
          ORDER BY i.car_id LIMIT 1`,
      );
      appt = rows[0];
      await h.db().query("UPDATE inspections SET assignee = $2, status = 'smReview' WHERE car_id = $1", [appt.car_id, REVIEWER]);
    });

    const docs = async (email = REVIEWER, leadToken = appt.lead_token) =>
      h.call('GET', '/docs-api/api/getRcInsuranceDocs', { token: await h.token(email), query: { utm_source: 'qc', appointmentId: appt.appointment_id, leadToken } });
    const approve = async (body: object, email = REVIEWER) =>
      h.call('PUT', '/docs-api/api/approval', { token: await h.token(email), query: { utm_source: 'qc' }, body: { appointmentId: appt.appointment_id, user: email, ...body } });

    it('getRcInsuranceDocs answers preRcImages and preInsuranceImages (type, imageTitle, qcAction, url) with PENDING statuses', async () => {
      const res = await docs(VERSION);
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json().detail;
      expect(detail.preRcImages).toHaveLength(2);
      expect(detail.preRcImages[0]).toEqual({ id: expect.any(Number), type: expect.stringMatching(/^RC_/), imageTitle: expect.any(String), qcAction: null, url: expect.stringMatching(/^\/uploads\//) });
      expect(detail.preInsuranceImages.length).toBeGreaterThanOrEqual(1);
      expect(detail).toMatchObject({ rcStatus: 'PENDING', insuranceStatus: 'PENDING', rcType: null });
      expect((await h.app().inject({ method: 'GET', url: detail.preRcImages[0].url })).statusCode).toBe(200);
    });

    it('a wrong lead token finds nothing (404); missing parameters are 400; 401 and 403 by role', async () => {
      expect((await docs(REVIEWER, 'wrong-token')).statusCode).toBe(404);
      expect((await h.call('GET', '/docs-api/api/getRcInsuranceDocs', { token: await h.token(REVIEWER), query: { appointmentId: appt.appointment_id } })).statusCode).toBe(400);
      expect((await h.call('GET', '/docs-api/api/getRcInsuranceDocs', { query: { appointmentId: appt.appointment_id, leadToken: appt.lead_token } })).statusCode).toBe(401);
      expect((await docs(OTHER)).statusCode).toBe(403);
    });

    it('PUT api/approval: RC needs an RC type, status must agree with the per-image actions (400)', async () => {
      const rc = (await docs()).json().detail.preRcImages as { imageTitle: string; type: string }[];
      const approved = rc.map((i) => ({ imageTitle: i.imageTitle, type: i.type, qcAction: 'APPROVED' }));
      expect((await approve({ docType: 'rc', status: 'VERIFIED', images: approved })).json().detail).toMatch(/rcType is required/);
      expect((await approve({ docType: 'rc', rcType: 'Laminated', status: 'VERIFIED', images: approved })).statusCode).toBe(400);
      const mixed = [{ ...approved[0], qcAction: 'REJECTED' }, ...approved.slice(1)];
      expect((await approve({ docType: 'rc', rcType: 'Original', status: 'VERIFIED', images: mixed })).json().detail).toMatch(/VERIFIED exactly when/);
      expect((await approve({ docType: 'rc', rcType: 'Original', status: 'VERIFIED', images: [{ imageTitle: 'RC9', qcAction: 'APPROVED' }] })).json().detail).toMatch(/Unknown rc image/);
      expect((await approve({ docType: 'passport', status: 'VERIFIED' })).statusCode).toBe(400);
      expect((await approve({ docType: 'rc', rcType: 'Original', status: 'PENDING' })).statusCode).toBe(400);
    });

    it('only the assignee may approve (403); 401 without a token', async () => {
      expect((await approve({ docType: 'insurance', status: 'UNVERIFIED' }, REVIEWER2)).statusCode).toBe(403);
      expect((await approve({ docType: 'insurance', status: 'UNVERIFIED' }, OTHER)).statusCode).toBe(403);
      expect((await h.call('PUT', '/docs-api/api/approval', { body: { appointmentId: appt.appointment_id, docType: 'rc', user: REVIEWER, status: 'VERIFIED' } })).statusCode).toBe(401);
    });

    it('the assignee verifies RC (rcType, all APPROVED) and rejects insurance: statuses, actions and audit are stored', async () => {
      const before = (await docs()).json().detail;
      const rcImages = before.preRcImages.map((i: { imageTitle: string; type: string }) => ({ imageTitle: i.imageTitle, type: i.type, qcAction: 'APPROVED' }));
      const rc = await approve({ docType: 'rc', rcType: 'Duplicate', status: 'VERIFIED', images: rcImages });
      expect(rc.statusCode, rc.body).toBe(200);
      expect(rc.json().detail).toEqual({ appointmentId: appt.appointment_id, docType: 'rc', status: 'VERIFIED', rcType: 'Duplicate' });
      const insImages = before.preInsuranceImages.map((i: { imageTitle: string }, n: number) => ({ imageTitle: i.imageTitle, qcAction: n === 0 ? 'REJECTED' : 'APPROVED' }));
      const ins = await approve({ docType: 'insurance', rcType: null, status: 'UNVERIFIED', images: insImages });
      expect(ins.statusCode, ins.body).toBe(200);
      const after = (await docs()).json().detail;
      expect(after).toMatchObject({ rcStatus: 'VERIFIED', insuranceStatus: 'UNVERIFIED', rcType: 'Duplicate' });
      expect(after.preRcImages.every((i: { qcAction: string }) => i.qcAction === 'APPROVED')).toBe(true);
      expect(after.preInsuranceImages[0].qcAction).toBe('REJECTED');
      const { rows } = await h.db().query<{ before_status: string; after_status: string }>(
        "SELECT before_status, after_status FROM audit_log WHERE action = 'document-approval-rc' AND appointment_id = $1",
        [appt.appointment_id],
      );
      expect(rows).toEqual([{ before_status: 'PENDING', after_status: 'VERIFIED' }]);
      expect(await auditCount(h, 'document-approval-insurance', appt.car_id)).toBe(1);
    });

    it('GET get-doc/{id} answers one document with its appointment\'s lead token; unknown or another lead token 404, malformed 400', async () => {
      const id = (await docs()).json().detail.preRcImages[0].id;
      const query = { utm_source: 'qc', leadToken: appt.lead_token };
      const res = await h.call('GET', `/docs-api/get-doc/${id}`, { token: await h.token(REVIEWER), query });
      expect(res.statusCode).toBe(200);
      expect(res.json().detail).toMatchObject({ id, appointmentId: appt.appointment_id, docType: 'rc', status: 'VERIFIED', imageTitle: expect.any(String), url: expect.any(String) });
      expect((await h.call('GET', '/docs-api/get-doc/999999', { token: await h.token(REVIEWER), query })).statusCode).toBe(404);
      expect((await h.call('GET', `/docs-api/get-doc/${id}`, { token: await h.token(REVIEWER), query: { ...query, leadToken: 'someone-else' } })).statusCode).toBe(404);
      expect((await h.call('GET', `/docs-api/get-doc/${id}`, { token: await h.token(REVIEWER), query: { utm_source: 'qc' } })).statusCode).toBe(400);
      expect((await h.call('GET', '/docs-api/get-doc/abc', { token: await h.token(REVIEWER), query })).statusCode).toBe(400);
      expect((await h.call('GET', `/docs-api/get-doc/${id}`, { token: await h.token(OTHER), query })).statusCode).toBe(403);
    });

    it('imperfections by appointment and restricted images by appointment + lead token', async () => {
      const { rows } = await h.db().query<{ appointment_id: string }>('SELECT appointment_id FROM imperfections LIMIT 1');
      const imp = await h.call('GET', '/docs-api/api/imperfections', { token: await h.token(REVIEWER), query: { utm_source: 'qc', appointmentId: rows[0].appointment_id } });
      expect(imp.statusCode).toBe(200);
      expect(imp.json().detail[0]).toEqual({ id: expect.any(Number), section: expect.any(String), part: expect.any(String), title: expect.any(String), description: expect.any(String), severity: expect.stringMatching(/minor|major|critical/), url: expect.any(String) });
      expect((await h.call('GET', '/docs-api/api/imperfections', { token: await h.token(REVIEWER), query: { appointmentId: 'NOPE1' } })).statusCode).toBe(404);
      expect((await h.call('GET', '/docs-api/api/imperfections', { token: await h.token(REVIEWER) })).statusCode).toBe(400);
      const restricted = (await h.db().query<{ appointment_id: string; lead_token: string }>('SELECT appointment_id, lead_token FROM restricted_images LIMIT 1')).rows[0];
      const res = await h.call('GET', '/docs-api/api/restricted-images', { token: await h.token(REVIEWER), query: { appointmentId: restricted.appointment_id, leadToken: restricted.lead_token } });
      expect(res.statusCode).toBe(200);
      expect(res.json().detail[0]).toEqual({ id: expect.any(Number), title: expect.any(String), reason: expect.any(String), url: expect.any(String) });
      expect((await h.call('GET', '/docs-api/api/restricted-images', { token: await h.token(REVIEWER), query: { appointmentId: restricted.appointment_id, leadToken: 'x' } })).statusCode).toBe(404);
      expect((await h.call('GET', '/docs-api/api/restricted-images', { query: { appointmentId: restricted.appointment_id, leadToken: restricted.lead_token } })).statusCode).toBe(401);
      expect((await h.call('GET', '/docs-api/api/imperfections', { token: await h.token(OTHER), query: { appointmentId: rows[0].appointment_id } })).statusCode).toBe(403);
    });
  });
}
