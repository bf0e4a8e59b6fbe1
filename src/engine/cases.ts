/**
 * Runs a config's own cases `{ given, edits, expect }` (docs/config-format.md 'Cases'): builds the inspection
 * from the config, applies the edits, and compares the expected row properties, error counts, pre-submit
 * validation and submission fields. Used by `npm run config:check` and the engine tests.
 */
import type { CaseConfig, ReviewConfig } from './config.ts';
import { generateInspection } from './generate.ts';
import type { RegistrySources } from './inspection.ts';
import type { ReviewEngine } from './model.ts';
import { buildSubmission, validateBeforeSubmit } from './submission.ts';
import type { EvaluateOptions, ReviewModel } from './types.ts';

/** Evaluates a case's `given` and `edits` (through `apply`, one edit at a time). */
export function modelOfCase(engine: ReviewEngine, c: CaseConfig): ReviewModel {
  const g = c.given ?? {};
  const inspection = generateInspection(engine.config, { values: g.values, commentFlags: g.commentFlags, images: g.images, inspection: g.inspection });
  const options: EvaluateOptions = { today: '01-06-2026', ...(g.options as EvaluateOptions | undefined) };
  let model = engine.evaluate(inspection, [], (g.registry ?? null) as RegistrySources | null, options);
  for (const e of c.edits ?? []) model = engine.apply(model, e);
  return model;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Problems of one case, as readable lines (empty when it passes). */
export function runCase(engine: ReviewEngine, c: CaseConfig, config: ReviewConfig = engine.config): string[] {
  const problems: string[] = [];
  // An analyst's typo must fail the case, not silently test nothing: every row a case names must exist.
  const g = c.given ?? {};
  for (const [where, keys] of [['given.values', g.values], ['given.commentFlags', g.commentFlags], ['given.images', g.images]] as const) {
    for (const key of Object.keys(keys ?? {})) if (!engine.rowConfig(key)) problems.push(`${where}: row '${key}' does not exist`);
  }
  let model: ReviewModel;
  try {
    model = modelOfCase(engine, c);
  } catch (e) {
    return [...problems, `throws: ${(e as Error).message}`];
  }
  (c.edits ?? []).forEach((e, i) => {
    if (!model.rows[e.key]) problems.push(`edits[${i}]: row '${e.key}' does not exist`);
  });
  for (const [key, expected] of Object.entries(c.expect.rows ?? {})) {
    const row = model.rows[key];
    if (!row) {
      problems.push(`row '${key}' does not exist`);
      continue;
    }
    for (const [prop, want] of Object.entries(expected)) {
      const got = (row as unknown as Record<string, unknown>)[prop];
      if (!same(got ?? null, want ?? null)) problems.push(`row '${key}'.${prop}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  }
  for (const [tab, want] of Object.entries(c.expect.errorsCount ?? {})) {
    const got = model.errorsCount[tab as keyof typeof model.errorsCount];
    if (got !== want) problems.push(`errorsCount.${tab}: expected ${want}, got ${got}`);
  }
  for (const [group, want] of Object.entries(c.expect.groupOrder ?? {})) {
    const got = model.order.filter((k) => k.startsWith(`${group}:`)).map((k) => model.rows[k].text);
    if (!same(got, want)) problems.push(`groupOrder.${group}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  const isDummy = c.expect.isDummy ?? false;
  if (c.expect.validation !== undefined) {
    const got = validateBeforeSubmit(model, { isDummy }, config);
    const want = c.expect.validation;
    if (want === null ? got !== null : got === null || got.alert !== want.alert || (want.fields !== undefined && !same(got.fields, want.fields))) {
      problems.push(`validation: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  }
  if (c.expect.submission) {
    const g = c.given ?? {};
    const inspection = generateInspection(engine.config, { values: g.values, commentFlags: g.commentFlags, images: g.images, inspection: g.inspection });
    const payload = buildSubmission(model, inspection, { isCritical: false, isDummy, issueType: [1], reviewStartTime: 't0', reviewEndTime: 't1' }, config) as unknown as Record<string, unknown>;
    for (const [prop, want] of Object.entries(c.expect.submission)) {
      if (!same(payload[prop], want)) problems.push(`submission.${prop}: expected ${JSON.stringify(want)}, got ${JSON.stringify(payload[prop])}`);
    }
  }
  return problems;
}
