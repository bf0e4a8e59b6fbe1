import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db.ts';
import { carEngine } from '../../support/car.ts';
import type { SectionReview } from '../../../src/engine/inspection.ts';
import type { InspectionDetail, RegistryData, SubmissionPayload } from '../../../src/products/car/inspection.ts';
import { buildSubmission, validateBeforeSubmit } from '../../../src/engine/submission.ts';
import type { Edit } from '../../../src/engine/types.ts';
import { postForm } from '../support/extras.ts';
import { REVIEWER, REVIEWER2, submission, type Harness } from '../support/harness.ts';
import { storedRejections } from '../../support/stored.ts';

const DMY_TIME = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;
const assignBody = (carId: number, email: string) => ({ carId, role: 'qc', inspectionStatus: 'smReview', user: email, qcAssignTo: email });


/** What a refused submission must leave alone. */
async function state(db: Db, carId: number) {
  const row = await db.query('SELECT status, assignee, qc_by, qc_start_time, qc_end_time, detail FROM inspections WHERE car_id = $1', [carId]);
  const counts = await db.query(
    `SELECT (SELECT count(*)::int FROM submissions) AS submissions, (SELECT count(*)::int FROM inspection_versions) AS versions,
            (SELECT count(*)::int FROM audit_log WHERE action = 'submit') AS submits`,
  );
  return { row: row.rows[0], counts: counts.rows[0] };
}

/** The insurance correction the browser test makes (3rd Party ticks and needs its dependants filled). */
function insuranceEdits(detail: InspectionDetail): Edit[] {
  const mismatch = detail.inspectionData.carDetails?.insuranceType?.subParts?.mismatchInInsurance;
  const inDs = mismatch?.subParts?.mismatchInDS?.value;
  return [
    { type: 'setValue', key: 'insuranceType', value: '3rd Party' },
    { type: 'setValue', key: 'insuranceExpiry', value: '16-07-2031' },
    { type: 'setValue', key: 'mismatchInInsurance', value: ['No Mismatch', 'Registration Number', 'Owner Name'].find((o) => o !== mismatch?.value)! },
    { type: 'setValue', key: 'mismatchInDS', value: inDs === 'No' ? 'Yes' : 'No' },
  ];
}

