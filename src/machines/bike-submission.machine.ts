/**
 * Bike review submission (spec 001 §4 'Bike submission status', §5, §8, §9): the config's validations run first
 * ('Please Edit the following Fields:', 'Modal Year should be greater than Manufacturing Year.'); then the review's
 * corrections and ticks are pushed, and the status the config's outcome rule gives (REJECTED when anything is
 * ticked, else APPROVED) is submitted. After success the user is redirected after 3 s; a failure shows
 * 'Error in submit review - {message}' and keeps the review as it is.
 */
import { assign, fromPromise, setup } from 'xstate';
import bikeScreens from '../config/bike-list.json';
import type { ReviewConfig } from '../engine/config.ts';
import type { InspectionImage } from '../engine/inspection.ts';
import { evaluateOutcome, type OutcomeRule } from '../engine/outcome.ts';
import { readOwn } from '../engine/read-own.ts';
import { rejectedRows, validateBeforeSubmit } from '../engine/submission.ts';
import type { ReviewModel, RowState } from '../engine/types.ts';
import type { BikePushBody, BikeSubmitForm, PushedField } from '../api/bike.ts';
import { errorDetail } from './error-detail.ts';

/** The status a submission sets. */
export type BikeStatus = BikeSubmitForm['status'];
export const BIKE_REDIRECT_MS: number = bikeScreens.redirectMs;

/** The submission's status by the product's `submission` outcome rule, from the number of ticked items. */
export function bikeStatus(model: ReviewModel, config: ReviewConfig): BikeStatus {
  const rules = config.outcomes?.submission as OutcomeRule<{ status: BikeStatus }>[] | undefined;
  if (!rules) throw new Error('the bike config has no submission outcome');
  return evaluateOutcome(rules, { rejectedCount: rejectedRows(model).length }).status;
}

/** A corrected value as stored: multi-selects as lists; dates in the bike format DD/MM/YYYY (the date editor hands on DD-MM-YYYY). */
function fieldValue(row: RowState): PushedField['value'] {
  if (row.newValues) return row.newValues;
  if (row.newValue === undefined) return undefined;
  return row.widget === 'date' && typeof row.newValue === 'string' && /^\d{2}-\d{2}-\d{4}$/.test(row.newValue) ? row.newValue.replace(/-/g, '/') : row.newValue;
}

/** Where a field row's stored answer sits in the bike's `inspectionData`: its section, part and sub-part. */
export const storedFieldPath = (row: RowState): string[] => (row.subPart ? [row.section, row.part, 'subParts', row.subPart] : [row.section, row.part]);

/**
 * The field rows the server holds as rejected in `inspectionData` (the bike's stored answers by section): a push that
 * went through before a submit that did not. The next push clears those the reviewer no longer ticks.
 */
export function heldRejections(model: ReviewModel, inspectionData: Readonly<Record<string, unknown>>): string[] {
  return model.order.filter((key) => {
    const row = model.rows[key];
    if (row.kind === 'image') return false;
    return readOwn(inspectionData, [...storedFieldPath(row), 'rejected']) === true;
  });
}

/**
 * The push call's body from the model: every field row the reviewer ticked or corrected (by its section and path),
 * every row the server holds as rejected (`held`: an untick clears it), and every image and video with its tick.
 * The rejection reason lists the ticked items' titles.
 */
export function buildBikePush(model: ReviewModel, appointmentId: string, held: readonly string[] = []): BikePushBody {
  const body: BikePushBody = { appointmentId, inspectionData: {}, images: [], videos: [], reason: '' };
  const rejected = new Set(rejectedRows(model).map((r) => r.key));
  const heldKeys = new Set(held);
  for (const key of model.order) {
    const row = model.rows[key];
    if (row.kind === 'image') {
      const media = row.image as (InspectionImage & { mediaType?: string }) | null | undefined;
      if (!media) continue;
      (media.mediaType === 'video' ? body.videos : body.images).push({ hashKey: media.hashKey, rejected: rejected.has(key) });
      continue;
    }
    const value = fieldValue(row);
    if (!rejected.has(key) && value === undefined && !heldKeys.has(key)) continue;
    const section = (body.inspectionData[row.section] ??= {});
    const change: PushedField = { rejected: rejected.has(key), ...(value !== undefined ? { value } : {}) };
    if (row.subPart) {
      const parent = (section[row.part] ??= {});
      (parent.subParts ??= {})[row.subPart] = change;
    } else {
      section[row.part] = { ...section[row.part], ...change };
    }
  }
  body.reason = [...rejected].map((key) => model.rows[key].text).join(', ');
  return body;
}

