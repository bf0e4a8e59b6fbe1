import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carReviewConfig } from '../support/car.ts';
import { buildDependencyIndex, checkLogic, compileLogic, rowOfVariable, runLogic, usesData } from '../../src/engine/logic.ts';
import table from './fixtures/logic.json' with { type: 'json' };

describe('custom json-logic operations (docs/config-format.md)', () => {
  it.each(table.tests as [unknown, unknown, unknown][])('%j on %j gives %j', (rule, data, expected) => {
    expect(runLogic(rule, data)).toEqual(expected);
    expect(compileLogic(rule)(data)).toEqual(expected);
  });
});

describe('load-time checks of a rule (STYLE.md §3: an unknown operator is a load-time error)', () => {
  it.each([
    [{ frobnicate: [1] }, '/r', "unknown operator 'frobnicate'"],
    [{ and: [true, { missing: ['a'] }] }, '/r.and[1]', "unknown operator 'missing'"],
    [{ map: [[1], { var: '' }] }, '/r', "unknown operator 'map'"],
    [{ '==': [1, 1], '!=': [1, 2] }, '/r', 'exactly one operator'],
    [{ var: { var: 'a' } }, '/r.var', "'var' must name a literal path"],
  ])('%j is refused', (rule, path, message) => {
    const problem = checkLogic(rule, '/r');
    expect(problem?.[0]).toBe(path);
    expect(problem?.[1]).toContain(message);
  });

  it.each([[{ '==': [{ var: 'a' }, 1] }], [{ eqi: [{ var: ['a', ''] }, 'x'] }], [true], [['x', { len: 'y' }]]])('%j is accepted', (rule) => {
    expect(checkLogic(rule, '/r')).toBeNull();
  });
});

describe('dependency index from uses_data', () => {
  it('maps value, checked.*, changed.* and seq.* variables to their row, and ignores ctx.*', () => {
    expect(rowOfVariable('fuelType')).toBe('fuelType');
    expect(rowOfVariable('checked.insuranceType')).toBe('insuranceType');
    expect(rowOfVariable('changed.fuelType')).toBe('fuelType');
    expect(rowOfVariable('seq.rtoCode')).toBe('rtoCode');
    expect(rowOfVariable('ctx.version')).toBeNull();
  });

  it('indexes each rule under every row it reads and reports unknown rows', () => {
    const rules = [
      { '==': [{ var: 'fuelType' }, 'Diesel'] },
      { and: [{ var: 'changed.fuelType' }, { var: 'checked.insuranceType' }, { '>': [{ var: 'ctx.version' }, 0] }] },
      { '==': [{ var: 'nope' }, 1] },
    ];
    const { index, unknownRows } = buildDependencyIndex(rules, new Set(['fuelType', 'insuranceType']));
    expect(index.get('fuelType')).toEqual([0, 1]);
    expect(index.get('insuranceType')).toEqual([1]);
    expect(unknownRows).toEqual([{ rule: 2, variable: 'nope' }]);
    expect(usesData(rules[1])).toEqual(['changed.fuelType', 'checked.insuranceType', 'ctx.version']);
  });
});

describe('compiled rules behave exactly like json-logic-js', () => {
  const all = [
    ...carReviewConfig.rules.map((r) => r.when),
    ...carReviewConfig.validations.map((v) => v.when),
    ...carReviewConfig.registry.flatMap((r) => [r.registryValue, r.match].filter((x) => x !== undefined)),
    ...Object.values(carReviewConfig.context),
    ...(table.tests as [unknown][]).map(([rule]) => rule),
  ];
  const valueArb = fc.oneof(
    fc.constantFrom(null, undefined, '', ' ', 'Yes', 'No', 'Comprehensive', '3rd Party', 'Diesel', 'Petrol', 'Damaged', 'Limited Period', 'LTT', 'NA', 'NPDI', 'MH01 MUMBAI'),
    fc.constantFrom('12-03-2018', '2030-06-15', '31-02-2027', '01-06-2026', 'March', '2018', '0', '100'),
    fc.integer({ min: -2, max: 3000 }),
    fc.boolean(),
    fc.constantFrom<unknown[]>([], ['Ok'], ['Damaged', 'Faded'], ['No Mismatch']),
  );
  /** Sets a variable; a path that is also the prefix of a longer one stays an object (set longest first). */
  function setPath(target: Record<string, unknown>, path: string, value: unknown) {
    const parts = path.split('.');
    let o = target;
    for (const p of parts.slice(0, -1)) {
      if (typeof o[p] !== 'object' || o[p] === null) o[p] = {};
      o = o[p] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    if (typeof o[last] !== 'object' || o[last] === null) o[last] = value;
  }

  it.each(all.map((rule, i) => [i, rule] as const))('rule %i', (_i, rule) => {
    const vars = usesData(rule).sort((a, b) => b.length - a.length);
    const compiled = compileLogic(rule);
    fc.assert(
      fc.property(fc.array(valueArb, { minLength: vars.length, maxLength: vars.length }), (values) => {
        const data: Record<string, unknown> = {};
        vars.forEach((v, j) => setPath(data, v, values[j]));
        expect(compiled(data)).toEqual(runLogic(rule, data));
      }),
      { numRuns: 60 },
    );
  });
});
