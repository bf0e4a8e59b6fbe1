import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/http.ts';
import { issueTypes, toggleIssue } from '../../src/engine/product.ts';
import { carReviewConfig } from '../support/car.ts';
import type { SubmissionPayload } from '../../src/products/car/inspection.ts';
import * as engineSubmission from '../../src/engine/submission.ts';
import {
  submissionMachine,
  submitFailureMessage,
  type SubmitRequest,
  type SubmitResponse,
} from '../../src/machines/submission.machine.ts';
import { deferred, type Deferred } from './helpers.ts';
import { approvedReview, inspection, rejectedReview, unfilledReview } from './submission.fixtures.ts';

// The real engine functions, wrapped so a test can force one outcome (e.g. a payload build that throws).
vi.mock('../../src/engine/submission.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/engine/submission.ts')>();
  return {
    ...real,
    validateBeforeSubmit: vi.fn(real.validateBeforeSubmit),
    hasRejections: vi.fn(real.hasRejections),
    buildSubmission: vi.fn(real.buildSubmission),
  };
});

// The car config's issue types: 'No issue' is the exclusive one.
const NO_ISSUE_ID = issueTypes(carReviewConfig).find((issue) => issue.label === 'No issue')!.id;
const OTHER_ISSUES = issueTypes(carReviewConfig)
  .map((issue) => issue.id)
  .filter((id) => id !== NO_ISSUE_ID);

