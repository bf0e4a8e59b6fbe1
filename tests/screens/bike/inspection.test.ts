// A bike reopened after a push went through (its submit failed, or the bike is reviewed): the ticks and corrections
// the server holds come back as the review's opening edits, and submitting again pushes the same.
import { describe, expect, it } from 'vitest';
import type { BikeField } from '../../../src/api/bike.ts';
import { bikeStatus, buildBikePush, heldRejections } from '../../../src/machines/bike-submission.machine.ts';
import { validateBeforeSubmit } from '../../../src/engine/submission.ts';
import { heldBikeReview, toBikeInspection } from '../../../src/screens/bike/inspection.ts';
import { bikeConfig, bikeDetail, bikeEngine, pushedBikeDetail } from '../../support/bike.ts';

const MEDIA = { imageUrlTemplate: '/uploads/{uri}', videoBaseUrl: '/media/' };

describe('heldBikeReview: the review as the server holds it', () => {
  it('a bike with nothing stored as rejected opens with no edits, as recorded', () => {
    const detail = bikeDetail();
    const held = heldBikeReview(bikeEngine, detail, MEDIA);
    expect(held.seed).toEqual([]);
    expect(held.inspection).toEqual(toBikeInspection(detail, MEDIA));
  });

  it('stored ticks come back ticked, corrections as new values over the inspector’s recorded ones, and the next push sends the same', () => {
    const detail = pushedBikeDetail();
    const held = heldBikeReview(bikeEngine, detail, MEDIA);
    const model = bikeEngine.evaluate(held.inspection, held.seed);
    const row = (key: string) => model.rows[key];
    expect(row('registrationNumber')).toMatchObject({ checked: true, value: 'MH12AB1234', newValue: 'MH12AB9999' });
    expect(row('chassisCondition')).toMatchObject({ checked: true, values: ['Ok'], newValues: ['Lost'] });
    expect(row('insuranceExpiry')).toMatchObject({ checked: true });
    expect(row('fuelType')).toMatchObject({ checked: true, value: 'Petrol', newValue: 'Petrol' });
    expect(row('make')).toMatchObject({ checked: true, value: 'Hero', newValue: 'Bajaj' });
    const video = model.order.find((k) => model.rows[k].text === 'Walkaround Video')!;
    expect(row(video).checked).toBe(true);
    expect(model.order.filter((k) => model.rows[k].kind === 'image' && model.rows[k].checked)).toEqual([video]);

    // 'Please Edit the following Fields:' holds as it did when the push went through.
    expect(validateBeforeSubmit(model, { isDummy: false }, bikeConfig)).toBeNull();
    expect(bikeStatus(model, bikeConfig)).toBe('REJECTED');
    const body = buildBikePush(model, detail.appointmentId, heldRejections(model, detail.inspectionData));
    expect(body.inspectionData.bikeDetails).toMatchObject({
      registrationNumber: { rejected: true, value: 'MH12AB9999' },
      chassisCondition: { rejected: true, value: ['Lost'] },
      insuranceType: { subParts: { insuranceExpiry: { rejected: true, value: '01/06/2028' } } },
      fuelType: { rejected: true, value: 'Petrol' },
      make: { rejected: true, value: 'Bajaj' },
    });
    expect(body.videos).toEqual([{ hashKey: detail.images.find((m) => m.mediaType === 'video')!.hashKey, rejected: true }]);
  });

  it('a ticked row the engine takes no value for (hidden) comes back only ticked', () => {
    const detail = pushedBikeDetail();
    // Insurance Expired hides the expiry (spec 001 'Bike field behaviour').
    Object.assign((detail.inspectionData.bikeDetails as Record<string, BikeField>).insuranceType, { value: 'Insurance Expired' });
    const held = heldBikeReview(bikeEngine, detail, MEDIA);
    expect(held.seed.filter((e) => e.key === 'insuranceExpiry')).toEqual([{ type: 'check', key: 'insuranceExpiry', checked: true }]);
    expect(bikeEngine.evaluate(held.inspection, held.seed).rows.insuranceExpiry).toMatchObject({ isVisible: false, value: '01/06/2028' });
  });

  it('reads the stored data by its own keys only', () => {
    const detail = bikeDetail();
    const fields = detail.inspectionData.bikeDetails as Record<string, BikeField>;
    fields.registrationNumber = Object.assign(Object.create({ rejected: true }), fields.registrationNumber);
    expect(heldBikeReview(bikeEngine, detail, MEDIA).seed).toEqual([]);
  });
});

describe('toBikeInspection: the end time as another backend may send it', () => {
  it('reads ISO text, milliseconds and seconds alike, and an unreadable one as no time instead of throwing', () => {
    const end = (inspectionEndTime: unknown) => toBikeInspection(bikeDetail({ inspectionEndTime: inspectionEndTime as number }), MEDIA).inspectionEndTime;
    expect(end('2026-12-01T10:00:00Z')).toBe('2026-12-01T10:00:00.000Z');
    expect(end(1763900000000)).toBe('2025-11-23T12:13:20.000Z');
    expect(end(1763900000)).toBe('2025-11-23T12:13:20.000Z');
    expect(end(null)).toBe('');
    expect(() => heldBikeReview(bikeEngine, bikeDetail({ inspectionEndTime: 'not a time' as unknown as number }), MEDIA)).not.toThrow();
  });
});
