// Browser benchmark (issue 5 'Speed'), in headless Chromium:
//  a. keystroke → updated rows painted (median, p95 ms) on the real review rows with every row of the car config,
//     on a synthetic 500-row variant, and on a plain 500-field @rjsf/core form (the baseline to beat): as measured,
//     and without the idle wait for the display's next frame (see browser/probe.ts), which the target is judged on;
//  b. a keyboard-only review of a car on that route (browser/keyboard.ts): time and keystrokes.
// The JavaScript each route loads is routes.bench.ts's table, the route's load time load.bench.ts's.
// Everything it starts (static server, app server, browser, temp dirs) is stopped and removed at the end.
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { laterForCustomerDocuments, launchBrowser, scrollToRendered, signedInContext } from '../tests/e2e/browser.ts';
import { apiAs, claim } from '../tests/e2e/api.ts';
import { startServer, type RunningServer } from '../tests/e2e/server.ts';
import { installProbe, type KeystrokeSample } from './browser/probe.ts';
import { BREAKDOWN_PARTS, startTrace, type Breakdown } from './browser/trace.ts';
import { keyboardBench, type KeyboardReview } from './browser/keyboard.ts';

const WARMUP = 10;
/** Measured keystrokes per scenario, in two passes (scenarios in order, then reversed) so that load from other
 * processes on the machine falls on every scenario alike. */
const KEYSTROKES = 240;
/** Issue 18: the keystroke's work within one frame of a 120 Hz display. */
const TARGET_P95_MS = 8.3;
/** BENCH_TRACE=1: also trace the measured keystrokes and print where their time went (see browser/trace.ts). */
const TRACE = Boolean(process.env.BENCH_TRACE);
/**
 * BENCH_RENDERS=1: on the review route, also count the components React renders per keystroke (through the DevTools
 * hook, see browser/probe.ts): only the edited row, its dependents and what shows their counts should render. The
 * walk runs inside the measured commit, so compare timings from runs without it.
 */
const RENDERS = Boolean(process.env.BENCH_RENDERS);
const REVIEWER = 'qc.reviewer@qc.example';

interface Stats {
  median: number;
  p95: number;
  n: number;
}

function stats(values: number[]): Stats {
  const s = [...values].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))], n: s.length };
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** Serves the built bench pages; API calls (lookups) answer an empty list so no server is needed. */
function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"detail":[],"data":[],"total":0}');
      return;
    }
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

interface Scenario {
  name: string;
  path: string;
  /** CSS selector of the element to focus. */
  focus: string;
  /** Keys pressed in turn (cycled). */
  keys: string[];
  /** Runs on the built app against the real server (the review route itself) instead of a bench page. */
  app?: boolean;
  /** Puts the focused field in a known state first (the seeded inspection's value varies). */
  prepare?: (target: Locator) => Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}

/** Presses keys one at a time and reads the probe's sample for each (keydown → commit → next paint). */
async function keystrokes(page: Page, scenario: Scenario, count: number): Promise<{ samples: KeystrokeSample[]; rows: number; breakdown?: Breakdown }> {
  await page.goto(scenario.path);
  await page.waitForFunction(() => window.__bench?.ready === true, null, { timeout: 15_000 });
  const rows = Number((await page.locator('[data-rows]').getAttribute('data-rows').catch(() => null)) ?? 0);
  // Centred in the row box, so every run edits with the same rows below it (the rows a dependent moves).
  const target = (await scrollToRendered(page, page.locator(scenario.focus))).first();
  await scenario.prepare?.(target);
  await target.focus();
  const samples: KeystrokeSample[] = [];
  let trace: Awaited<ReturnType<typeof startTrace>> | undefined;
  for (let i = 0; i < WARMUP + count; i++) {
    if (i === WARMUP && TRACE) trace = await startTrace(page);
    const before = await page.evaluate(() => window.__bench.samples.length);
    // One pending evaluate that the probe resolves, rather than polling the page during the measured frame.
    const sample = page.evaluate((n) => window.__bench.next(n), before);
    // The key is held until its frame is painted, as a finger holds it (~50–100 ms). Released at once, its keyup often
    // lands just after that frame, and Chromium then defers other tasks (the probe's among them) to the frame after:
    // a whole frame added to a keystroke that was already on screen (seen in traces).
    const key = scenario.keys[i % scenario.keys.length];
    await page.keyboard.down(key);
    const got = await withTimeout(sample, 10_000, `${scenario.name}: no sample for keystroke ${i}`);
    await page.keyboard.up(key);
    if (i >= WARMUP) samples.push(got);
  }
  const breakdown = await trace?.stop(count);
  const committed = samples.filter((s) => s.commit !== null);
  if (committed.length < samples.length * 0.9) {
    throw new Error(`${scenario.name}: only ${committed.length}/${samples.length} keystrokes changed the page (focus lost?)`);
  }
  return { samples, rows, breakdown };
}

