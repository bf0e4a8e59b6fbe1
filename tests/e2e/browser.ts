import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { DISABLE_FEATURES } from './chromium-args.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Stands in for the browser when Chromium is missing: every call rejects with `error`, `close()` resolves. A hook
 * that throws would make vitest report the file's tests as skipped; this way each test that uses the browser fails.
 */
function missingBrowser(error: Error): Browser {
  return new Proxy({} as Browser, {
    get: (_, prop) => {
      if (prop === 'then') return undefined;
      if (prop === 'close') return async () => undefined;
      return () => Promise.reject(error);
    },
  });
}

/**
 * Debian's Chromium, headless. A missing browser fails every browser test (CI installs it), never skips it: the
 * answer is then a stand-in whose every call rejects with the reason.
 * `localOnly`: no host name resolves, so a page reaches only addresses by IP (the app's server on 127.0.0.1) and its
 * requests to other hosts (the seed's image hosts) fail at once, in the browser's own network stack. The benchmarks
 * use it rather than Playwright's request routing, which holds every request of the page, the app's own included,
 * until the driver has matched it (~45 ms of a /review load's 520 on an idle 2-core machine).
 */
export async function launchBrowser({ localOnly = false }: { localOnly?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    return missingBrowser(new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (.ci/run does).`));
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      DISABLE_FEATURES,
      ...(localOnly ? ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'] : []),
    ],
  });
  // Every page of every context (browser.newPage makes its context through this too) is watched, for a failed
  // test's report (`openPagesReport`).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', watchPage);
    return context;
  };
  return browser;
}

/** What a page was doing, for the report of a test that failed while it was open. */
interface PageWatch {
  pending: Set<Request>;
  errors: string[];
}

const watched = new Map<Page, PageWatch>();

function watchPage(page: Page): void {
  const watch: PageWatch = { pending: new Set(), errors: watchErrors(page) };
  watched.set(page, watch);
  // A live stream (the assignment feed) is never answered in full: not what a page waits for.
  page.on('request', (r) => r.resourceType() !== 'eventsource' && watch.pending.add(r));
  page.on('requestfinished', (r) => watch.pending.delete(r));
  page.on('requestfailed', (r) => watch.pending.delete(r));
  page.on('close', () => watched.delete(page));
}

/** Forgets the pages opened so far: a test's report names only its own (tests/e2e/setup.ts). */
export function forgetOpenPages(): void {
  watched.clear();
}

/**
 * Each page the current test opened and still has open: its address, the start of what it shows, the requests it
 * has not had answered and its errors. What a page that never showed what the test waited for was doing.
 */
export async function openPagesReport(): Promise<string> {
  const reports = await Promise.all(
    [...watched].map(async ([page, { pending, errors }]) => {
      const shown = await page.locator('body').innerText({ timeout: 2000 }).catch(() => '(no body)');
      return [`page ${page.url()} showed: ${shown.replace(/\s+/g, ' ').slice(0, 300)}`, `not answered: ${[...pending].map((r) => `${r.method()} ${r.url()}`).join(', ') || 'none'}`, ...errors].join('\n  ');
    }),
  );
  return reports.join('\n');
}

/** Signs in through the API (dev mode) and answers the token, for checks made beside the browser. */
export async function apiToken(baseURL: string, email: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', loginUserName: email }),
  });
  if (!res.ok) throw new Error(`oauth ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The answer of POST /api/oauth in dev mode: what the app keeps in local storage as `loginData`. */
export interface LoginAnswer {
  access_token: string;
  role: string;
  email: string;
  name: string;
  [key: string]: unknown;
}

/** Signs in through the API (dev mode) and answers the whole login data. */
export async function apiLogin(baseURL: string, email: string): Promise<LoginAnswer> {
  const res = await fetch(`${baseURL}/api/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', loginUserName: email }),
  });
  if (!res.ok) throw new Error(`oauth ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as LoginAnswer;
}

/**
 * A browser context already signed in as `user` (an e-mail, or the answer of an earlier sign-in): signs in through the API and puts the login data in local
 * storage before any page script runs, as the login screen does (src/api/session.ts), so tests that are not about
 * sign-in skip the login page.
 */
export async function signedInContext(browser: Browser, baseURL: string, user: string | LoginAnswer, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  // A LoginAnswer reuses one sign-in: a bench opening dozens of fresh contexts a minute would meet the sign-in limit.
  const login = typeof user === 'string' ? await apiLogin(baseURL, user) : user;
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...options });
  await context.addInitScript(
    ({ origin, data }) => {
      if (location.origin === origin && !localStorage.getItem('loginData')) localStorage.setItem('loginData', data);
    },
    { origin: new URL(baseURL).origin, data: JSON.stringify(login) },
  );
  return context;
}

/**
 * The assignee of an smReview inspection with customer-uploaded RC/insurance images gets the document verification
 * popup first (spec 000 §4); tests about other parts of the review answer it with 'Later' whenever it is in the way.
 */
export async function laterForCustomerDocuments(page: Page): Promise<void> {
  const popup = page.getByRole('dialog', { name: 'Customer Documents' });
  await page.addLocatorHandler(popup, async () => {
    await popup.getByRole('button', { name: 'Later' }).click();
  });
}

export interface ScriptSize {
  /** Path of the script on the app's origin, e.g. /assets/LoginScreen-abc123.js. */
  path: string;
  bytes: number;
  /** gzip at the default level, as a server would send it. */
  gzip: number;
  /** The script's source, for a test that looks inside it. */
  text: string;
}

/**
 * Records every script the page downloads from `origin` from now on (code splitting: what a route costs).
 * Call the answer once the page settled (e.g. after `goto(..., { waitUntil: 'networkidle' })`).
 */
export function recordScripts(page: Page, origin: string): () => Promise<ScriptSize[]> {
  const responses: Promise<ScriptSize | null>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' || url.origin !== origin) return;
    responses.push(response.body().then((body) => ({ path: url.pathname, bytes: body.length, gzip: gzipSync(body).length, text: body.toString('utf8') }), () => null));
  });
  return async () => (await Promise.all(responses)).filter((s): s is ScriptSize => s !== null);
}

/** Collects the page's uncaught errors and console errors, to explain a page that never showed what a test waits for. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  return errors;
}

/**
 * The review row at `address`, brought into its tab's row box first: the box is virtualized, so rows far from its
 * visible part are not in the DOM. Scrolls the box from the top a screenful at a time until the row is rendered, then
 * centres it. Throws when the box ends without it.
 */
export async function reviewRow(page: Page, address: string): Promise<Locator> {
  return scrollToRendered(page, page.locator(`[data-row="${address}"]`));
}

/** Scrolls the review's row box until `target` is rendered (see reviewRow), then centres it in the box. */
export async function scrollToRendered(page: Page, target: Locator): Promise<Locator> {
  const box = page.locator('section.rows').first();
  if ((await target.count()) === 0) {
    await box.waitFor();
    await box.evaluate((el) => el.scrollTo(0, 0));
  }
  while ((await target.count()) === 0) {
    const moved = await box.evaluate((el) => {
      const before = el.scrollTop;
      el.scrollBy(0, el.clientHeight * 0.8);
      return el.scrollTop !== before;
    });
    if (!moved) throw new Error(`${target} is not in the tab's rows`);
    // The virtualizer renders on the scroll event; give it a frame.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  }
  await target.first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
  return target;
}
