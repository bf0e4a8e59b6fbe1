/**
 * Assignment rules (spec 000 §2, §4) as config: when a list row is 'under process' (it can be neither opened nor
 * assigned), which statuses an 'assign to me' may take, and when the list offers 'assign to me'. The assignment
 * machine in the browser and the server's assign call evaluate the same rules, so they cannot drift apart.
 */
import { ConfigError } from './config.ts';
import { checkLogic, compileLogic, truthy, type Logic } from './logic.ts';

/** The rules as written in config (`assignment` of src/config/inspection-list.json). */
export interface AssignmentRulesFile {
  /** json-logic over the row's processing flags (`ProcessingFlags`). */
  underProcess: Logic;
  /** json-logic over `{ flag, sleepTime, role }` (`AssignToMeFacts`). */
  assignToMe: Logic;
  /** Statuses from which 'assign to me' may take an inspection (it then becomes smReview). */
  assignableStatuses: string[];
}

/** Row flags that mark a report still being processed (000 §3 'Inspection list row'). */
export interface ProcessingFlags {
  isReportProcessed: number;
  reInspectionProcessing: number;
  dealerPriceProcessing: number;
}

/** What decides whether the list offers 'assign to me'. */
export interface AssignToMeFacts {
  /** The feature flag that shows it whatever the sleep time. */
  flag: boolean;
  /** The auto-assignment sleep time; null or undefined while not loaded. */
  sleepTime: number | null | undefined;
  role: string | null | undefined;
}

export interface AssignmentRules {
  underProcess(flags: ProcessingFlags): boolean;
  offersAssignToMe(facts: AssignToMeFacts): boolean;
  assignable(status: string): boolean;
}

/** Checks the rules (an unknown operator is a load-time error, never a silent false) and compiles them once. */
export function loadAssignmentRules(file: AssignmentRulesFile, path = '/assignment'): AssignmentRules {
  for (const name of ['underProcess', 'assignToMe'] as const) {
    const problem = checkLogic(file[name], `${path}/${name}`);
    if (problem) throw new ConfigError(...problem);
  }
  if (!Array.isArray(file.assignableStatuses) || !file.assignableStatuses.every((s) => typeof s === 'string')) {
    throw new ConfigError(`${path}/assignableStatuses`, 'a list of inspection statuses');
  }
  const underProcess = compileLogic(file.underProcess);
  const assignToMe = compileLogic(file.assignToMe);
  const statuses = new Set(file.assignableStatuses);
  return {
    underProcess: (flags) => truthy(underProcess(flags)),
    // An unknown (not yet loaded) sleep time is passed as null, so a rule comparing it with 0 stays false.
    offersAssignToMe: (facts) => truthy(assignToMe({ flag: facts.flag, sleepTime: facts.sleepTime ?? null, role: facts.role ?? null })),
    assignable: (status) => statuses.has(status),
  };
}
