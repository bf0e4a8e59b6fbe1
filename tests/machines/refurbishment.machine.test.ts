import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type PromiseActorLogic } from 'xstate';
import { ApiError } from '../../src/api/http.ts';
import { refurbishmentMachine, type RefurbishmentInput, type RefurbishmentSubmitPayload } from '../../src/machines/refurbishment.machine.ts';
import { REFURBISHMENT_CONFIG, storedVerdicts } from '../../src/machines/refurbishment.rules.ts';
import { controlledCall } from './helpers.ts';

const ME = 'qc.reviewer@qc.example';
/** The fake resolves with whatever the test settles it with: the server's answer `{ status, version }`. */
type SubmitLogic = PromiseActorLogic<{ status: string }, RefurbishmentSubmitPayload>;

function start(over: Partial<RefurbishmentInput> = {}) {
  const call = controlledCall<RefurbishmentSubmitPayload>();
  const spies = {
    showSuccess: vi.fn((_: unknown, _params: { status: string }) => {}),
    showError: vi.fn((_: unknown, _params: { message: string }) => {}),
    navigateToList: vi.fn(),
  };
  const actor = createActor(refurbishmentMachine.provide({ actors: { submitReview: call.logic as unknown as SubmitLogic }, actions: spies }), {
    input: { appointmentId: '2007310001', status: 'review', version: 3, user: ME, assignee: 'QC.Reviewer@qc.example', versioned: false, config: REFURBISHMENT_CONFIG, configVersion: null, ...over },
  }).start();
  const entries = () => actor.getSnapshot().context.entries;
  return { actor, calls: call.calls, settle: call.settle, spies, entries };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('QC remark per item (spec 001 §4)', () => {
  it('typing a remark creates an entry that is not rejected; typing more updates it', () => {
    const { actor, entries } = start();
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'Use' });
    expect(entries()).toEqual([{ hashKey: 'a', qcRemark: 'Use', isRejected: 0 }]);
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'Use OEM' });
    expect(entries()).toEqual([{ hashKey: 'a', qcRemark: 'Use OEM', isRejected: 0 }]);
  });

  it('Reject toggles the entry between rejected and not rejected, keeping its remark', () => {
    const { actor, entries } = start();
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'Too costly' });
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'a' });
    expect(entries()).toEqual([{ hashKey: 'a', qcRemark: 'Too costly', isRejected: 1 }]);
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'a' });
    expect(entries()).toEqual([{ hashKey: 'a', qcRemark: 'Too costly', isRejected: 0 }]);
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'Too costly!' });
    expect(entries()).toEqual([{ hashKey: 'a', qcRemark: 'Too costly!', isRejected: 0 }]);
  });

  it('rejecting an item with no remark creates a rejected entry; un-rejecting it with no remark removes the entry', () => {
    const { actor, entries } = start();
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'b' });
    expect(entries()).toEqual([{ hashKey: 'b', qcRemark: '', isRejected: 1 }]);
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'b' });
    expect(entries()).toEqual([]);
  });

  it('other items’ entries are untouched', () => {
    const { actor, entries } = start();
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'ok' });
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'b' });
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'b' });
    expect(entries()).toEqual([{ hashKey: 'a', qcRemark: 'ok', isRejected: 0 }]);
  });
});

describe('editable only for the assignee in the unversioned view (spec 001 §5, §6)', () => {
  it.each([
    ['another user is the assignee', { assignee: 'qc.reviewer2@qc.example' }],
    ['nobody is assigned', { assignee: null }],
    ['a past version is shown', { versioned: true }],
  ])('%s: remarks, Reject and SUBMIT are not accepted', (_, over) => {
    const { actor, entries, calls } = start(over);
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'x' });
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'a' });
    actor.send({ type: 'SUBMIT' });
    expect(entries()).toEqual([]);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('a refurbishment in a finished status (done) cannot be submitted even by its assignee', () => {
    const { actor, calls } = start({ status: 'done' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(calls).toEqual([]);
  });
});

