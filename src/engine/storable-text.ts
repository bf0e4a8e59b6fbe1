/**
 * Text PostgreSQL cannot store (text, json and jsonb all refuse it): a NUL character, or half of a UTF-16 surrogate
 * pair with no other half (a JSON `"\ud800"` escape parses to one). JavaScript carries both without complaint, so a
 * config holding one passed every check and only its save failed, with the database's words. Pure: the studio says
 * it before sending, the server refuses any request holding one with the same words.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be stored, in plain words; null when it can. */
export function unstorableReason(text: string): string | null {
  if (text.includes('\u0000')) return 'a NUL character (\\u0000)';
  const lone = LONE_SURROGATE.exec(text);
  if (lone) return `half of a character (\\u${lone[0].charCodeAt(0).toString(16)}, a UTF-16 surrogate with no other half)`;
  return null;
}

/** The first text (a value or a name) in `value` that cannot be stored: its path (names and indices) and why; null when none. */
export function unstorableIn(value: unknown): { path: string[]; reason: string } | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const reason = unstorableReason(v);
      if (reason) return { path, reason };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, String(i)]]);
    } else if (v && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const reason = unstorableReason(keys[i]);
        if (reason) return { path: [...path, keys[i]], reason: `${reason} in its name` };
        stack.push([(v as Record<string, unknown>)[keys[i]], [...path, keys[i]]]);
      }
    }
  }
  return null;
}
