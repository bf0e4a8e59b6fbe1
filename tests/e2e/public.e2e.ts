// The public seller pages (spec 002 §2, §4, §5, §8; DESIGN.md 'Public pages') on a phone, against the real server:
// signed links answered once, expired and tampered links refused, their own small bundle.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { linkPath, signLink } from '../../server/link-token.ts';
import { launchBrowser, recordScripts } from './browser.ts';
import { E2E_LINK_SECRET, inHour } from './server.ts';

const baseURL = inject('baseURL');
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
/** Seeded public appointments (server/seed/gs.ts): audits and offers; the second offer has gsNoGo 0. */
const AUDIT = '3051200000';
const OFFER_APPROVE = '3051200007';
const OFFER_REJECT = '3051200000';
const PUBLIC_BUDGET_KB = 120;
const INVALID = 'This link is invalid or has expired. Please ask for a new link.';

let browser: Browser;
let phone: BrowserContext;
const chunkOf = (path: string) => path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');

/** The lines an element's text (or `text` found in it) is laid out on: the distinct tops of its text's boxes. */
const lineCount = (el: Locator, text?: string) =>
  el.evaluate((node, wanted) => {
    const range = document.createRange();
    if (wanted === undefined) range.selectNodeContents(node);
    else {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      let t = walker.nextNode();
      while (t && !t.textContent!.includes(wanted)) t = walker.nextNode();
      if (!t) throw new Error(`'${wanted}' not found`);
      const at = t.textContent!.indexOf(wanted);
      range.setStart(t, at);
      range.setEnd(t, at + wanted.length);
    }
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  }, text);

beforeAll(async () => {
  browser = await launchBrowser();
  phone = await browser.newContext(PHONE);
  mkdirSync('tests/artifacts', { recursive: true });
});
afterAll(async () => browser?.close());

describe('customer audit (public)', () => {
  it('a valid link shows the comparison, asks for a feedback option, is answered once and then says thank you', async () => {
    const page = await phone.newPage();
    const scripts = recordScripts(page, baseURL);
    await page.goto(`${baseURL}${linkPath(E2E_LINK_SECRET, 'customer-audit', AUDIT, inHour())}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Inspection Completed' }).waitFor();
    await page.getByText(`Appointment ID: ${AUDIT}`).waitFor();
    await page.getByRole('columnheader', { name: "Evaluator's value" }).waitFor();
    // Its own small bundle: no panel screens, no sign-in.
    const loaded = await scripts();
    const chunks = loaded.map((s) => chunkOf(s.path));
    expect(chunks).toContain('CustomerAuditScreen');
    expect(chunks.some((c) => /^(GsListScreen|GsDetailScreen|ReviewScreen|InspectionListScreen|LoginScreen)$/.test(c))).toBe(false);
    const kb = loaded.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    expect(kb, loaded.map((s) => `${chunkOf(s.path)} ${(s.gzip / 1024).toFixed(1)}`).join(', ')).toBeLessThan(PUBLIC_BUDGET_KB);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Short values and the option's last word stay on one line (the values' columns alike, no '!' alone on a line).
    const odometer = page.getByRole('row', { name: /^Odometer reading/ }).getByRole('cell');
    expect(await lineCount(odometer.nth(1)), await odometer.nth(1).innerText()).toBe(1);
    expect(await lineCount(odometer.nth(2)), await odometer.nth(2).innerText()).toBe(1);
    expect(await lineCount(page.locator('label.radio').first(), 'ahead !')).toBe(1);
    await page.screenshot({ path: 'tests/artifacts/customer-audit-phone.png', fullPage: true });

    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByText('Please select feedback option').waitFor();
    await page.getByRole('radio', { name: 'Satisfied with the details, go ahead !' }).check();
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your feedback has been recorded.' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Thank you! Your feedback has been recorded.' }).waitFor();
    // A second answer is refused by the server.
    const exp = inHour();
    const again = await fetch(`${baseURL}/api/v2/customer-audit-data?exp=${exp}&token=${signLink(E2E_LINK_SECRET, 'customer-audit', AUDIT, exp)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appointmentId: AUDIT, status: 'rejected' }),
    });
    expect(again.status).toBe(409);
    await page.close();
  });

  it("an expired link says 'The Link has been expired!'; a tampered or missing signature shows a plain refusal, never the data", async () => {
    const page = await phone.newPage();
    const past = Math.floor(Date.now() / 1000) - 60;
    await page.goto(`${baseURL}${linkPath(E2E_LINK_SECRET, 'customer-audit', '3051200014', past)}`);
    await page.getByRole('heading', { name: 'The Link has been expired!' }).waitFor();
    // The expiry moved forward without a new signature.
    const edited = linkPath(E2E_LINK_SECRET, 'customer-audit', '3051200014', past).replace(`/${past}?`, `/${inHour()}?`);
    await page.goto(`${baseURL}${edited}`);
    await page.getByText(INVALID).waitFor();
    await page.goto(`${baseURL}/customer-audit/3051200014/${inHour()}`);
    await page.getByText(INVALID).waitFor();
    expect(await page.getByText('Inspection Completed').count()).toBe(0);
    await page.close();
  });
});

