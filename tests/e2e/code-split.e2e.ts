// Issue 10 'Every route loads only its code': each screen is its own chunk, fetched with its route, and /login stays
// under 120 KB of JavaScript (gzip) on the built app.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, recordScripts, signedInContext } from './browser.ts';

const baseURL = inject('baseURL');
const LOGIN_BUDGET_KB = 120;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const chunkOf = (path: string) => path.split('/').pop()!.replace(/-[\w-]{8}\.js$/, '');
const kb = (bytes: number) => bytes / 1024;

describe('route-level code splitting on the built app', () => {
  it(`/login loads under ${LOGIN_BUDGET_KB} KB of JavaScript (gzip) and no other screen's code`, async () => {
    const page = await browser.newPage();
    const scripts = recordScripts(page, baseURL);
    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'QC Review Panel' }).waitFor();
    const loaded = await scripts();
    const chunks = loaded.map((s) => chunkOf(s.path));
    expect(chunks).toContain('LoginScreen');
    expect(chunks).not.toContain('InspectionListScreen');
    expect(chunks).not.toContain('ReviewScreen');
    expect(kb(loaded.reduce((n, s) => n + s.gzip, 0))).toBeLessThan(LOGIN_BUDGET_KB);
    await page.close();
  });

  it("the list loads its own chunk and the shared vendor chunk, not the review screen's", async () => {
    const context = await signedInContext(browser, baseURL, 'qc.reviewer@qc.example');
    const page = await context.newPage();
    const scripts = recordScripts(page, baseURL);
    await page.goto(`${baseURL}/inspection`, { waitUntil: 'networkidle' });
    const chunks = (await scripts()).map((s) => chunkOf(s.path));
    expect(chunks).toEqual(expect.arrayContaining(['InspectionListScreen', 'vendor-react']));
    expect(chunks).not.toContain('ReviewScreen');
    expect(chunks).not.toContain('LoginScreen');
    await context.close();
  });
});
