/**
 * Where a problem of a config document is, in the words of the document (issue 17): the config studio and the
 * server's refusals name `Rule 'rc.lost.reset' › 'effect'` rather than the JSON pointer `/rules/7/effect`, so an
 * analyst finds the rule by the id they gave it. Pure: the server and the studio both word a problem with it.
 */
import { readOwn } from './read-own.ts';

/** The lists of a config whose items are named, and what one item is called. */
const ITEM_NAMES: ReadonlyMap<string, string> = new Map([
  ['rows', 'Row'],
  ['rules', 'Rule'],
  ['validations', 'Validation'],
  ['registry', 'Registry comparison'],
  ['cases', 'Case'],
  ['items', 'Item'],
  ['actions', 'Action'],
]);

/** The fields that name an item of a list, in the order they are looked for. */
const NAME_FIELDS = ['key', 'id', 'name', 'row'] as const;

function nameOf(item: unknown): string | null {
  if (Array.isArray(item)) return null;
  for (const field of NAME_FIELDS) {
    const name = readOwn(item, [field]);
    if (typeof name === 'string' && name) return name;
  }
  return null;
}

/** The JSON pointer of `segments` (names and indices), escaped ('~' is '~0', '/' is '~1'): segmentsOf's inverse. */
export function pointerOf(segments: readonly string[]): string {
  return segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** A JSON pointer's segments, unescaped ('~1' is '/', '~0' is '~'). */
function segmentsOf(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The place `pointer` names in `document`, as words: a named list's item by its name (`Row 'rcStatus'`), another
 * list's item by its position from 1, a field by its name in quotes; 'The config' for the whole document.
 */
export function placeOf(document: unknown, pointer: string): string {
  const parts: string[] = [];
  let at: unknown = document;
  let parent = '';
  for (const segment of segmentsOf(pointer)) {
    if (Array.isArray(at) && /^\d+$/.test(segment)) {
      const index = Number(segment);
      const item: unknown = at[index];
      const label = ITEM_NAMES.get(parent);
      const name = nameOf(item);
      if (label) {
        parts.pop();
        parts.push(name ? `${label} '${name}'` : `${label} ${index + 1}`);
      } else parts.push(name ? `item '${name}'` : `item ${index + 1}`);
      at = item;
    } else {
      parts.push(`'${segment}'`);
      at = Array.isArray(at) ? undefined : readOwn(at, [segment]);
    }
    parent = segment;
  }
  return parts.length ? parts.join(' › ') : 'The config';
}

/** A problem of a config document as one sentence: its place in words, then what is wrong there. */
export function problemSentence(document: unknown, problem: { path: string; message: string }): string {
  const text = `${placeOf(document, problem.path === '/' ? '' : problem.path)}: ${problem.message}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
