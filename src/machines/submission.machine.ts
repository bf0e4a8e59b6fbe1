/**
 * Review submission (spec 000 §4 'Submission status', §5 'Before submit' and the rejection popup, §8, §9).
 *
 * idle ──SUBMIT──▶ checking ─▶ idle + showAlert (pre-submit validation fails)
 *                ▶ issuePopup (there are rejections) ──CONFIRM_ISSUES──▶ building
 *                ▶ building (approval, or a dummy inspection)
 * building ──▶ submitting (payload built) | idle + 'Error in post Object' (buildSubmission threw)
 * submitting ──▶ 206: reloadPage · success: 'Inspection Completed Successfully', /inspection after 2 s
 *            ──▶ 409 (submitted already, or the record moved on): its detail, then reloadPage
 *            ──▶ failure: the response detail plus nested isValidate 1 messages, back to idle
 *
 * The screen enables Submit with `snapshot.can({ type: 'SUBMIT', … })` (only idle accepts it), shows the issue
 * popup while `hasTag('issuePopup')` and reads the chosen ids from `context.issueType`.
 */
import { assign, fromPromise, setup } from 'xstate';
import dayjs from 'dayjs';
import type { InspectionDetail, SubmissionPayload } from '../products/car/inspection.ts';
import type { ReviewModel } from '../engine/types.ts';
import { buildSubmission, hasRejections, validateBeforeSubmit, type SubmitBlock } from '../engine/submission.ts';
import { issueTypes, toggleIssue } from '../engine/product.ts';
import { errorDetail, errorStatus, RETRY_LINE, validationMessages } from './error-detail.ts';

export const SUBMIT_SUCCESS = 'Inspection Completed Successfully';
export const PAYLOAD_ERROR = 'Error in post Object';
/** Redirect to the list after a successful submit (000 §9 'submit success redirect 2 seconds (car)'). */
export const SUCCESS_REDIRECT_MS = 2000;
/** Partial Content: the server asks the panel to reload (000 §4). */
const RELOAD_STATUS = 206;
/**
 * Conflict: the inspection was submitted already (a retry whose first answer was lost, say) or moved on. The review is
 * then shown as the server has it, with the draft kept and offered, rather than left editable with a Submit that can
 * only be refused again.
 */
const CONFLICT_STATUS = 409;

/** The failure text of an answer the server gave with a non-2xx status (the call resolved). */
const refusedAnswer = ({ event }: { event: { output: { data: unknown } } }) => ({ message: submitFailureMessage({ body: event.output.data }) });
/** The failure text of a call that rejected (an API error, or no answer). */
const failedCall = ({ event }: { event: { error: unknown } }) => ({ message: submitFailureMessage(event.error) });

/** Submit failure text (000 §8): the response detail, then every nested error message with isValidate 1. */
export function submitFailureMessage(error: unknown): string {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : undefined;
  const head = errorDetail(error, RETRY_LINE);
  const nested = validationMessages(body).filter((message) => message !== head);
  return [head, ...nested].join('\n');
}

export interface SubmitRequest {
  model: ReviewModel;
  inspection: InspectionDetail;
  isCritical: boolean;
  isDummy: boolean;
  /** 'YYYY-MM-DD HH:mm:ss', taken when the review page opened. */
  reviewStartTime: string;
}

export type SubmissionEvent =
  | ({ type: 'SUBMIT' } & SubmitRequest)
  | { type: 'TOGGLE_ISSUE'; id: number }
  | { type: 'CONFIRM_ISSUES' }
  | { type: 'CANCEL' };

export interface SubmissionInput {
  carId: number;
}

/** What `submitReview` resolves with: the HTTP status and the body. */
export interface SubmitResponse {
  status: number;
  data: unknown;
}

interface SubmissionContext {
  carId: number;
  request: SubmitRequest | null;
  issueType: number[];
  payload: SubmissionPayload | null;
}

function tryBuild(context: SubmissionContext): SubmissionPayload | null {
  const request = context.request;
  if (!request) return null;
  try {
    return buildSubmission<SubmissionPayload>(request.model, request.inspection, {
      isCritical: request.isCritical,
      isDummy: request.isDummy,
      issueType: context.issueType,
      reviewStartTime: request.reviewStartTime,
      reviewEndTime: dayjs().format('YYYY-MM-DD HH:mm:ss'),
    });
  } catch {
    return null;
  }
}

/** The engine's pre-submit validation of the request (000 §5 'Before submit'). */
function submitBlock(context: SubmissionContext): SubmitBlock | null {
  const request = context.request;
  if (!request) return null;
  return validateBeforeSubmit(request.model, { isDummy: request.isDummy });
}

/** The config's check of the popup's choice ('Please select Issue Type', 000 §5), run by the engine. */
function issueTypeBlock(context: SubmissionContext): SubmitBlock | null {
  const request = context.request;
  if (!request) return null;
  return validateBeforeSubmit(request.model, { isDummy: request.isDummy, issueType: context.issueType });
}

