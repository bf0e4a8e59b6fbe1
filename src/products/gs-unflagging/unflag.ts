/**
 * The GS unflagging product's rules (src/config/gs-unflagging/unflag.json) over evaluateOutcome: which flag an
 * action submits, whether it is offered, what it asks for, and the labels of flag types and actions. Pure: the
 * machine (src/machines/unflag.machine.ts) and the server (server/routes/gs.ts) call the same functions.
 */
import { evaluateOutcome, type OutcomeRule } from '../../engine/outcome.ts';

export type UnflagAction = 'confirm' | 'change' | 'unflag';
export const UNFLAG_ACTIONS: readonly UnflagAction[] = ['confirm', 'change', 'unflag'];

/** What the rules know about a car: its flag when the page loaded and the hard-beta mark. */
export interface FlagFacts {
  conditionFlag: number;
  hardBeta: boolean;
}

export interface OutcomeSet {
  [key: string]: string | number | boolean | null;
  enabled: boolean;
  conditionFlag: number | null;
  keepFlag: boolean;
  status: string;
  needsReason: boolean;
  subDispositions: boolean;
}

export interface Option {
  key: string;
  label: string;
}

export interface UnflagConfig {
  flagType: OutcomeRule<{ label: string }>[];
  listType: OutcomeRule<{ label: string }>[];
  actionLabels: OutcomeRule<{ label: string }>[];
  outcomes: OutcomeRule<OutcomeSet>[];
  dispositions: { '0': Option[]; '4': Option[] };
  subDispositions: Option[];
  messages: {
    reasonRequired: string;
    dispositionRequired: string;
    retrySuffix: string;
    flagChanged: string;
    success: string;
    unflagged: string;
    notAssignee: string;
    noData: string;
  };
  redirectAfterSuccessMs: number;
  /** List rows older than this (from creation) are marked overdue. */
  overdueAfterMinutes: number;
  cases: { name: string; facts: FlagFacts & { action: UnflagAction }; expect: Record<string, unknown> }[];
}

/** An action's result: the flag it submits (the current one when the rule keeps it) and what the form asks for. */
export interface ActionOutcome {
  enabled: boolean;
  conditionFlag: number;
  status: string;
  needsReason: boolean;
  subDispositions: boolean;
}

/** Only the facts the rules read, so a caller's other fields (a machine's context) cannot shadow `action`. */
const factsOf = (action: UnflagAction, facts: FlagFacts) => ({ action, conditionFlag: facts.conditionFlag, hardBeta: facts.hardBeta });

export function actionOutcome(config: UnflagConfig, action: UnflagAction, facts: FlagFacts): ActionOutcome {
  const set = evaluateOutcome(config.outcomes, factsOf(action, facts));
  return {
    enabled: set.enabled,
    conditionFlag: set.keepFlag || set.conditionFlag === null ? facts.conditionFlag : set.conditionFlag,
    status: set.status,
    needsReason: set.needsReason,
    subDispositions: set.subDispositions,
  };
}

export function actionLabel(config: UnflagConfig, action: UnflagAction, facts: FlagFacts): string {
  return evaluateOutcome(config.actionLabels, factsOf(action, facts)).label;
}

/** 'Hard Beta', 'Beta' or 'Alpha' for the detail's Flagging Details (spec 002 §2). */
export function flagTypeLabel(config: UnflagConfig, facts: FlagFacts): string {
  return evaluateOutcome(config.flagType, { conditionFlag: facts.conditionFlag, hardBeta: facts.hardBeta }).label;
}

/** The list's Type column: Alpha for 0, Beta otherwise, blank when absent (spec 002 §2). */
export function listTypeLabel(config: UnflagConfig, conditionFlag: number | null | undefined): string {
  return evaluateOutcome(config.listType, { conditionFlag: conditionFlag ?? null }).label;
}

/** Disposition options for a car: the Alpha list when its flag is 0, the Beta list otherwise. */
export function dispositionsFor(config: UnflagConfig, conditionFlag: number): Option[] {
  return conditionFlag === 0 ? config.dispositions['0'] : config.dispositions['4'];
}

/**
 * The action a submitted `{conditionFlag, status}` stands for on a car with `facts`, or null when no offered
 * action gives it (the server answers 412: the page acted on a flag that has changed since it loaded).
 */
export function actionFor(config: UnflagConfig, facts: FlagFacts, submitted: { conditionFlag: number; status: string }): UnflagAction | null {
  for (const action of UNFLAG_ACTIONS) {
    const outcome = actionOutcome(config, action, facts);
    if (outcome.enabled && outcome.conditionFlag === submitted.conditionFlag && outcome.status === submitted.status) return action;
  }
  return null;
}

export interface UnflagInput {
  reason: string;
  disposition: string | null;
  subDisposition: string[];
}

export interface UnflagPayload {
  reason: string;
  disposition: string;
  conditionFlag: number;
  status: string;
  subDisposition?: string[];
}

/** Field errors of the form for an action (spec 002 §5): Reason and Disposition required except for confirm. */
export function validateUnflag(config: UnflagConfig, outcome: ActionOutcome, input: UnflagInput): { reason?: string; disposition?: string } {
  if (!outcome.needsReason) return {};
  const errors: { reason?: string; disposition?: string } = {};
  if (!input.reason.trim()) errors.reason = config.messages.reasonRequired;
  if (!input.disposition) errors.disposition = config.messages.dispositionRequired;
  return errors;
}

/** The PATCH body (spec 002 §3 'Unflag action payload'); sub-dispositions only where the rule asks for them. */
export function unflagPayload(outcome: ActionOutcome, input: UnflagInput): UnflagPayload {
  return {
    reason: outcome.needsReason ? input.reason.trim() : '',
    disposition: outcome.needsReason ? (input.disposition ?? '') : '',
    conditionFlag: outcome.conditionFlag,
    status: outcome.status,
    ...(outcome.subDispositions ? { subDisposition: input.subDisposition } : {}),
  };
}
