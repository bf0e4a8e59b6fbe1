// The walking skeleton through every layer: sign in, take an inspection, tick and edit a row, submit, read the stored status.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { InspectionDetail, InspectionListRow } from '../../src/engine/inspection.ts';
import { apiToken, launchBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const REVIEWER = 'qc.reviewer@qc.example';
let browser: Browser;
let token: string;

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An unassigned inspection the reviewer may open, chosen through the API the list uses. */
async function freeInspection(): Promise<InspectionListRow> {
  const { data } = await api<{ data: InspectionListRow[] }>(`v2/inspection-data-list?page=1&records=50&user=${REVIEWER}`);
  const row = data.find(
    (r) => !r.qcAssign.to && r.isReportProcessed === 1 && r.reInspectionProcessing === 0 && r.dealerPriceProcessing === 0,
  );
  if (!row) throw new Error('seed has no free inspection');
  return row;
}

async function signIn(page: Page, email: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByRole('button', { name: new RegExp(email.replace(/\./g, '\\.')) }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(baseURL, REVIEWER);
  mkdirSync('tests/artifacts', { recursive: true });
});
afterAll(async () => browser?.close());

describe('review walking skeleton', () => {
  it('signs in, assigns, ticks and edits insurance, submits rejected, and the stored status is smReviewRejected', async () => {
    const page = await browser.newPage();
    await signIn(page, REVIEWER);
    await page.waitForURL(`${baseURL}/inspection`);
    await page.getByRole('row').nth(1).waitFor();
    await page.screenshot({ path: 'tests/artifacts/inspection-list.png' });

    const target = await freeInspection();
    await page.getByRole('searchbox', { name: 'Appointment ID' }).fill(target.appointmentId);
    await page.keyboard.press('Enter');
    const row = page.locator(`[data-appointment="${target.appointmentId}"]`);
    await row.getByRole('button', { name: 'Assign to me' }).click();
    await page.waitForURL(`${baseURL}/review/${target.carId}`);

    // Edit insurance type to 3rd Party: the row is ticked, expiry stays, no-claim bonus disappears (spec 000 §4).
    const insurance = page.locator('[data-row="carDetails.insuranceType"]');
    await insurance.waitFor();
    await insurance.getByRole('combobox').selectOption('3rd Party');
    await expect.poll(() => insurance.getByRole('checkbox').isChecked()).toBe(true);
    await expect.poll(() => page.locator('[data-row="carDetails.insuranceType.noClaimBonus"]').count()).toBe(0);
    expect(await page.locator('[data-row="carDetails.insuranceType.insuranceExpiry"]').count()).toBe(1);
    expect(await page.getByRole('tab', { name: /Documents \(\d+\)/ }).textContent()).not.toContain('(0)');
    await page.screenshot({ path: 'tests/artifacts/review.png' });

    await page.getByRole('button', { name: 'Submit' }).click();
    const popup = page.getByRole('dialog', { name: 'Issue Type' });
    await popup.getByRole('checkbox').nth(1).check();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Inspection Completed Successfully').waitFor();
    await page.waitForURL(`${baseURL}/inspection`, { timeout: 10_000 });

    const { detail } = await api<{ detail: InspectionDetail }>(`v2/inspection/${target.carId}`);
    expect(detail.inspectionStatus).toBe('smReviewRejected');
    await page.close();
  });

  it('sends a signed-out visitor of a private route to /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/inspection`);
    await page.waitForURL(`${baseURL}/login`);
    await page.close();
  });
});
