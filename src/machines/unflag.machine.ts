/**
 * The GS unflagging action bar (spec 002 §2 'GS unflagging detail', §4 'Condition flag', §5, §8, §9): the assignee
 * picks 'Mark as {current type}', 'Change to {other type}' or 'Un-flag this car'; what each submits and asks for
 * comes from the config's outcome rules (src/products/gs-unflagging/unflag.ts), the same ones the server applies.
 * The config is the version the detail's route loaded (issue 17); the submit names it, and the server decides by it.
 */
import { assign, fromPromise, setup } from 'xstate';
import unflagJson from '../config/gs-unflagging/unflag.json';
import {
  actionOutcome,
  UNFLAG_ACTIONS,
  unflagPayload,
  validateUnflag,
  type ActionOutcome,
  type FlagFacts,
  type UnflagAction,
  type UnflagConfig,
  type UnflagPayload,
} from '../products/gs-unflagging/unflag.ts';
import { errorDetail } from './error-detail.ts';

/** The JSON in src/config (checked by `npm run config:check` and the server at start): the list's config and the detail's fallback. */
export const UNFLAG_CONFIG = unflagJson as UnflagConfig;

export interface UnflagRequest {
  appointmentId: string;
  /** The PATCH body with the config version the page runs (null: the JSON in src/config). */
  payload: UnflagPayload & { configVersion: number | null };
  /** The detail's ETag: the server refuses (412) when the flag changed since the page loaded. */
  etag: string | null;
}

export interface UnflagInput extends FlagFacts {
  appointmentId: string;
  etag?: string | null;
  config: UnflagConfig;
  configVersion: number | null;
}

export type UnflagEvent =
  | { type: 'SELECT'; action: UnflagAction }
  | { type: 'SET_REASON'; value: string }
  | { type: 'SET_DISPOSITION'; value: string | null }
  | { type: 'SET_SUB_DISPOSITIONS'; keys: string[] }
  /** The whole form at once: a restored draft, or none (back to choosing) when a draft is discarded (issue 16). */
  | { type: 'SET_FORM'; form: UnflagForm | null }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

/** What the assignee has chosen and typed. */
export interface UnflagForm {
  action: UnflagAction;
  reason: string;
  disposition: string | null;
  subDisposition: string[];
}

/**
 * The form of a stored draft (issue 16), read back from the browser's store as it holds it: a form of UnflagForm's
 * shape with one of the three actions, as a fresh object, else null (nothing to restore).
 */
export function storedUnflagForm(value: unknown): UnflagForm | null {
  if (typeof value !== 'object' || value === null) return null;
  const { action, reason, disposition, subDisposition } = value as Record<string, unknown>;
  const known = UNFLAG_ACTIONS.find((a) => a === action);
  if (!known || typeof reason !== 'string' || (disposition !== null && typeof disposition !== 'string')) return null;
  if (!Array.isArray(subDisposition) || !subDisposition.every((k) => typeof k === 'string')) return null;
  return { action: known, reason, disposition, subDisposition: [...subDisposition] };
}

export interface UnflagContext extends FlagFacts {
  appointmentId: string;
  etag: string | null;
  config: UnflagConfig;
  configVersion: number | null;
  action: UnflagAction | null;
  reason: string;
  disposition: string | null;
  subDisposition: string[];
  errors: { reason?: string; disposition?: string };
}

/** The outcome of the chosen action on this car (null before one is chosen). */
export function chosenOutcome(context: UnflagContext): ActionOutcome | null {
  return context.action ? actionOutcome(context.config, context.action, context) : null;
}

/** The failure toast (spec 002 §8): the server's detail, plus ', Please retry again.' on 412. */
export function failureMessage(config: UnflagConfig, error: unknown): string {
  const detail = errorDetail(error, 'Something went wrong');
  const status = (error as { status?: unknown } | null)?.status;
  return status === 412 ? `${detail}${config.messages.retrySuffix}` : detail;
}

const initialForm = { action: null, reason: '', disposition: null, subDisposition: [], errors: {} } as const;

