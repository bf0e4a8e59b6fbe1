import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assignedInspection, postForm, PNG, resetWithExtras } from '../../server/support/extras.ts';
import { REVIEWER, submission, type Harness } from '../../server/support/harness.ts';

const POISON = ['__proto__', 'constructor', 'prototype'];

/** Names a polluted Object.prototype would carry after the attacks below (issue 11, defect 1). */
function prototypeIsClean(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(CLEAN_PROTOTYPE);
  const probe: Record<string, unknown> = {};
  for (const name of ['remarkHistory', 'image', 'subParts', 'value', 'inspectorValue']) expect(probe[name], name).toBeUndefined();
}
const CLEAN_PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).sort();

export function pollutionSuite(h: Harness) {
  describe('prototype pollution: keys from requests (issue 11 defect 1)', () => {
    let car: { car_id: number; version: number; appointment_id: string };
    beforeAll(async () => {
      await resetWithExtras(h, 12);
      car = await assignedInspection(h, REVIEWER);
    });
    afterEach(prototypeIsClean);

    const remark = (over: Record<string, string | number | undefined>) => ({
      carId: car.car_id, section: 'carDetails', part: 'registrationNumber', remarkType: 'text', remark: 'Plate differs',
      type: 'rejectionRemark', role: 'qc', inspectionStatus: 'smReview', user: REVIEWER, ...over,
    });

    it.each(POISON.flatMap((key) => [{ part: key }, { part: 'registrationNumber', subPart: key }, { hashKey: key, part: undefined }]))(
      'a rejection remark naming %o is refused with 400 and stores nothing',
      async (names) => {
        const res = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), remark(names));
        expect(res.statusCode, res.body).toBe(400);
        const { rows } = await h.db().query<{ n: number }>('SELECT count(*)::int AS n FROM remarks WHERE part = ANY($1) OR sub_part = ANY($1) OR hash_key = ANY($1)', [POISON]);
        expect(rows[0].n).toBe(0);
      },
    );

    it.each(POISON.flatMap((key) => [{ part: key }, { part: 'registrationNumber', subPart: key }, { part: 'registrationNumber', hashKey: key }]))(
      'an image upload (type additionalInfo) naming %o is refused with 400',
      async (names) => {
        const res = await postForm(h, '/api/v2/image', await h.token(REVIEWER), { carId: car.car_id, section: 'carDetails', type: 'additionalInfo', ...names }, {
          field: 'imageFile', filename: 'x.png', contentType: 'image/png', data: PNG,
        });
        expect(res.statusCode, res.body).toBe(400);
      },
    );

    it.each(POISON)('a remark-history query naming %s is refused with 400', async (key) => {
      for (const q of [{ part: key }, { part: 'registrationNumber', subPart: key }, { hashKey: key }] as Record<string, string>[]) {
        const res = await h.call('GET', '/api/v2/rejection-remark', { token: await h.token(REVIEWER), query: { appointmentId: car.appointment_id, section: 'carDetails', ...q } });
        expect(res.statusCode, res.body).toBe(400);
      }
    });

    it.each(POISON)('a submission with %s as a key anywhere is refused with 400 and the inspection is unchanged', async (key) => {
      const payloads = [
        (p: ReturnType<typeof submission>) => { (p.sections.carDetails.rejectedFields as Record<string, unknown>) = JSON.parse(`{"${key}": {"title":"x","message":"m","isValidate":5}}`); },
        (p: ReturnType<typeof submission>) => { (p.sections.carDetails.qcEditableFields as Record<string, unknown>) = JSON.parse(`{"${key}": {"title":"x","value":"v"}}`); },
        (p: ReturnType<typeof submission>) => {
          (p.sections.carDetails.rejectedFields as Record<string, unknown>) = JSON.parse(
            `{"registrationNumber": {"title":"x","message":"m","isValidate":0,"subParts":{"${key}":{"title":"y","message":"m","isValidate":5}}}}`,
          );
        },
        (p: ReturnType<typeof submission>) => {
          (p.sections.carDetails.rejectedFields as Record<string, unknown>) = JSON.parse(`{"registrationNumber": {"title":"x","message":"m","isValidate":5,"additionalInfo":{"${key}":{"a":1}}}}`);
        },
      ];
      const before = await h.db().query('SELECT status, detail FROM inspections WHERE car_id = $1', [car.car_id]);
      for (const change of payloads) {
        const payload = submission(car.car_id, car.version, { reject: true });
        change(payload);
        const res = await h.app().inject({
          method: 'PATCH', url: `/api/qc-section-report-submit/${car.car_id}`, query: { utm_source: 'qc' },
          headers: { authorization: `Bearer ${await h.token(REVIEWER)}`, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, res.body).toBe(400);
      }
      const after = await h.db().query('SELECT status, detail FROM inspections WHERE car_id = $1', [car.car_id]);
      expect(after.rows).toEqual(before.rows);
    });

    it('a poisoned remark row already in the database (stored before the fix) does not pollute on read or submit', async () => {
      await h.db().query(
        `INSERT INTO remarks (car_id, appointment_id, section, part, sub_part, hash_key, type, remark, user_email, role)
         VALUES ($1,$2,'carDetails','__proto__',NULL,NULL,'text','poison',$3,'qc'), ($1,$2,'carDetails','registrationNumber','__proto__',NULL,'text','poison',$3,'qc'),
                ($1,$2,'carDetails','constructor','prototype',NULL,'text','poison',$3,'qc'), ($1,$2,'carDetails',NULL,NULL,'__proto__','text','poison',$3,'qc')`,
        [car.car_id, car.appointment_id, REVIEWER],
      );
      const read = await h.call('GET', `/api/v2/inspection/${car.car_id}`, { token: await h.token(REVIEWER), query: { utm_source: 'qc' } });
      expect(read.statusCode, read.body).toBe(200);
      prototypeIsClean();
      const res = await h.call('PATCH', `/api/qc-section-report-submit/${car.car_id}`, { token: await h.token(REVIEWER), query: { utm_source: 'qc' }, body: submission(car.car_id, car.version) });
      expect(res.statusCode, res.body).toBe(200);
    });
  });
}
