/**
 * What the user is told about a failed call. The API client rejects with an error carrying the server's
 * body (`{ message, detail }`, spec 000 §8: "errors reject with the server's response body, or the error
 * message if there is none"); machines read it structurally so they do not depend on `src/api`.
 */

/** The spec's retry line (000 §8), what a failure says when it has no sentence of its own. */
export const RETRY_LINE = 'Something went wrong, please try again';

function bodyOf(error: unknown): unknown {
  if (error && typeof error === 'object' && 'body' in error) return (error as { body: unknown }).body;
  return undefined;
}

/** The HTTP status an API error carries, else undefined (a network failure has none). */
export function errorStatus(error: unknown): number | undefined {
  const status = error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The server's `detail` when it is non-empty text, else null. */
export function serverDetail(error: unknown): string | null {
  const body = bodyOf(error);
  if (body && typeof body === 'object') {
    const { detail } = body as { detail?: unknown };
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return null;
}

/** The server's `detail` (or `message`) when it is text, else the error's own message, else `fallback`. */
export function errorDetail(error: unknown, fallback: string): string {
  const body = bodyOf(error);
  if (body && typeof body === 'object') {
    const { detail, message } = body as { detail?: unknown; message?: unknown };
    if (typeof detail === 'string' && detail.trim()) return detail;
    if (typeof message === 'string' && message.trim()) return message;
  }
  if (typeof body === 'string' && body.trim()) return body;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

/** Every `message` of an object with `isValidate: 1` anywhere inside `value`, in document order, without repeats. */
export function validationMessages(value: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    const record = node as Record<string, unknown>;
    if (record.isValidate === 1 && typeof record.message === 'string' && record.message.trim()) {
      const text = typeof record.title === 'string' && record.title ? `${record.title}: ${record.message}` : record.message;
      if (!found.includes(text)) found.push(text);
    }
    Object.values(record).forEach(walk);
  };
  walk(value);
  return found;
}
