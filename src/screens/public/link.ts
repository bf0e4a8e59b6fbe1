import { ApiError } from '../../api/http.ts';

/** What a seller sees for a refused link: never the data, never the server's words (DESIGN.md 'Public pages'). */
export const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new link.';

/** A refused (403) or malformed (400) link, or another failure (the spec's 'Error::' + detail). */
export function linkFailure(error: unknown): { invalid: true } | { invalid: false; detail: string } {
  if (error instanceof ApiError && (error.status === 403 || error.status === 400)) return { invalid: true };
  return { invalid: false, detail: error instanceof Error ? error.message : 'Something went wrong' };
}

/** Rupees with Indian digit grouping (₹12,34,567). */
export function rupees(amount: number): string {
  return `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(amount)}`;
}
