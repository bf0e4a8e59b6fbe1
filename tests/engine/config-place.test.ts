import { describe, expect, it } from 'vitest';
import { placeOf, pointerOf, problemSentence } from '../../src/engine/config-place.ts';
import { checkConfigFile, schemaProblem } from '../../src/engine/config-schema.ts';
import { ConfigError } from '../../src/engine/config.ts';

const doc = {
  product: { id: 'mini', tabs: ['Documents', 'Exterior'] },
  rows: [{ key: 'fuelType', input: { type: 'select' } }, { text: 'no key' }],
  rules: [{ id: 'rc.lost.reset', target: ['rcAtDelivery', 'rcCondition'], effect: 'clear' }],
  cases: [{ name: 'Lost resets', expect: {} }],
  registry: [{ row: 'fuelType', sources: ['parivahan1.fuel'] }],
};

describe('placeOf: a config problem named by the document\'s own words (issue 17: no JSON pointer for the analyst)', () => {
  it.each([
    ['/rules/0/effect', "Rule 'rc.lost.reset' › 'effect'"],
    ['/rules/0/target/1', "Rule 'rc.lost.reset' › 'target' › item 2"],
    ['/rows/0/input/type', "Row 'fuelType' › 'input' › 'type'"],
    ['/rows/1', 'Row 2'],
    ['/cases/0/expect', "Case 'Lost resets' › 'expect'"],
    ['/registry/0/sources/0', "Registry comparison 'fuelType' › 'sources' › item 1"],
    ['/product/tabs/1', "'product' › 'tabs' › item 2"],
    ['', 'The config'],
    ['/rows/9/key', "Row 10 › 'key'"],
    ['/a~1b/c~0d', "'a/b' › 'c~d'"],
  ])('%s → %s', (pointer, words) => {
    expect(placeOf(doc, pointer)).toBe(words);
  });

  it('reads only own fields of the document: an inherited name is no name', () => {
    const items = [Object.create({ key: 'inherited' }) as object];
    expect(placeOf({ rows: items }, '/rows/0')).toBe('Row 1');
    expect(placeOf({ rows: [] }, '/__proto__/key')).toBe("'__proto__' › 'key'");
  });

  it('makes one sentence of place and problem', () => {
    expect(problemSentence(doc, { path: '/rules/0/effect', message: 'must be one of show, hide' })).toBe("Rule 'rc.lost.reset' › 'effect': must be one of show, hide.");
    expect(problemSentence(doc, { path: '/', message: 'a config needs a product declaration' })).toBe('The config: a config needs a product declaration.');
  });
});

describe('schemaProblem: the validator\'s failures in plain words, from keyword and parameters', () => {
  const failure = (json: unknown): ConfigError => {
    try {
      checkConfigFile(json);
    } catch (e) {
      if (e instanceof ConfigError) return e;
      throw e;
    }
    throw new Error('accepted');
  };
  const product = { id: 'mini', name: 'Mini', tabs: ['Documents'], sections: ['carDetails'], statuses: ['new'], widgets: ['text'] };
  const row = { key: 'a', text: 'A', section: 'carDetails', tab: 'Documents', mapper: 'm', path: ['a'] };

  it.each<[string, unknown, string]>([
    ['a number where text goes', { product, rows: [{ ...row, text: 5 }] }, '/rows/0/text: must be text'],
    ['an unknown field', { product, rows: [{ ...row, colour: 'red' }] }, "/rows/0: takes no field 'colour'"],
    ['a missing field', { product, rows: [{ ...row, key: undefined }] }, "/rows/0: needs the field 'key'"],
    ['a field name not allowed', { product, context: { 'not a name': true } }, "/context: has a field whose name is not allowed: 'not a name'"],
  ])('%s', (_, json, message) => {
    expect(failure(json).message).toBe(message);
  });

  it('words every keyword the config schemas use, none as ajv\'s English', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['type', { type: 'string,number' }, 'must be text or a number'],
      ['enum', { allowedValues: ['a', 'b'] }, 'must be one of a, b'],
      ['enum', { allowedValues: Array.from({ length: 14 }, (_, i) => i) }, 'must be one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 …'],
      ['const', { allowedValue: 'car' }, "must be 'car'"],
      ['pattern', { pattern: '^x$' }, 'has the wrong format'],
      ['minLength', { limit: 1 }, 'must not be empty'],
      ['maxLength', { limit: 30 }, 'must have at most 30 characters'],
      ['minItems', { limit: 2 }, 'must list at least 2 items'],
      ['uniqueItems', { i: 3, j: 1 }, 'lists the same value twice (items 2 and 4)'],
      ['minimum', { limit: 0 }, 'must be at least 0'],
      ['oneOf', {}, 'matches none of the shapes allowed here'],
      ['someNewKeyword', {}, 'is not valid here'],
    ];
    for (const [keyword, params, words] of cases) expect(schemaProblem({ keyword, params })).toBe(words);
  });
});

describe('pointerOf', () => {
  it("escapes '~' and '/' so placeOf reads the same names back", () => {
    expect(pointerOf(['rules', '0', 'a/b~c'])).toBe('/rules/0/a~1b~0c');
    expect(pointerOf([])).toBe('');
    expect(placeOf({ 'a/b~c': { d: 1 } }, pointerOf(['a/b~c', 'd']))).toBe("'a/b~c' › 'd'");
  });
});
