import { describe, expect, it } from 'vitest';
import { runCase } from '../../src/engine/cases.ts';
import { carEngine } from '../support/car.ts';
import type { CaseConfig } from '../../src/engine/config.ts';
import dependent from './fixtures/dependent-rules.json' with { type: 'json' };
import fieldRules from './fixtures/field-rules.json' with { type: 'json' };
import registry from './fixtures/registry.json' with { type: 'json' };
import validations from './fixtures/validations.json' with { type: 'json' };
import submission from './fixtures/submission.json' with { type: 'json' };

// Spec-derived cases as data (STYLE.md §5): each names the spec line it checks; runCase lists every mismatch.
const tables: [string, { cases: unknown[] }][] = [
  ['000 §4 dependent fields and §5 notes', dependent],
  ['000 §5 field rules', fieldRules],
  ['000 §5 registry comparison', registry],
  ['000 §5 before submit', validations],
  ['000 §3/§4/§9 submission payload and status', submission],
];

for (const [title, table] of tables) {
  describe(title, () => {
    it.each(table.cases as CaseConfig[])('$name', (c) => {
      expect(runCase(carEngine, c)).toEqual([]);
    });
  });
}

describe('config cases fail loudly on rows that do not exist', () => {
  it.each<[string, CaseConfig, string]>([
    ['an edit of an unknown row', { name: 'x', edits: [{ type: 'check', key: 'carColor', checked: true }], expect: {} }, "edits[0]: row 'carColor' does not exist"],
    ['a given value of an unknown row', { name: 'x', given: { values: { carColor: 'Red' } }, expect: {} }, "given.values: row 'carColor' does not exist"],
    ['an expectation on an unknown row', { name: 'x', expect: { rows: { carColor: { checked: true } } } }, "row 'carColor' does not exist"],
    ['a wrong expectation', { name: 'x', expect: { rows: { carColour: { checked: true } } } }, "row 'carColour'.checked: expected true, got false"],
  ])('%s', (_name, c, problem) => {
    expect(runCase(carEngine, c)).toContain(problem);
  });
});
