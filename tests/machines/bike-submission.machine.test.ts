// Spec 001 §4 'Bike submission status', §5, §8, §9: the bike submission as a machine, with fake calls and timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/http.ts';
import type { Edit } from '../../src/engine/types.ts';
import type { BikePushBody, BikeSubmitForm } from '../../src/api/bike.ts';
import { BIKE_REDIRECT_MS, bikeSubmissionMachine, buildBikePush, heldRejections } from '../../src/machines/bike-submission.machine.ts';
import { toBikeInspection } from '../../src/screens/bike/inspection.ts';
import { bikeConfig, bikeDetail, bikeEngine } from '../support/bike.ts';
import { controlledCall } from './helpers.ts';

const detail = bikeDetail();
const inspection = toBikeInspection(detail, { imageUrlTemplate: '/uploads/{uri}', videoBaseUrl: '/media/' });
const modelWith = (...edits: Edit[]) => bikeEngine.evaluate(inspection, edits);
const imageKey = (title: string) => Object.keys(modelWith().rows).find((k) => modelWith().rows[k].text === title)!;

function start() {
  const push = controlledCall<BikePushBody>();
  const submit = controlledCall<BikeSubmitForm>();
  const spies = { showAlert: vi.fn(), showSuccess: vi.fn(), showError: vi.fn(), redirect: vi.fn() };
  const actor = createActor(bikeSubmissionMachine.provide({ actors: { pushData: push.logic, submitStatus: submit.logic }, actions: spies }), {
    input: { appointmentId: detail.appointmentId, bikeId: detail.bikeId, version: detail.version, config: bikeConfig, configVersion: 4 },
  }).start();
  return { actor, push, submit, spies };
}

