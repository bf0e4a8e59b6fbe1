// Route JavaScript (issue 10 'Every route loads only its code', issue 18 'Load'): the built app on the real server,
// each route opened in a fresh browser context as a user who may open it; every script the route downloads until
// the network is idle, raw and gzip (default level). `npm run bench routes` runs this one alone; BENCH_APP_DIR=dir
// measures an already built app (an older build, to compare).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { launchBrowser, recordScripts, signedInContext, type ScriptSize } from '../tests/e2e/browser.ts';
import { apiAs, claim } from '../tests/e2e/api.ts';
import { startServer, type RunningServer } from '../tests/e2e/server.ts';

const REVIEWER = 'qc.reviewer@qc.example';
/** Issue 10 / 18: /login under 120 KB of JavaScript (gzip). */
const TARGETS_KB: Record<string, number> = { '/login': 120 };

interface RouteCase {
  /** The route as the table shows it. */
  route: string;
  path: string;
  /** Signed in as this user; none: signed out. */
  user?: string;
}

export interface RouteJs {
  route: string;
  scripts: ScriptSize[];
  bytes: number;
  gzip: number;
}

const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
const chunk = (path: string) => path.split('/').pop()!;

async function measure(browser: Browser, base: string, c: RouteCase): Promise<RouteJs> {
  const context = c.user ? await signedInContext(browser, base, c.user) : await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page, base);
    await page.goto(`${base}${c.path}`, { waitUntil: 'networkidle' });
    const list = await scripts();
    return { route: c.route, scripts: list, bytes: list.reduce((n, s) => n + s.bytes, 0), gzip: list.reduce((n, s) => n + s.gzip, 0) };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<RouteJs[]> {
  const tmp = mkdtempSync(join(tmpdir(), 'qc-bench-routes-'));
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  const results: RouteJs[] = [];
  try {
    const appDir = process.env.BENCH_APP_DIR ?? tmp;
    if (!process.env.BENCH_APP_DIR) await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir: appDir, emptyOutDir: true } });
    server = await startServer({ staticDir: appDir });
    browser = await launchBrowser({ localOnly: true });
    const carId = (await claim(await apiAs(server.baseURL, REVIEWER), () => true, 'for the review route')).carId;
    const cases: RouteCase[] = [
      { route: '/login', path: '/login' },
      { route: '/inspection', path: '/inspection', user: REVIEWER },
      { route: '/review/{carId}', path: `/review/${carId}`, user: REVIEWER },
      { route: '/inspection-version', path: '/inspection-version', user: REVIEWER },
      { route: '/view-image/{index}', path: '/view-image/0', user: REVIEWER },
      { route: '/config-studio', path: '/config-studio', user: 'analyst@qc.example' },
    ];
    for (const c of cases) results.push(await measure(browser, server.baseURL, c));

    console.log('| route                    | scripts |   raw KB |  gzip KB | target gzip KB |');
    console.log('|--------------------------|--------:|---------:|---------:|---------------:|');
    for (const r of results) {
      const target = TARGETS_KB[r.route];
      const verdict = target === undefined ? '' : `${target} ${r.gzip / 1024 < target ? 'met' : 'MISSED'}`;
      console.log(`| ${r.route.padEnd(24)} | ${String(r.scripts.length).padStart(7)} | ${kb(r.bytes)} | ${kb(r.gzip)} | ${verdict.padStart(14)} |`);
    }
    // Which chunks each route shares: the vendor chunk and the shell are cached after the first route.
    console.log('\nChunks by route (gzip KB):');
    for (const r of results) {
      const parts = [...r.scripts].sort((a, b) => b.gzip - a.gzip).map((s) => `${chunk(s.path)} ${(s.gzip / 1024).toFixed(1)}`);
      console.log(`- ${r.route}: ${parts.join(', ')}`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
  return results;
}