/** SET_FORM: a form whose action is still offered on this car opens it with its values; anything else goes back to choosing. */
const setForm = [{ guard: 'formOffered', target: '#unflag.editing', actions: 'openForm' }, { target: '#unflag.choosing', actions: 'resetForm' }] as const;

export const unflagMachine = setup({
  types: {
    context: {} as UnflagContext,
    events: {} as UnflagEvent,
    input: {} as UnflagInput,
    tags: {} as 'busy' | 'form',
  },
  actors: {
    submitUnflag: fromPromise<string, UnflagRequest>(async () => {
      throw new Error('submitUnflag actor not provided');
    }),
  },
  actions: {
    showSuccess: (_, _params: { message: string }) => {},
    showError: (_, _params: { message: string }) => {},
    goToList: () => {},
    openForm: assign(({ event }) => {
      const form = (event as Extract<UnflagEvent, { type: 'SET_FORM' }>).form!;
      return { action: form.action, reason: form.reason, disposition: form.disposition, subDisposition: [...form.subDisposition], errors: {} };
    }),
    resetForm: assign({ ...initialForm, subDisposition: () => [], errors: () => ({}) }),
  },
  guards: {
    formOffered: ({ context, event }) => event.type === 'SET_FORM' && event.form !== null && actionOutcome(context.config, event.form.action, context).enabled,
    actionEnabled: ({ context }, params: { action: UnflagAction }) => actionOutcome(context.config, params.action, context).enabled,
    formValid: ({ context }) => {
      const outcome = chosenOutcome(context);
      return !!outcome && Object.keys(validateUnflag(context.config, outcome, context)).length === 0;
    },
  },
  delays: { redirect: ({ context }) => context.config.redirectAfterSuccessMs },
}).createMachine({
  id: 'unflag',
  context: ({ input }) => ({
    appointmentId: input.appointmentId,
    conditionFlag: input.conditionFlag,
    hardBeta: input.hardBeta,
    etag: input.etag ?? null,
    config: input.config,
    configVersion: input.configVersion,
    ...initialForm,
    subDisposition: [],
    errors: {},
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        SET_FORM: setForm,
        SELECT: {
          guard: { type: 'actionEnabled', params: ({ event }) => ({ action: event.action }) },
          target: 'editing',
          actions: assign({ ...initialForm, subDisposition: () => [], errors: () => ({}), action: ({ event }) => event.action }),
        },
      },
    },
    editing: {
      tags: 'form',
      on: {
        SET_FORM: setForm,
        SELECT: {
          guard: { type: 'actionEnabled', params: ({ event }) => ({ action: event.action }) },
          actions: assign({ ...initialForm, subDisposition: () => [], errors: () => ({}), action: ({ event }) => event.action }),
        },
        SET_REASON: { actions: assign({ reason: ({ event }) => event.value, errors: ({ context }) => ({ ...context.errors, reason: undefined }) }) },
        SET_DISPOSITION: { actions: assign({ disposition: ({ event }) => event.value, errors: ({ context }) => ({ ...context.errors, disposition: undefined }) }) },
        SET_SUB_DISPOSITIONS: { actions: assign({ subDisposition: ({ event }) => [...event.keys] }) },
        CANCEL: { target: 'choosing', actions: assign({ ...initialForm, subDisposition: () => [], errors: () => ({}) }) },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: assign({ errors: () => ({}) }) },
          { actions: assign({ errors: ({ context }) => validateUnflag(context.config, chosenOutcome(context)!, context) }) },
        ],
      },
    },
    submitting: {
      tags: ['busy', 'form'],
      invoke: {
        src: 'submitUnflag',
        input: ({ context }) => ({
          appointmentId: context.appointmentId,
          etag: context.etag,
          payload: { ...unflagPayload(chosenOutcome(context)!, context), configVersion: context.configVersion },
        }),
        onDone: { target: 'done', actions: { type: 'showSuccess', params: ({ event }) => ({ message: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showError', params: ({ context, event }) => ({ message: failureMessage(context.config, event.error) }) } },
      },
    },
    done: {
      tags: 'busy',
      after: { redirect: { target: 'left', actions: 'goToList' } },
    },
    left: { type: 'final' },
  },
});
