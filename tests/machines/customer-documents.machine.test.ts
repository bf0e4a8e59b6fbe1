import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApproveDocumentRequest, CustomerDocuments, LoadDocumentsRequest } from '../../src/api/docs.ts';
import { customerDocumentsMachine } from '../../src/machines/customer-documents.machine.ts';
import { deferred, type Deferred } from './helpers.ts';

const docs: CustomerDocuments = {
  preRcImages: [
    { type: 'rc', imageTitle: 'RC Front', url: '/u/rc1.jpg', qcAction: null },
    { type: 'rc', imageTitle: 'RC Back', url: '/u/rc2.jpg', qcAction: 'PENDING' },
  ],
  preInsuranceImages: [{ type: 'insurance', imageTitle: 'Insurance', url: '/u/ins.jpg' }],
};

async function start(loaded: CustomerDocuments | Error = docs) {
  const loads: LoadDocumentsRequest[] = [];
  const approvals: ApproveDocumentRequest[] = [];
  const answers: Deferred<unknown>[] = [];
  const spies = {
    showSuccess: vi.fn((_: unknown, _params: { message: string }) => {}),
    showError: vi.fn((_: unknown, _params: { message: string }) => {}),
  };
  const actor = createActor(
    customerDocumentsMachine.provide({
      actors: {
        loadDocuments: fromPromise<CustomerDocuments, LoadDocumentsRequest>(async ({ input }) => {
          loads.push(input);
          if (loaded instanceof Error) throw loaded;
          return structuredClone(loaded);
        }),
        approveDocument: fromPromise<unknown, ApproveDocumentRequest>(({ input }) => {
          approvals.push(input);
          const answer = deferred<unknown>();
          answers.push(answer);
          return answer.promise;
        }),
      },
      actions: spies,
    }),
    { input: { appointmentId: 'APT1001', leadToken: 'lead-abc', user: 'qc.reviewer@qc.example' } },
  ).start();
  await vi.advanceTimersByTimeAsync(0);
  /** Settles the latest approval call. */
  const answer = async (outcome: 'ok' | Error) => {
    const last = answers[answers.length - 1];
    if (outcome === 'ok') last.resolve({ detail: 'ok' });
    else last.reject(outcome);
    await vi.advanceTimersByTimeAsync(0);
  };
  const canConfirm = () => actor.getSnapshot().can({ type: 'CONFIRM' });
  return { actor, loads, approvals, spies, answer, canConfirm };
}