describe('bike submission machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('nothing ticked → pushes, submits APPROVED, shows success and redirects after 3 s (not before)', async () => {
    const { actor, push, submit, spies } = start();
    actor.send({ type: 'SUBMIT', model: modelWith() });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(push.calls[0]).toMatchObject({ appointmentId: detail.appointmentId, inspectionData: {}, reason: '' });
    expect(push.calls[0].images.every((i) => !i.rejected)).toBe(true);
    expect(push.calls[0].videos).toEqual([{ hashKey: `${detail.appointmentId}_mainImage_walkaround`, rejected: false }]);
    await push.settle({ ok: {} });
    expect(submit.calls[0]).toEqual({ status: 'APPROVED', reason: '', bikeId: 5000, appointmentId: detail.appointmentId, version: 1, configVersion: 4 });
    await submit.settle({ ok: {} });
    expect(spies.showSuccess).toHaveBeenCalledWith(expect.anything(), { status: 'APPROVED' });
    expect(BIKE_REDIRECT_MS).toBe(3000);
    vi.advanceTimersByTime(2999);
    expect(spies.redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(spies.redirect).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a ticked document, image or video → REJECTED, with the ticks and corrections pushed', async () => {
    const { actor, push, submit } = start();
    const video = imageKey('Walkaround Video');
    actor.send({
      type: 'SUBMIT',
      model: modelWith(
        { type: 'check', key: 'registrationNumber', checked: true },
        { type: 'setValue', key: 'registrationNumber', value: 'MH12AB9999' },
        { type: 'check', key: video, checked: true },
      ),
    });
    expect(push.calls[0].inspectionData).toEqual({ bikeDetails: { registrationNumber: { rejected: true, value: 'MH12AB9999' } } });
    expect(push.calls[0].videos).toEqual([{ hashKey: `${detail.appointmentId}_mainImage_walkaround`, rejected: true }]);
    expect(push.calls[0].reason.split(', ').sort()).toEqual(['Registration Number', 'Walkaround Video']);
    await push.settle({ ok: {} });
    expect(submit.calls[0].status).toBe('REJECTED');
  });

  it('a ticked image alone rejects; a sub-part correction goes under its parent', () => {
    const model = modelWith({ type: 'check', key: imageKey('RC Front'), checked: true }, { type: 'check', key: 'bankNoc', checked: true }, { type: 'setValue', key: 'bankNoc', value: 'No' });
    const body = buildBikePush(model, detail.appointmentId);
    expect(body.images.find((i) => i.rejected)?.hashKey).toBe(`${detail.appointmentId}_rcImage_rcFront`);
    expect(body.inspectionData.bikeDetails.hypothecation.subParts).toEqual({ bankNoc: { rejected: true, value: 'No' } });
  });

  it('a corrected date is pushed as DD/MM/YYYY (001 §2 bike date format)', () => {
    const body = buildBikePush(modelWith({ type: 'check', key: 'insuranceExpiry', checked: true }, { type: 'setValue', key: 'insuranceExpiry', value: '15/08/2027' }), detail.appointmentId);
    expect(body.inspectionData.bikeDetails.insuranceType.subParts).toEqual({ insuranceExpiry: { rejected: true, value: '15/08/2027' } });
  });

  it("a ticked document without a new value: 'Please Edit the following Fields:' and no call", () => {
    const { actor, push, spies } = start();
    actor.send({ type: 'SUBMIT', model: modelWith({ type: 'check', key: 'registrationNumber', checked: true }) });
    expect(spies.showAlert).toHaveBeenCalledWith(expect.anything(), { alert: 'Please Edit the following Fields:\nRegistration Number', fields: ['registrationNumber'] });
    expect(push.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("registration year before manufacturing year: 'Modal Year should be greater than Manufacturing Year.'", () => {
    const { actor, push, spies } = start();
    actor.send({ type: 'SUBMIT', model: modelWith({ type: 'setValue', key: 'registrationYear', value: '2016' }) });
    expect(spies.showAlert.mock.calls[0][1].alert).toBe('Modal Year should be greater than Manufacturing Year.');
    expect(push.calls).toHaveLength(0);
  });

  it("a failed push or submit: 'Error in submit review - {message}', back to idle, no redirect", async () => {
    const { actor, push, submit, spies } = start();
    actor.send({ type: 'SUBMIT', model: modelWith() });
    await push.settle({ error: new ApiError('Conflict', 409, { message: 'Conflict', detail: 'Bike appointment BK26110001 is already APPROVED' }) });
    expect(spies.showError).toHaveBeenCalledWith(expect.anything(), { message: 'Error in submit review - Bike appointment BK26110001 is already APPROVED' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SUBMIT', model: modelWith() });
    await push.settle({ ok: {} });
    await submit.settle({ error: new Error('Network Error') });
    expect(spies.showError).toHaveBeenLastCalledWith(expect.anything(), { message: 'Error in submit review - Network Error' });
    vi.advanceTimersByTime(5000);
    expect(spies.redirect).not.toHaveBeenCalled();
    expect(spies.showSuccess).not.toHaveBeenCalled();
  });

  it('a tick the server holds from a push whose submit failed is cleared when the reviewer unticks it (else the server refuses APPROVED)', async () => {
    const { actor, push, submit } = start();
    const ticked = modelWith({ type: 'check', key: 'registrationNumber', checked: true }, { type: 'setValue', key: 'registrationNumber', value: 'MH12AB9999' });
    actor.send({ type: 'SUBMIT', model: ticked });
    await push.settle({ ok: {} });
    await submit.settle({ error: new Error('Network Error') });
    // Unticked (the reviewer took the tick and its correction back): the push says it is no longer rejected.
    actor.send({ type: 'SUBMIT', model: modelWith() });
    expect(push.calls[1].inspectionData).toEqual({ bikeDetails: { registrationNumber: { rejected: false } } });
    await push.settle({ ok: {} });
    expect(submit.calls[1].status).toBe('APPROVED');
  });

  it('ticks stored by an earlier session: found in the loaded bike and cleared when not ticked now', () => {
    const stored = structuredClone(detail.inspectionData) as Record<string, Record<string, { rejected?: boolean; subParts?: Record<string, { rejected?: boolean }> }>>;
    stored.bikeDetails.registrationNumber.rejected = true;
    stored.bikeDetails.hypothecation.subParts = { ...stored.bikeDetails.hypothecation.subParts, bankNoc: { ...stored.bikeDetails.hypothecation.subParts?.bankNoc, rejected: true } };
    const held = heldRejections(modelWith(), stored);
    expect(held.sort()).toEqual(['bankNoc', 'registrationNumber']);
    expect(heldRejections(modelWith(), detail.inspectionData)).toEqual([]);
    const body = buildBikePush(modelWith({ type: 'check', key: 'bankNoc', checked: true }, { type: 'setValue', key: 'bankNoc', value: 'No' }), detail.appointmentId, held);
    expect(body.inspectionData.bikeDetails).toEqual({ registrationNumber: { rejected: false }, hypothecation: { subParts: { bankNoc: { rejected: true, value: 'No' } } } });
  });

  it('a second SUBMIT while busy is ignored', () => {
    const { actor, push } = start();
    actor.send({ type: 'SUBMIT', model: modelWith() });
    actor.send({ type: 'SUBMIT', model: modelWith() });
    expect(push.calls).toHaveLength(1);
  });
});
