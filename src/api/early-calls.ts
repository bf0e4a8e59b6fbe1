/**
 * Calls a route's first render needs, started by a small script the page loads first (src/app/early-start.ts, put
 * there by vite.config.ts `earlyCallsScript`) before any of the app's modules has run; the app's GET of the
 * same URL takes that answer instead of asking again (`takeEarly`, in the axios adapter of src/api/http.ts). The
 * answers are then on their way while the shell downloads and starts (issue 18 'Load').
 *
 * Each route lists exactly the calls its `preload` (src/app/routes.ts) makes at navigation:
 * tests/api/early-calls.test.ts compares the two. A call left out here is only asked later; a URL that differs is
 * never taken and the app asks as before.
 */

/** A call by its path under the main API base, and the call that needs its answer (the registry data needs the detail's appointment). */
export interface EarlyCall {
  path: string;
  next?: {
    /** What the next call's path starts with: only a call of such a path waits for it. */
    prefix: string;
    /** The next call's path from this one's answer (null: none). */
    pathOf: (answer: unknown) => string | null;
  };
}

/** Where the page's early script leaves the calls it started: absolute URL → when it started and its response. */
export const EARLY_STORE = '__qcEarlyCalls';

export interface EarlyStore {
  /** Started calls by absolute URL. */
  calls: Map<string, { at: number; response: Promise<Response> }>;
  /** Chains still reading an answer to start their next call, with the absolute URL prefix of that call. */
  chains: Map<Promise<void>, string>;
}

/** How long an early answer waits to be taken: the same limit as an answer fetched ahead (src/api/cache.ts AHEAD_TTL_MS). */
export const EARLY_TTL_MS = 10_000;

const productConfig = (product: string): EarlyCall => ({ path: `v2/review-config/${encodeURIComponent(product)}` });

const registry = {
  prefix: 'vahan/',
  pathOf(answer: unknown): string | null {
    const appointmentId = (answer as { detail?: { appointmentId?: unknown } } | null)?.detail?.appointmentId;
    return typeof appointmentId === 'string' && appointmentId ? `vahan/${encodeURIComponent(appointmentId)}` : null;
  },
};

const carReview = ({ carId }: Params): EarlyCall[] => [productConfig('car'), { path: 'api/Config' }, { path: `v2/inspection/${encodeURIComponent(carId)}`, next: registry }];

type Params = Readonly<Record<string, string>>;

/** By route path (the patterns of src/app/routes.ts). */
export const EARLY_CALLS: ReadonlyMap<string, (params: Params) => EarlyCall[]> = new Map([
  ['/review/:carId', carReview],
  ['/re-inspection/:carId', carReview],
  ['/gs-refurbishment-review/:appointmentId', () => [productConfig('refurbishment')]],
  ['/gs-unflagging-details/:appointmentId', () => [productConfig('gs-unflagging')]],
  ['/bike-review/:appointmentId', () => [productConfig('bike')]],
]);

/** The params of `pathname` under a `/a/:b` pattern, or null (the subset of React Router's matching these routes use). */
export function matchRoute(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

/** The calls to start early for `pathname`. */
export function earlyCallsFor(pathname: string): EarlyCall[] {
  for (const [pattern, calls] of EARLY_CALLS) {
    const params = matchRoute(pattern, pathname);
    if (params) return calls(params);
  }
  return [];
}

const storeOf = () => (globalThis as { [EARLY_STORE]?: EarlyStore })[EARLY_STORE];

/**
 * The response of the early call of `url` if the page started one recently, else null (also when it failed on the
 * network: the caller then asks the server). Taken once: a later call asks the server. A call the page's chains may
 * still start (the registry data, once the detail is read) waits for them.
 */
export async function takeEarly(url: string): Promise<Response | null> {
  const store = storeOf();
  if (!store) return null;
  for (;;) {
    if (store.calls.has(url)) break;
    const pending = [...store.chains].filter(([, prefix]) => url.startsWith(prefix)).map(([chain]) => chain);
    if (!pending.length) break;
    await Promise.all(pending);
  }
  const found = store.calls.get(url);
  if (!found) return null;
  store.calls.delete(url);
  return Date.now() - found.at < EARLY_TTL_MS ? found.response.catch(() => null) : null;
}

/** Whether the page has early calls not yet taken, or chains that may start one (else a call skips the lookup). */
export function hasEarly(): boolean {
  const store = storeOf();
  return !!store && (store.calls.size > 0 || store.chains.size > 0);
}