function requestOf(event: SubmitRequest): SubmitRequest {
  const { model, inspection, isCritical, isDummy, reviewStartTime } = event;
  return { model, inspection, isCritical, isDummy, reviewStartTime };
}

export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
    input: {} as SubmissionInput,
    tags: {} as 'busy' | 'issuePopup' | 'completed',
  },
  actors: {
    submitReview: fromPromise<SubmitResponse, { carId: number; payload: SubmissionPayload }>(async () => {
      throw new Error('submitReview actor not provided');
    }),
  },
  actions: {
    showAlert: (_, _params: { alert: string; fields: string[] }) => {},
    showSuccess: (_, _params: { message: string }) => {},
    showError: (_, _params: { message: string }) => {},
    navigateToList: () => {},
    /** The server stored the review (the parent review clears its draft). */
    submitted: () => {},
    reloadPage: () => {},
  },
  guards: {
    blockedBeforeSubmit: ({ context }) => submitBlock(context) !== null,
    /**
     * A dummy inspection clears its selections (000 §4), so it never asks for an issue type; nor does a product
     * that declares no issue types.
     */
    needsIssueType: ({ context }) =>
      context.request !== null && !context.request.isDummy && hasRejections(context.request.model) && issueTypes(context.request.model.config).length > 0,
    issueTypeBlocked: ({ context }) => issueTypeBlock(context) !== null,
    payloadBuilt: ({ context }) => context.payload !== null,
    reloadRequested: (_, params: { status: number }) => params.status === RELOAD_STATUS,
    failedStatus: (_, params: { status: number }) => params.status < 200 || params.status >= 300,
    conflict: (_, params: { status: number | undefined }) => params.status === CONFLICT_STATUS,
  },
  delays: {
    redirectDelay: SUCCESS_REDIRECT_MS,
  },
}).createMachine({
  id: 'submission',
  context: ({ input }) => ({ carId: input.carId, request: null, issueType: [], payload: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        // Unguarded, so `snapshot.can({ type: 'SUBMIT' })` is cheap on every render; the checks run in `checking`.
        SUBMIT: { target: 'checking', actions: assign({ request: ({ event }) => requestOf(event), issueType: [], payload: null }) },
      },
    },
    checking: {
      always: [
        {
          guard: 'blockedBeforeSubmit',
          target: 'idle',
          actions: [{ type: 'showAlert', params: ({ context }) => submitBlock(context) ?? { alert: '', fields: [] } }, assign({ request: null })],
        },
        { guard: 'needsIssueType', target: 'issuePopup' },
        { target: 'building' },
      ],
    },
    issuePopup: {
      tags: 'issuePopup',
      on: {
        TOGGLE_ISSUE: {
          // The product's issue types say which choice is exclusive ('No issue').
          actions: assign({ issueType: ({ context, event }) => (context.request ? toggleIssue(context.request.model.config, context.issueType, event.id) : context.issueType) }),
        },
        CONFIRM_ISSUES: [
          { guard: 'issueTypeBlocked', actions: { type: 'showAlert', params: ({ context }) => issueTypeBlock(context)! } },
          { target: 'building' },
        ],
        CANCEL: { target: 'idle', actions: assign({ request: null, issueType: [] }) },
      },
    },
    building: {
      tags: 'busy',
      entry: assign({ payload: ({ context }) => tryBuild(context) }),
      always: [
        { guard: 'payloadBuilt', target: 'submitting' },
        { target: 'idle', actions: { type: 'showError', params: { message: PAYLOAD_ERROR } } },
      ],
    },
    submitting: {
      tags: 'busy',
      invoke: {
        src: 'submitReview',
        input: ({ context }) => ({ carId: context.carId, payload: context.payload as SubmissionPayload }),
        onDone: [
          {
            guard: { type: 'reloadRequested', params: ({ event }) => ({ status: event.output.status }) },
            target: 'reloading',
            actions: 'reloadPage',
          },
          {
            guard: { type: 'conflict', params: ({ event }) => ({ status: event.output.status }) },
            target: 'reloading',
            actions: [{ type: 'showError', params: refusedAnswer }, 'reloadPage'],
          },
          {
            guard: { type: 'failedStatus', params: ({ event }) => ({ status: event.output.status }) },
            target: 'idle',
            actions: { type: 'showError', params: refusedAnswer },
          },
          { target: 'completed', actions: ['submitted', { type: 'showSuccess', params: { message: SUBMIT_SUCCESS } }] },
        ],
        onError: [
          {
            guard: { type: 'conflict', params: ({ event }) => ({ status: errorStatus(event.error) }) },
            target: 'reloading',
            actions: [{ type: 'showError', params: failedCall }, 'reloadPage'],
          },
          { target: 'idle', actions: { type: 'showError', params: failedCall } },
        ],
      },
    },
    reloading: { tags: 'busy', type: 'final' },
    completed: {
      tags: ['busy', 'completed'],
      after: { redirectDelay: { target: 'left', actions: 'navigateToList' } },
    },
    left: { tags: ['busy', 'completed'], type: 'final' },
  },
});
