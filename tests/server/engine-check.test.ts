// The server re-runs the engine's pre-submit validation on the payload alone (DESIGN.md 'One engine, two places'):
// whatever the client's validateBeforeSubmit says about a model, the server must say the same about the payload
// buildSubmission makes of it, or it would refuse good reviews or store bad ones.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { CaseConfig } from '../../src/engine/config.ts';
import { carEngine } from '../support/car.ts';
import { modelOfCase } from '../../src/engine/cases.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { InspectionDetail, RegistryData, SubmissionPayload } from '../../src/products/car/inspection.ts';
import { buildSubmission, hasRejections, validateBeforeSubmit } from '../../src/engine/submission.ts';
import type { Edit, ReviewModel } from '../../src/engine/types.ts';
import { ImageWriter } from '../../server/seed/images.ts';
import { InspectionGenerator } from '../../server/seed/inspections.ts';
import { Random } from '../../server/seed/random.ts';
import { editsFromSubmission, engineSubmissionCheck, NOT_EDITABLE_ALERT } from '../../server/submission-check.ts';

const check = engineSubmissionCheck();

function payloadOf(model: ReviewModel, inspection: InspectionDetail, isDummy = false) {
  return buildSubmission<SubmissionPayload>(model, inspection, { isCritical: false, isDummy, issueType: [1], reviewStartTime: 't0', reviewEndTime: 't1' });
}

describe('server submission check = client validateBeforeSubmit', () => {
  // The config's own cases and the engine's spec fixtures (read, not owned, here).
  const fixtures = join(import.meta.dirname, '../engine/fixtures');
  const fixtureCases = readdirSync(fixtures)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => (JSON.parse(readFileSync(join(fixtures, f), 'utf8')) as { cases?: CaseConfig[] }).cases ?? []);
  const cases = [...carEngine.config.cases, ...fixtureCases].filter((c) => c.expect.validation !== undefined && !c.expect.isDummy);

  it.each(cases.map((c) => [c.name, c] as const))('config case: %s', async (_name, c) => {
    const model = modelOfCase(carEngine, c);
    const g = c.given ?? {};
    const inspection = generateInspection<InspectionDetail>(carEngine.config, { values: g.values, commentFlags: g.commentFlags, images: g.images, inspection: g.inspection });
    const client = validateBeforeSubmit(model, { isDummy: false, issueType: hasRejections(model) ? [1] : undefined });
    let payload;
    try {
      payload = payloadOf(model, inspection);
    } catch {
      return; // a model the client cannot even build a payload from never reaches the server
    }
    const options = { today: '01-06-2026', ...(g.options as object | undefined) } as { today: string; role?: string; duplicateKeyConfig?: number };
    const server = await check(inspection, payload, {
      engine: carEngine,
      registry: (g.registry ?? null) as RegistryData | null,
      role: options.role ?? 'qc',
      duplicateKeyConfig: options.duplicateKeyConfig ?? 0,
      today: options.today,
    });
    expect(server?.alert ?? null).toBe(client?.alert ?? null);
  });

  describe('on seeded inspections', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qc-engine-check-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const generator = new InspectionGenerator(new Random(11), new ImageWriter(dir), dayjs(), ['qc.reviewer@qc.example']);
    const inspections = Array.from({ length: 12 }, (_, i) => generator.appointment(i, 30 + i).inspections.at(-1)!.detail);

    it('the payload of an untouched review passes both', async () => {
      for (const inspection of inspections) {
        const model = carEngine.evaluate(inspection, [], null, { role: 'qc' });
        expect(validateBeforeSubmit(model, { isDummy: false })).toBeNull();
        expect(await check(inspection, payloadOf(model, inspection), { engine: carEngine, registry: null, role: 'qc', duplicateKeyConfig: 0 })).toBeNull();
      }
    });

    it('ticking rows with or without values and remarks gives the same verdict on both sides', async () => {
      const rng = new Random(5);
      let refused = 0;
      for (const inspection of inspections) {
        for (let round = 0; round < 6; round++) {
          let model = carEngine.evaluate(inspection, [], null, { role: 'qc' });
          const keys = model.order.filter((k) => model.rows[k].isVisible && !model.rows[k].isDisabled);
          for (let n = rng.int(1, 4); n > 0; n--) {
            const row = model.rows[rng.pick(keys)];
            const edits: Edit[] = [{ type: 'check', key: row.key, checked: true }];
            if (row.isEditable && row.kind !== 'image' && rng.chance(0.6)) {
              edits.push({ type: 'setValue', key: row.key, value: row.options?.length ? rng.pick(row.options) : row.widget === 'numeric' ? rng.int(1, 99999) : 'QC EDIT' });
            }
            if (rng.chance(0.5)) edits.push({ type: 'remark', key: row.key, remark: 'Photo unclear' });
            for (const edit of edits) model = carEngine.apply(model, edit);
          }
          const client = validateBeforeSubmit(model, { isDummy: false, issueType: hasRejections(model) ? [1] : undefined });
          if (client) refused++;
          const server = await check(inspection, payloadOf(model, inspection), { engine: carEngine, registry: null, role: 'qc', duplicateKeyConfig: 0 });
          expect(server?.alert ?? null, JSON.stringify(model.edits)).toBe(client?.alert ?? null);
        }
      }
      expect(refused).toBeGreaterThan(0);
    });

    it('a payload changing a field that is not editable (commentFlag 0 or 2) or hidden is refused, naming it (issue 11 defect 4)', () => {
      const inspection = inspections.find((d) => (d.inspectionData.carDetails?.isUnderHypothecation?.value ?? 'No') === 'No')!;
      inspection.inspectionData.carDetails!.carColour = { ...inspection.inspectionData.carDetails!.carColour!, commentFlag: 0 };
      const model = carEngine.evaluate(inspection, [], null, { role: 'qc' });
      const payload = payloadOf(model, inspection);
      payload.sections.carDetails!.qcEditableFields.carColour = { title: 'Car Colour', value: 'Red' };
      payload.sections.carDetails!.qcEditableFields.loanStatus = { title: 'Loan Status', value: 'Open' };
      expect(check(inspection, payload, { engine: carEngine, registry: null, role: 'qc', duplicateKeyConfig: 0 })).toEqual({ alert: NOT_EDITABLE_ALERT, fields: ['carColour', 'loanStatus'] });
      delete payload.sections.carDetails!.qcEditableFields.carColour;
      delete payload.sections.carDetails!.qcEditableFields.loanStatus;
      expect(check(inspection, payload, { engine: carEngine, registry: null, role: 'qc', duplicateKeyConfig: 0 })).toBeNull();
    });

    it('a payload naming a field the config does not know is refused', () => {
      const model = carEngine.evaluate(inspections[0], [], null, { role: 'qc' });
      const payload = payloadOf(model, inspections[0]);
      payload.sections.carDetails = { isApproved: 0, errorsCount: 1, rejectedFields: { bogus: { title: 'Bogus', value: 1, message: 'x', isValidate: 2 } }, qcEditableFields: {} };
      expect(editsFromSubmission(payload, carEngine.config).unknown).toEqual(['carDetails.bogus']);
    });
  });
});
