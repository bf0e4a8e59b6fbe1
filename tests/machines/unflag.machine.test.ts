import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { actionLabel, flagTypeLabel, listTypeLabel, type UnflagAction } from '../../src/products/gs-unflagging/unflag.ts';
import { loadUnflagConfig } from '../../src/products/gs-unflagging/unflag-config.ts';
import unflagJson from '../../src/config/gs-unflagging/unflag.json';
import { storedUnflagForm, UNFLAG_CONFIG, unflagMachine, type UnflagInput, type UnflagRequest } from '../../src/machines/unflag.machine.ts';
import { controlledCall } from './helpers.ts';

function start(input: Partial<UnflagInput> = {}) {
  const call = controlledCall<UnflagRequest>();
  const spies = {
    showSuccess: vi.fn((_: unknown, _params: { message: string }) => {}),
    showError: vi.fn((_: unknown, _params: { message: string }) => {}),
    goToList: vi.fn(),
  };
  const actor = createActor(unflagMachine.provide({ actors: { submitUnflag: call.logic as never }, actions: spies }), {
    input: { appointmentId: '2051200000', conditionFlag: 2, hardBeta: false, etag: '"2-1"', config: UNFLAG_CONFIG, configVersion: null, ...input },
  }).start();
  const messages = (spy: typeof spies.showSuccess) => spy.mock.calls.map((c) => c[1].message);
  return { actor, calls: call.calls, settle: call.settle, spies, messages };
}

