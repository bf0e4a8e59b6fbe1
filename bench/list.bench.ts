// The inspection list at size (issue 18 'List'): BENCH_LIST_ROWS (default 10,000) inspections in the list's six-month
// window (scripts/seed-large.ts, on PGlite), scrolled top to bottom in headless Chromium at a steady pace as a user
// flings through it; pages of 50 load as the end nears. Reports the frames the scroll took and how many were
// dropped (a gap between animation frames longer than one display frame), and the time spent waiting for pages.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { openPglite } from '../server/db.ts';
import { migrate } from '../server/migrate.ts';
import { seedIfEmpty } from '../server/seed/index.ts';
import { seedLarge } from '../scripts/seed-large.ts';
import { launchBrowser, signedInContext } from '../tests/e2e/browser.ts';
import { freePort } from '../tests/e2e/server.ts';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 10_000);
const ADMIN = 'qc.admin@qc.example';
/** Pixels scrolled per animation frame: ~2,700 px/s at 60 Hz, a brisk scroll. */
const STEP_PX = 45;

export interface ListResult {
  rows: number;
  frames: number;
  dropped: number;
  longestFrameMs: number;
  waitingForPagesMs: number;
  seconds: number;
}

export async function run(): Promise<ListResult> {
  const tmp = mkdtempSync(join(tmpdir(), 'qc-bench-list-'));
  let browser: Browser | undefined;
  const port = await freePort();
  let child: ReturnType<typeof spawn> | undefined;
  try {
    await build({ configFile: 'vite.config.ts', logLevel: 'silent', build: { outDir: join(tmp, 'dist'), emptyOutDir: true } });
    mkdirSync(join(tmp, 'data', 'uploads'), { recursive: true });
    const db = await openPglite(join(tmp, 'data', 'pgdata'));
    try {
      await migrate(db);
      await seedIfEmpty(db, { uploadsDir: join(tmp, 'data', 'uploads') });
      // seed:large spreads inspections over a year: twice as many put ROWS in the six-month window.
      await seedLarge(db, ROWS * 2);
    } finally {
      await db.close();
    }
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, NODE_ENV: '', DATABASE_URL: '', DATA_DIR: join(tmp, 'data'), STATIC_DIR: join(tmp, 'dist'), PORT: String(port), HOST: '127.0.0.1', AUTH_MODE: 'dev', AUTO_ASSIGN_INTERVAL_MS: '0' },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600 && !(await fetch(`${base}/login`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
    browser = await launchBrowser({ localOnly: true });
    const context = await signedInContext(browser, base, ADMIN, { viewport: { width: 1366, height: 900 } });
    // tsx (esbuild keepNames) wraps the evaluated function's inner functions in a `__name` helper the page lacks.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await page.goto(`${base}/inspection`);
    await page.locator('[data-appointment]').first().waitFor({ timeout: 60_000 });
    const header = await page.getByRole('columnheader', { name: /^Appt ID \(\d+\)$/ }).textContent();
    const total = Number(/\((\d+)\)/.exec(header ?? '')?.[1] ?? 0);
    const result = await page.getByTestId('inspection-scroll').evaluate(
      (el, { step, total }) =>
        new Promise<{ frames: number; dropped: number; longest: number; waiting: number; seconds: number }>((resolve) => {
          const table = document.querySelector('[role="table"]')!;
          const frameMs = 1000 / 60;
          let last = performance.now();
          const started = last;
          let frames = 0;
          let dropped = 0;
          let longest = 0;
          let waiting = 0;
          const tick = (now: number) => {
            const gap = now - last;
            last = now;
            frames += 1;
            longest = Math.max(longest, gap);
            const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
            const loaded = Number(table.getAttribute('aria-rowcount')) - 1;
            if (atEnd && loaded < total) waiting += gap; // at the end of what is loaded: the next page is on its way
            else if (gap > frameMs * 1.5) dropped += Math.round(gap / frameMs) - 1;
            if (atEnd && loaded >= total) return resolve({ frames, dropped, longest, waiting, seconds: (now - started) / 1000 });
            el.scrollTop += step;
            requestAnimationFrame(tick);
          };
          requestAnimationFrame((now) => {
            last = now;
            requestAnimationFrame(tick);
          });
        }),
      { step: STEP_PX, total },
    );
    const out: ListResult = { rows: total, frames: result.frames, dropped: result.dropped, longestFrameMs: result.longest, waitingForPagesMs: result.waiting, seconds: result.seconds };
    console.log(`${total.toLocaleString('en')} rows scrolled top to bottom (${STEP_PX} px a frame) in ${out.seconds.toFixed(1)} s: ${out.frames} frames, ${out.dropped} dropped (${((100 * out.dropped) / Math.max(1, out.frames + out.dropped)).toFixed(1)} %), longest frame ${out.longestFrameMs.toFixed(0)} ms; ${(out.waitingForPagesMs / 1000).toFixed(1)} s at the end of the loaded rows waiting for the next page (not counted as dropped)`);
    return out;
  } finally {
    await browser?.close().catch(() => undefined);
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}
