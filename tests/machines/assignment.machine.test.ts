import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/http.ts';
import {
  assignmentMachine,
  isUnderProcess,
  showsAssignToMe,
  type AssignRequest,
  type AssignmentOrigin,
} from '../../src/machines/assignment.machine.ts';
import listConfig from '../../src/config/inspection-list.json';
import { ConfigError } from '../../src/engine/config.ts';
import { loadAssignmentRules } from '../../src/engine/assignment.ts';
import { controlledCall } from './helpers.ts';

const ready = { isReportProcessed: 1, reInspectionProcessing: 0, dealerPriceProcessing: 0 };

function start(origin: AssignmentOrigin) {
  const call = controlledCall<AssignRequest>();
  const spies = {
    showAlert: vi.fn((_: unknown, _params: { message: string }) => {}),
    showError: vi.fn((_: unknown, _params: { message: string }) => {}),
    openReview: vi.fn((_: unknown, _params: { carId: number }) => {}),
    reload: vi.fn(),
    refresh: vi.fn(),
  };
  const actor = createActor(
    assignmentMachine.provide({
      actors: {
        assign: call.logic,
      },
      actions: spies,
    }),
    { input: { user: 'qc.reviewer@qc.example', role: 'qc', origin } },
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

describe('assign to me (spec 000 §4)', () => {
  it('sends carId, role, inspectionStatus smReview, user and qcAssignTo = the current user', () => {
    const { actor, calls } = start('list');
    actor.send({ type: 'ASSIGN', carId: 42, row: ready });
    expect(calls).toEqual([
      { carId: 42, role: 'qc', inspectionStatus: 'smReview', user: 'qc.reviewer@qc.example', qcAssignTo: 'qc.reviewer@qc.example' },
    ]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('from the list: opens the review of that car once assigned, and not before', async () => {
    const { actor, spies, settle } = start('list');
    actor.send({ type: 'ASSIGN', carId: 42 });
    expect(spies.openReview).not.toHaveBeenCalled();
    await settle({ ok: { carId: 42 } });
    expect(spies.openReview).toHaveBeenCalledTimes(1);
    expect(spies.openReview.mock.calls[0][1]).toEqual({ carId: 42 });
    expect(spies.reload).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('from the header: reloads 1 second after assigning, not earlier, and never opens the review', async () => {
    const { actor, spies, settle } = start('header');
    actor.send({ type: 'ASSIGN', carId: 7 });
    await settle({ ok: {} });
    await vi.advanceTimersByTimeAsync(999);
    expect(spies.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spies.reload).toHaveBeenCalledTimes(1);
    expect(spies.openReview).not.toHaveBeenCalled();
  });

  it('a failed call shows the server detail and allows another try', async () => {
    const { actor, spies, settle, calls } = start('list');
    actor.send({ type: 'ASSIGN', carId: 42 });
    await settle({ error: new ApiError('Request failed', 409, { message: 'Conflict', detail: 'Already assigned to qc.reviewer2@qc.example' }) });
    expect(spies.showError.mock.calls.map((call) => call[1])).toEqual([{ message: 'Already assigned to qc.reviewer2@qc.example' }]);
    expect(spies.openReview).not.toHaveBeenCalled();
    expect(actor.getSnapshot().can({ type: 'ASSIGN', carId: 42 })).toBe(true);
    actor.send({ type: 'ASSIGN', carId: 42 });
    expect(calls).toHaveLength(2);
  });

  it.each<AssignmentOrigin>(['header', 'list'])('%s: taken by someone else meanwhile (409) shows the screen afresh; another failure does not', async (origin) => {
    const { actor, spies, settle } = start(origin);
    actor.send({ type: 'ASSIGN', carId: 42 });
    await settle({ error: new ApiError('Request failed', 409, { message: 'Conflict', detail: 'Already assigned to qc.reviewer2@qc.example' }) });
    expect(spies.refresh).toHaveBeenCalledTimes(1);
    actor.send({ type: 'ASSIGN', carId: 42 });
    await settle({ error: new Error('Network Error') });
    await vi.advanceTimersByTimeAsync(2000);
    expect(spies.showError.mock.calls.map((call) => call[1])).toEqual([{ message: 'Already assigned to qc.reviewer2@qc.example' }, { message: 'Network Error' }]);
    expect(spies.refresh).toHaveBeenCalledTimes(1);
    expect(spies.reload).not.toHaveBeenCalled();
    expect(spies.openReview).not.toHaveBeenCalled();
  });

  it('ignores a second ASSIGN while the first call is in flight', () => {
    const { actor, calls } = start('list');
    actor.send({ type: 'ASSIGN', carId: 42 });
    expect(actor.getSnapshot().can({ type: 'ASSIGN', carId: 43 })).toBe(false);
    actor.send({ type: 'ASSIGN', carId: 43 });
    expect(calls.map((call) => call.carId)).toEqual([42]);
  });
});

describe("'Report is under process' (spec 000 §2, §8)", () => {
  it.each([
    ['isReportProcessed 0', { ...ready, isReportProcessed: 0 }],
    ['reInspectionProcessing 1', { ...ready, reInspectionProcessing: 1 }],
    ['dealerPriceProcessing 1', { ...ready, dealerPriceProcessing: 1 }],
  ])('a row with %s can be neither assigned nor opened: alert, no call', (_, row) => {
    const { actor, calls, spies } = start('list');
    actor.send({ type: 'ASSIGN', carId: 1, row });
    actor.send({ type: 'OPEN', carId: 1, row });
    expect(calls).toEqual([]);
    expect(spies.openReview).not.toHaveBeenCalled();
    expect(spies.showAlert.mock.calls.map((call) => call[1])).toEqual([
      { message: 'Report is under process' },
      { message: 'Report is under process' },
    ]);
  });

  it('a processed row opens the review without assigning', () => {
    const { actor, calls, spies } = start('list');
    actor.send({ type: 'OPEN', carId: 5, row: ready });
    expect(spies.openReview.mock.calls[0][1]).toEqual({ carId: 5 });
    expect(calls).toEqual([]);
    expect(spies.showAlert).not.toHaveBeenCalled();
  });

  it('isUnderProcess reads the three flags', () => {
    expect(isUnderProcess(ready)).toBe(false);
    expect(isUnderProcess({ isReportProcessed: 0, reInspectionProcessing: 1, dealerPriceProcessing: 1 })).toBe(true);
  });
});

describe('assign-to-me visibility on the list (spec 000 §4)', () => {
  it.each([
    [{ flag: true, sleepTime: 30, role: 'SM-QcAdmin' }, true],
    [{ flag: false, sleepTime: 0, role: 'qc' }, true],
    [{ flag: false, sleepTime: 0, role: 'StoreManager-Qc' }, false],
    [{ flag: false, sleepTime: 5, role: 'qc' }, false],
    [{ flag: false, sleepTime: null, role: 'qc' }, false],
    [{ flag: false, sleepTime: undefined, role: null }, false],
  ])('%o → %s', (opts, expected) => {
    expect(showsAssignToMe(opts)).toBe(expected);
  });
});

describe('the assignment rules are config (src/config/inspection-list.json `assignment`), shared with the server', () => {
  it('a changed rule changes the verdict with no code change', () => {
    const rules = loadAssignmentRules({
      ...listConfig.assignment,
      underProcess: { '===': [{ var: 'dealerPriceProcessing' }, 1] },
      assignToMe: { in: [{ var: 'role' }, ['qc', 'StoreManager-Qc']] },
    });
    expect(rules.underProcess({ isReportProcessed: 0, reInspectionProcessing: 1, dealerPriceProcessing: 0 })).toBe(false);
    expect(rules.underProcess({ ...ready, dealerPriceProcessing: 1 })).toBe(true);
    expect(rules.offersAssignToMe({ flag: false, sleepTime: 30, role: 'StoreManager-Qc' })).toBe(true);
  });

  it('assignable statuses come from the config: new and smReview, not a submitted one', () => {
    const rules = loadAssignmentRules(listConfig.assignment);
    expect(['new', 'smReview', 'done', 'smReviewRejected'].filter((s) => rules.assignable(s))).toEqual(['new', 'smReview']);
  });

  it('an unknown operator is refused when the config loads, at its path', () => {
    expect(() => loadAssignmentRules({ ...listConfig.assignment, underProcess: { startsWith: [{ var: 'isReportProcessed' }, '0'] } })).toThrow(ConfigError);
    expect(() => loadAssignmentRules({ ...listConfig.assignment, underProcess: { startsWith: [] } })).toThrow(/\/assignment\/underProcess/);
  });
});
