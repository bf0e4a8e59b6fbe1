import { beforeAll, describe, expect, it } from 'vitest';
import { mergeConfigFiles, type ReviewConfigFile } from '../../../src/engine/config.ts';
import { getProduct } from '../../../src/products/registry.ts';
import { OTHER, REVIEWER, VERSION_PDF, freeInspection, submission, type Harness } from '../support/harness.ts';

const assignBody = (carId: number, email: string) => ({ carId, role: 'qc', inspectionStatus: 'smReview', user: email, qcAssignTo: email });

/** The car config as the studio stores it (one merged document). */
const seedDocument = () => structuredClone(mergeConfigFiles(Object.values(getProduct('car').definition.files) as ReviewConfigFile[]));

const REFUSAL = 'Version 2 refuses every submission';

/** A version whose pre-submit validations refuse any non-dummy submission, so which version checked a submit shows. */
function refusingDocument() {
  const doc = seedDocument();
  doc.validations = [{ id: 'v2.refuse', scope: 'form', alert: REFUSAL, when: { '!': { var: 'isDummy' } } }, ...(doc.validations ?? [])];
  return doc;
}

/**
 * Issue 17: the server checks a submission against the config version the review was opened on (the active one in
 * config_versions when it names none; the JSON in src/config while no version is stored) and records it.
 */
export function configVersionSuite(h: Harness) {
  describe('submissions and the config version (issue 17)', () => {
    let seedVersion: number;
    let refusingVersion: number;

    beforeAll(async () => {
      await h.reset(30);
      const insert = (config: unknown, message: string, active: boolean) =>
        h.db().query<{ id: number }>(
          "INSERT INTO config_versions (product, config, message, author, author_name, active) VALUES ('car', $1::jsonb, $2, 'qc.admin@qc.example', 'Vikram Admin', $3) RETURNING id",
          [JSON.stringify(config), message, active],
        );
      seedVersion = (await insert(seedDocument(), 'seed', false)).rows[0].id;
      refusingVersion = (await insert(refusingDocument(), 'refuses', true)).rows[0].id;
    });

    async function assigned(skip: number) {
      const inspection = await freeInspection(h.db(), skip);
      const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${inspection.car_id}`, { token: await h.token(REVIEWER), body: assignBody(inspection.car_id, REVIEWER) });
      expect(res.statusCode).toBe(200);
      return inspection;
    }
    const submit = async (carId: number, body: object) => h.call('PATCH', `/api/qc-section-report-submit/${carId}`, { token: await h.token(REVIEWER), body });
    const recorded = async (carId: number) =>
      (await h.db().query<{ config_version: number | null }>('SELECT config_version FROM submissions WHERE car_id = $1', [carId])).rows;

    it('a review opened on version N is checked against N after N+1 was activated, and the submission records N', async () => {
      const { car_id, version } = await assigned(0);
      const res = await submit(car_id, { ...submission(car_id, version), configVersion: seedVersion });
      expect(res.statusCode).toBe(200);
      expect(res.json().detail.inspectionStatus).toBe('done');
      expect(await recorded(car_id)).toEqual([{ config_version: seedVersion }]);
    });

    it('without configVersion the active version checks it: here it refuses (400 with its alert) and nothing is stored', async () => {
      const { car_id, version } = await assigned(1);
      const res = await submit(car_id, submission(car_id, version));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: REFUSAL });
      const again = await submit(car_id, { ...submission(car_id, version), configVersion: refusingVersion });
      expect(again.statusCode).toBe(400);
      expect(await recorded(car_id)).toEqual([]);
    });

    it('configVersion null is the config in src/config (a review opened before any version was stored), recorded as null', async () => {
      const { car_id, version } = await assigned(2);
      const res = await submit(car_id, { ...submission(car_id, version), configVersion: null });
      expect(res.statusCode).toBe(200);
      expect(await recorded(car_id)).toEqual([{ config_version: null }]);
    });

    it('a configVersion that does not exist, or is not a number, is refused with 400 and changes nothing', async () => {
      const { car_id, version } = await assigned(3);
      const before = await h.db().query('SELECT status, detail FROM inspections WHERE car_id = $1', [car_id]);
      const missing = await submit(car_id, { ...submission(car_id, version), configVersion: refusingVersion + 100 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().detail).toBe(`There is no config version ${refusingVersion + 100} of the car review`);
      for (const configVersion of ['x', 0, 1.5]) {
        expect((await submit(car_id, { ...submission(car_id, version), configVersion })).statusCode).toBe(400);
      }
      expect((await h.db().query('SELECT status, detail FROM inspections WHERE car_id = $1', [car_id])).rows).toEqual(before.rows);
      expect(await recorded(car_id)).toEqual([]);
    });

    it('the review page loads the active version, or a named one (GET v2/review-config/car[/id]); 404 for an unknown id', async () => {
      const token = await h.token(REVIEWER);
      const active = await h.call('GET', '/api/v2/review-config/car', { token, query: { utm_source: 'qc' } });
      expect(active.statusCode).toBe(200);
      expect(active.json().detail.id).toBe(refusingVersion);
      expect(active.json().detail.config.validations[0]).toMatchObject({ id: 'v2.refuse' });
      const named = await h.call('GET', `/api/v2/review-config/car/${seedVersion}`, { token });
      expect(named.json().detail).toEqual({ id: seedVersion, config: JSON.parse(JSON.stringify(seedDocument())) });
      expect((await h.call('GET', `/api/v2/review-config/car/${refusingVersion + 100}`, { token })).statusCode).toBe(404);
    });

    it('review-config: roles without the review page are refused (403), 401 without a token', async () => {
      expect((await h.call('GET', '/api/v2/review-config/car', { token: await h.token(OTHER) })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v2/review-config/car', { token: await h.token(VERSION_PDF) })).statusCode).toBe(200);
      expect((await h.call('GET', '/api/v2/review-config/car')).statusCode).toBe(401);
    });

    it('with no stored version the config in src/config answers (id null) and checks submissions (recorded as null)', async () => {
      await h.db().exec('UPDATE config_versions SET active = false');
      const res = await h.call('GET', '/api/v2/review-config/car', { token: await h.token(REVIEWER) });
      expect(res.json().detail.id).toBeNull();
      const { car_id, version } = await assigned(4);
      expect((await submit(car_id, submission(car_id, version))).statusCode).toBe(200);
      expect(await recorded(car_id)).toEqual([{ config_version: null }]);
    });
  });
}
