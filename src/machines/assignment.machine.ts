/**
 * 'Assign to me' (spec 000 §4) and the 'Report is under process' guard on list rows (000 §2, §8).
 * One actor per screen: the list sends ASSIGN / OPEN per row, the review header sends ASSIGN for its inspection.
 */
import { assign, fromPromise, setup } from 'xstate';
import listConfig from '../config/inspection-list.json';
import { loadAssignmentRules, type AssignToMeFacts, type ProcessingFlags } from '../engine/assignment.ts';
import { errorDetail, errorStatus, RETRY_LINE } from './error-detail.ts';

export type { ProcessingFlags } from '../engine/assignment.ts';

/** The config's assignment rules, the ones the server's assign call runs too. */
const rules = loadAssignmentRules(listConfig.assignment);

/** Body of `PATCH qc-appointment-assign-to/{carId}` (000 §7). */
export interface AssignRequest {
  carId: number;
  role: string;
  inspectionStatus: 'smReview';
  user: string;
  qcAssignTo: string;
}

export type AssignmentOrigin = 'list' | 'header';

export interface AssignmentInput {
  /** Signed-in user's e-mail: both `user` and `qcAssignTo` of the call. */
  user: string;
  role: string;
  /** The list opens the review after assigning; the review header reloads after 1 s (000 §4, §9). */
  origin: AssignmentOrigin;
}

export type AssignmentEvent =
  | { type: 'ASSIGN'; carId: number; row?: ProcessingFlags }
  | { type: 'OPEN'; carId: number; row?: ProcessingFlags };

interface AssignmentContext extends AssignmentInput {
  carId: number | null;
}

export const UNDER_PROCESS_ALERT = 'Report is under process';
/** Header reload delay after assigning (000 §9 'assign-to-me header reload 1 second'). */
export const ASSIGN_RELOAD_MS: number = listConfig.assignReloadMs;

/** Rows still being processed cannot be opened or assigned (000 §2): the config's `assignment.underProcess`. */
export function isUnderProcess(row: ProcessingFlags): boolean {
  return rules.underProcess(row);
}

/**
 * Whether the list shows 'assign to me' (000 §4), by the config's `assignment.assignToMe`: when the feature flag
 * is set, or when the auto-assignment sleep time is 0 and the role is QC. An unknown (not yet loaded) sleep time hides it.
 */
export function showsAssignToMe(opts: AssignToMeFacts): boolean {
  return rules.offersAssignToMe(opts);
}

const rowUnderProcess = ({ event }: { event: AssignmentEvent }) => event.row !== undefined && isUnderProcess(event.row);

export const assignmentMachine = setup({
  types: {
    context: {} as AssignmentContext,
    events: {} as AssignmentEvent,
    input: {} as AssignmentInput,
    tags: {} as 'busy',
  },
  actors: {
    assign: fromPromise<unknown, AssignRequest>(async () => {
      throw new Error('assign actor not provided');
    }),
  },
  actions: {
    showAlert: (_, _params: { message: string }) => {},
    showError: (_, _params: { message: string }) => {},
    openReview: (_, _params: { carId: number }) => {},
    reload: () => {},
    /** Shows the screen's data afresh (not the reload after assigning): someone else took the inspection meanwhile. */
    refresh: () => {},
  },
  guards: {
    underProcess: rowUnderProcess,
    fromList: ({ context }) => context.origin === 'list',
    /** 409: another reviewer holds it now (a race, or a page opened before they took it). */
    takenMeanwhile: (_, params: { error: unknown }) => errorStatus(params.error) === 409,
  },
  delays: {
    reloadDelay: ASSIGN_RELOAD_MS,
  },
}).createMachine({
  id: 'assignment',
  context: ({ input }) => ({ ...input, carId: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        ASSIGN: [
          { guard: 'underProcess', actions: { type: 'showAlert', params: { message: UNDER_PROCESS_ALERT } } },
          { target: 'assigning', actions: assign({ carId: ({ event }) => event.carId }) },
        ],
        OPEN: [
          { guard: 'underProcess', actions: { type: 'showAlert', params: { message: UNDER_PROCESS_ALERT } } },
          { actions: { type: 'openReview', params: ({ event }) => ({ carId: event.carId }) } },
        ],
      },
    },
    assigning: {
      tags: 'busy',
      invoke: {
        src: 'assign',
        input: ({ context }) => ({
          carId: context.carId as number,
          role: context.role,
          inspectionStatus: 'smReview' as const,
          user: context.user,
          qcAssignTo: context.user,
        }),
        onDone: [
          {
            guard: 'fromList',
            target: 'idle',
            actions: { type: 'openReview', params: ({ context }) => ({ carId: context.carId as number }) },
          },
          { target: 'reloading' },
        ],
        onError: [
          {
            guard: { type: 'takenMeanwhile', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [{ type: 'showError', params: ({ event }) => ({ message: errorDetail(event.error, RETRY_LINE) }) }, 'refresh'],
          },
          {
            target: 'idle',
            actions: { type: 'showError', params: ({ event }) => ({ message: errorDetail(event.error, RETRY_LINE) }) },
          },
        ],
      },
    },
    reloading: {
      tags: 'busy',
      after: { reloadDelay: { target: 'done', actions: 'reload' } },
    },
    done: { tags: 'busy', type: 'final' },
  },
});
