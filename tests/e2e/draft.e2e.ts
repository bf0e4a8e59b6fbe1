// Never lose work (issue 16): a review's edits, ticks and half-written remark survive a reload (IndexedDB draft,
// 'Draft restored · Discard'), and a submitted review leaves no draft behind.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { InspectionDetail } from '../../src/engine/inspection.ts';
import type { Edit } from '../../src/engine/types.ts';
import { apiAs, claim, detailOf, modelAfter, submittable, type Api } from './api.ts';
import { launchBrowser, laterForCustomerDocuments, reviewRow, signedInContext } from './browser.ts';

const baseURL = inject('baseURL');
const REVIEWER = 'qc.reviewer@qc.example';
let browser: Browser;
let api: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await apiAs(baseURL, REVIEWER);
});
afterAll(async () => browser?.close());

const REG_NUMBER = 'MH12AB1234';

/** A colour other than the recorded one: ticking Car Colour and choosing it is a correction the engine accepts. */
async function otherColour(detail: InspectionDetail): Promise<string> {
  const row = (await modelAfter(api, detail)).rows.carColour;
  return (row.options ?? []).find((c) => c !== row.value)!;
}

async function edits(detail: InspectionDetail): Promise<Edit[]> {
  return [
    { type: 'check', key: 'carColour', checked: true },
    { type: 'setValue', key: 'carColour', value: await otherColour(detail) },
    { type: 'setValue', key: 'registrationNumber', value: REG_NUMBER },
  ];
}

/** The app's draft store, read in the page: key → remarks of each draft. */
function storedDrafts(page: Page): Promise<Record<string, Record<string, string>>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, Record<string, string>>>((resolve, reject) => {
        const open = indexedDB.open('qc-review-drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve({});
          const store = db.transaction('drafts').objectStore('drafts');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve(Object.fromEntries(keys.result.map((k, i) => [String(k), (values.result[i] as { remarks: Record<string, string> }).remarks])));
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

describe('drafts', () => {
  it('type, tick and half-write a remark, reload: everything is back; submit, reopen: nothing left', async () => {
    const target = await claim(api, async (d) => submittable(api, d, await edits(d)), 'that accepts a colour and registration number correction');
    const colour = await otherColour(target);
    const context = await signedInContext(browser, baseURL, REVIEWER);
    const page = await context.newPage();
    // Alerts and the leave prompt of the reload are accepted.
    page.on('dialog', (d) => void d.accept());
    await laterForCustomerDocuments(page);
    await page.goto(`${baseURL}/review/${target.carId}`);
    await page.locator('[data-row]').first().waitFor();

    const colourRow = await reviewRow(page, 'carDetails.carColour');
    await colourRow.getByRole('checkbox', { name: 'Reject Car Colour' }).check();
    await colourRow.getByRole('combobox').selectOption(colour);
    const reg = await reviewRow(page, 'carDetails.registrationNumber');
    await reg.getByRole('textbox', { name: 'Registration Number new value' }).fill(REG_NUMBER);
    await reg.getByRole('button', { name: /^Remarks/ }).click();
    await reg.getByRole('textbox', { name: 'Remark' }).fill('Plate differs from R');
    // Written within 200 ms of the last keystroke.
    await expect.poll(() => storedDrafts(page), { timeout: 2000 }).toEqual({ [`review:${REVIEWER}:${target.carId}`]: { registrationNumber: 'Plate differs from R' } });

    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    const colourAgain = await reviewRow(page, 'carDetails.carColour');
    expect(await colourAgain.getByRole('checkbox', { name: 'Reject Car Colour' }).isChecked()).toBe(true);
    expect(await colourAgain.getByRole('combobox').inputValue()).toBe(colour);
    const regAgain = await reviewRow(page, 'carDetails.registrationNumber');
    expect(await regAgain.getByRole('textbox', { name: 'Registration Number new value' }).inputValue()).toBe(REG_NUMBER);
    expect(await regAgain.getByRole('textbox', { name: 'Remark' }).inputValue()).toBe('Plate differs from R');

    // The half-written remark is not part of the submission: clear it, then submit the corrections.
    await regAgain.getByRole('textbox', { name: 'Remark' }).fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    const popup = page.getByRole('dialog', { name: 'Issue Type' });
    await popup.getByRole('checkbox').nth(1).check();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Inspection Completed Successfully').waitFor();
    await page.waitForURL(`${baseURL}/inspection`, { timeout: 10_000 });
    expect((await detailOf(api, target.carId)).inspectionStatus).toBe('smReviewRejected');

    await page.goto(`${baseURL}/review/${target.carId}`);
    await page.locator('[data-row]').first().waitFor();
    expect(await page.getByRole('status').filter({ hasText: /draft/i }).count()).toBe(0);
    expect(await storedDrafts(page)).toEqual({});
    await context.close();
  });
});