const fill = (actor: ReturnType<typeof start>['actor'], action: UnflagAction, disposition = 'beta-false-positive') => {
  actor.send({ type: 'SELECT', action });
  actor.send({ type: 'SET_REASON', value: '  Not visible in the video ' });
  actor.send({ type: 'SET_DISPOSITION', value: disposition });
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('flag labels (spec 002 §2, §9)', () => {
  it('the config passes its schema and outcome checks', () => {
    expect(() => loadUnflagConfig(structuredClone(unflagJson))).not.toThrow();
  });

  it('Type column: Alpha for 0, Beta otherwise, blank when absent; Flag Type: Hard Beta first', () => {
    expect([0, 4, 1, null].map((f) => listTypeLabel(UNFLAG_CONFIG, f))).toEqual(['Alpha', 'Beta', 'Beta', '']);
    expect(flagTypeLabel(UNFLAG_CONFIG, { conditionFlag: 1, hardBeta: true })).toBe('Hard Beta');
    expect(flagTypeLabel(UNFLAG_CONFIG, { conditionFlag: 3, hardBeta: false })).toBe('Beta');
    expect(flagTypeLabel(UNFLAG_CONFIG, { conditionFlag: 0, hardBeta: false })).toBe('Alpha');
  });

  it("actions read 'Mark as {current type}', 'Change to {other type}', 'Un-flag this car'", () => {
    const alpha = { conditionFlag: 0, hardBeta: false };
    const beta = { conditionFlag: 2, hardBeta: false };
    expect((['confirm', 'change', 'unflag'] as const).map((a) => actionLabel(UNFLAG_CONFIG, a, alpha))).toEqual(['Mark as Alpha', 'Change to Beta', 'Un-flag this car']);
    expect((['confirm', 'change', 'unflag'] as const).map((a) => actionLabel(UNFLAG_CONFIG, a, beta))).toEqual(['Mark as Beta', 'Change to Alpha', 'Un-flag this car']);
  });
});

describe('unflag machine (spec 002 §4, §5, §8)', () => {
  it("'Mark as Beta' keeps the flag and needs no reason or disposition", async () => {
    const { actor, calls, settle, spies, messages } = start();
    actor.send({ type: 'SELECT', action: 'confirm' });
    actor.send({ type: 'SUBMIT' });
    expect(calls).toEqual([{ appointmentId: '2051200000', etag: '"2-1"', payload: { reason: '', disposition: '', conditionFlag: 2, status: 'REVIEWED', configVersion: null } }]);
    await settle({ ok: 'Flag updated successfully' });
    expect(messages(spies.showSuccess)).toEqual(['Flag updated successfully']);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it("'Change to Beta' turns 0 into 4 and sends the sub-dispositions", () => {
    const { actor, calls } = start({ conditionFlag: 0 });
    fill(actor, 'change', 'alpha-missed-defect');
    actor.send({ type: 'SET_SUB_DISPOSITIONS', keys: ['engine', 'chassis'] });
    actor.send({ type: 'SUBMIT' });
    expect(calls[0].payload).toEqual({ reason: 'Not visible in the video', disposition: 'alpha-missed-defect', conditionFlag: 4, status: 'REVIEWED', subDisposition: ['engine', 'chassis'], configVersion: null });
  });

  it("'Change to Alpha' turns a non-zero flag into 0 and omits sub-dispositions (the flag is beta)", () => {
    const { actor, calls } = start({ conditionFlag: 3 });
    fill(actor, 'change');
    actor.send({ type: 'SET_SUB_DISPOSITIONS', keys: ['engine'] });
    actor.send({ type: 'SUBMIT' });
    expect(calls[0].payload).toEqual({ reason: 'Not visible in the video', disposition: 'beta-false-positive', conditionFlag: 0, status: 'REVIEWED', configVersion: null });
    expect(calls[0].payload).not.toHaveProperty('subDisposition');
  });

  it("'Un-flag this car' sets -1 with the un-flag status", () => {
    const { actor, calls } = start({ hardBeta: true, conditionFlag: 1 });
    fill(actor, 'unflag', 'beta-repaired');
    actor.send({ type: 'SUBMIT' });
    expect(calls[0].payload).toMatchObject({ conditionFlag: -1, status: 'UNFLAGGED' });
  });

  it('Change is disabled for Hard Beta: SELECT does nothing', () => {
    const { actor } = start({ hardBeta: true, conditionFlag: 1 });
    expect(actor.getSnapshot().can({ type: 'SELECT', action: 'change' })).toBe(false);
    actor.send({ type: 'SELECT', action: 'change' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().can({ type: 'SELECT', action: 'unflag' })).toBe(true);
  });

  it("Reason and Disposition are required for change and un-flag ('Reason is required', 'Disposition is required'); no call", () => {
    const { actor, calls } = start();
    actor.send({ type: 'SELECT', action: 'unflag' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: 'Reason is required', disposition: 'Disposition is required' });
    expect(calls).toHaveLength(0);
    actor.send({ type: 'SET_REASON', value: '   ' });
    actor.send({ type: 'SET_DISPOSITION', value: 'beta-repaired' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: 'Reason is required' });
    expect(calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('runs the config version the page loaded (issue 17): its rules decide the action, and the payload names the version', () => {
    // Version 7 lets an un-flag go without a reason; the seed asks for one (above).
    const version7 = structuredClone(UNFLAG_CONFIG);
    version7.outcomes[0].set.needsReason = false;
    const { actor, calls } = start({ config: version7, configVersion: 7 });
    actor.send({ type: 'SELECT', action: 'unflag' });
    actor.send({ type: 'SUBMIT' });
    expect(calls).toEqual([
      { appointmentId: '2051200000', etag: '"2-1"', payload: { reason: '', disposition: '', conditionFlag: -1, status: 'UNFLAGGED', configVersion: 7 } },
    ]);
    const seed = start();
    seed.actor.send({ type: 'SELECT', action: 'unflag' });
    seed.actor.send({ type: 'SUBMIT' });
    expect(seed.calls).toEqual([]);
  });

  it("the version's redirect delay applies after success", async () => {
    const version7 = { ...structuredClone(UNFLAG_CONFIG), redirectAfterSuccessMs: 500 };
    const { actor, settle, spies } = start({ config: version7, configVersion: 7 });
    actor.send({ type: 'SELECT', action: 'confirm' });
    actor.send({ type: 'SUBMIT' });
    await settle({ ok: 'Flag updated successfully' });
    await vi.advanceTimersByTimeAsync(500);
    expect(spies.goToList).toHaveBeenCalledTimes(1);
  });

  it('after success: back to the list after 2 s, not before', async () => {
    const { actor, settle, spies } = start();
    actor.send({ type: 'SELECT', action: 'confirm' });
    actor.send({ type: 'SUBMIT' });
    await settle({ ok: 'Flag updated successfully' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(spies.goToList).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spies.goToList).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("a 412 shows the server's detail with ', Please retry again.'; other failures the detail alone; the form is kept", async () => {
    const { actor, settle, spies, messages } = start();
    fill(actor, 'change');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    await settle({ error: { status: 412, body: { message: 'Precondition Failed', detail: 'The flag of this car was changed since you opened it' } } });
    expect(messages(spies.showError)).toEqual(['The flag of this car was changed since you opened it, Please retry again.']);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.reason).toBe('  Not visible in the video ');
    actor.send({ type: 'SUBMIT' });
    await settle({ error: { status: 403, body: { detail: 'Only the assignee of this car may act on its flag' } } });
    expect(messages(spies.showError)[1]).toBe('Only the assignee of this car may act on its flag');
    expect(spies.goToList).not.toHaveBeenCalled();
  });
});

describe('storedUnflagForm: the form of a draft read back from the browser (issue 16)', () => {
  const form = { action: 'change', reason: 'Not visible in the video', disposition: 'beta-false-positive', subDisposition: ['scratch'] };

  it('keeps a form of the three actions and the form’s field types, as a fresh object', () => {
    const stored = { ...form, extra: 1 };
    const restored = storedUnflagForm(stored);
    expect(restored).toEqual(form);
    expect(restored?.subDisposition).not.toBe(stored.subDisposition);
    expect(storedUnflagForm({ ...form, action: 'unflag', disposition: null, subDisposition: [] })).toEqual({ ...form, action: 'unflag', disposition: null, subDisposition: [] });
  });

  it('answers nothing to restore for anything else', () => {
    for (const value of [
      null, 'change', [form],
      { ...form, action: '__proto__' }, { ...form, action: 'delete' },
      { ...form, reason: 7 }, { ...form, disposition: 3 }, { ...form, subDisposition: 'scratch' }, { ...form, subDisposition: [1] },
    ]) expect(storedUnflagForm(value)).toBeNull();
  });

  it('a restored form opens the action it names on this car; nothing to restore goes back to choosing', () => {
    const { actor } = start();
    actor.send({ type: 'SET_FORM', form: storedUnflagForm(form) });
    expect(actor.getSnapshot().context).toMatchObject({ action: 'change', reason: form.reason, disposition: form.disposition });
    actor.send({ type: 'SET_FORM', form: storedUnflagForm({ ...form, action: 'constructor' }) });
    expect(actor.getSnapshot().value).toBe('choosing');
  });
});
