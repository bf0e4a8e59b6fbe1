/** Names a key from outside may never have: they reach an object's prototype (the server refuses them in any request). */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Own-property read of a path: data from outside (registry answers, stored inspections) gives no inherited keys. */
export function readOwn(data: unknown, path: readonly string[]): unknown {
  let v = data;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, p)) return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}
