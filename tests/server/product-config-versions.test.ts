// Issue 17 for the bike, refurbishment and GS unflagging products (and issue 10's per-version body schema of the car): a submission is checked against the config version
// its review was opened on (the active one when it names none; the JSON in src/config for null / 'seed') and the
// stored submission records that version. One PGlite for this file (see api.test.ts); each block seeds its product.
import { describe, expect, it } from 'vitest';
import { mergeConfigFiles, type ReviewConfigFile } from '../../src/engine/config.ts';
import { seedProduct } from '../../src/products/registry.ts';
import { seedBikes } from '../../server/seed/bikes.ts';
import { GS_DEMO_USER, seedGs } from '../../server/seed/gs.ts';
import { seedRefurbishments } from '../../server/seed/refurbishment.ts';
import { multipart } from './support/extras.ts';
import { BIKE, DB_KINDS, REVIEWER, freeInspection, submission, useHarness, type Harness } from './support/harness.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The product's config in src/config as the studio stores it (one document). */
function seedDocument(product: string): Json {
  const seed = seedProduct(product);
  const document = seed.definition.kind === 'review' ? mergeConfigFiles(Object.values(seed.definition.files) as ReviewConfigFile[]) : seed.config;
  return structuredClone(document) as Json;
}

/** Stores a seed copy (inactive) and a changed copy (active) of a product's config; answers their ids. */
async function twoVersions(h: Harness, product: string, change: (doc: Json) => void) {
  const insert = async (config: unknown, active: boolean) =>
    (
      await h
        .db()
        .query<{ id: number }>(
          "INSERT INTO config_versions (product, config, message, author, author_name, active) VALUES ($1, $2::jsonb, 'test', 'analyst@qc.example', 'Anita Analyst', $3) RETURNING id",
          [product, JSON.stringify(config), active],
        )
    ).rows[0].id;
  const changed = seedDocument(product);
  change(changed);
  return { older: await insert(seedDocument(product), false), active: await insert(changed, true) };
}

