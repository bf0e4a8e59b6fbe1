import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/http.ts';
import type { RemarkRequest, RemarkTarget } from '../../src/api/review.ts';
import { remarkMachine, remarkRequest } from '../../src/machines/remark.machine.ts';
import { controlledCall } from './helpers.ts';

const target: RemarkTarget = {
  carId: 1001,
  section: 'carDetails',
  part: 'insuranceType',
  subPart: 'insuranceExpiry',
  role: 'qc',
  user: 'qc.reviewer@qc.example',
};

function start() {
  const call = controlledCall<RemarkRequest>();
  const spies = {
    showAlert: vi.fn((_: unknown, _params: { message: string }) => {}),
    remarkSaved: vi.fn((_: unknown, _params: { remark: string; response: unknown }) => {}),
  };
  const actor = createActor(
    remarkMachine.provide({
      actors: {
        saveRemark: call.logic,
      },
      actions: spies,
    }),
    { input: target },
  ).start();
  return {
    actor,
    calls: call.calls,
    spies,
    settle: call.settle,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('rejection remark (spec 000 §3, §5, §8)', () => {
  it.each(['', '   ', '\n\t '])('text %j is empty after trimming: Add is disabled and SAVE sends nothing', (text) => {
    const { actor, calls } = start();
    actor.send({ type: 'CHANGE', text });
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
    actor.send({ type: 'SAVE' });
    expect(calls).toEqual([]);
  });

  it('saves the trimmed text with the remark payload fields, then clears the box', async () => {
    const { actor, calls, spies, settle } = start();
    actor.send({ type: 'CHANGE', text: '  Insurance copy is blurred ' });
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(true);
    actor.send({ type: 'SAVE' });
    expect(calls).toEqual([
      {
        ...target,
        type: 'rejectionRemark',
        inspectionStatus: 'smReview',
        remarkType: 'text',
        remark: 'Insurance copy is blurred',
      },
    ]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(spies.remarkSaved).not.toHaveBeenCalled();
    await settle({ ok: { detail: { id: 'r1' } } });
    expect(spies.remarkSaved.mock.calls.map((call) => call[1])).toEqual([
      { remark: 'Insurance copy is blurred', response: { detail: { id: 'r1' } } },
    ]);
    expect(actor.getSnapshot().context.text).toBe('');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(spies.showAlert).not.toHaveBeenCalled();
  });

  it('every remark is sent with inspectionStatus smReview (000 §3), whatever the inspection status', () => {
    const audio = new Blob(['RIFF'], { type: 'audio/wav' });
    expect(remarkRequest(target, { remarkType: 'audio', audio })).toEqual({ ...target, type: 'rejectionRemark', inspectionStatus: 'smReview', remarkType: 'audio', audio });
    expect(remarkRequest(target, { remarkType: 'text', remark: 'x' }).inspectionStatus).toBe('smReview');
  });

  it('a failure alerts the server detail and keeps the typed text', async () => {
    const { actor, spies, settle } = start();
    actor.send({ type: 'CHANGE', text: 'Wrong RC' });
    actor.send({ type: 'SAVE' });
    await settle({ error: new ApiError('Bad Request', 400, { message: 'Bad Request', detail: 'section is required' }) });
    expect(spies.showAlert.mock.calls.map((call) => call[1])).toEqual([{ message: 'section is required' }]);
    expect(spies.remarkSaved).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.text).toBe('Wrong RC');
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(true);
  });

  it("a failure without a detail alerts 'Some error occured while saving the remark'", async () => {
    const { actor, spies, settle } = start();
    actor.send({ type: 'CHANGE', text: 'Wrong RC' });
    actor.send({ type: 'SAVE' });
    await settle({ error: new Error('Network Error') });
    expect(spies.showAlert.mock.calls.map((call) => call[1])).toEqual([{ message: 'Some error occured while saving the remark' }]);
  });

  it('SAVE while saving does not send a second remark', () => {
    const { actor, calls } = start();
    actor.send({ type: 'CHANGE', text: 'Wrong RC' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
    actor.send({ type: 'SAVE' });
    expect(calls).toHaveLength(1);
  });
});
