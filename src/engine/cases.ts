/**
 * Runs a config's own cases `{ given, edits, expect }` (docs/config-format.md 'Cases'): builds the inspection
 * from the config, applies the edits, and compares the expected row properties, error counts, pre-submit
 * validation and submission fields. Used by `npm run config:check` and the engine tests.
 */
import type { CaseConfig, ReviewConfig } from './config.ts';
import { generateInspection } from './generate.ts';
import type { RegistryData } from './inspection.ts';
import type { ReviewEngine } from './model.ts';
import { buildSubmission, validateBeforeSubmit } from './submission.ts';
import type { EvaluateOptions, ReviewModel } from './types.ts';

/** Evaluates a case's `given` and `edits` (through `apply`, one edit at a time). */
export function modelOfCase(engine: ReviewEngine, c: CaseConfig): ReviewModel {
  const g = c.given ?? {};
  const inspection = generateInspection(engine.config, { values: g.values, commentFlags: g.commentFlags, images: g.images, inspection: g.inspection });
  const options: EvaluateOptions = { today: '01-06-2026', ...(g.options as EvaluateOptions | undefined) };
  let model = engine.evaluate(inspection, [], (g.registry ?? null) as RegistryData | null, options);
  for (const e of c.edits ?? []) model = engine.apply(model, e);
  return model;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Problems of one case, as readable lines (empty when it passes). */
export function runCase(engine: ReviewEngine, c: CaseConfig, config: ReviewConfig = engine.config): string[] {
  const problems: string[] = [];
  let model: ReviewModel;
  try {
    model = modelOfCase(engine, c);
  } catch (e) {
    return [`throws: ${(e as Error).message}`];
  }
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
