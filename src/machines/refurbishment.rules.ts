/**
 * The GS refurbishment review's rules, read from the refurbishment config (`src/config/refurbishment/refurbishment.json`
 * is the seed; a review runs the version its route loaded) and run by the engine (json-logic and outcome rules), so
 * the machine, the screens and the server follow the same config.
 */
import seed from '../config/refurbishment/refurbishment.json';
import { runLogic, truthy } from '../engine/logic.ts';
import { evaluateOutcome, type OutcomeRule } from '../engine/outcome.ts';
import type { RefurbishmentConfig } from '../products/refurbishment/refurbishment-config.ts';

export type { RefurbishmentConfig };

export type RefurbishmentStatus = 'review' | 'refReview' | 'rejected' | 'refRejected' | 'inRef' | 'done';
export type RefurbishmentSection = 'beforeRef' | 'afterRef';

/** One QC verdict on an item, as the submit sends it (spec 001 §3 'Refurbishment review submission'). */
export interface RemarkEntry {
  hashKey: string;
  qcRemark: string;
  isRejected: 0 | 1;
}

/** The JSON in src/config: the list and version screens' config, and the review's fallback. */
export const REFURBISHMENT_CONFIG: RefurbishmentConfig = seed;
export const REFURBISHMENT_TEXTS = seed.texts;

type Outcome = OutcomeRule<{ status: RefurbishmentStatus | null; section: RefurbishmentSection | null }>;

/** The status and section a submit from `status` with these entries leads to (null fields: not reviewable). */
export function submitOutcome(config: RefurbishmentConfig, status: string, entries: readonly RemarkEntry[]) {
  return evaluateOutcome(config.outcomes.submission as Outcome[], { status, rejectedCount: entries.filter((e) => e.isRejected === 1).length });
}

/**
 * Spec 001 §5: the QC box and Reject are editable only for the assignee in the unversioned view; and only in a status
 * a submission moves on (the outcome rules: review, refReview). In another (inRef, done…) they took remarks that no
 * SUBMIT could send, kept in a draft for good.
 */
export function isEditable(config: RefurbishmentConfig, facts: { assignee: string | null | undefined; user: string; versioned: boolean; status: string }): boolean {
  return (
    truthy(runLogic(config.rules.editable, { assignee: facts.assignee?.toLowerCase() ?? null, user: facts.user.toLowerCase(), versioned: facts.versioned })) &&
    submitOutcome(config, facts.status, []).status !== null
  );
}

/** Spec 001 §2: after-refurbishment data (actual cost, comments) is shown from refReview on. */
export function showsAfterRef(config: RefurbishmentConfig, status: string): boolean {
  return truthy(runLogic(config.rules.afterRefShown, { status }));
}

/** Which side of the items holds the QC verdicts of a refurbishment in `status`. */
export function verdictSection(config: RefurbishmentConfig, status: string): RefurbishmentSection {
  return runLogic(config.rules.verdictSection, { status }) as RefurbishmentSection;
}

/**
 * The verdicts of a stored draft (issue 16), read back from the browser's store as it holds them: entries of items of
 * this review (`hashKeys`, the first one of each), of RemarkEntry's shape, as fresh objects; anything else is left out.
 * Null when it holds no list, or only entries that are left out: nothing to restore (an empty list is a draft that
 * removed every verdict).
 */
export function storedVerdicts(value: unknown, hashKeys: readonly string[]): RemarkEntry[] | null {
  if (!Array.isArray(value)) return null;
  const items = new Set(hashKeys);
  const taken = new Set<string>();
  const verdicts = value.flatMap((item: unknown): RemarkEntry[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { hashKey, qcRemark, isRejected } = item as Record<string, unknown>;
    if (typeof hashKey !== 'string' || !items.has(hashKey) || taken.has(hashKey)) return [];
    if (typeof qcRemark !== 'string' || (isRejected !== 0 && isRejected !== 1)) return [];
    taken.add(hashKey);
    return [{ hashKey, qcRemark, isRejected }];
  });
  return verdicts.length || !value.length ? verdicts : null;
}

/** Spec 001 §4: an entry that is not rejected and has no remark is dropped. */
export function dropsEntry(config: RefurbishmentConfig, entry: RemarkEntry): boolean {
  return truthy(runLogic(config.rules.dropEntry, { qcRemark: entry.qcRemark, isRejected: entry.isRejected }));
}