function start(carId = 1001) {
  const calls: { carId: number; payload: SubmissionPayload }[] = [];
  let pending: Deferred<SubmitResponse> = deferred();
  const spies = {
    showAlert: vi.fn((_: unknown, _params: { alert: string; fields: string[] }) => {}),
    showSuccess: vi.fn((_: unknown, _params: { message: string }) => {}),
    showError: vi.fn((_: unknown, _params: { message: string }) => {}),
    navigateToList: vi.fn(),
    reloadPage: vi.fn(),
  };
  const actor = createActor(
    submissionMachine.provide({
      actors: {
        submitReview: fromPromise<SubmitResponse, { carId: number; payload: SubmissionPayload }>(({ input }) => {
          calls.push(input);
          return pending.promise;
        }),
      },
      actions: spies,
    }),
    { input: { carId } },
  ).start();
  const submit = (request: SubmitRequest) => actor.send({ type: 'SUBMIT', ...request });
  const can = (request: SubmitRequest) => actor.getSnapshot().can({ type: 'SUBMIT', ...request });
  const messages = (spy: typeof spies.showSuccess | typeof spies.showError) => spy.mock.calls.map((call) => call[1].message);
  return {
    actor,
    calls,
    spies,
    submit,
    can,
    messages,
    settle: async (outcome: { ok: SubmitResponse } | { error: unknown }) => {
      if ('ok' in outcome) pending.resolve(outcome.ok);
      else pending.reject(outcome.error);
      await vi.advanceTimersByTimeAsync(0);
      pending = deferred();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-23T10:15:30') });
  vi.mocked(engineSubmission.buildSubmission).mockClear();
});
afterEach(() => vi.useRealTimers());

describe('issue types config', () => {
  it("has an exclusive 'No issue' entry and other issue types", () => {
    expect(issueTypes(carReviewConfig).filter((issue) => issue.exclusive).map((issue) => issue.label)).toEqual(['No issue']);
    expect(OTHER_ISSUES.length).toBeGreaterThanOrEqual(2);
  });
});

describe("rejection popup: 'No issue' is exclusive (spec 000 §4)", () => {
  const [a, b] = [OTHER_ISSUES[0], OTHER_ISSUES[1]];
  it.each([
    ['choosing No issue clears the others', [a, b], NO_ISSUE_ID, [NO_ISSUE_ID]],
    ['choosing another clears No issue', [NO_ISSUE_ID], a, [a]],
    ['other issue types combine', [a], b, [a, b]],
    ['choosing a chosen one unchooses it', [a, b], a, [b]],
    ['unchoosing No issue leaves nothing', [NO_ISSUE_ID], NO_ISSUE_ID, []],
  ])('%s', (_, selected, id, expected) => {
    expect(toggleIssue(carReviewConfig, selected, id)).toEqual(expected);
  });
});

describe('submit failure text (spec 000 §8)', () => {
  it('is the response detail followed by the nested isValidate 1 messages only', () => {
    const error = new ApiError('Validation failed', 400, {
      message: 'Bad Request',
      detail: 'Validation failed',
      errors: {
        carDetails: {
          fitnessUpto: { isValidate: 1, message: 'Fitness date invalid' },
          make: { isValidate: 2, message: 'Rejected by qc.' },
          subParts: { rto: { isValidate: 1, title: 'RTO', message: 'RTO code missing' } },
        },
      },
    });
    expect(submitFailureMessage(error)).toBe('Validation failed\nFitness date invalid\nRTO: RTO code missing');
  });

  it('falls back to the error message when the body has no detail', () => {
    expect(submitFailureMessage(new Error('Network Error'))).toBe('Network Error');
  });
});

const START = '2026-11-23 10:02:00';
const request = (model = approvedReview(), extra: Partial<SubmitRequest> = {}): SubmitRequest => ({
  model,
  inspection,
  isCritical: false,
  isDummy: false,
  reviewStartTime: START,
  ...extra,
});

describe('submit an approval (spec 000 §3 payload, §4 submission status)', () => {
  it('sends the payload as role qc, client web, status done, with the review times and no issue types', () => {
    const { calls, submit, actor, spies } = start();
    submit(request());
    expect(actor.getSnapshot().hasTag('issuePopup')).toBe(false);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0].carId).toBe(1001);
    expect(calls[0].payload).toMatchObject({
      carId: 1001,
      version: 0,
      role: 'qc',
      client: 'web',
      inspectionStatus: 'done',
      isApprovedByQc: 0,
      isDummyInspection: 0,
      isCritical: 0,
      reviewStartTime: START,
      reviewEndTime: '2026-11-23 10:15:30',
      sections: { summary: { issueType: [] } },
    });
    expect(spies.showAlert).not.toHaveBeenCalled();
  });

  it('Critical sends isCritical 1', () => {
    const { calls, submit } = start();
    submit(request(approvedReview(), { isCritical: true }));
    expect(calls[0].payload.isCritical).toBe(1);
  });

  it("success shows 'Inspection Completed Successfully' and goes to the list after 2 s, not before", async () => {
    const { submit, settle, spies, messages, actor } = start();
    submit(request());
    expect(spies.showSuccess).not.toHaveBeenCalled();
    await settle({ ok: { status: 200, data: { detail: { message: 'ok', inspectionStatus: 'done' } } } });
    expect(messages(spies.showSuccess)).toEqual(['Inspection Completed Successfully']);
    expect(actor.getSnapshot().hasTag('completed')).toBe(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(spies.navigateToList).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spies.navigateToList).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10000);
    expect(spies.navigateToList).toHaveBeenCalledTimes(1);
    expect(spies.showError).not.toHaveBeenCalled();
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('a 206 answer reloads the page: no success message, no navigation', async () => {
    const { submit, settle, spies } = start();
    submit(request());
    await settle({ ok: { status: 206, data: {} } });
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(spies.showSuccess).not.toHaveBeenCalled();
    expect(spies.navigateToList).not.toHaveBeenCalled();
  });

  it('SUBMIT while submitting does nothing, and Submit stays disabled after success', async () => {
    const { submit, settle, can, calls } = start();
    submit(request());
    expect(can(request())).toBe(false);
    submit(request());
    expect(calls).toHaveLength(1);
    await settle({ ok: { status: 200, data: {} } });
    expect(can(request())).toBe(false);
    submit(request());
    expect(calls).toHaveLength(1);
  });

  it('a failure shows the response detail and the nested isValidate 1 messages, then Submit works again', async () => {
    const { submit, settle, spies, messages, can, calls, actor } = start();
    submit(request());
    await settle({
      error: new ApiError('Odometer invalid', 400, {
        message: 'Bad Request',
        detail: 'Odometer invalid',
        sections: { electricalsInterior: { odometerReading: { isValidate: 1, message: 'please edit' }, fuelLevel: { isValidate: 4, message: 'flag' } } },
      }),
    });
    expect(messages(spies.showError)).toEqual(['Odometer invalid\nplease edit']);
    expect(spies.showSuccess).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(spies.navigateToList).not.toHaveBeenCalled();
    expect(can(request())).toBe(true);
    submit(request());
    expect(calls).toHaveLength(2);
  });

  it('a 403 for a non-assignee shows its detail', async () => {
    const { submit, settle, spies, messages } = start();
    submit(request());
    await settle({ error: new ApiError('Only the assignee may submit', 403, { message: 'Forbidden', detail: 'Only the assignee may submit' }) });
    expect(messages(spies.showError)).toEqual(['Only the assignee may submit']);
  });

  it('a non-2xx answer that resolves is a failure, not a success', async () => {
    const { submit, settle, spies, messages, can } = start();
    submit(request());
    await settle({ ok: { status: 422, data: { message: 'Unprocessable', detail: 'Odometer is not valid' } } });
    expect(messages(spies.showError)).toEqual(['Odometer is not valid']);
    expect(spies.showSuccess).not.toHaveBeenCalled();
    expect(spies.reloadPage).not.toHaveBeenCalled();
    expect(can(request())).toBe(true);
  });

  it.each([
    ['rejected', { error: new ApiError('Already submitted: the inspection is Rejected by QC', 409, { message: 'Conflict', detail: 'Already submitted: the inspection is Rejected by QC' }) }],
    ['answered', { ok: { status: 409, data: { message: 'Conflict', detail: 'Already submitted: the inspection is Rejected by QC' } } }],
  ] as const)('a 409 (submitted already, e.g. a retry whose first answer was lost; %s) says so and reloads the review as the server has it', async (_, answer) => {
    const { submit, settle, spies, messages, can } = start();
    submit(request());
    await settle(answer);
    expect(messages(spies.showError)).toEqual(['Already submitted: the inspection is Rejected by QC']);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    expect(spies.showSuccess).not.toHaveBeenCalled();
    expect(spies.navigateToList).not.toHaveBeenCalled();
    expect(can(request())).toBe(false);
  });

  it("a payload that cannot be built shows 'Error in post Object' and sends nothing", () => {
    vi.mocked(engineSubmission.buildSubmission).mockImplementationOnce(() => {
      throw new Error('boom');
    });
    const { submit, spies, messages, calls, can } = start();
    submit(request());
    expect(messages(spies.showError)).toEqual(['Error in post Object']);
    expect(calls).toEqual([]);
    expect(can(request())).toBe(true);
  });
});

