/**
 * The studio's text read as JSON. A text that is not JSON is said in plain words with where it stops being JSON
 * (line and column, found by the editor's own JSON grammar), not the browser's parser message, which often names no
 * place at all ('Unexpected token ']', ..."o", ], ""... is not valid JSON') in a document of thousands of lines.
 */
import { jsonLanguage } from '@codemirror/lang-json';
import { placeOf, pointerOf } from '../../engine/config-place.ts';
import { JSON_BODY_LIMIT, sizeInWords } from '../../engine/limits.ts';
import { RESERVED_KEYS } from '../../engine/read-own.ts';
import { unstorableIn } from '../../engine/storable-text.ts';

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

/** The config at most, as sent (compact JSON, UTF-8): the server's JSON body limit less room for a save's message. */
export const CONFIG_MAX_BYTES = JSON_BODY_LIMIT - 4096;

/**
 * Why JSON the server would refuse before checking it cannot be sent, in plain words with where: text the database
 * cannot store (its save failed with the database's words), or a document over the body limit (a bare 413).
 */
function unsendable(json: unknown): string | null {
  const bad = unstorableIn(json);
  if (bad) {
    return `${placeOf(json, pointerOf(bad.path))} (${bad.path.join('.')}) has ${bad.reason}, which cannot be saved: remove it, or write the whole character.`;
  }
  const size = new TextEncoder().encode(JSON.stringify(json)).length;
  if (size > CONFIG_MAX_BYTES) {
    return `The config is too large to save: ${sizeInWords(size)} without its spaces and line breaks, and the server takes at most ${sizeInWords(CONFIG_MAX_BYTES)}. Remove entries (rows, rules, cases) to make it smaller.`;
  }
  return null;
}

export function parseConfigText(text: string): Parsed {
  try {
    const json = JSON.parse(text, (key, value: unknown) => {
      if (RESERVED_KEYS.has(key)) throw new ReservedName(`The name ${key} is not allowed as a field.`);
      return value;
    }) as unknown;
    const refused = unsendable(json);
    return refused ? { json: null, error: refused } : { json, error: null };
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
