/**
 * Saving a rejection remark on a row or image (spec 000 §3 'Rejection remark payload', §5 remark rule,
 * §7 `POST v2/rejection-remark`, §8 remark save failure). Text must be non-empty after trimming; the screen
 * enables Add with `snapshot.can({ type: 'SAVE' })`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RemarkRequest, RemarkTarget } from '../api/review.ts';
import { serverDetail } from './error-detail.ts';

export type RemarkEvent =
  | { type: 'CHANGE'; text: string }
  | { type: 'SAVE' }
  | { type: 'SAVE_AUDIO'; audio: Blob };

interface RemarkContext {
  target: RemarkTarget;
  text: string;
  pending: RemarkRequest | null;
}

export const REMARK_SAVE_FAILED = 'Some error occured while saving the remark';

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
    remarkSaved: (_, _params: { remarkType: 'text' | 'audio'; remark: string; response: unknown }) => {},
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
          actions: assign({
            pending: ({ context }) => ({
              ...context.target,
              type: 'rejectionRemark' as const,
              inspectionStatus: 'smReview' as const,
              remarkType: 'text' as const,
              remark: context.text.trim(),
            }),
          }),
        },
        SAVE_AUDIO: {
          target: 'saving',
          actions: assign({
            pending: ({ context, event }) => ({
              ...context.target,
              type: 'rejectionRemark' as const,
              inspectionStatus: 'smReview' as const,
              remarkType: 'audio' as const,
              audio: event.audio,
            }),
          }),
        },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        src: 'saveRemark',
        input: ({ context }) => context.pending as RemarkRequest,
        onDone: {
          target: 'editing',
          actions: [
            {
              type: 'remarkSaved',
              params: ({ context, event }) => {
                const pending = context.pending as RemarkRequest;
                return {
                  remarkType: pending.remarkType,
                  remark: pending.remarkType === 'text' ? pending.remark : '',
                  response: event.output,
                };
              },
            },
            assign({ text: ({ context }) => (context.pending?.remarkType === 'text' ? '' : context.text), pending: null }),
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'showAlert', params: ({ event }) => ({ message: serverDetail(event.error) ?? REMARK_SAVE_FAILED }) },
            assign({ pending: null }),
          ],
        },
      },
    },
  },
});