describe('submit: status and section by the config outcome rules (spec 001 §4)', () => {
  it('runs the config version the review was opened on (issue 17): its outcome decides the section, and the payload names the version', () => {
    // Version 5 reviews a 'review' refurbishment on the after-refurbishment side (the seed: beforeRef).
    const version5 = structuredClone(REFURBISHMENT_CONFIG);
    for (const rule of version5.outcomes.submission) if (rule.set.section === 'beforeRef') rule.set.section = 'afterRef';
    const { actor, calls } = start({ config: version5, configVersion: 5 });
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'b' });
    actor.send({ type: 'SUBMIT' });
    expect(calls).toEqual([
      { appointmentId: '2007310001', fields: [{ hashKey: 'b', qcRemark: '', isRejected: 1 }], reviewBy: ME, status: 'review', section: 'afterRef', version: 3, configVersion: 5 },
    ]);
  });

  it.each([
    ['review, an item rejected', 'review', true, 'beforeRef'],
    ['review, remarks only', 'review', false, 'beforeRef'],
    ['refReview, an item rejected', 'refReview', true, 'afterRef'],
    ['refReview, none rejected', 'refReview', false, 'afterRef'],
  ] as const)('%s: sends appointmentId, fields, reviewBy, status %s and section', (_, status, reject, section) => {
    const { actor, calls } = start({ status });
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'Looks fine' });
    if (reject) actor.send({ type: 'TOGGLE_REJECT', hashKey: 'b' });
    actor.send({ type: 'SUBMIT' });
    expect(calls).toEqual([
      {
        appointmentId: '2007310001',
        fields: [{ hashKey: 'a', qcRemark: 'Looks fine', isRejected: 0 }, ...(reject ? [{ hashKey: 'b', qcRemark: '', isRejected: 1 }] : [])],
        reviewBy: ME,
        status,
        section,
        version: 3,
        configVersion: null,
      },
    ]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('success: showSuccess with the stored status, back to the list after 1 s and not before; no second submit meanwhile', async () => {
    const { actor, calls, settle, spies } = start();
    actor.send({ type: 'TOGGLE_REJECT', hashKey: 'a' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    expect(calls).toHaveLength(1);
    await settle({ ok: { status: 'rejected', version: 4 } });
    expect(spies.showSuccess.mock.calls[0][1]).toEqual({ status: 'rejected' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'late' });
    expect(actor.getSnapshot().context.entries).toEqual([{ hashKey: 'a', qcRemark: '', isRejected: 1 }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(spies.navigateToList).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spies.navigateToList).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("failure: 'Error::' plus the server's detail, the entries kept, and the reviewer may submit again", async () => {
    const { actor, calls, settle, spies, entries } = start();
    actor.send({ type: 'REMARK', hashKey: 'a', qcRemark: 'keep me' });
    actor.send({ type: 'SUBMIT' });
    await settle({ error: new ApiError('Conflict', 409, { message: 'Conflict', detail: 'This review was already submitted (status inRef)' }) });
    expect(spies.showError.mock.calls[0][1]).toEqual({ message: 'Error::This review was already submitted (status inRef)' });
    expect(spies.navigateToList).not.toHaveBeenCalled();
    expect(entries()).toEqual([{ hashKey: 'a', qcRemark: 'keep me', isRejected: 0 }]);
    actor.send({ type: 'SUBMIT' });
    expect(calls).toHaveLength(2);
  });

  it('a schema or server failure shows a plain sentence, never raw server text', async () => {
    const { actor, settle, spies } = start();
    actor.send({ type: 'SUBMIT' });
    await settle({ error: new ApiError('Bad Request', 400, { message: 'body/fields/0/hashKey must match pattern', detail: 'body/fields/0/hashKey must match pattern "^[A-Za-z0-9]"' }) });
    expect(spies.showError.mock.calls[0][1]).toEqual({ message: 'Error::Image key has the wrong format.' });
    actor.send({ type: 'SUBMIT' });
    await settle({ error: new Error('Network Error') });
    expect(spies.showError.mock.calls[1][1]).toEqual({ message: 'Error::Something went wrong, please try again' });
  });
});

describe('storedVerdicts: the verdicts of a draft read back from the browser (issue 16)', () => {
  it("keeps the first well-formed verdict of each of this review's items, as fresh objects, and nothing else", () => {
    const stored = JSON.parse(`[
      {"hashKey": "h1", "qcRemark": "Use OEM", "isRejected": 1, "extra": true},
      {"hashKey": "h1", "qcRemark": "second of h1", "isRejected": 0},
      {"hashKey": "__proto__", "qcRemark": "x", "isRejected": 1},
      {"hashKey": "h9", "qcRemark": "not an item here", "isRejected": 1},
      {"hashKey": "h2", "qcRemark": 5, "isRejected": 1},
      {"hashKey": "h2", "qcRemark": "x", "isRejected": "1"},
      null, "h2",
      {"hashKey": "h2", "qcRemark": "Check the paint", "isRejected": 0}
    ]`) as unknown[];
    const verdicts = storedVerdicts(stored, ['h1', 'h2']);
    expect(verdicts).toEqual([
      { hashKey: 'h1', qcRemark: 'Use OEM', isRejected: 1 },
      { hashKey: 'h2', qcRemark: 'Check the paint', isRejected: 0 },
    ]);
    expect(verdicts?.[0]).not.toBe(stored[0]);
  });

  it('answers nothing to restore for a stored value that is not a list or keeps none of its entries, and no verdicts for an empty list', () => {
    for (const value of [undefined, null, 'h1', { 0: { hashKey: 'h1', qcRemark: '', isRejected: 1 } }, [{ hashKey: 'h9', qcRemark: '', isRejected: 1 }]]) {
      expect(storedVerdicts(value, ['h1'])).toBeNull();
    }
    expect(storedVerdicts([], ['h1'])).toEqual([]);
  });
});
