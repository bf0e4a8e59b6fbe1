import { ApiError } from '../../api/http.ts';
import { Loading } from '../../components/Loading.tsx';

/** What a seller sees for a refused link: never the data, never the server's words (DESIGN.md 'Public pages'). */
export const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new link.';

/** The states both public pages share: loading, a refused link, another failure. */
export type LinkView = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'error'; detail: string };

/** A refused (403) or malformed (400) link, or another failure (the spec's 'Error::' + detail). */
export function linkFailure(error: unknown): Exclude<LinkView, { kind: 'loading' }> {
  if (error instanceof ApiError && (error.status === 403 || error.status === 400)) return { kind: 'invalid' };
  return { kind: 'error', detail: error instanceof Error ? error.message : 'Something went wrong' };
}

/** A refused link or a failure is the page's heading, as the expired and answered pages' texts are. */
export function LinkStatus({ view }: { view: LinkView }) {
  switch (view.kind) {
    case 'invalid':
      return (
        <div role="alert">
          <h1>{INVALID_LINK}</h1>
        </div>
      );
    case 'error':
      return (
        <div role="alert">
          <h1 className="public-error">{`Error::${view.detail}`}</h1>
        </div>
      );
    case 'loading':
      return <Loading />;
  }
}

/** Rupees with Indian digit grouping (₹12,34,567). */
export function rupees(amount: number): string {
  return `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(amount)}`;
}
