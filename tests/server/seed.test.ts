// The demo data of docs/architecture.md 'Inspection data': deterministic, in the shape the engine and screens read.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageWriter } from '../../server/seed/images.ts';
import { InspectionGenerator, PDI_TYPES, type SeedAppointment } from '../../server/seed/inspections.ts';
import { Random } from '../../server/seed/random.ts';
import { listWindow } from '../../server/services/inspections.ts';

const CAR_DETAIL_KEYS = [
  'year', 'month', 'make', 'model', 'variant', 'fuelType', 'toBeScrapped', 'emissionStandards', 'registrationYear',
  'registrationMonth', 'fitnessUpto', 'registrationState', 'registrationCity', 'registrationNumber', 'ownerNumber',
  'cngLpgFitment', 'chassisNumber', 'chassisNumberEmbossing', 'vinOBD', 'engineNumber', 'rcAvailability', 'carColour',
  'customerName', 'duplicateKey', 'isUnderHypothecation', 'rtoNocIssued', 'roadTaxPaid', 'insuranceType', 'raDetails',
  'inspectionBy', 'city', 'inspectionAt', 'storeName', 'rcImages', 'insuranceImages', 'additionalImages', 'comments',
];
const NOW = dayjs('2026-11-23T00:00:00Z');

describe('seed generator', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  function generate(seed: number, count = 150): SeedAppointment[] {
    const dir = mkdtempSync(join(tmpdir(), 'qc-seed-'));
    dirs.push(dir);
    const generator = new InspectionGenerator(new Random(seed), new ImageWriter(dir), NOW, ['qc.reviewer@qc.example', 'qc.reviewer2@qc.example']);
    return Array.from({ length: count }, (_, i) => generator.appointment(i, i < 20 ? i * 4 + 1 : i * 600));
  }
  const appointments = generate(42);
  const latest = appointments.map((a) => a.inspections.at(-1)!);

  it('is deterministic: the same seed and time give the same data', () => {
    expect(JSON.stringify(generate(42, 20))).toBe(JSON.stringify(appointments.slice(0, 20)));
    expect(JSON.stringify(generate(43, 20))).not.toBe(JSON.stringify(appointments.slice(0, 20)));
  });

  it('every inspection carries the car detail keys and sections of docs/architecture.md', () => {
    for (const { detail } of latest) {
      const data = detail.inspectionData;
      expect(Object.keys(data.carDetails!)).toEqual(expect.arrayContaining(CAR_DETAIL_KEYS));
      expect(data.carDetails!.registrationState.subParts!.rto.value).toMatch(/^[A-Z]{2}\d{2}$/);
      expect(data.exteriorTyres!.mainImages.images).toHaveLength(10);
      for (const tyre of ['lhsFrontTyre', 'rhsFrontTyre', 'lhsRearTyre', 'rhsRearTyre', 'spareTyre']) {
        expect(data.exteriorTyres![tyre].additionalInfo).toEqual({ image: expect.any(Object), treadDepth: expect.any(Number), currentCondition: expect.any(String) });
      }
      expect(data.electricalsInterior!.interiorImages.images!.at(-1)!.title).toBe('Odometer');
      expect(Object.keys(data.airConditioning!)).toEqual(['acCooling', 'heater', 'climateControlAc']);
      expect(Object.keys(data.engineTransmission!)).toEqual(expect.arrayContaining(['engineSound', 'exhaustSmoke', 'engineBlowBy', 'backCompression']));
      expect(Object.keys(data.steeringSuspensionBrakes!)).toEqual(['steering', 'suspension', 'brakes']);
      const rc = data.carDetails!.rcImages.images!;
      expect(rc.length).toBeGreaterThanOrEqual(1);
      expect(rc.length).toBeLessThanOrEqual(5);
      rc.forEach((image, i) => expect(image).toMatchObject({ title: `RC${i + 1}`, hashKey: expect.stringMatching(new RegExp(`RC${i}$`)), isVerified: expect.any(Boolean) }));
      data.carDetails!.insuranceImages.images!.forEach((image, i) => expect(image.title).toBe(`Insurance${i + 1}`));
      expect(Array.isArray(data.carDetails!.rcAvailability.subParts!.misMatchInRc.value)).toBe(true);
      expect(Array.isArray(data.carDetails!.chassisNumberEmbossing.value)).toBe(true);
      expect(Array.isArray(data.carDetails!.comments.value)).toBe(true);
    }
  });

  it('images exist on disk and are labelled', () => {
    const { detail } = latest[0];
    const url = detail.inspectionData.carDetails!.rcImages.images![0].url;
    const dir = dirs[0];
    const svg = readFileSync(join(dir, url.replace('/uploads/', '')), 'utf8');
    expect(svg).toContain('Registration Certificate');
    expect(svg).toContain(detail.inspectionData.carDetails!.registrationNumber.value as string);
  });

  it('spreads categories, statuses, versions and processing flags like a real queue', () => {
    expect(new Set(latest.map((i) => i.category))).toEqual(new Set(['New', 'New(CR)', 'New(R)', 'Re-inspection', 'Re-inspection(CR)', 'Re-inspection(R)']));
    const count = (pred: (i: (typeof latest)[number]) => boolean) => latest.filter(pred).length;
    expect(count((i) => i.status === 'smReview' && !i.assignee)).toBeGreaterThan(latest.length / 2);
    expect(count((i) => i.status === 'smReview' && !!i.assignee)).toBeGreaterThan(0);
    expect(count((i) => i.status === 'done')).toBeGreaterThan(0);
    expect(count((i) => i.status === 'smReviewRejected')).toBeGreaterThan(0);
    expect(count((i) => i.isReportProcessed === 0 || i.reInspectionProcessing === 1)).toBeGreaterThan(0);
    const reinspections = appointments.filter((a) => a.inspections.length > 1);
    expect(reinspections.length).toBeGreaterThan(0);
    for (const a of reinspections) {
      expect(a.inspections.map((i) => i.version)).toEqual(a.inspections.map((_, n) => n));
      expect(a.inspections.filter((i) => i.isLatest)).toHaveLength(1);
      expect(new Set(a.inspections.map((i) => i.carId)).size).toBe(a.inspections.length);
    }
    const ages = latest.map((i) => NOW.diff(i.inspectionEndTime, 'minute'));
    for (const [from, to] of [[0, 15], [15, 30], [30, 60], [60, Infinity]]) expect(ages.some((m) => m >= from && m < to), `${from}-${to}`).toBe(true);
  });

  it('PDI leads (a share of appointments) carry carDetails.pdiType on every version; the others none (list row §3)', () => {
    const typeOf = (i: (typeof latest)[number]) => i.detail.inspectionData.carDetails!.pdiType?.value ?? null;
    const leads = appointments.filter((a) => typeOf(a.inspections.at(-1)!) !== null);
    expect(leads.length).toBeGreaterThan(appointments.length * 0.1);
    expect(leads.length).toBeLessThan(appointments.length * 0.35);
    expect(new Set(leads.map((a) => typeOf(a.inspections.at(-1)!)))).toEqual(new Set(PDI_TYPES));
    for (const a of appointments) {
      const types = new Set(a.inspections.map(typeOf));
      expect(types.size, a.inspections[0].appointmentId).toBe(1);
      for (const i of a.inspections) expect(i.isPdiLead).toBe(typeOf(i) === null ? 0 : 1);
      for (const i of a.inspections) if (typeOf(i) !== null) expect(i.detail.inspectionData.carDetails!.pdiType).toMatchObject({ title: 'PDI Type' });
    }
  });

  it('registry data exists for most appointments, with deliberate mismatches', () => {
    const withRegistry = appointments.filter((a) => a.registry);
    expect(withRegistry.length).toBeGreaterThan(appointments.length * 0.7);
    const mismatched = withRegistry.filter((a) => {
      const car = a.inspections.at(-1)!.detail.inspectionData.carDetails!;
      const p = a.registry!.parivahan1;
      const w = a.registry!.vahanWebsite;
      return (
        (p && (p.chassisNumber !== car.chassisNumber.value || p.ownerCount !== car.ownerNumber.value || !p.registeredAt!.startsWith(String(car.registrationState.subParts!.rto.value)))) ||
        (w && w.ownerCount !== car.ownerNumber.value) ||
        (a.registry!.parseSms && a.registry!.parseSms.registrationNumber !== car.registrationNumber.value)
      );
    });
    expect(mismatched.length).toBeGreaterThan(0);
    expect(mismatched.length).toBeLessThan(withRegistry.length);
  });
});

describe('list window (spec 000 §7: six months back to today)', () => {
  const today = dayjs('2026-11-23');
  it('defaults to six months back to the end of today', () => {
    const { from, to } = listWindow(undefined, undefined, today);
    expect(dayjs(from).format('YYYY-MM-DD')).toBe('2026-05-23');
    expect(dayjs(to).format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 23:59');
  });
  it('clamps an earlier start to six months and refuses a start after the end', () => {
    expect(dayjs(listWindow('2020-01-01', '2026-11-23').from).format('YYYY-MM-DD')).toBe('2026-05-23');
    expect(() => listWindow('2026-11-24', '2026-11-23')).toThrow(expect.objectContaining({ statusCode: 400, detail: expect.stringMatching(/startDate/) }));
  });
});