interface Context {
  appointmentId: string;
  bikeId: number;
  version: number;
  config: ReviewConfig;
  /** The config version `config` is (issue 17; null: the JSON in src/config): the server checks the submit against it. */
  configVersion: number | null;
  status: BikeStatus | null;
  push: BikePushBody | null;
  /** Field rows the server holds as rejected: from the loaded bike, then those of the last push that went through. */
  held: string[];
  /** The rows the current push sends as rejected: held once it is stored. */
  pushing: string[];
}

export type BikeSubmissionEvent = { type: 'SUBMIT'; model: ReviewModel };

const blockOf = (model: ReviewModel, config: ReviewConfig) => validateBeforeSubmit(model, { isDummy: false }, config);

export const bikeSubmissionMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { appointmentId: string; bikeId: number; version: number; config: ReviewConfig; configVersion: number | null; held?: string[] },
    events: {} as BikeSubmissionEvent,
    tags: {} as 'busy' | 'submitted',
  },
  actors: {
    pushData: fromPromise<unknown, BikePushBody>(async () => {
      throw new Error('pushData actor not provided');
    }),
    submitStatus: fromPromise<unknown, BikeSubmitForm>(async () => {
      throw new Error('submitStatus actor not provided');
    }),
  },
  actions: {
    showAlert: (_, _params: { alert: string; fields: string[] }) => {},
    showSuccess: (_, _params: { status: BikeStatus }) => {},
    showError: (_, _params: { message: string }) => {},
    redirect: () => {},
  },
  guards: {
    blocked: ({ context, event }) => blockOf(event.model, context.config) !== null,
  },
  delays: { redirect: BIKE_REDIRECT_MS },
}).createMachine({
  id: 'bikeSubmission',
  context: ({ input }) => ({ ...input, held: input.held ?? [], status: null, push: null, pushing: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: [
          {
            guard: 'blocked',
            actions: {
              type: 'showAlert',
              params: ({ context, event }) => {
                const block = blockOf(event.model, context.config)!;
                return { alert: block.alert, fields: block.fields ?? [] };
              },
            },
          },
          {
            target: 'pushing',
            actions: assign({
              status: ({ context, event }) => bikeStatus(event.model, context.config),
              push: ({ context, event }) => buildBikePush(event.model, context.appointmentId, context.held),
              pushing: ({ event }) => rejectedRows(event.model).map((r) => r.key),
            }),
          },
        ],
      },
    },
    pushing: {
      tags: ['busy'],
      invoke: {
        src: 'pushData',
        input: ({ context }) => context.push!,
        // The server now holds exactly the ticks just pushed (every held row not ticked went as not rejected).
        onDone: { target: 'submitting', actions: assign({ held: ({ context }) => context.pushing }) },
        onError: { target: 'idle', actions: { type: 'showError', params: ({ event }) => ({ message: submitError(event.error) }) } },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitStatus',
        input: ({ context }) => ({
          status: context.status!,
          reason: context.push!.reason,
          bikeId: context.bikeId,
          appointmentId: context.appointmentId,
          version: context.version,
          configVersion: context.configVersion,
        }),
        onDone: 'submitted',
        onError: { target: 'idle', actions: { type: 'showError', params: ({ event }) => ({ message: submitError(event.error) }) } },
      },
    },
    submitted: {
      tags: ['submitted'],
      entry: { type: 'showSuccess', params: ({ context }) => ({ status: context.status! }) },
      after: { redirect: { target: 'done', actions: 'redirect' } },
    },
    done: { type: 'final' },
  },
});

/** 'Error in submit review - {message}' (spec 001 §8). */
export function submitError(error: unknown): string {
  return bikeScreens.texts.submitError.replace('{message}', errorDetail(error, 'Something went wrong'));
}