describe.each(DB_KINDS)('config versions of the bike, refurbishment and GS submissions on %s', (kind) => {
  const h = useHarness(kind);
  const q = { utm_source: 'qc' };

  it('bike: the submit status follows the outcome rule of the version the review started on, and the bike records it', async () => {
    await h.reset(2);
    await seedBikes(h.db(), { uploadsDir: h.uploadsDir, appointments: 12, seed: 7 });
    // The active version approves whatever is ticked; the older one (the seed's rule) rejects a ticked bike.
    const { older, active } = await twoVersions(h, 'bike', (doc) => {
      doc.outcomes.submission = [{ id: 'approved', when: true, set: { status: 'APPROVED' } }];
    });
    const token = await h.token(BIKE);
    const form = async (url: string, fields: Record<string, string | number>) => {
      const body = multipart(fields);
      return h.app().inject({ method: 'POST', url, query: q, headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
    };
    const free = (await h.db().query<{ appointment_id: string }>('SELECT appointment_id FROM bike_inspections WHERE is_latest AND qc_user IS NULL ORDER BY appointment_id LIMIT 4')).rows;
    /** A bike assigned to the bike QC user with its first image ticked. */
    const ticked = async (n: number) => {
      const id = free[n].appointment_id;
      expect((await form(`/bike-api/appointment/${id}/qc/assign`, { assignUser: BIKE })).statusCode).toBe(200);
      const detail = (await h.call('GET', `/bike-api/appointment/${id}`, { token, query: q })).json().detail;
      const image = detail.images.find((m: Json) => m.mediaType === 'image');
      const pushed = await h.call('POST', `/bike-api/appointment/${id}/qc/data`, { token, query: q, body: { appointmentId: id, images: [{ hashKey: image.hashKey, rejected: true }] } });
      expect(pushed.statusCode, pushed.body).toBe(200);
      return id;
    };
    const recorded = async (id: string) =>
      (await h.db().query<{ status: string; config_version: number | null }>('SELECT status, config_version FROM bike_inspections WHERE appointment_id = $1 AND is_latest', [id])).rows[0];

    const onOlder = await ticked(0);
    expect((await form(`/bike-api/appointment/${onOlder}/qc`, { status: 'APPROVED', configVersion: older })).statusCode).toBe(400);
    const refused = await form(`/bike-api/appointment/${onOlder}/qc`, { status: 'REJECTED', configVersion: older + 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(`There is no config version ${older + 100} of the bike review`);
    expect((await form(`/bike-api/appointment/${onOlder}/qc`, { status: 'REJECTED', configVersion: older })).statusCode).toBe(200);
    expect(await recorded(onOlder)).toEqual({ status: 'REJECTED', config_version: older });

    const onActive = await ticked(1);
    expect((await form(`/bike-api/appointment/${onActive}/qc`, { status: 'REJECTED' })).statusCode).toBe(400);
    expect((await form(`/bike-api/appointment/${onActive}/qc`, { status: 'APPROVED' })).statusCode).toBe(200);
    expect(await recorded(onActive)).toEqual({ status: 'APPROVED', config_version: active });

    const onSeed = await ticked(2);
    expect((await form(`/bike-api/appointment/${onSeed}/qc`, { status: 'REJECTED', configVersion: 'seed' })).statusCode).toBe(200);
    expect(await recorded(onSeed)).toEqual({ status: 'REJECTED', config_version: null });
    expect((await form(`/bike-api/appointment/${free[3].appointment_id}/qc`, { status: 'REJECTED', configVersion: 'latest' })).statusCode).toBe(400);
  });

  it('refurbishment: the status comes from the version the review started on, recorded with the version the submit writes', async () => {
    await h.reset(2);
    await seedRefurbishments(h.db(), { uploadsDir: h.uploadsDir, seed: 11 });
    // The active version sends a 'review' refurbishment with a rejected item into refurbishment (inRef), not 'rejected'.
    const { older, active } = await twoVersions(h, 'refurbishment', (doc) => {
      for (const rule of doc.outcomes.submission) if (rule.set.status === 'rejected') rule.set.status = 'inRef';
    });
    const token = await h.token(REVIEWER);
    const mine = (
      await h.db().query<{ appointment_id: string; fields: { hashKey: string }[] }>(
        `UPDATE refurbishments SET qc_assign_to = $1
           WHERE appointment_id IN (SELECT appointment_id FROM refurbishments WHERE status = 'review' ORDER BY appointment_id LIMIT 3)
         RETURNING appointment_id, fields`,
        [REVIEWER],
      )
    ).rows;
    expect(mine).toHaveLength(3);
    const submit = (row: (typeof mine)[number], extra: object) =>
      h.call('POST', `/api/v2/refurbishment/${row.appointment_id}`, {
        token,
        query: q,
        body: { appointmentId: row.appointment_id, fields: [{ hashKey: row.fields[0].hashKey, qcRemark: '', isRejected: 1 }], reviewBy: REVIEWER, status: 'review', section: 'beforeRef', ...extra },
      });
    const recorded = async (row: (typeof mine)[number]) =>
      (await h.db().query<{ status: string; config_version: number | null }>('SELECT status, config_version FROM refurbishment_versions WHERE appointment_id = $1 ORDER BY version DESC LIMIT 1', [row.appointment_id])).rows[0];

    expect((await submit(mine[0], { configVersion: older + 100 })).statusCode).toBe(400);
    const onOlder = await submit(mine[0], { configVersion: older });
    expect(onOlder.statusCode, onOlder.body).toBe(200);
    expect(onOlder.json().detail.status).toBe('rejected');
    expect(await recorded(mine[0])).toEqual({ status: 'rejected', config_version: older });

    const onActive = await submit(mine[1], {});
    expect(onActive.json().detail.status).toBe('inRef');
    expect(await recorded(mine[1])).toEqual({ status: 'inRef', config_version: active });

    const onSeed = await submit(mine[2], { configVersion: null });
    expect(onSeed.json().detail.status).toBe('rejected');
    expect(await recorded(mine[2])).toEqual({ status: 'rejected', config_version: null });
  });

  it('GS unflagging: the action follows the rules of the version the page opened on, recorded on the flag', async () => {
    await h.reset(2);
    await seedGs(h.db(), { uploadsDir: h.uploadsDir, seed: 11 });
    // The active version un-flags without a reason or disposition; the older one (the seed's rules) asks for both.
    const { older, active } = await twoVersions(h, 'gs-unflagging', (doc) => {
      const unflag = doc.outcomes.find((o: Json) => o.set.status === 'UNFLAGGED');
      unflag.set.needsReason = false;
    });
    const token = await h.token(GS_DEMO_USER);
    const flags = (
      await h.db().query<{ appointment_id: string; condition_flag: number }>(
        "SELECT appointment_id, condition_flag FROM gs_flags WHERE lower(assigned_to) = $1 AND status = 'pending' ORDER BY appointment_id LIMIT 3",
        [GS_DEMO_USER],
      )
    ).rows;
    expect(flags).toHaveLength(3);
    const act = (appointmentId: string, body: object) => h.call('PATCH', `/api/v2/gs-dealer-data/${appointmentId}`, { token, query: q, body });
    const recorded = async (appointmentId: string) =>
      (await h.db().query<{ status: string; config_version: number | null }>('SELECT status, config_version FROM gs_flags WHERE appointment_id = $1', [appointmentId])).rows[0];
    const unflag = { conditionFlag: -1, status: 'UNFLAGGED' };

    const refused = await act(flags[0].appointment_id, { ...unflag, configVersion: older });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Reason is required');
    expect(await recorded(flags[0].appointment_id)).toEqual({ status: 'pending', config_version: null });

    expect((await act(flags[0].appointment_id, unflag)).statusCode).toBe(200);
    expect(await recorded(flags[0].appointment_id)).toEqual({ status: 'UNFLAGGED', config_version: active });

    const confirm = { conditionFlag: flags[1].condition_flag, status: 'REVIEWED' };
    expect((await act(flags[1].appointment_id, { ...confirm, configVersion: older })).statusCode).toBe(200);
    expect(await recorded(flags[1].appointment_id)).toEqual({ status: 'REVIEWED', config_version: older });

    expect((await act(flags[2].appointment_id, { ...unflag, configVersion: null })).statusCode).toBe(400);
    expect((await act(flags[2].appointment_id, { ...unflag, configVersion: 'x' })).statusCode).toBe(400);
  });

  it('car (issue 10): the submission body is checked against the schema of the version the review runs, not the seed', async () => {
    await h.reset(6);
    // The active version declares one more section: its results pass; a review on the seed may not send them.
    const { active } = await twoVersions(h, 'car', (doc) => {
      doc.product.sections.push('roadTest');
    });
    const token = await h.token(REVIEWER);
    const assigned = async (skip: number) => {
      const inspection = await freeInspection(h.db(), skip);
      const body = { carId: inspection.car_id, role: 'qc', inspectionStatus: 'smReview', user: REVIEWER, qcAssignTo: REVIEWER };
      expect((await h.call('PATCH', `/api/qc-appointment-assign-to/${inspection.car_id}`, { token, body })).statusCode).toBe(200);
      return inspection;
    };
    const withRoadTest = (carId: number, version: number, configVersion: number | null) => {
      const body = submission(carId, version);
      return { ...body, sections: { ...body.sections, roadTest: { isApproved: 1, errorsCount: 0, rejectedFields: {}, qcEditableFields: {} } }, configVersion };
    };
    const onSeed = await assigned(0);
    const refused = await h.call('PATCH', `/api/qc-section-report-submit/${onSeed.car_id}`, { token, body: withRoadTest(onSeed.car_id, onSeed.version, null) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('The request has a field the server does not accept.');
    const onActive = await assigned(1);
    const ok = await h.call('PATCH', `/api/qc-section-report-submit/${onActive.car_id}`, { token, body: withRoadTest(onActive.car_id, onActive.version, active) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await h.db().query('SELECT config_version FROM submissions WHERE car_id = $1', [onActive.car_id])).rows).toEqual([{ config_version: active }]);
  });

  it('each review page loads its product\'s active version (GET v2/review-config/{product}), for its own roles', async () => {
    await h.reset(1);
    const { active } = await twoVersions(h, 'gs-unflagging', (doc) => {
      doc.overdueAfterMinutes = 90;
    });
    const gs = await h.call('GET', '/api/v2/review-config/gs-unflagging', { token: await h.token(GS_DEMO_USER), query: q });
    expect(gs.statusCode).toBe(200);
    expect(gs.json().detail).toMatchObject({ id: active, config: { overdueAfterMinutes: 90 } });
    const refurbishment = await h.call('GET', '/api/v2/review-config/refurbishment', { token: await h.token(REVIEWER), query: q });
    expect(refurbishment.statusCode).toBe(200);
    // No refurbishment version is stored: the JSON in src/config answers.
    expect(refurbishment.json().detail).toEqual({ id: null, config: seedDocument('refurbishment') });
    expect((await h.call('GET', '/api/v2/review-config/refurbishment', { token: await h.token(GS_DEMO_USER), query: q })).statusCode).toBe(403);
  });
});