const SCENARIOS = (base: string): Scenario[] => {
  // registrationNumber holds 10 characters (max 11): type one more, then erase it.
  const text = { focus: '[data-key="registrationNumber"] input.row-input', keys: ['KeyA', 'Backspace'] };
  // Insurance type: Comprehensive → Zero Depreciation → 3rd Party → Insurance Expired and back, each step showing
  // or hiding its dependents (expiry, no-claim bonus, percent, mismatch).
  const select = { focus: '[data-key="insuranceType"] select', keys: ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowUp'] };
  return [
    { name: 'full car config, Documents tab: type in registration no.', path: `${base}/review.html?tab=Documents`, ...text },
    { name: 'full car config, Documents tab: insurance type (dependents)', path: `${base}/review.html?tab=Documents`, ...select },
    { name: 'stress, all 4 tabs on one page: typing', path: `${base}/review.html`, ...text },
    { name: 'stress, all 4 tabs on one page: dependents', path: `${base}/review.html`, ...select },
    { name: '500-row config, Documents tab: type in registration no.', path: `${base}/review.html?rows=500&tab=Documents`, ...text },
    { name: '500-row config, Documents tab: insurance type (dependents)', path: `${base}/review.html?rows=500&tab=Documents`, ...select },
    { name: 'baseline: plain @rjsf/core, 500 fields: type in a text field', path: `${base}/rjsf.html`, focus: '#root_registrationNumber', keys: ['KeyA', 'Backspace'] },
    // The browser's own share of a keystroke: keydown → its text inserted (the field's input event), nothing else on the page.
    { name: 'floor: a bare text field, no framework: type', path: `${base}/bare.html`, focus: '#bare', keys: ['KeyA', 'Backspace'] },
  ];
};

/** The same edits on /review/{carId} of the built app, as its assignee: the review route with every row of the car config. */
const APP_SCENARIOS = (base: string, carId: number): Scenario[] => [
  {
    name: 'review route, full car config: type in registration no.',
    path: `${base}/review/${carId}`,
    app: true,
    focus: '[data-key="registrationNumber"] input.row-input',
    keys: ['KeyA', 'Backspace'],
    prepare: (target) => target.fill('MH01AB1234'),
  },
  {
    name: 'review route, full car config: insurance type (dependents)',
    path: `${base}/review/${carId}`,
    app: true,
    focus: '[data-key="insuranceType"] select',
    keys: ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowUp'],
    prepare: (target) => target.selectOption('Comprehensive').then(() => undefined),
  },
];

/** A signed-in context on the built app (the browser reaches only the app's own server: the seed's image hosts are not reachable here). */
async function appContext(browser: Browser, base: string, withProbe: boolean): Promise<BrowserContext> {
  const context = await signedInContext(browser, base, REVIEWER);
  // As source text: tsx (esbuild keepNames) wraps functions in a `__name` helper the page does not have.
  if (withProbe) await context.addInitScript({ content: `var __name = (f) => f; (${installProbe.toString()})(true, ${RENDERS});` });
  return context;
}

const ms = (n: number) => n.toFixed(1).padStart(8);

/** The traced share of each part, per keystroke, averaged over both passes. */
function printBreakdowns(scenarios: Scenario[], collected: Map<Scenario, { breakdowns: Breakdown[] }>): void {
  console.log(`\nTraced, ms per keystroke (tracing slows the page: compare parts, not totals):`);
  console.log(`| scenario                                                     | ${BREAKDOWN_PARTS.map((p) => p.padStart(8)).join(' | ')} |`);
  for (const scenario of scenarios) {
    const list = collected.get(scenario)?.breakdowns ?? [];
    if (!list.length) continue;
    const mean = (part: keyof Breakdown) => list.reduce((n, b) => n + b[part], 0) / list.length;
    console.log(`| ${scenario.name.padEnd(60)} | ${BREAKDOWN_PARTS.map((p) => mean(p).toFixed(2).padStart(8)).join(' | ')} |`);
  }
}

/** Components rendered per keystroke on the route: the median count and the components most often rendered. */
function printRenders(scenarios: Scenario[], collected: Map<Scenario, { samples: KeystrokeSample[] }>): void {
  console.log('\nComponents rendered per keystroke (React DevTools hook; names as the production build keeps them):');
  for (const scenario of scenarios) {
    const samples = (collected.get(scenario)?.samples ?? []).filter((s) => s.renders);
    if (!samples.length) continue;
    const totals = samples.map((s) => Object.values(s.renders!).reduce((a, b) => a + b, 0));
    const byName = new Map<string, number>();
    for (const s of samples) for (const [name, n] of Object.entries(s.renders!)) byName.set(name, (byName.get(name) ?? 0) + n);
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, n]) => `${name} ${(n / samples.length).toFixed(1)}`);
    console.log(`- ${scenario.name}: median ${stats(totals).median}, max ${Math.max(...totals)}; per keystroke: ${top.join(', ')}`);
  }
}

