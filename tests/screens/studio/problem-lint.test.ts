import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { problemRange } from '../../../src/screens/studio/problem-lint.ts';

const config = {
  rows: [{ key: 'insuranceType', tab: 'Documents' }],
  rules: [
    { id: 'insurance.ncb', when: { and: [{ '==': [{ var: 'insuranceType' }, 'Comprehensive'] }, { like: [{ var: 'ncb' }, 'Yes'] }] }, effect: 'show' },
    { id: 'typo', when: { '==': [{ var: ['insuranceTpe', ''] }, 'x'] }, effect: 'hide' },
  ],
};

const state = EditorState.create({ doc: JSON.stringify(config, null, 2), extensions: [json()] });
/** The marked text of a problem, parsed back when it is a value, or as written when it is `"key": value`. */
const marked = (path: string, message = 'problem') => {
  const { from, to } = problemRange(state, { path, message });
  return state.doc.sliceString(from, to);
};
const parsed = (text: string) => JSON.parse(text.startsWith('"') && text.includes('":') ? `{${text}}` : text);

describe('studio semantic marks: the whole offending value (issue 17)', () => {
  it("an unknown operator marks that operator's whole expression, across its lines", () => {
    const text = marked('/rules/0/when.and[1]', "unknown operator 'like'");
    expect(parsed(text)).toEqual({ like: [{ var: 'ncb' }, 'Yes'] });
    expect(text.split('\n').length).toBeGreaterThan(1);
  });

  it("a problem in a rule's var marks the var with its value", () => {
    expect(parsed(marked('/rules/1/when.==[0].var', "'var' must name a literal path"))).toEqual({ var: ['insuranceTpe', ''] });
  });

  it("a variable that names no row marks the var reading it, not the whole rule", () => {
    expect(parsed(marked('/rules/1/when', 'refers to "insuranceTpe", which is not a field of this product'))).toEqual({ var: ['insuranceTpe', ''] });
    expect(parsed(marked('/rules/0/when', 'refers to "ncb", which is not a field of this product'))).toEqual({ var: 'ncb' });
  });

  it('a property marks its key and value; a missing field marks the object that lacks it', () => {
    expect(parsed(marked('/rows/0/tab', "tab 'Documents' is not one of the product's tabs"))).toEqual({ tab: 'Documents' });
    expect(parsed(marked('/rules/0/message', 'effect needs a message'))).toEqual(config.rules[0]);
  });

  it('a path the document does not have marks its first character; the document itself its first line', () => {
    expect(problemRange(state, { path: '/constants/options', message: 'x' })).toEqual({ from: 0, to: 1 });
    expect(marked('/', 'The config cannot be built')).toBe('{');
  });
});
