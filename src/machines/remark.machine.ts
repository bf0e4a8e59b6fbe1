/**
 * Saving a text rejection remark on a row or image (spec 000 §3 'Rejection remark payload', §5 remark rule,
 * §7 `POST v2/rejection-remark`, §8 remark save failure). Text must be non-empty after trimming; the screen
 * enables Add with `snapshot.can({ type: 'SAVE' })`. A recorded audio remark is an upload of the review machine
 * (its `uploadAudioRemark` actor), which holds the recording until the server has it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RemarkRequest, RemarkTarget } from '../api/review.ts';
import { serverDetail } from './error-detail.ts';

export type RemarkEvent = { type: 'CHANGE'; text: string } | { type: 'SAVE' };

interface RemarkContext {
  target: RemarkTarget;
  text: string;
  /** The trimmed text being saved. */
  pending: string | null;
}

export const REMARK_SAVE_FAILED = 'Some error occured while saving the remark';

/** The text recorded on the row for an audio remark, so the engine sees the row has a remark. */
export const AUDIO_REMARK_TEXT = 'Audio remark';

/** What the user reads when a remark is not saved (000 §8): the server's detail, or the spec's sentence. */
export const remarkSaveError = (error: unknown): string => serverDetail(error) ?? REMARK_SAVE_FAILED;

/**
 * The §3 payload of a remark on `target`. Every remark is sent with inspectionStatus 'smReview' (000 §3
 * 'inspectionStatus=smReview'; the server's form schema accepts only that), whatever the inspection's own status.
 */
export function remarkRequest(target: RemarkTarget, content: { remarkType: 'text'; remark: string } | { remarkType: 'audio'; audio: Blob }): RemarkRequest {
  return { ...target, type: 'rejectionRemark', inspectionStatus: 'smReview', ...content };
}

/** The row a remark is for, and any text typed on it before (kept by the review while the row was off screen). */
export type RemarkInput = RemarkTarget & { text?: string };

export const remarkMachine = setup({
  types: {
    context: {} as RemarkContext,
    events: {} as RemarkEvent,
    input: {} as RemarkInput,
    tags: {} as 'busy',
  },
  actors: {
    saveRemark: fromPromise<unknown, RemarkRequest>(async () => {
      throw new Error('saveRemark actor not provided');
    }),
  },
  actions: {
    showAlert: (_, _params: { message: string }) => {},
    /** The remark is stored: the screen records it on the row (an engine `remark` edit) and its history. */
    remarkSaved: (_, _params: { remark: string; response: unknown }) => {},
  },
  guards: {
    hasText: ({ context }) => context.text.trim().length > 0,
  },
}).createMachine({
  id: 'remark',
  context: ({ input: { text = '', ...target } }) => ({ target, text, pending: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: assign({ text: ({ event }) => event.text }) },
        SAVE: {
          guard: 'hasText',
          target: 'saving',
          actions: assign({ pending: ({ context }) => context.text.trim() }),
        },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        src: 'saveRemark',
        input: ({ context }) => remarkRequest(context.target, { remarkType: 'text', remark: context.pending! }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'remarkSaved', params: ({ context, event }) => ({ remark: context.pending!, response: event.output }) },
            assign({ text: '', pending: null }),
          ],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'showAlert', params: ({ event }) => ({ message: remarkSaveError(event.error) }) }, assign({ pending: null })],
        },
      },
    },
  },
});