function actionAll(actor: Awaited<ReturnType<typeof start>>['actor'], rcAction: 'APPROVED' | 'REJECTED' = 'APPROVED') {
  actor.send({ type: 'SET_RC_TYPE', rcType: 'Duplicate' });
  actor.send({ type: 'SET_ACTION', docType: 'rc', index: 0, qcAction: 'APPROVED' });
  actor.send({ type: 'SET_ACTION', docType: 'rc', index: 1, qcAction: rcAction });
  actor.send({ type: 'SET_ACTION', docType: 'insurance', index: 0, qcAction: 'APPROVED' });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('customer document verification (spec 000 §4)', () => {
  it('loads the pre-inspection documents by appointmentId and leadToken; unknown qcActions count as not actioned', async () => {
    const { actor, loads } = await start();
    expect(loads).toEqual([{ appointmentId: 'APT1001', leadToken: 'lead-abc' }]);
    const { context } = actor.getSnapshot();
    expect(context.rcImages.map((image) => image.qcAction)).toEqual([null, null]);
    expect(context.insuranceImages.map((image) => image.qcAction)).toEqual([null]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
  });

  it('RC images cannot be actioned before an RC type is chosen', async () => {
    const { actor } = await start();
    expect(actor.getSnapshot().can({ type: 'SET_ACTION', docType: 'rc', index: 0, qcAction: 'APPROVED' })).toBe(false);
    actor.send({ type: 'SET_ACTION', docType: 'rc', index: 0, qcAction: 'APPROVED' });
    expect(actor.getSnapshot().context.rcImages[0].qcAction).toBeNull();
    actor.send({ type: 'SET_RC_TYPE', rcType: 'Photocopy' });
    actor.send({ type: 'SET_ACTION', docType: 'rc', index: 0, qcAction: 'APPROVED' });
    expect(actor.getSnapshot().context.rcImages[0].qcAction).toBe('APPROVED');
  });

  it('insurance images need no RC type', async () => {
    const { actor } = await start();
    actor.send({ type: 'SET_ACTION', docType: 'insurance', index: 0, qcAction: 'REJECTED' });
    expect(actor.getSnapshot().context.insuranceImages[0].qcAction).toBe('REJECTED');
  });

  it('only the four RC types of the spec are accepted', async () => {
    const { actor } = await start();
    for (const rcType of ['Original', 'Duplicate', 'Photocopy', 'Lost'] as const) {
      actor.send({ type: 'SET_RC_TYPE', rcType });
      expect(actor.getSnapshot().context.rcType).toBe(rcType);
    }
    actor.send({ type: 'SET_RC_TYPE', rcType: 'Laminated' as never });
    expect(actor.getSnapshot().context.rcType).toBe('Lost');
  });

  it('Confirm is impossible until every image is actioned', async () => {
    const { actor, approvals, canConfirm } = await start();
    expect(canConfirm()).toBe(false);
    actor.send({ type: 'SET_RC_TYPE', rcType: 'Original' });
    actor.send({ type: 'SET_ACTION', docType: 'rc', index: 0, qcAction: 'APPROVED' });
    actor.send({ type: 'SET_ACTION', docType: 'rc', index: 1, qcAction: 'APPROVED' });
    expect(canConfirm()).toBe(false);
    actor.send({ type: 'CONFIRM' });
    expect(approvals).toEqual([]);
    actor.send({ type: 'SET_ACTION', docType: 'insurance', index: 0, qcAction: 'REJECTED' });
    expect(canConfirm()).toBe(true);
  });

  it('an out-of-range image index changes nothing', async () => {
    const { actor } = await start();
    actor.send({ type: 'SET_ACTION', docType: 'insurance', index: 3, qcAction: 'APPROVED' });
    expect(actor.getSnapshot().context.insuranceImages).toHaveLength(1);
    expect(actor.getSnapshot().context.insuranceImages[0].qcAction).toBeNull();
  });

  it("confirm PUTs once per document type, then says 'Images uploaded successfully'", async () => {
    const { actor, approvals, answer, spies } = await start();
    actionAll(actor, 'REJECTED');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(approvals).toEqual([
      {
        appointmentId: 'APT1001',
        docType: 'rc',
        user: 'qc.reviewer@qc.example',
        rcType: 'Duplicate',
        status: 'UNVERIFIED',
        images: [
          { imageTitle: 'RC Front', type: 'rc', qcAction: 'APPROVED' },
          { imageTitle: 'RC Back', type: 'rc', qcAction: 'REJECTED' },
        ],
      },
    ]);
    await answer('ok');
    expect(spies.showSuccess).not.toHaveBeenCalled();
    expect(approvals[1]).toEqual({
      appointmentId: 'APT1001',
      docType: 'insurance',
      user: 'qc.reviewer@qc.example',
      rcType: null,
      status: 'VERIFIED',
      images: [{ imageTitle: 'Insurance', type: 'insurance', qcAction: 'APPROVED' }],
    });
    await answer('ok');
    expect(spies.showSuccess.mock.calls.map((call) => call[1])).toEqual([{ message: 'Images uploaded successfully' }]);
    expect(actor.getSnapshot().hasTag('confirmed')).toBe(true);
    expect(approvals).toHaveLength(2);
  });

  it("a failed PUT shows '{STATUS} failed', no success, and Confirm can be tried again", async () => {
    const { actor, approvals, answer, spies, canConfirm } = await start();
    actionAll(actor);
    actor.send({ type: 'CONFIRM' });
    await answer(new Error('Request failed with status code 500'));
    expect(spies.showError.mock.calls.map((call) => call[1])).toEqual([{ message: 'VERIFIED failed' }]);
    expect(spies.showSuccess).not.toHaveBeenCalled();
    expect(approvals).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('confirmed')).toBe(false);
    expect(canConfirm()).toBe(true);
  });

  it('CONFIRM and image changes are ignored while sending', async () => {
    const { actor, approvals } = await start();
    actionAll(actor);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'SET_ACTION', docType: 'insurance', index: 0, qcAction: 'REJECTED' });
    expect(approvals).toHaveLength(1);
    expect(actor.getSnapshot().context.insuranceImages[0].qcAction).toBe('APPROVED');
  });

  it('only insurance images: no RC type needed, one PUT', async () => {
    const { actor, approvals, answer, spies } = await start({ preRcImages: [], preInsuranceImages: docs.preInsuranceImages });
    actor.send({ type: 'SET_ACTION', docType: 'insurance', index: 0, qcAction: 'APPROVED' });
    actor.send({ type: 'CONFIRM' });
    await answer('ok');
    expect(approvals.map((request) => request.docType)).toEqual(['insurance']);
    expect(spies.showSuccess).toHaveBeenCalledTimes(1);
  });

  it('nothing loaded: nothing to confirm', async () => {
    const { canConfirm } = await start({ preRcImages: [], preInsuranceImages: [] });
    expect(canConfirm()).toBe(false);
  });

  it('a failed load is tagged loadFailed and RETRY loads again', async () => {
    const { actor, loads } = await start(new Error('boom'));
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
    actor.send({ type: 'RETRY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toHaveLength(2);
  });
});
