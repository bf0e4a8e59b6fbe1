/**
 * The studio's text read as JSON. A text that is not JSON is said in plain words with where it stops being JSON
 * (line and column, found by the editor's own JSON grammar), not the browser's parser message, which often names no
 * place at all ('Unexpected token ']', ..."o", ], ""... is not valid JSON') in a document of thousands of lines.
 */
import { jsonLanguage } from '@codemirror/lang-json';
import { RESERVED_KEYS } from '../../engine/read-own.ts';

export type Parsed = { json: unknown; error: null } | { json: null; error: string };

/** A name the text may not use, found while parsing: the server refuses it, and the browser would drop it unsaid. */
class ReservedName extends Error {}

/** Line and column (from 1) of the first place the JSON grammar cannot read, or null when it reads it all. */
export function syntaxErrorAt(text: string): { line: number; column: number } | null {
  let at = -1;
  jsonLanguage.parser.parse(text).iterate({
    enter: (node) => {
      if (at < 0 && node.type.isError) at = node.from;
      return at < 0;
    },
  });
  if (at < 0) return null;
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

export function parseConfigText(text: string): Parsed {
  try {
    const json = JSON.parse(text, (key, value: unknown) => {
      if (RESERVED_KEYS.has(key)) throw new ReservedName(`The name ${key} is not allowed as a field.`);
      return value;
    }) as unknown;
    return { json, error: null };
  } catch (e) {
    if (e instanceof ReservedName) return { json: null, error: e.message };
    const where = syntaxErrorAt(text);
    return {
      json: null,
      error: where
        ? `The text is not valid JSON at line ${where.line}, column ${where.column}: a comma, quote or bracket is missing or extra there or just before it.`
        : 'The text is not valid JSON: check its commas, quotes and brackets.',
    };
  }
}