interface KeystrokeStats {
  /** keydown → painted, as measured. */
  paint: Stats;
  /** The same without the idle wait for the display's next frame: the page's own time, judged against the target. */
  page: Stats;
  commit: Stats;
}

export async function run(): Promise<{ keystrokes: Record<string, KeystrokeStats>; keyboard: KeyboardReview | null }> {
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), 'qc-bench-browser-'));
  const pagesDir = join(tmp, 'pages');
  const appDir = join(tmp, 'app');
  let browser: Browser | undefined;
  let pages: Server | undefined;
  let server: RunningServer | undefined;
  const results: Record<string, KeystrokeStats> = {};
  const problems: string[] = [];
  let keyboard: KeyboardReview | null = null;
  try {
    await build({ configFile: 'bench/browser/vite.config.ts', logLevel: 'warn', build: { outDir: pagesDir, emptyOutDir: true } });
    await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir: appDir, emptyOutDir: true } });
    browser = await launchBrowser({ localOnly: true });

    const served = await serveStatic(pagesDir);
    pages = served.server;
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const scenarios = SCENARIOS(served.url);
    // The review route itself: built app, real server, an inspection assigned to the reviewer.
    let appPage: Page | undefined;
    let carId: number | undefined;
    try {
      server = await startServer({ staticDir: appDir });
      carId = (await claim(await apiAs(server.baseURL, REVIEWER), () => true, 'for the review route')).carId;
      appPage = await (await appContext(browser, server.baseURL, true)).newPage();
      appPage.on('pageerror', (e) => problems.push(`app page error: ${e.message}`));
      await laterForCustomerDocuments(appPage);
      scenarios.unshift(...APP_SCENARIOS(server.baseURL, carId));
    } catch (e) {
      problems.push(`review route: ${(e as Error).message.split('\n').slice(0, 3).join(' | ')}`);
    }

    console.log('| scenario                                                     |  rows | paint median | paint p95 | page median |  page p95 | commit median | commit p95 |');
    console.log('|--------------------------------------------------------------|------:|-------------:|----------:|------------:|----------:|--------------:|-----------:|');
    const collected = new Map<Scenario, { samples: KeystrokeSample[]; rows: number; breakdowns: Breakdown[] }>();
    const failed = new Set<Scenario>();
    for (const pass of [scenarios, [...scenarios].reverse()]) {
      for (const scenario of pass) {
        if (failed.has(scenario)) continue;
        try {
          const r = await keystrokes(scenario.app ? appPage! : page, scenario, KEYSTROKES / 2);
          const prev = collected.get(scenario);
          const breakdowns = [...(prev?.breakdowns ?? []), ...(r.breakdown ? [r.breakdown] : [])];
          collected.set(scenario, { rows: r.rows, samples: [...(prev?.samples ?? []), ...r.samples], breakdowns });
        } catch (e) {
          failed.add(scenario);
          problems.push(`${scenario.name}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    }
    for (const scenario of scenarios) {
      const c = collected.get(scenario);
      if (!c || failed.has(scenario)) {
        console.log(`| ${scenario.name.padEnd(60)} |     - |          n/a |       n/a |         n/a |       n/a |           n/a |        n/a |`);
        continue;
      }
      const r: KeystrokeStats = {
        paint: stats(c.samples.map((x) => x.paint)),
        page: stats(c.samples.map((x) => x.paint - x.vsyncWait)),
        commit: stats(c.samples.filter((x) => x.commit !== null).map((x) => x.commit as number)),
      };
      results[scenario.name] = r;
      const rows = c.rows ? String(c.rows) : '-';
      const verdict = r.page.p95 < TARGET_P95_MS ? '' : ' over';
      console.log(`| ${scenario.name.padEnd(60)} | ${rows.padStart(5)} | ${ms(r.paint.median)} ms  | ${ms(r.paint.p95)} ms | ${ms(r.page.median)} ms | ${ms(r.page.p95)} ms | ${ms(r.commit.median)} ms  | ${ms(r.commit.p95)} ms |${verdict}`);
    }
    await context.close();
    await appPage?.context().close();
    if (TRACE) printBreakdowns(scenarios, collected);
    if (RENDERS) printRenders(scenarios, collected);
    console.log(`(${KEYSTROKES} keystrokes each, in two passes of ${KEYSTROKES / 2} after ${WARMUP} warm-up; paint = keydown → first task after the next frame that has the keystroke's commit (on the route: its first DOM mutation, else the end of its input event); page = paint without the idle wait from the commit to that frame's vsync (0–16.7 ms, set by when the key lands); target: page p95 < ${TARGET_P95_MS} ms, i.e. the keystroke's work fits in one frame of a 120 Hz display; the bare field's commit is its input event: the browser's own text insertion, inside every other row's commit too)`);

    try {
      if (!server) throw new Error('the app server did not start');
      keyboard = await keyboardBench(browser, server.baseURL);
    } catch (e) {
      problems.push(`keyboard-only review: ${(e as Error).message.split('\n').slice(0, 3).join(' | ')}`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await new Promise((ok) => (pages ? pages.close(() => ok(null)) : ok(null)));
    rmSync(tmp, { recursive: true, force: true });
  }
  for (const p of [...new Set(problems)]) console.log(`! ${p}`);
  // Paint latency includes waiting for Chromium's renderer and compositor: on a busy machine it grows while the
  // commit (our main-thread work) does not. Say how busy the machine was.
  console.log(`load average during the run: ${loadavg().map((n) => n.toFixed(1)).join(' / ')} (1 / 5 / 15 min) on this machine`);
  console.log(`(browser bench took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return { keystrokes: results, keyboard };
}
