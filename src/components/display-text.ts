/**
 * A value from an answer as text a person reads. Another backend may send a list, an object or a boolean where our
 * server sends text: a list is its items joined, an object its `value` (or `title`) when it has one, else its fields
 * as 'name: value', so a screen never shows '[object Object]' nor runs into an object React cannot render.
 */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(displayText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    // Own fields only: a key an answer names is never looked up on the prototype.
    const own = (key: string): unknown => (Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined);
    const named = own('value') ?? own('title');
    if (typeof named === 'string' || typeof named === 'number') return String(named);
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${k}: ${displayText(v)}`)
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
