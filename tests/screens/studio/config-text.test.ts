import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../../src/engine/limits.ts';
import { CONFIG_MAX_BYTES, parseConfigText } from '../../../src/screens/studio/config-text.ts';

describe("the studio's text read as JSON: a mistake is placed and said plainly, never the browser's parser message", () => {
  it('a trailing comma deep in the text names its line and column', () => {
    const text = JSON.stringify({ constants: { options: { fuelTypes: ['Diesel', 'Petrol'] } }, rows: [] }, null, 2).replace('"Petrol"', '"Petrol",');
    const line = text.split('\n').findIndex((l) => l.includes('"Petrol",')) + 1;
    const parsed = parseConfigText(text);
    expect(parsed.json).toBeNull();
    expect(parsed.error).toMatch(new RegExp(`^The text is not valid JSON at line (${line}|${line + 1}), column \\d+: a comma, quote or bracket is missing or extra there or just before it\\.$`));
    expect(parsed.error).not.toMatch(/Unexpected|token|position/);
  });

  it('a text cut off names where it ends; a reserved name is refused by name; valid JSON reads', () => {
    expect(parseConfigText('{\n  "rows": [\n    {"key": "a"').error).toMatch(/^The text is not valid JSON at line 3, column \d+/);
    expect(parseConfigText('{"constants": {"options": {"__proto__": ["a"]}}}').error).toBe('The name __proto__ is not allowed as a field.');
    expect(parseConfigText('{"rows": []}')).toEqual({ json: { rows: [] }, error: null });
  });
});

describe('a text the server could not take is said before it is sent, with where', () => {
  it('half of a surrogate pair (a "\\ud800" escape) or a NUL in a value or a name: placed in the words of the document and as a path', () => {
    const text = JSON.stringify({ rules: [{ id: 'a', message: 'ok' }, { id: 'fuel.cng', message: 'x' }] }, null, 2).replace('"x"', '"x\\ud800"');
    expect(parseConfigText(text)).toEqual({
      json: null,
      error: "Rule 'fuel.cng' › 'message' (rules.1.message) has half of a character (\\ud800, a UTF-16 surrogate with no other half), which cannot be saved: remove it, or write the whole character.",
    });
    expect(parseConfigText('{"constants": {"texts": {"a\\u0000": "b"}}}').error).toBe(
      "'constants' › 'texts' › 'a\u0000' (constants.texts.a\u0000) has a NUL character (\\u0000) in its name, which cannot be saved: remove it, or write the whole character.",
    );
    // A whole character written as its two halves is fine.
    expect(parseConfigText('{"rules": [{"message": "\\ud83d\\ude97"}]}').error).toBeNull();
  });

  it('a config over the server body limit says its size and the limit, and is not sent', () => {
    const big = JSON.stringify({ cases: Array.from({ length: 12_000 }, (_, i) => ({ name: `case ${i} `.padEnd(80, '.') })) });
    expect(parseConfigText(big)).toEqual({
      json: null,
      error: `The config is too large to save: ${Number((new TextEncoder().encode(big).length / 1048576).toFixed(2))} MB without its spaces and line breaks, and the server takes at most 1020 KB. Remove entries (rows, rules, cases) to make it smaller.`,
    });
    expect(CONFIG_MAX_BYTES).toBeLessThan(JSON_BODY_LIMIT);
  });
});
