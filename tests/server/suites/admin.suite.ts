import { beforeAll, describe, expect, it } from 'vitest';
import { auditCount, resetWithExtras } from '../support/extras.ts';
import { ADMIN, REVIEWER, STORE, type Harness } from '../support/harness.ts';

export function adminSuite(h: Harness) {
  describe('admin corrections (spec 002 §4/§7: update-correct-reg-number, odometer)', () => {
    let appt: { appointment_id: string; car_id: number; reg: string; variant: string; variant_id: number; model_id: number };
    beforeAll(async () => {
      await resetWithExtras(h, 12);
      const { rows } = await h.db().query<typeof appt>(
        `SELECT appointment_id, car_id, detail->'inspectionData'->'carDetails'->'registrationNumber'->>'value' AS reg,
                detail->'inspectionData'->'carDetails'->'variant'->>'value' AS variant,
                (detail->'inspectionData'->'carDetails'->'variant'->>'id')::int AS variant_id,
                (detail->'inspectionData'->'carDetails'->'model'->>'id')::int AS model_id
           FROM inspections WHERE is_latest ORDER BY car_id LIMIT 1`,
      );
      appt = rows[0];
    });

    const post = async (url: string, body: object, email = ADMIN) => h.call('POST', url, { token: await h.token(email), query: { utm_source: 'qc' }, body });
    const carDetails = async () =>
      (await h.db().query<{ detail: { inspectionData: { carDetails: Record<string, { value: unknown; id?: unknown }> } }; variant: string }>('SELECT detail, variant FROM inspections WHERE car_id = $1', [appt.car_id])).rows[0];

    it('corrects the registration number (upper-cased) and the variant of the latest inspection', async () => {
      const other = (await h.db().query<{ variant_id: number; variant_name: string }>('SELECT variant_id, variant_name FROM variants WHERE model_id = $1 AND variant_name <> $2 LIMIT 1', [appt.model_id, appt.variant])).rows[0];
      const res = await post('/api/update-correct-reg-number', {
        appointmentId: appt.appointment_id, registrationNumber: 'mh 12 ab 1234', oldRegistrationNumber: appt.reg, variant: other.variant_name, oldVariant: appt.variant,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toMatchObject({ appointmentId: appt.appointment_id, registrationNumber: 'MH12AB1234', variant: other.variant_name });
      const stored = await carDetails();
      expect(stored.detail.inspectionData.carDetails.registrationNumber.value).toBe('MH12AB1234');
      expect(stored.detail.inspectionData.carDetails.variant).toMatchObject({ value: other.variant_name, id: res.json().detail.variantId });
      expect(stored.variant).toBe(other.variant_name);
      expect(await auditCount(h, 'admin-reg-variant', appt.car_id)).toBe(1);
      // Registration only, variant by id.
      const again = await post('/api/update-correct-reg-number', { appointmentId: appt.appointment_id, registrationNumber: 'KA01MX0001', variant: appt.variant_id });
      expect(again.json().detail).toMatchObject({ registrationNumber: 'KA01MX0001', variantId: appt.variant_id });
    });

    it('refuses malformed corrections with the admin form texts (400) and a stale old value (409)', async () => {
      const cases: [object, RegExp][] = [
        [{ appointmentId: '' }, /Invalid Appointment Id/],
        [{ appointmentId: appt.appointment_id, oldRegistrationNumber: 'KA01MX0001' }, /Invalid new registration number/],
        [{ appointmentId: appt.appointment_id, oldVariant: 'LXI' }, /Invalid new variant/],
        [{ appointmentId: appt.appointment_id, registrationNumber: 'MH12AB12345678' }, /11 character/],
        [{ appointmentId: appt.appointment_id, variant: 'No Such Variant' }, /Invalid new variant/],
        [{ registrationNumber: 'MH12AB1234' }, /^Appointment ID is missing\.$/],
        // The body schema is the /admin-rv form's (src/config/admin-forms.json): nothing beyond its fields.
        [{ appointmentId: appt.appointment_id, registrationNumber: 'MH12AB1234', isApproved: true }, /^The request has a field the server does not accept\.$/],
      ];
      for (const [body, message] of cases) {
        const res = await post('/api/update-correct-reg-number', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail).toMatch(message);
      }
      expect((await post('/api/update-correct-reg-number', { appointmentId: appt.appointment_id, registrationNumber: 'DL01AA0001', oldRegistrationNumber: 'XX00XX0000' })).statusCode).toBe(409);
      expect((await post('/api/update-correct-reg-number', { appointmentId: 'NOPE1', registrationNumber: 'DL01AA0001' })).json().detail).toBe('Enter correct Appointment Id');
    });

    it('odometer: GET odometer/{appointmentId} answers detail.odometerReading; POST corrects it', async () => {
      const token = await h.token(ADMIN);
      const before = await h.call('GET', `/api/odometer/${appt.appointment_id}`, { token, query: { utm_source: 'qc' } });
      expect(before.statusCode).toBe(200);
      const old = before.json().detail.odometerReading;
      expect(old).toEqual(expect.any(Number));
      const res = await post('/api/odometer', { appointmentId: appt.appointment_id, odometerReading: '45678' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toMatchObject({ message: 'Odometer Reading updated succesfully', odometerReading: 45678, oldOdometerReading: old });
      expect((await h.call('GET', `/api/odometer/${appt.appointment_id}`, { token })).json().detail.odometerReading).toBe(45678);
      const stored = await h.db().query<{ v: string }>("SELECT detail->'inspectionData'->'electricalsInterior'->'odometerReading'->>'value' AS v FROM inspections WHERE car_id = $1", [appt.car_id]);
      expect(stored.rows[0].v).toBe('45678');
      expect(await auditCount(h, 'admin-odometer', appt.car_id)).toBe(1);
    });

    it('odometer refuses bad input (400 Invalid odometer / Invalid Appointment Id) and unknown appointments (404)', async () => {
      for (const odometerReading of ['abc', 0, '', '12345678901', null]) {
        const res = await post('/api/odometer', { appointmentId: appt.appointment_id, odometerReading });
        expect(res.statusCode, String(odometerReading)).toBe(400);
      }
      expect((await post('/api/odometer', { appointmentId: appt.appointment_id })).json().detail).toBe('Invalid odometer');
      expect((await post('/api/odometer', { appointmentId: ' ', odometerReading: 10 })).json().detail).toBe('Invalid Appointment Id');
      const missing = await h.call('GET', '/api/odometer/NOPE1', { token: await h.token(ADMIN) });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe('Enter correct Appointment Id');
      expect((await post('/api/odometer', { appointmentId: 'NOPE1', odometerReading: 10 })).statusCode).toBe(404);
    });

    it('QC admin only (403 for reviewers and store managers); 401 without a token', async () => {
      expect((await post('/api/odometer', { appointmentId: appt.appointment_id, odometerReading: 10 }, REVIEWER)).statusCode).toBe(403);
      expect((await post('/api/update-correct-reg-number', { appointmentId: appt.appointment_id, registrationNumber: 'DL01AA0001' }, STORE)).statusCode).toBe(403);
      expect((await h.call('GET', `/api/odometer/${appt.appointment_id}`, { token: await h.token(REVIEWER) })).statusCode).toBe(403);
      expect((await h.call('GET', `/api/odometer/${appt.appointment_id}`)).statusCode).toBe(401);
      expect((await h.call('POST', '/api/odometer', { body: { appointmentId: appt.appointment_id, odometerReading: 10 } })).statusCode).toBe(401);
      expect((await h.call('POST', '/api/update-correct-reg-number', { body: { appointmentId: appt.appointment_id } })).statusCode).toBe(401);
    });
  });
}
