/**
 * The GS refurbishment review (spec 001 §4 'QC remark per item', 'Refurbishment status', §5, §8, §9).
 *
 * editing ──REMARK / TOGGLE_REJECT──▶ editing (entries change; only when editable)
 *         ──SUBMIT──▶ submitting ──▶ submitted (showSuccess) ──after 1 s──▶ left (navigateToList)
 *                                ──▶ editing + showError('Error::' + the server's detail)
 *
 * Editable (config rule): the signed-in user is the assignee and the view is unversioned; otherwise no event is
 * accepted, so the screen's `snapshot.can({ type: 'SUBMIT' })` is false. The section sent comes from the config
 * outcome rules; the status sent is the one the review was opened in, and the server moves it by the same rules on
 * the same entries (a status that moved meanwhile is refused: the review was submitted elsewhere).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, RETRY_LINE, serverDetail } from './error-detail.ts';
import { plainValidationText } from '../engine/validation-text.ts';
import { dropsEntry, isEditable, submitOutcome, type RefurbishmentConfig, type RemarkEntry, type RefurbishmentSection } from './refurbishment.rules.ts';

/**
 * The body of POST v2/refurbishment/{appointmentId} (spec 001 §3), plus the version the page showed and the config
 * version the review runs (issue 17; null: the JSON in src/config), which the server checks the submit against.
 */
export interface RefurbishmentSubmitPayload {
  appointmentId: string;
  fields: RemarkEntry[];
  reviewBy: string;
  status: string;
  section: RefurbishmentSection;
  version: number;
  configVersion: number | null;
}

export interface RefurbishmentInput {
  appointmentId: string;
  status: string;
  version: number;
  user: string;
  assignee: string | null;
  /** A past version (`?version=` in the URL): read-only. */
  versioned: boolean;
  /** Verdicts already stored on the section under review (shown, and kept unless changed). */
  entries?: RemarkEntry[];
  /** The refurbishment config version the review was opened on, kept until it is submitted. */
  config: RefurbishmentConfig;
  configVersion: number | null;
}

export type RefurbishmentEvent =
  | { type: 'REMARK'; hashKey: string; qcRemark: string }
  | { type: 'TOGGLE_REJECT'; hashKey: string }
  /** Every verdict at once: a restored draft, or the stored ones when a draft is discarded (issue 16). */
  | { type: 'SET_ENTRIES'; entries: RemarkEntry[] }
  | { type: 'SUBMIT' };

interface RefurbishmentContext {
  appointmentId: string;
  status: string;
  version: number;
  user: string;
  editable: boolean;
  entries: RemarkEntry[];
  config: RefurbishmentConfig;
  configVersion: number | null;
}

/** Answers whose detail is one of the server's own sentences: not the assignee, not found, a conflict. */
const SENTENCE_STATUSES = new Set([403, 404, 409]);

/** The server's own sentence for a refused call (403, 404, 409), else a plain one: never raw server or schema text. */
export function plainDetail(error: unknown): string {
  const status = errorStatus(error);
  const detail = status !== undefined ? serverDetail(error) : null;
  // A refused value (400) names the field plainly, 'Appointment ID has the wrong format.' (spec 001 §8: the message is
  // shown), whether the server worded it or sent the validator's text.
  if (status === 400 && detail) return plainValidationText(detail) ?? detail;
  return (status !== undefined && SENTENCE_STATUSES.has(status) ? detail : null) ?? RETRY_LINE;
}

/** Spec 001 §8: 'Error::' plus the server detail. */
export function submitErrorText(config: RefurbishmentConfig, error: unknown): string {
  return `${config.texts.submitErrorPrefix}${plainDetail(error)}`;
}

/** The entries after `change` on one item, with an emptied, not-rejected entry removed (config rule). */
function updateEntry(context: RefurbishmentContext, hashKey: string, change: (entry: RemarkEntry | undefined) => RemarkEntry): RemarkEntry[] {
  const current = context.entries.find((e) => e.hashKey === hashKey);
  const next = change(current);
  const rest = current ? context.entries.map((e) => (e === current ? next : e)) : [...context.entries, next];
  return dropsEntry(context.config, next) ? rest.filter((e) => e !== next) : rest;
}

export function submitPayload(context: RefurbishmentContext): RefurbishmentSubmitPayload {
  const { section } = submitOutcome(context.config, context.status, context.entries);
  if (!section) throw new Error(`status ${context.status} is not reviewable`);
  return {
    appointmentId: context.appointmentId,
    fields: context.entries,
    reviewBy: context.user,
    status: context.status,
    section,
    version: context.version,
    configVersion: context.configVersion,
  };
}

export const refurbishmentMachine = setup({
  types: {
    context: {} as RefurbishmentContext,
    input: {} as RefurbishmentInput,
    events: {} as RefurbishmentEvent,
  },
  actors: {
    submitReview: fromPromise<{ status: string }, RefurbishmentSubmitPayload>(async () => {
      throw new Error('submitReview not provided');
    }),
  },
  actions: {
    showSuccess: (_, _params: { status: string }) => undefined,
    showError: (_, _params: { message: string }) => undefined,
    navigateToList: () => undefined,
  },
  guards: {
    editable: ({ context }) => context.editable,
    reviewable: ({ context }) => context.editable && submitOutcome(context.config, context.status, context.entries).status !== null,
  },
  delays: {
    redirect: ({ context }) => context.config.redirectAfterSubmitMs,
  },
}).createMachine({
  id: 'refurbishment',
  context: ({ input }) => ({
    appointmentId: input.appointmentId,
    status: input.status,
    version: input.version,
    user: input.user,
    editable: isEditable(input.config, { assignee: input.assignee, user: input.user, versioned: input.versioned, status: input.status }),
    entries: input.entries ?? [],
    config: input.config,
    configVersion: input.configVersion,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        REMARK: {
          guard: 'editable',
          actions: assign({
            entries: ({ context, event }) =>
              updateEntry(context, event.hashKey, (entry) => ({ hashKey: event.hashKey, qcRemark: event.qcRemark, isRejected: entry?.isRejected ?? 0 })),
          }),
        },
        TOGGLE_REJECT: {
          guard: 'editable',
          actions: assign({
            entries: ({ context, event }) =>
              updateEntry(context, event.hashKey, (entry) => ({ hashKey: event.hashKey, qcRemark: entry?.qcRemark ?? '', isRejected: entry?.isRejected === 1 ? 0 : 1 })),
          }),
        },
        SET_ENTRIES: { guard: 'editable', actions: assign({ entries: ({ context, event }) => event.entries.filter((e) => !dropsEntry(context.config, e)) }) },
        SUBMIT: { guard: 'reviewable', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitReview',
        input: ({ context }) => submitPayload(context),
        onDone: { target: 'submitted', actions: { type: 'showSuccess', params: ({ event }) => ({ status: event.output.status }) } },
        onError: { target: 'editing', actions: { type: 'showError', params: ({ context, event }) => ({ message: submitErrorText(context.config, event.error) }) } },
      },
    },
    submitted: {
      tags: ['done'],
      after: { redirect: 'left' },
    },
    left: {
      type: 'final',
      entry: 'navigateToList',
    },
  },
});
