import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../../src/screens/studio/config-text.ts';

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