describe('sell-online (public)', () => {
  it('PROCEED when there is no instant offer (gsNoGo 0): approved, the Retail Associate will get in touch; stored APPROVED', async () => {
    const page = await phone.newPage();
    const exp = inHour();
    await page.goto(`${baseURL}${linkPath(E2E_LINK_SECRET, 'sell-online', OFFER_APPROVE, exp)}`);
    await page.getByText(/^Previous price: ₹[\d,]+$/).waitFor();
    expect(await page.getByRole('button', { name: 'YES, I APPROVE THE CHANGES' }).count()).toBe(0);
    await page.getByText('Condition', { exact: true }).click();
    await page.getByRole('cell', { name: 'Cooling weak' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'tests/artifacts/sell-online-phone.png', fullPage: true });
    // 002 §4: the page sets the stored role to qc; with no sign-in that is no user, so the panel still asks to sign in.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('loginData') ?? 'null'))).toEqual({ role: 'qc' });
    // The same link open in a second tab, still showing the offer.
    const second = await phone.newPage();
    await second.goto(page.url());
    await second.getByRole('button', { name: 'NO, SEND FOR CORRECTION' }).waitFor();
    await page.getByRole('button', { name: 'PROCEED' }).click();
    await page.getByRole('heading', { name: /Retail Associate will get in touch/ }).waitFor();
    // Answered already: the second tab thanks for the answer the server holds, not an 'Error::' with its status.
    await second.getByRole('button', { name: 'NO, SEND FOR CORRECTION' }).click();
    await second.getByRole('heading', { name: /Retail Associate will get in touch/ }).waitFor();
    expect(await second.getByText(/Error::/).count()).toBe(0);
    await second.close();
    const stored = await fetch(`${baseURL}/api/v2/sell-online?appointmentId=${OFFER_APPROVE}&exp=${exp}&token=${signLink(E2E_LINK_SECRET, 'sell-online', OFFER_APPROVE, exp)}`);
    expect(((await stored.json()) as { detail: { status: string } }).detail.status).toBe('APPROVED');
    await page.close();
  });

  it('NO, SEND FOR CORRECTION: the feedback goes to the evaluator; the updated price in Indian grouping; no appointment id says so', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}${linkPath(E2E_LINK_SECRET, 'sell-online', OFFER_REJECT, inHour())}`);
    await page.getByText(/^Updated price: ₹\d{1,2},\d{2},\d{3}$/).waitFor();
    await page.getByRole('button', { name: 'YES, I APPROVE THE CHANGES' }).waitFor();
    await page.getByRole('button', { name: 'NO, SEND FOR CORRECTION' }).click();
    await page.getByRole('heading', { name: /sent to the evaluator for re-inspection/ }).waitFor();
    await page.goto(`${baseURL}/sell-online`);
    await page.getByRole('heading', { name: 'AppointmentId not found' }).waitFor();
    await page.goto(`${baseURL}/sell-online?appointmentId=3051200021`);
    await page.getByText(INVALID).waitFor();
    await page.goto(`${baseURL}/`);
    await page.waitForURL(/\/login$/);
    await page.close();
  });

  it('/public/health answers without sign-in', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/public/health`);
    await page.getByText(/^Server: ok, database: ok/).waitFor();
    await page.close();
  });
});
