/**
 * The page's first script (vite.config.ts `earlyCallsScript` builds it alone and links it first): for a signed-in user
 * whose role may open the route, starts the route's calls (src/api/early-calls.ts) while the app's scripts are still
 * loading, and leaves their responses where the app's calls take them. It sends what the app's axios instance would
 * (bearer token, `utm_source=qc`); a failure here only means the app asks the server itself.
 */
import { canAccess } from '../session/access.ts';
import { MAIN_API_BASE } from '../api/bases.ts';
import { EARLY_STORE, earlyCallsFor, type EarlyCall, type EarlyStore } from '../api/early-calls.ts';
import { readSession, type LoginData } from '../api/session.ts';

function start(session: LoginData | null): void {
  const { pathname } = location;
  if (!session || !canAccess(session.role, pathname)) return;
  const calls = earlyCallsFor(pathname);
  if (!calls.length) return;
  const store: EarlyStore = { calls: new Map(), chains: new Map() };
  (globalThis as { [EARLY_STORE]?: EarlyStore })[EARLY_STORE] = store;
  const headers = { Accept: 'application/json, text/plain, */*', Authorization: `Bearer ${session.access_token}` };
  const urlOf = (path: string) => new URL(`${MAIN_API_BASE}${path}`, location.href).href;
  const send = (call: EarlyCall) => {
    const url = `${urlOf(call.path)}?utm_source=qc`;
    performance.mark(`load: early ${call.path} started`);
    // High priority: the browser gives these the next free connection before the app's scripts still waiting.
    const response = fetch(url, { headers, priority: 'high' });
    response.catch(() => undefined); // a call never taken is no unhandled rejection; the taker asks again
    store.calls.set(url, { at: Date.now(), response });
    const { next } = call;
    if (next) {
      const chain = response
        .then((r) => (r.ok ? r.clone().json() : null))
        .then((answer) => {
          const path = next.pathOf(answer);
          if (path) send({ path });
        })
        .catch(() => undefined)
        .finally(() => store.chains.delete(chain));
      store.chains.set(chain, urlOf(next.prefix));
    }
  };
  calls.forEach(send);
}

const session = readSession();
try {
  start(session);
} catch {
  // The app asks the server itself.
}