export function submissionResultsSuite(h: Harness) {
  describe("submission results in the stored inspection (spec 000 §3 'Inspection detail' sections, §4, §9)", () => {
    beforeAll(() => h.reset(60));

    const detailOf = async (carId: number): Promise<InspectionDetail> => {
      const res = await h.call('GET', `/api/v2/inspection/${carId}`, { token: await h.token(REVIEWER), query: { utm_source: 'qc' } });
      expect(res.statusCode).toBe(200);
      return res.json().detail;
    };
    const registryOf = async (appointmentId: string) =>
      (await h.db().query<{ data: RegistryData }>('SELECT data FROM registry_data WHERE appointment_id = $1', [appointmentId])).rows[0]?.data ?? null;

    /** The first free inspection whose engine model (as the page would build it) accepts `edits(detail)`, assigned to REVIEWER. */
    async function claim(fits: (d: InspectionDetail) => Edit[] | null, approve = false): Promise<{ detail: InspectionDetail; edits: Edit[]; registry: RegistryData | null }> {
      const { rows } = await h.db().query<{ car_id: number }>(
        `SELECT car_id FROM inspections WHERE is_latest AND assignee IS NULL AND status = 'smReview' AND is_report_processed = 1
           AND re_inspection_processing = 0 AND dealer_price_processing = 0 ORDER BY car_id`,
      );
      for (const { car_id } of rows) {
        const detail = await detailOf(car_id);
        const edits = fits(detail);
        if (!edits) continue;
        const registry = await registryOf(detail.appointmentId);
        const model = carEngine.evaluate(detail, edits, registry, { role: 'qc' });
        if (validateBeforeSubmit(model, { isDummy: false }) !== null) continue;
        if (approve && model.order.some((k) => model.rows[k].isVisible && model.rows[k].checked)) continue;
        const res = await h.call('PATCH', `/api/qc-appointment-assign-to/${car_id}`, { token: await h.token(REVIEWER), body: assignBody(car_id, REVIEWER) });
        expect(res.statusCode).toBe(200);
        return { detail: await detailOf(car_id), edits, registry };
      }
      throw new Error('no free inspection fits');
    }

    const payloadOf = (detail: InspectionDetail, edits: Edit[], registry: RegistryData | null, opts: { isCritical?: boolean; issueType?: number[] } = {}): SubmissionPayload =>
      buildSubmission(carEngine.evaluate(detail, edits, registry, { role: 'qc' }), detail, {
        isCritical: opts.isCritical ?? false,
        isDummy: false,
        issueType: opts.issueType ?? [],
        reviewStartTime: new Date(Date.now() - 10 * 60_000).toISOString(),
        reviewEndTime: new Date().toISOString(),
      });

    const submit = async (carId: number, body: unknown, email = REVIEWER) =>
      h.call('PATCH', `/api/qc-section-report-submit/${carId}`, { token: await h.token(email), body, query: { utm_source: 'qc' } });

    it('a rejected submit stores each section\'s errors map (isValidate, message, saved remarks), rejectionRemarks, the flags and the QC corrections', async () => {
      const REMARK = 'Music system does not power on';
      const { detail, edits, registry } = await claim((d) => {
        const rows = carEngine.evaluate(d).rows;
        if (d.inspectionData.carDetails?.insuranceType?.value === '3rd Party' || !rows.insuranceType?.isVisible || !rows.insuranceType.isEditable) return null;
        if (!rows.musicSystem?.isVisible) return null;
        return [...insuranceEdits(d), { type: 'check', key: 'musicSystem', checked: true }, { type: 'remark', key: 'musicSystem', remark: REMARK }];
      });
      const carId = detail.carId;
      // The remark as the page saves it (POST v2/rejection-remark), before submitting.
      const saved = await postForm(h, '/api/v2/rejection-remark', await h.token(REVIEWER), {
        carId, section: 'electricalsInterior', part: 'musicSystem', remarkType: 'text', remark: REMARK, type: 'rejectionRemark', role: 'qc', inspectionStatus: 'smReview', user: REVIEWER,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const payload = payloadOf(detail, edits, registry, { isCritical: true, issueType: [8] });
      expect(payload.sections.carDetails!.rejectedFields.insuranceType).toMatchObject({ message: 'Rejected by qc.', isValidate: 5 });

      const res = await submit(carId, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail.inspectionStatus).toBe('smReviewRejected');

      const stored = await detailOf(carId);
      expect(stored).toMatchObject({
        inspectionStatus: 'smReviewRejected',
        isCritical: 1,
        issueType: [8],
        isDummyInspection: 0,
        isApprovedByQc: payload.isApprovedByQc,
        otherComments: payload.otherComments,
        qcUser: REVIEWER,
        reviewStartTime: payload.reviewStartTime,
        reviewEndTime: payload.reviewEndTime,
        submittedAt: expect.any(String),
      });
      const sections = stored.sections!;
      expect(Object.keys(sections).sort()).toEqual(Object.keys(payload.sections).sort());
      const car = sections.carDetails!;
      expect(car).toMatchObject({ isApproved: 0, errorsCount: payload.sections.carDetails!.errorsCount });
      expect(car.errors.insuranceType).toMatchObject({ title: 'Insurance Type', value: '3rd Party', isValidate: 5, message: 'Rejected by qc.' });
      expect(car.errors.insuranceType.subParts?.insuranceExpiry).toMatchObject({ value: '16-07-2031', isValidate: 5, message: 'Rejected by qc.' });
      expect(car.rejectionRemarks).toContainEqual({
        field: 'insuranceType', title: 'Insurance Type', rejectionRemark: 'Rejected by qc.', isValidate: 5, role: 'qc', user: REVIEWER, timestamp: expect.stringMatching(DMY_TIME),
      });
      expect(car.rejectionRemarks.map((r) => r.field)).toContain('insuranceType.insuranceExpiry');
      const interior = sections.electricalsInterior!;
      expect(interior.errors.musicSystem).toMatchObject({ isValidate: 2, message: REMARK });
      expect(interior.errors.musicSystem.rejectionRemarks).toEqual([
        { rejectionRemark: REMARK, type: 'text', role: 'qc', user: REVIEWER, timestamp: expect.stringMatching(DMY_TIME) },
      ]);
      expect(interior.rejectionRemarks).toContainEqual(expect.objectContaining({ field: 'musicSystem', rejectionRemark: REMARK, isValidate: 2 }));
      // Sections with nothing rejected: an empty errors map.
      for (const [key, s] of Object.entries(sections) as [string, SectionReview][]) {
        if (key === 'summary') expect(s).toEqual({ errors: {}, rejectionRemarks: [], issueType: [8] });
        else if (s.isApproved === 1) expect(s).toMatchObject({ errors: {}, rejectionRemarks: [], errorsCount: 0 });
      }
      // What the browser test reads back (tests/e2e/review.e2e.ts (b)).
      expect(storedRejections(stored)).toEqual(expect.arrayContaining(['insuranceType', 'musicSystem']));

      // QC corrections are applied to the fields, the inspector's values kept beside them.
      const insurance = stored.inspectionData.carDetails!.insuranceType!;
      expect(insurance).toMatchObject({ value: '3rd Party', inspectorValue: detail.inspectionData.carDetails!.insuranceType!.value });
      const expiry = insurance.subParts?.insuranceExpiry;
      expect(expiry).toMatchObject({ value: '16-07-2031', inspectorValue: detail.inspectionData.carDetails!.insuranceType!.subParts?.insuranceExpiry?.value ?? null });
      expect(stored.inspectionData.electricalsInterior!.musicSystem).not.toHaveProperty('inspectorValue');
      // The engine still reads the stored inspection: the corrected value is now the recorded one.
      const model = carEngine.evaluate(stored, [], registry, { role: 'qc' });
      expect(model.rows.insuranceType.value).toBe('3rd Party');
      expect(model.rows.musicSystem.remarkHistory?.map((r) => r.remark)).toContain(REMARK);

      // The version list and the inspection log show the submission.
      const versions = await h.call('GET', '/api/v2/inspection-version-list', { token: await h.token(REVIEWER), query: { appointmentId: detail.appointmentId, user: REVIEWER } });
      expect(versions.statusCode).toBe(200);
      const version = versions.json().data.find((v: { carId: number }) => v.carId === carId);
      expect(version).toMatchObject({
        inspectionStatus: 'smReviewRejected',
        qcBy: REVIEWER,
        submission: { qcUser: REVIEWER, isCritical: 1, isApprovedByQc: payload.isApprovedByQc, isDummyInspection: 0, issueType: [8], errorsCount: expect.any(Number) },
      });
      expect(version.submission.errorsCount).toBeGreaterThanOrEqual(2);
      const log = await h.call('GET', '/api/inspection-log', { token: await h.token(REVIEWER), query: { carId: String(carId) } });
      expect(log.json().detail.submission).toEqual(version.submission);
      // The submissions table keeps the payload as before.
      const sub = await h.db().query<{ n: number }>('SELECT count(*)::int AS n FROM submissions WHERE car_id = $1', [carId]);
      expect(sub.rows[0].n).toBe(1);
    });

    it('an approved submit stores an empty errors map in every section and leaves the recorded fields as they were', async () => {
      const { detail, edits, registry } = await claim(() => [], true);
      const before = (await h.db().query<{ detail: InspectionDetail }>('SELECT detail FROM inspections WHERE car_id = $1', [detail.carId])).rows[0].detail;
      const payload = payloadOf(detail, edits, registry);
      const res = await submit(detail.carId, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail.inspectionStatus).toBe('done');
      const stored = await detailOf(detail.carId);
      expect(stored).toMatchObject({ inspectionStatus: 'done', isApprovedByQc: 0, isDummyInspection: 0, isCritical: 0, issueType: [], qcUser: REVIEWER });
      for (const [key, s] of Object.entries(stored.sections!) as [string, SectionReview][]) {
        expect(s.errors, key).toEqual({});
        expect(s.rejectionRemarks, key).toEqual([]);
        if (key !== 'summary') expect(s).toMatchObject({ isApproved: 1, errorsCount: 0 });
      }
      expect(storedRejections(stored)).toEqual([]);
      const after = (await h.db().query<{ detail: InspectionDetail }>('SELECT detail FROM inspections WHERE car_id = $1', [detail.carId])).rows[0].detail;
      expect(after.inspectionData).toEqual(before.inspectionData);
    });

    it('a dummy submit stores empty errors and isDummyInspection 1', async () => {
      const { detail } = await claim(() => []);
      const res = await submit(detail.carId, submission(detail.carId, detail.version, { dummy: true }));
      expect(res.statusCode, res.body).toBe(200);
      const stored = await detailOf(detail.carId);
      expect(stored).toMatchObject({ inspectionStatus: 'done', isDummyInspection: 1 });
      expect(storedRejections(stored)).toEqual([]);
    });

    it('a refused submit (403 not the assignee, 409 stale, 400 engine refusal) stores nothing in the inspection', async () => {
      const { detail } = await claim(() => []);
      const carId = detail.carId;
      const before = await state(h.db(), carId);
      const good = submission(carId, detail.version, { reject: true });
      expect((await submit(carId, good, REVIEWER2)).statusCode).toBe(403);
      expect((await submit(carId, { ...good, version: detail.version + 1 })).statusCode).toBe(409);
      const unfilled = submission(carId, detail.version, { reject: true });
      unfilled.sections.carDetails.qcEditableFields = {};
      expect((await submit(carId, unfilled)).statusCode).toBe(400);
      expect((await submit(carId, { ...good, sections: { ...good.sections, carDetails: { ...good.sections.carDetails, rejectedFields: { bogus: { title: 'B', value: 1, message: 'x', isValidate: 2 } } } } })).statusCode).toBe(400);
      expect(await state(h.db(), carId)).toEqual(before);
      const stored = await detailOf(carId);
      expect(stored.sections).toBeUndefined();
      expect(stored).not.toHaveProperty('isDummyInspection');
    });

    it('saved remarks appear in the field\'s (and image\'s) remarkHistory on GET v2/inspection/{id}, read from the remarks table', async () => {
      const { detail } = await claim((d) => (d.inspectionData.carDetails?.registrationNumber && d.inspectionData.exteriorTyres?.mainImages?.images?.length ? [] : null));
      const carId = detail.carId;
      const token = await h.token(REVIEWER);
      const form = { carId, section: 'carDetails', part: 'registrationNumber', remarkType: 'text', remark: 'Plate differs from RC', type: 'rejectionRemark', role: 'qc', inspectionStatus: 'smReview', user: REVIEWER };
      const saved = await postForm(h, '/api/v2/rejection-remark', token, form);
      expect(saved.statusCode, saved.body).toBe(200);
      const hashKey = detail.inspectionData.exteriorTyres!.mainImages!.images![0].hashKey;
      const onImage = await postForm(h, '/api/v2/rejection-remark', token, { ...form, section: 'exteriorTyres', part: 'mainImages', hashKey, remark: 'Blurred' });
      expect(onImage.statusCode, onImage.body).toBe(200);

      const answered = await detailOf(carId);
      expect(answered.inspectionData.carDetails!.registrationNumber!.remarkHistory).toContainEqual(saved.json().detail);
      expect(answered.inspectionData.exteriorTyres!.mainImages!.images![0].remarkHistory).toEqual([onImage.json().detail]);
      expect(answered.inspectionData.exteriorTyres!.mainImages!.remarkHistory ?? []).toEqual([]);
      // The same entries the row's own remark call lists.
      const listed = await h.call('GET', '/api/v2/rejection-remark', { token, query: { appointmentId: detail.appointmentId, section: 'carDetails', part: 'registrationNumber' } });
      expect(answered.inspectionData.carDetails!.registrationNumber!.remarkHistory).toEqual(listed.json().detail);
      // The engine sees it: prevValue is the previous rejection message (000 §3 'Checkable row').
      expect(carEngine.evaluate(answered).rows.registrationNumber.prevValue).toBe('Plate differs from RC');
      // Never written into the stored document, so it cannot drift from the remarks table.
      const raw = (await h.db().query<{ detail: InspectionDetail }>('SELECT detail FROM inspections WHERE car_id = $1', [carId])).rows[0].detail;
      expect(raw.inspectionData.carDetails!.registrationNumber).not.toHaveProperty('remarkHistory');
      // A remark removed from the table is gone from the answer too.
      await h.db().query('DELETE FROM remarks WHERE id = $1', [Number(saved.json().detail.id)]);
      expect((await detailOf(carId)).inspectionData.carDetails!.registrationNumber!.remarkHistory ?? []).toEqual([]);
    });

    it("remarks of earlier versions of the appointment show on later versions, not the other way round", async () => {
      const { rows } = await h.db().query<{ appointment_id: string }>(
        "SELECT appointment_id FROM inspections GROUP BY appointment_id HAVING count(*) > 1 AND bool_or(detail->'inspectionData'->'carDetails' ? 'registrationNumber') LIMIT 1",
      );
      const versions = (await h.db().query<{ car_id: number; version: number }>('SELECT car_id, version FROM inspections WHERE appointment_id = $1 ORDER BY version', [rows[0].appointment_id])).rows;
      const [first, last] = [versions[0], versions[versions.length - 1]];
      const insert = (carId: number, remark: string) =>
        h.db().query(
          `INSERT INTO remarks (car_id, appointment_id, section, part, type, remark, user_email, role, created_at)
           VALUES ($1, $2, 'carDetails', 'registrationNumber', 'text', $3, $4, 'qc', now()) RETURNING id`,
          [carId, rows[0].appointment_id, remark, REVIEWER],
        );
      await insert(first.car_id, 'earlier review');
      await insert(last.car_id, 'latest review');
      const history = async (carId: number) => ((await detailOf(carId)).inspectionData.carDetails?.registrationNumber?.remarkHistory ?? []).map((r) => r.remark);
      expect(await history(last.car_id)).toEqual(['earlier review', 'latest review']);
      expect(await history(first.car_id)).toEqual(['earlier review']);
    });
  });
}