describe('pre-submit validation (spec 000 §5 before submit)', () => {
  it('a blocked review alerts the engine text with its field list, sends nothing and stays idle', () => {
    const { submit, spies, calls, actor, can } = start();
    submit(request(unfilledReview()));
    expect(spies.showAlert).toHaveBeenCalledTimes(1);
    const alert = spies.showAlert.mock.calls[0][1];
    expect(alert.alert.split('\n')[0]).toBe('Please fill the following Fields:');
    expect(alert.alert).toContain('Insurance Type');
    expect(alert.fields).toContain('insuranceType');
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().hasTag('issuePopup')).toBe(false);
    expect(can(request())).toBe(true);
  });
  it('Submit stays enabled for a blocked review (pressing it shows the alert) and can() runs no validation', () => {
    const { can } = start();
    vi.mocked(engineSubmission.validateBeforeSubmit).mockClear();
    expect(can(request(unfilledReview()))).toBe(true);
    expect(engineSubmission.validateBeforeSubmit).not.toHaveBeenCalled();
  });
});

describe('rejection popup (spec 000 §4, §5)', () => {
  it('rejections open the issue-type popup before anything is sent', () => {
    const { submit, actor, calls, can } = start();
    submit(request(rejectedReview()));
    expect(actor.getSnapshot().hasTag('issuePopup')).toBe(true);
    expect(actor.getSnapshot().context.issueType).toEqual([]);
    expect(calls).toEqual([]);
    expect(can(request(rejectedReview()))).toBe(false);
  });

  it("Confirm with no issue type alerts 'Please select Issue Type' and keeps the popup", () => {
    const { submit, actor, calls, spies } = start();
    submit(request(rejectedReview()));
    actor.send({ type: 'CONFIRM_ISSUES' });
    expect(spies.showAlert.mock.calls.map((call) => call[1])).toEqual([{ alert: 'Please select Issue Type', fields: [] }]);
    expect(actor.getSnapshot().hasTag('issuePopup')).toBe(true);
    expect(calls).toEqual([]);
  });

  it("the popup's check is the config's alone: without its issue-type rule an empty choice goes out", () => {
    const real = vi.mocked(engineSubmission.validateBeforeSubmit).getMockImplementation()!;
    vi.mocked(engineSubmission.validateBeforeSubmit).mockImplementation((model, opts) =>
      opts.issueType === undefined ? real(model, opts) : null,
    );
    try {
      const { submit, actor, calls, spies } = start();
      submit(request(rejectedReview()));
      actor.send({ type: 'CONFIRM_ISSUES' });
      expect(spies.showAlert).not.toHaveBeenCalled();
      expect(calls).toHaveLength(1);
      expect(calls[0].payload.sections.summary.issueType).toEqual([]);
    } finally {
      vi.mocked(engineSubmission.validateBeforeSubmit).mockImplementation(real);
    }
  });

  it("'No issue' and the other types exclude each other in the popup", () => {
    const { submit, actor } = start();
    const [a, b] = OTHER_ISSUES;
    submit(request(rejectedReview()));
    actor.send({ type: 'TOGGLE_ISSUE', id: a });
    actor.send({ type: 'TOGGLE_ISSUE', id: b });
    expect(actor.getSnapshot().context.issueType).toEqual([a, b]);
    actor.send({ type: 'TOGGLE_ISSUE', id: NO_ISSUE_ID });
    expect(actor.getSnapshot().context.issueType).toEqual([NO_ISSUE_ID]);
    actor.send({ type: 'TOGGLE_ISSUE', id: b });
    expect(actor.getSnapshot().context.issueType).toEqual([b]);
  });

  it('confirming sends smReviewRejected with the chosen issue types and the rejected field', () => {
    const { submit, actor, calls } = start();
    const [a, b] = OTHER_ISSUES;
    submit(request(rejectedReview()));
    actor.send({ type: 'TOGGLE_ISSUE', id: b });
    actor.send({ type: 'TOGGLE_ISSUE', id: a });
    actor.send({ type: 'CONFIRM_ISSUES' });
    expect(actor.getSnapshot().hasTag('issuePopup')).toBe(false);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls).toHaveLength(1);
    const { payload } = calls[0];
    expect(payload.inspectionStatus).toBe('smReviewRejected');
    expect(payload.isApprovedByQc).toBe(0);
    expect(payload.sections.summary.issueType).toEqual([b, a]);
    expect(payload.sections.carDetails?.isApproved).toBe(0);
    expect(payload.sections.carDetails?.rejectedFields.customerName).toMatchObject({ message: 'Name differs from RC', isValidate: 2 });
  });

  it('Cancel closes the popup, sends nothing and forgets the choice', () => {
    const { submit, actor, calls, can } = start();
    submit(request(rejectedReview()));
    actor.send({ type: 'TOGGLE_ISSUE', id: OTHER_ISSUES[0] });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().hasTag('issuePopup')).toBe(false);
    expect(calls).toEqual([]);
    expect(can(request(rejectedReview()))).toBe(true);
    submit(request(rejectedReview()));
    expect(actor.getSnapshot().context.issueType).toEqual([]);
  });

  it('popup events outside the popup change nothing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'TOGGLE_ISSUE', id: OTHER_ISSUES[0] });
    actor.send({ type: 'CONFIRM_ISSUES' });
    expect(actor.getSnapshot().context.issueType).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('dummy inspection (spec 000 §4)', () => {
  it('submits isDummyInspection=1 with selections cleared and no issue-type popup', () => {
    const { submit, actor, calls } = start();
    submit(request(rejectedReview(), { isDummy: true }));
    expect(actor.getSnapshot().hasTag('issuePopup')).toBe(false);
    expect(calls).toHaveLength(1);
    const { payload } = calls[0];
    expect(payload.isDummyInspection).toBe(1);
    expect(payload.sections.summary.issueType).toEqual([]);
    expect(payload.sections.carDetails?.rejectedFields).toEqual({});
  });
});
