// Sign-in per role, the car list (filters, infinite scroll, virtualization), versions and logout, against the real server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { InspectionListRow } from '../../src/products/car/inspection.ts';
import { apiToken, launchBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const ADMIN = 'qc.admin@qc.example';
let browser: Browser;
let token: string;

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(page: Page, email: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByRole('button', { name: new RegExp(email.replace(/\./g, '\\.')) }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(baseURL, ADMIN);
  mkdirSync('tests/artifacts', { recursive: true });
});
afterAll(async () => browser?.close());

describe('spec 000 §2 sign-in and landing per role', () => {
  it.each([
    ['qc.reviewer@qc.example', '/inspection'],
    ['qc.store@qc.example', '/inspection'],
    ['qc.admin@qc.example', '/inspection'],
    ['qc.version@qc.example', '/inspection-version'],
    ['version.pdf@qc.example', '/inspection-version'],
    ['gs.team@qc.example', '/gs-unflagging'],
    ['bike.qc@qc.example', '/inspection-bike'],
    ['other@qc.example', '/inspection-version'],
  ])('%s lands on %s', async (email, landing) => {
    const page = await browser.newPage();
    await signIn(page, email);
    await page.waitForURL(`${baseURL}${landing}`);
    await page.close();
  });
});

describe('spec 000 §2 car list against the seeded database', () => {
  it('filters by category and loads every page of 50 by scrolling, keeping only a window of rows in the DOM', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await signIn(page, ADMIN);
    await page.waitForURL(`${baseURL}/inspection`);
    const table = page.getByRole('table', { name: 'Inspections' });
    await page.locator('[data-appointment]').first().waitFor();

    const all = await api<{ data: InspectionListRow[]; total: number }>(`v2/inspection-data-list?page=1&records=50&user=${ADMIN}`);
    await page.getByRole('columnheader', { name: `Appt ID (${all.total})` }).waitFor();
    expect(all.total).toBeGreaterThan(100);

    const scroller = page.getByTestId('inspection-scroll');
    for (let i = 0; i < 20 && Number(await table.getAttribute('aria-rowcount')) < all.total + 1; i++) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(300);
    }
    expect(Number(await table.getAttribute('aria-rowcount'))).toBe(all.total + 1);
    expect(await page.locator('[data-appointment]').count()).toBeLessThan(40);

    await page.getByRole('button', { name: /Category$/ }).click();
    await page.getByRole('option', { name: 'New(CR)' }).click();
    const filtered = await api<{ total: number }>(`v2/inspection-data-list?page=1&records=50&user=${ADMIN}&category[]=${encodeURIComponent('New(CR)')}`);
    await page.getByRole('columnheader', { name: `Appt ID (${filtered.total})` }).waitFor();
    const categories = await page.locator('[data-appointment] [role=cell]:nth-child(3)').allInnerTexts();
    expect(new Set(categories)).toEqual(new Set(['New(CR)']));
    await page.screenshot({ path: 'tests/artifacts/inspection-list-filtered.png' });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseURL}/login`);
    await page.waitForLoadState('load');
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
    await page.close();
  });

  it('a non-excluded QC reviewer sees only their own assignee entry', async () => {
    const page = await browser.newPage();
    // The select opens only once it has options: wait for the assignee list before clicking.
    const assignees = page.waitForResponse((r) => r.url().includes('/assignee-list'));
    await signIn(page, 'qc.reviewer@qc.example');
    await page.waitForURL(`${baseURL}/inspection`);
    await assignees;
    await page.getByRole('button', { name: /Assignee$/ }).click();
    await page.getByRole('option', { name: 'Asha Reviewer' }).waitFor();
    expect(await page.getByRole('option').count()).toBe(1);
    await page.close();
  });

  it('the version list opens a past version on the review page for the version role', async () => {
    const { data } = await api<{ data: InspectionListRow[] }>(`v2/inspection-data-list?page=1&records=50&user=${ADMIN}`);
    const appointment = (data.find((row) => row.version > 0) ?? data[0]).appointmentId;
    const page = await browser.newPage();
    await signIn(page, 'qc.version@qc.example');
    await page.waitForURL(`${baseURL}/inspection-version`);
    await page.getByRole('searchbox', { name: 'Appointment ID' }).fill(appointment);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/inspection-version/${appointment}`);
    const rows = page.getByRole('table', { name: 'Versions' }).locator('tbody tr');
    await rows.first().waitFor();
    await rows.first().click();
    await page.waitForURL(/\/review\/\d+$/);
    await page.close();
  });
});
