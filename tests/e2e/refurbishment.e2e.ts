// The GS refurbishment review of spec 001 in the browser against the real server: list and search, take a suggestion,
// review before and after refurbishment, then browse the versions.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RefurbDetail, RefurbListRow } from '../../src/api/refurbishment.ts';
import { apiToken, launchBrowser, signedInContext, watchErrors } from './browser.ts';

const baseURL = inject('baseURL');
const REVIEWER = 'qc.reviewer@qc.example';
const REVIEWER2 = 'qc.reviewer2@qc.example';
const VERSION_PDF = 'version.pdf@qc.example';
let browser: Browser;
let context: BrowserContext;
let token: string;

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const detail = async (id: string) => (await api<{ detail: RefurbDetail }>(`v2/refurbishment/${id}`)).detail;
async function queue(): Promise<RefurbListRow[]> {
  const pages = await Promise.all([1, 2].map((page) => api<{ data: RefurbListRow[] }>(`v2/refurbishment?page=${page}`)));
  return pages.flatMap((p) => p.data);
}
const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(n);

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  watchErrors(page);
  await page.goto(`${baseURL}${path}`);
  return page;
}
const rows = (page: Page) => page.getByRole('table', { name: 'Refurbishments' }).locator('tbody tr');
const item = (page: Page, index: number) => page.locator('section.refurb-item').nth(index);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(baseURL, REVIEWER);
  context = await signedInContext(browser, baseURL, REVIEWER);
  mkdirSync('tests/artifacts', { recursive: true });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('spec 001 §2 GS refurbishment list', () => {
  it('shows the queue with its total, loads past the first 50 on scroll, and searches by trimmed appointment ID', async () => {
    const all = await queue();
    const page = await open('/gs-refurbishment');
    await expect.poll(() => page.getByRole('columnheader', { name: `Appointment ID (${all.length})` }).count()).toBe(1);
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.getByTestId('refurbishment-scroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await expect.poll(() => rows(page).count()).toBe(all.length);
    await page.screenshot({ path: 'tests/artifacts/refurbishment-list.png' });

    const target = all[3].appointmentId;
    const box = page.getByRole('searchbox', { name: 'Appointment ID' });
    await box.fill(`  ${target}  `);
    await box.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rows(page).first().textContent()).toContain(target);
    await box.fill('   ');
    await box.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(1); // blank input is ignored
    await box.fill('424242');
    await box.press('Enter');
    await expect.poll(() => page.getByText('No Refurbishment Data').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => rows(page).count()).toBe(50);

    // By keyboard: a row's Appointment ID is a link, and Enter on it opens the review.
    const link = rows(page).first().getByRole('link');
    const id = (await link.textContent())!;
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/gs-refurbishment-review/${id}`);
    await page.close();
  });
});

describe('spec 001 §2, §4 review before and after refurbishment', () => {
  let rejectedId = '';

  it('assign to me opens the review; a comment and a rejected item submit as rejected; the video plays', async () => {
    const free = (await queue()).find((r) => r.status === 'review' && !r.qcAssignTo.to)!;
    rejectedId = free.appointmentId;
    const page = await open('/gs-refurbishment');
    const box = page.getByRole('searchbox', { name: 'Appointment ID' });
    await box.fill(free.appointmentId);
    await box.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByRole('button', { name: 'Assign to me' }).click();
    await page.waitForURL(`${baseURL}/gs-refurbishment-review/${free.appointmentId}`);
    await page.getByRole('heading', { name: 'GS Refurbishment Suggestions' }).waitFor();
    const d = await detail(free.appointmentId);
    expect(d.qcAssignTo.to).toBe(REVIEWER);
    await page.getByText(`Total Estimated Cost: ${rupees(d.totalEstimatedRefurbishmentCost)}`).waitFor();
    expect(await page.getByText('After Refurbishment').count()).toBe(0);

    const video = item(page, 0).locator('video').first();
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 400));
      return { time: v.currentTime, error: v.error?.code ?? null, width: v.videoWidth };
    });
    expect(played.error).toBeNull();
    expect(played.width).toBeGreaterThan(0);
    expect(played.time).toBeGreaterThan(0);

    await item(page, 0).getByRole('textbox', { name: 'QC Comment' }).fill('Estimate looks high, please recheck');
    await item(page, 1).getByText('Reject').click();
    await expect.poll(() => item(page, 1).getByRole('switch', { name: 'Reject' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.waitForURL(`${baseURL}/gs-refurbishment`);
    const stored = await detail(free.appointmentId);
    expect(stored.status).toBe('rejected');
    expect(stored.fields[0].beforeRef).toMatchObject({ qcRemark: 'Estimate looks high, please recheck', isRejected: 0 });
    expect(stored.fields[1].beforeRef).toMatchObject({ isRejected: 1 });
    await page.close();
  });

  it('remarks only submit as inRef', async () => {
    const mine = (await queue()).find((r) => r.status === 'review' && r.qcAssignTo.to === REVIEWER)!;
    const page = await open(`/gs-refurbishment-review/${mine.appointmentId}`);
    await item(page, 0).getByRole('textbox', { name: 'QC Comment' }).fill('Approved as suggested');
    // Reject on and off again with no remark: that item has no entry (spec 001 §4).
    await item(page, 1).getByText('Reject').click();
    await item(page, 1).getByText('Reject').click();
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.waitForURL(`${baseURL}/gs-refurbishment`);
    const stored = await detail(mine.appointmentId);
    expect(stored.status).toBe('inRef');
    expect(stored.fields.map((f) => f.beforeRef.isRejected)).not.toContain(1);
    await page.close();
  });

  it('after refurbishment: actual costs and totals in rupees, a comment on the after data submits as done', async () => {
    const mine = (await queue()).find((r) => r.status === 'refReview' && r.qcAssignTo.to === REVIEWER)!;
    const d = await detail(mine.appointmentId);
    const page = await open(`/gs-refurbishment-review/${mine.appointmentId}`);
    await item(page, 0).getByRole('heading', { name: 'After Refurbishment' }).waitFor();
    await page.getByText(`Total Actual Cost: ${rupees(d.totalActualRefurbishmentCost!)}`).waitFor();
    await item(page, 0).getByText(`Actual Cost: ${rupees(d.fields[0].afterRef!.actualRefurbishmentCost!)}`).waitFor();
    await item(page, 0).getByRole('textbox', { name: 'QC Comment' }).fill('Good finish');
    await page.screenshot({ path: 'tests/artifacts/refurbishment-review.png' });
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.waitForURL(`${baseURL}/gs-refurbishment`);
    const stored = await detail(mine.appointmentId);
    expect(stored.status).toBe('done');
    expect(stored.fields[0].afterRef).toMatchObject({ qcRemark: 'Good finish', isRejected: 0 });
    await page.close();
  });

  it('another reviewer’s refurbishment is read-only: no SUBMIT, the QC box and Reject disabled', async () => {
    const theirs = (await queue()).find((r) => r.qcAssignTo.to === REVIEWER2)!;
    const page = await open(`/gs-refurbishment-review/${theirs.appointmentId}`);
    await page.getByRole('heading', { name: 'GS Refurbishment Suggestions' }).waitFor();
    expect(await page.getByRole('button', { name: 'SUBMIT' }).count()).toBe(0);
    expect(await item(page, 0).getByRole('textbox', { name: 'QC Comment' }).isDisabled()).toBe(true);
    expect(await item(page, 0).getByRole('switch', { name: 'Reject' }).isDisabled()).toBe(true);
    await page.close();
  });

  it('the versions browser lists every version; a row opens that version read-only with its verdicts', async () => {
    const page = await open(`/gs-refurbishment-version/${rejectedId}`);
    const table = page.getByRole('table', { name: 'Refurbishment versions' });
    await table.waitFor();
    const texts = await table.locator('tbody tr').allTextContents();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('rejected');
    expect(texts[1]).toContain('review');
    await table.locator('tbody tr').first().click();
    await page.waitForURL(`${baseURL}/gs-refurbishment-review/${rejectedId}?version=2&status=rejected`);
    await expect.poll(() => item(page, 1).getByRole('switch', { name: 'Reject' }).isChecked()).toBe(true);
    expect(await item(page, 1).getByRole('switch', { name: 'Reject' }).isDisabled()).toBe(true);
    expect(await item(page, 0).getByRole('textbox', { name: 'QC Comment' }).inputValue()).toBe('Estimate looks high, please recheck');
    expect(await page.getByRole('button', { name: 'SUBMIT' }).count()).toBe(0);

    await page.goto(`${baseURL}/gs-refurbishment-version/424242`);
    await page.getByText('Version records not available for this appointment').waitFor();
    await page.close();

    // version-pdf sees the versions but its rows open nothing (spec 001 §6).
    const pdf = await signedInContext(browser, baseURL, VERSION_PDF);
    const other = await pdf.newPage();
    await other.goto(`${baseURL}/gs-refurbishment-version/${rejectedId}`);
    await other.getByRole('table', { name: 'Refurbishment versions' }).locator('tbody tr').first().click();
    await other.waitForTimeout(300);
    expect(new URL(other.url()).pathname).toBe(`/gs-refurbishment-version/${rejectedId}`);
    await pdf.close();
  });
});

describe('the refurbishment review by keyboard alone (issue 16 Find any row, Review from the keyboard)', () => {
  it('finder, Reject, rows, next rejected item, QC comment, Tab through every comment and Reject in order, the ? overlay and Ctrl+Enter submit, with no pointer', async () => {
    // A free refurbishment of its own (from the end of the queue: the tests above take theirs from the start).
    const free = (await queue()).filter((r) => r.status === 'review' && !r.qcAssignTo.to).at(-1)!;
    const assigned = await fetch(`${baseURL}/api/v2/refurbishment-qc-assign-to`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ appointmentId: free.appointmentId, qcAssignTo: REVIEWER }),
    });
    expect(assigned.status).toBe(200);
    const d = await detail(free.appointmentId);
    expect(d.fields.length).toBeGreaterThanOrEqual(3);
    const [first, second] = d.fields;
    const page = await open(`/gs-refurbishment-review/${free.appointmentId}`);
    await page.getByRole('heading', { name: 'GS Refurbishment Suggestions' }).waitFor();
    const focusedItem = () => page.evaluate(() => document.activeElement?.closest('[data-key]')?.getAttribute('data-key') ?? null);
    const focusedRole = () => page.evaluate(() => document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName ?? null);

    // `/` opens the finder; the sub-category finds the item; Enter lands on its Reject toggle.
    await page.keyboard.press('/');
    await page.getByRole('combobox', { name: 'Find a row' }).waitFor();
    await page.keyboard.type(`${second.category} ${second.subCategory}`);
    await page.keyboard.press('Enter');
    await expect.poll(focusedItem).toBe(second.hashKey);
    expect(await focusedRole()).toBe('switch');

    // x rejects it and the Errors Summary lists it; k / j step, n goes back to the rejected item.
    await page.keyboard.press('x');
    expect(await item(page, 1).getByRole('switch', { name: 'Reject' }).isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Errors Summary: 1 rejected' }).getByRole('button', { name: `${second.category} / ${second.subCategory}` }).waitFor();
    await page.keyboard.press('k');
    await expect.poll(focusedItem).toBe(first.hashKey);
    await page.keyboard.press('n');
    await expect.poll(focusedItem).toBe(second.hashKey);

    // r writes the QC comment (every key types there); Tab goes on to the item's Reject.
    await page.keyboard.press('r');
    await expect.poll(focusedRole).toBe('TEXTAREA');
    await page.keyboard.type('Photo does not show the damage');
    await page.keyboard.press('Tab');
    expect(await focusedRole()).toBe('switch');
    expect(await focusedItem()).toBe(second.hashKey);
    expect(await item(page, 1).getByRole('textbox', { name: `QC Comment on ${second.subCategory}`, exact: true }).inputValue()).toBe('Photo does not show the damage');

    // Tab from the tools above the items reaches every comment and Reject, item by item in page order, then SUBMIT
    // (it skipped the first Reject and never reached a comment); each is named for its item.
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).focus();
    const stops: [string, string | null][] = [];
    for (let i = 0; i < 300 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'SUBMIT'; i++) {
      await page.keyboard.press('Tab');
      const role = await focusedRole();
      if (role === 'TEXTAREA' || role === 'switch') stops.push([role, await focusedItem()]);
    }
    expect(stops).toEqual(d.fields.flatMap((f) => [['TEXTAREA', f.hashKey], ['switch', f.hashKey]]));
    for (const f of d.fields) {
      expect(await page.getByRole('switch', { name: `Reject ${f.subCategory}`, exact: true }).count()).toBe(1);
      expect(await page.getByRole('textbox', { name: `QC Comment on ${f.subCategory}`, exact: true }).count()).toBe(1);
    }
    await item(page, 1).getByRole('switch').focus();

    // ? lists exactly this screen's shortcuts: no value editing here.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByRole('rowheader').allTextContents()).toEqual(['/ or Ctrl+K', 'j or ↓', 'k or ↑', 'x', 'r', ']  /  [', 'n', 'Ctrl+Enter', '?']);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // Ctrl+Enter submits as SUBMIT does: a rejected item makes it 'rejected'.
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(`${baseURL}/gs-refurbishment`);
    const stored = await detail(free.appointmentId);
    expect(stored.status).toBe('rejected');
    expect(stored.fields[1].beforeRef).toMatchObject({ qcRemark: 'Photo does not show the damage', isRejected: 1 });
    expect(stored.fields[0].beforeRef.isRejected ?? 0).toBe(0);
    await page.close();
  });
});
