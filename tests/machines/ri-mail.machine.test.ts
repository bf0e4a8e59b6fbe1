import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import riMailConfig from '../../src/config/ri-mail.json';
import type { RiMailRequest } from '../../src/api/review.ts';
import { riMailMachine, type RiMailInput } from '../../src/machines/ri-mail.machine.ts';
import { controlledCall } from './helpers.ts';

const QC_MAILBOXES = riMailConfig.defaultRecipients;

function start(input: Partial<RiMailInput> = {}) {
  const call = controlledCall<RiMailRequest>();
  const spies = {
    showAlert: vi.fn((_: unknown, _params: { message: string }) => {}),
    showSuccess: vi.fn((_: unknown, _params: { message: string }) => {}),
    showError: vi.fn((_: unknown, _params: { message: string }) => {}),
  };
  const actor = createActor(
    riMailMachine.provide({
      actors: {
        sendRiMail: call.logic,
      },
      actions: spies,
    }),
    { input: { carId: 1001, version: 2, raEmail: 'ra.one@qc.example', regionDepartmentEmail: 'north.region@qc.example', ...input } },
  ).start();
  const messages = (spy: (typeof spies)[keyof typeof spies]) => spy.mock.calls.map((call) => call[1].message);
  return {
    actor,
    calls: call.calls,
    spies,
    messages,
    settle: call.settle,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('re-inspection e-mail recipients (spec 000 §5)', () => {
  it('the config holds three fixed QC mailboxes', () => {
    expect(QC_MAILBOXES).toHaveLength(3);
    expect(new Set(QC_MAILBOXES).size).toBe(3);
  });

  it('default recipients are the three QC mailboxes plus the RA and regional-department e-mails', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.recipients).toEqual([...QC_MAILBOXES, 'ra.one@qc.example', 'north.region@qc.example']);
  });

  it('a missing RA or regional e-mail is left out, not sent as an empty address', () => {
    const { actor } = start({ raEmail: null, regionDepartmentEmail: '  ' });
    expect(actor.getSnapshot().context.recipients).toEqual(QC_MAILBOXES);
  });

  it('sends carId, version and the recipients comma-separated, then says "Email Sent!"', async () => {
    const { actor, calls, messages, spies, settle } = start();
    actor.send({ type: 'REMOVE_RECIPIENT', email: QC_MAILBOXES[1] });
    actor.send({ type: 'ADD_RECIPIENT', email: ' extra@qc.example ' });
    actor.send({ type: 'SEND' });
    expect(calls).toEqual([
      {
        carId: 1001,
        version: 2,
        to: [QC_MAILBOXES[0], QC_MAILBOXES[2], 'ra.one@qc.example', 'north.region@qc.example', 'extra@qc.example'].join(','),
      },
    ]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(spies.showSuccess).not.toHaveBeenCalled();
    await settle({ ok: { detail: 'ok' } });
    expect(messages(spies.showSuccess)).toEqual(['Email Sent!']);
    expect(spies.showError).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('a failed send says "Email send issue" and the popup can send again', async () => {
    const { actor, calls, messages, spies, settle } = start();
    actor.send({ type: 'SEND' });
    await settle({ error: new Error('Network Error') });
    expect(messages(spies.showError)).toEqual(['Email send issue']);
    expect(spies.showSuccess).not.toHaveBeenCalled();
    actor.send({ type: 'SEND' });
    expect(calls).toHaveLength(2);
  });

  it('no recipients: alert "Please select recipients" and no call', () => {
    const { actor, calls, messages, spies } = start();
    actor.send({ type: 'SET_RECIPIENTS', emails: [] });
    actor.send({ type: 'SEND' });
    expect(messages(spies.showAlert)).toEqual(['Please select recipients']);
    expect(calls).toEqual([]);
  });

  it.each(['not-an-email', 'two@@qc.example', 'a@b', 'spaced name@qc.example'])(
    'one invalid address (%s) among valid ones blocks the send with "Please select recipients"',
    (bad) => {
      const { actor, calls, messages, spies } = start();
      actor.send({ type: 'ADD_RECIPIENT', email: bad });
      actor.send({ type: 'SEND' });
      expect(messages(spies.showAlert)).toEqual(['Please select recipients']);
      expect(calls).toEqual([]);
    },
  );

  it('adding an address already listed (any case) does not repeat it', () => {
    const { actor } = start();
    actor.send({ type: 'ADD_RECIPIENT', email: QC_MAILBOXES[0].toUpperCase() });
    expect(actor.getSnapshot().context.recipients).toHaveLength(5);
  });

  it('SEND while a send is in flight does not send twice, and recipients cannot change meanwhile', () => {
    const { actor, calls } = start();
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot().can({ type: 'SEND' })).toBe(false);
    actor.send({ type: 'SEND' });
    actor.send({ type: 'SET_RECIPIENTS', emails: [] });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.recipients).toHaveLength(5);
  });
});
