/**
 * Input hygiene every route relies on (issue 11, SECURITY.md): keys a request names, NUL bytes, nesting depth,
 * numbers and dates. New routes use these pieces instead of writing their own (server/README.md 'Adding a route').
 *
 * - `app.ts` runs `checkRequestData` on every API call's query, params and JSON body before the schema: a reserved
 *   key (`__proto__`, `constructor`, `prototype`), a NUL byte or nesting deeper than the route's limit is a 400.
 * - Schemas name keys with `keyString()` and keyed maps with `keyedMap()` (a key pattern that refuses the reserved
 *   names), so a key is also checked where it arrives as a value (`part=…` in a form).
 * - Code reads request-named keys with `own()` / `Object.hasOwn` and builds maps from request data with `Map`,
 *   `Object.fromEntries` or `Object.create(null)`, never `obj[key] = …` on a plain object.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { JSON_BODY_LIMIT } from '../src/engine/limits.ts';
import { unstorableReason } from '../src/engine/storable-text.ts';
import { fieldLabel } from '../src/engine/validation-text.ts';
import { badRequest } from './errors.ts';

dayjs.extend(customParseFormat);

/** Keys that reach Object.prototype or a constructor when used as a property name. */
export { RESERVED_KEYS } from '../src/engine/read-own.ts';
import { RESERVED_KEYS } from '../src/engine/read-own.ts';

/** Field keys, sub-part keys and hash keys as config and seed write them: letters, digits, `_ . : -`, never a reserved name. */
export const KEY_PATTERN = '^(?!(?:__proto__|constructor|prototype)$)[A-Za-z0-9_.:-]+$';
const KEY_RE = new RegExp(KEY_PATTERN);

export const isSafeKey = (key: unknown): key is string => typeof key === 'string' && key.length <= 200 && KEY_RE.test(key);

/** JSON Schema of a key named by a request (`part`, `subPart`, `hashKey` …). */
export const keyString = (maxLength = 100) => ({ type: 'string', minLength: 1, maxLength, pattern: KEY_PATTERN }) as const;

/** JSON Schema of an object keyed by request-named keys (rejectedFields, subParts …). */
export const keyedMap = <T extends object>(values: T, maxProperties = 500) =>
  ({ type: 'object', propertyNames: { maxLength: 200, pattern: KEY_PATTERN }, additionalProperties: values, maxProperties }) as const;

/** Text without NUL bytes (PostgreSQL refuses them in text and jsonb). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** `obj[key]` only when `key` is the object's own property: a request naming `__proto__` gets undefined. */
export function own<T>(obj: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return obj != null && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/**
 * `obj[key] = value` as an own data property (never the `__proto__` setter); a reserved key is refused. The one way
 * server code writes a runtime key (eslint no-restricted-syntax points here).
 */
export function setOwn<V>(obj: object, key: string, value: V): V {
  if (RESERVED_KEYS.has(key)) throw badRequest(`The key ${key} is not allowed`);
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/** Default nesting limit of a JSON body, query or form (a route may set `config.maxDepth`). */
export const DEFAULT_MAX_DEPTH = 20;

/**
 * Walks request data without recursion (a 100 000-deep body cannot overflow the stack here) and refuses, as a 400
 * naming the field (`name`: the field `value` is, when it is one) and where it is: nesting deeper than `maxDepth`, a
 * reserved key, text PostgreSQL cannot store in a key or a text value (a NUL, half of a surrogate pair: the database's
 * own refusal would come later and vaguer), a number that is not finite.
 */
export function checkRequestData(value: unknown, maxDepth = DEFAULT_MAX_DEPTH, name = ''): void {
  // Each value carries the nearest field name and its path, for a message a user can read ('Remark has a NUL
  // character (\u0000), at config.rules.3.message').
  const stack: [unknown, number, string, string][] = [[value, 0, name, name]];
  const named = (field: string) => (field ? fieldLabel(field) : 'The request');
  const at = (field: string, path: string) => (path && path !== field ? `, at ${path}` : '');
  while (stack.length) {
    const [v, depth, field, path] = stack.pop()!;
    if (typeof v === 'string') {
      const reason = unstorableReason(v);
      if (reason) throw badRequest(`${named(field)} has ${reason}${at(field, path)}: the server cannot store it.`);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw badRequest(`${named(field)} must be a finite number.`);
    } else if (v && typeof v === 'object') {
      if (depth >= maxDepth) throw badRequest(`The request is nested too deeply (at most ${maxDepth} levels).`);
      if (Array.isArray(v)) {
        v.forEach((item, i) => stack.push([item, depth + 1, field, `${path}.${i}`]));
        continue;
      }
      for (const key of Object.keys(v)) {
        if (RESERVED_KEYS.has(key)) throw badRequest(`The name ${key} is not allowed as a field.`);
        const reason = unstorableReason(key);
        if (reason) throw badRequest(`A field name has ${reason}${at('', path)}: the server cannot store it.`);
        stack.push([(v as Record<string, unknown>)[key], depth + 1, key, path ? `${path}.${key}` : key]);
      }
    }
  }
}

/** A calendar date YYYY-MM-DD that exists (2024-02-30 and 9999-99-99 do not; dayjs alone rolls them over). */
export function realDate(text: string, field: string): dayjs.Dayjs {
  const d = dayjs(text, 'YYYY-MM-DD', true);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !d.isValid() || d.year() < 1900 || d.year() > 2999) throw badRequest(`${field} must be a date YYYY-MM-DD`);
  return d;
}

/** A whole number in [min, max], for values that reach SQL (LIMIT/OFFSET are still passed as parameters). */
export function boundedInt(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw badRequest(`${field} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** Body size limits (bytes): JSON calls get a small one, uploads the file limit plus room for the form fields. */
export { JSON_BODY_LIMIT };
export const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;
