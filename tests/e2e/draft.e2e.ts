// Never lose work (issue 16): a review's edits, ticks and half-written remark survive a reload (IndexedDB draft,
// 'Draft restored · Discard'), and a submitted review leaves no draft behind; for the car, the bike, the
// refurbishment review and the GS unflag form. Then a bike reviewed with the keyboard alone.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import type { Edit } from '../../src/engine/types.ts';
import { apiAs, claim, detailOf, modelAfter, submittable, type Api } from './api.ts';
import { apiLogin, apiToken, launchBrowser, laterForCustomerDocuments, reviewRow, signedInContext, watchErrors } from './browser.ts';

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

/** The app's draft store, read in the page: key → stored draft. */
function storedDrafts(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const open = indexedDB.open('qc-review-drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve({});
          const store = db.transaction('drafts').objectStore('drafts');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve(Object.fromEntries(keys.result.map((k, i) => [String(k), values.result[i]])));
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

/** Key → remarks of each car draft (the car's payload on the draft machine every product uses). */
async function storedRemarks(page: Page): Promise<Record<string, Record<string, string>>> {
  return Object.fromEntries(Object.entries(await storedDrafts(page)).map(([k, v]) => [k, (v as { payload: { remarks: Record<string, string> } }).payload.remarks]));
}

/** Key → payload of each draft. */
async function storedPayloads(page: Page): Promise<Record<string, unknown>> {
  return Object.fromEntries(Object.entries(await storedDrafts(page)).map(([k, v]) => [k, (v as { payload: unknown }).payload]));
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
    await expect.poll(() => storedRemarks(page), { timeout: 2000 }).toEqual({ [`review:${REVIEWER}:${target.carId}`]: { registrationNumber: 'Plate differs from R' } });

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

describe('drafts: the page going away', () => {
  /** The registration number's field of the open review (its row brought into view). */
  const registrationField = async (page: Page) =>
    (await reviewRow(page, 'carDetails.registrationNumber')).getByRole('textbox', { name: 'Registration Number new value' });

  /**
   * A review claimed for the reviewer, open in a new context that accepts the leave prompt, with `text` just typed into
   * its registration number.
   */
  async function typedRegistration(why: string, text: string) {
    const target = await claim(api, () => true, why);
    const context = await signedInContext(browser, baseURL, REVIEWER);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await laterForCustomerDocuments(page);
    await page.goto(`${baseURL}/review/${target.carId}`);
    const field = await registrationField(page);
    await field.fill('');
    await field.pressSequentially(text);
    return { target, context, page };
  }

  /** Once the review shows 'Draft restored': the registration number it restored. */
  async function restoredRegistration(page: Page): Promise<string> {
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    return (await registrationField(page)).inputValue();
  }

  it('a value typed just before a reload is kept, and a draft discarded just before one stays gone: the pending write is made as the page goes away', async () => {
    // Typed as one burst and reloaded at once: the draft's delayed write never comes on this page.
    const { context, page } = await typedRegistration('to type into', 'ka05mn4321');
    await page.reload();
    expect(await restoredRegistration(page)).toBe('KA05MN4321');

    // Discarded and reloaded at once: the removal is kept too, so nothing comes back.
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).getByRole('button', { name: 'Discard' }).click();
    await page.reload();
    await (await reviewRow(page, 'carDetails.registrationNumber')).waitFor();
    expect(await page.getByRole('status').filter({ hasText: /draft/i }).count()).toBe(0);
    expect(await storedDrafts(page)).toEqual({});
    await context.close();
  });

  it("one review in two tabs: the tab opened last takes the draft over with the first tab's work, the first says so and keeps nothing more; it can take the review back", async () => {
    // Before, each tab wrote its whole draft over the other's: a reload restored the other tab's work and lost its own.
    const { target, context, page: first } = await typedRegistration('to open in two tabs', 'ka01ab1111');
    const second = await context.newPage();
    second.on('dialog', (d) => void d.accept());
    await laterForCustomerDocuments(second);
    await second.goto(`${baseURL}/review/${target.carId}`);
    // The first tab went out of sight as the second opened (its pending write made then), and is now told.
    const elsewhere = first.getByRole('alertdialog', { name: 'This inspection is open in another tab' });
    await elsewhere.waitFor();
    expect(await restoredRegistration(second)).toBe('KA01AB1111');
    const field = await registrationField(second);
    await field.fill('');
    await field.pressSequentially('ka02cd2222');
    await expect.poll(async () => JSON.stringify(await storedDrafts(second))).toContain('KA02CD2222');
    // Continuing in the first tab reloads it with the draft the second kept, and the second is told in turn; the
    // reload is the reviewer's own choice and the work is kept, so the browser's 'Leave site?' does not ask again.
    const asked: string[] = [];
    first.on('dialog', (d) => void asked.push(d.type()));
    await first.bringToFront();
    await elsewhere.getByRole('button', { name: 'Continue in this tab' }).click();
    expect(await restoredRegistration(first)).toBe('KA02CD2222');
    expect(asked).toEqual([]);
    await second.getByRole('alertdialog', { name: 'This inspection is open in another tab' }).waitFor();
    await context.close();
  });

  it('a value typed just before leaving by a link is kept: the pending write is made as the review screen goes', async () => {
    // The leave guard asks (a draft stays on this device): the reviewer leaves.
    const { target, context, page } = await typedRegistration('to type into and leave', 'ka07pq9876');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/review/'));
    await expect.poll(async () => JSON.stringify(await storedDrafts(page))).toContain('KA07PQ9876');
    await page.goto(`${baseURL}/review/${target.carId}`);
    expect(await restoredRegistration(page)).toBe('KA07PQ9876');
    await context.close();
  });
});

describe('drafts: a recorded remark', () => {
  it('one the server had not confirmed is kept in the draft: after a reload it waits with Send again, and sent, it is stored', async () => {
    const target = await claim(api, async (d) => submittable(api, d, await edits(d)), 'with an editable registration number');
    const key = `review:${REVIEWER}:${target.carId}`;
    const context = await signedInContext(browser, baseURL, REVIEWER);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await laterForCustomerDocuments(page);
    await page.goto(`${baseURL}/review/${target.carId}`);
    const reg = await reviewRow(page, 'carDetails.registrationNumber');
    await reg.getByRole('textbox', { name: 'Registration Number new value' }).fill(REG_NUMBER);
    await expect.poll(async () => Object.keys(await storedDrafts(page)), { timeout: 2000 }).toEqual([key]);
    // A recording whose upload the page's end cut off, as the review writes it (headless Chromium has no microphone).
    await page.evaluate(
      ({ key, carId, user }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('qc-review-drafts');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result.transaction('drafts', 'readwrite').objectStore('drafts');
            const read = store.get(key);
            read.onsuccess = () => {
              const draft = read.result as { payload: Record<string, unknown> };
              const audio = new Blob([new Uint8Array([0x4f, 0x67, 0x67, 0x53])], { type: 'audio/ogg' });
              const request = { carId, section: 'carDetails', part: 'registrationNumber', role: 'qc', user, type: 'rejectionRemark', inspectionStatus: 'smReview', remarkType: 'audio', audio };
              draft.payload.audio = { registrationNumber: request };
              const write = store.put(draft, key);
              write.onsuccess = () => resolve();
              write.onerror = () => reject(write.error);
            };
            read.onerror = () => reject(read.error);
          };
        }),
      { key, carId: target.carId, user: REVIEWER },
    );

    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    const regAgain = await reviewRow(page, 'carDetails.registrationNumber');
    await regAgain.getByRole('button', { name: /^Remarks/ }).click();
    await regAgain.getByText('Recording not sent.').waitFor();
    await regAgain.getByRole('button', { name: 'Send again' }).click();
    // Stored on the server (the notice goes as soon as the upload starts, so the server is what to wait for).
    const audioRemarks = async () =>
      ((await detailOf(api, target.carId)).inspectionData.carDetails?.registrationNumber?.remarkHistory ?? []).filter((r) => r.type === 'audio').length;
    await expect.poll(audioRemarks, { timeout: 10_000 }).toBe(1);
    expect(await regAgain.getByText('Recording not sent.').count()).toBe(0);
    // Sent: the draft keeps the remark edit, not the recording.
    await expect.poll(async () => (await storedPayloads(page))[key], { timeout: 2000 }).not.toHaveProperty('audio');
    await context.close();
  });
});

const BIKE = 'bike.qc@qc.example';
const GS = 'gs.team@qc.example';
/** The bike assigned to the bike QC user by the seed (server/seed/bikes.ts); the free bikes after it are taken by tests. */
const ASSIGNED_BIKE = 'BK26110004';

/** A free bike for review, assigned to the bike QC user: `fromEnd` counts from the end of page 1 (bike.e2e takes the first and the last). */
async function bikeFor(fromEnd: number): Promise<string> {
  const { access_token } = await apiLogin(baseURL, BIKE);
  const headers = { authorization: `Bearer ${access_token}` };
  const list = (await (await fetch(`${baseURL}/bike-api/appointment?status=READY_FOR_REVIEW&page=1`, { headers })).json()) as { data: { appointmentId: string; qcUser: string | null }[] };
  const free = list.data.filter((r) => !r.qcUser && r.appointmentId > ASSIGNED_BIKE).at(-fromEnd)!;
  const form = new FormData();
  form.set('assignUser', BIKE);
  const res = await fetch(`${baseURL}/bike-api/appointment/${free.appointmentId}/qc/assign`, { method: 'POST', headers, body: form });
  expect(res.status).toBe(200);
  return free.appointmentId;
}

async function bikeStatus(appointmentId: string): Promise<string> {
  const { access_token } = await apiLogin(baseURL, BIKE);
  const res = await fetch(`${baseURL}/bike-api/appointment/${appointmentId}`, { headers: { authorization: `Bearer ${access_token}` } });
  return ((await res.json()) as { detail: { status: string } }).detail.status;
}

describe('drafts of the other review products', () => {
  it('bike: type, tick, half-write a value, reload: everything is back; submit, reopen: nothing left', async () => {
    const id = await bikeFor(2);
    const context = await signedInContext(browser, baseURL, BIKE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${baseURL}/bike-review/${id}`);
    await page.getByRole('tab', { name: 'RC', exact: true }).click();
    const rc = page.getByRole('group', { name: 'RC Condition', exact: true });
    await rc.getByRole('checkbox', { name: 'Damaged' }).check();
    const chassis = page.getByRole('group', { name: 'Chassis Number', exact: true });
    await chassis.getByRole('textbox').fill('');
    await chassis.getByRole('textbox').pressSequentially('MD2A11CZ5K');
    await page.getByRole('tab', { name: 'Main Images' }).click();
    await page.getByRole('checkbox', { name: 'Reject Front', exact: true }).check();
    const key = `bike:${BIKE}:${id}`;
    // The tick, the typed chassis number (one edit, not one per keystroke) and the image's tick.
    await expect.poll(async () => ((await storedPayloads(page))[key] as { edits?: unknown[] } | undefined)?.edits?.length ?? 0, { timeout: 2000 }).toBe(3);

    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    await page.getByRole('tab', { name: 'RC', exact: true }).click();
    expect(await page.getByRole('group', { name: 'RC Condition', exact: true }).getByRole('checkbox', { name: 'Damaged' }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Chassis Number', exact: true }).getByRole('textbox').inputValue()).toBe('MD2A11CZ5K');
    await page.getByRole('tab', { name: 'Main Images' }).click();
    expect(await page.getByRole('checkbox', { name: 'Reject Front', exact: true }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bike REJECTED').waitFor();
    expect(await bikeStatus(id)).toBe('REJECTED');
    await page.waitForURL(`${baseURL}/inspection-bike`, { timeout: 10_000 });
    await page.goto(`${baseURL}/bike-review/${id}`);
    await page.getByTestId('bike-status').waitFor();
    expect(await page.getByRole('status').filter({ hasText: /draft/i }).count()).toBe(0);
    expect(await storedDrafts(page)).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refurbishment: a half-written QC comment and a Reject survive a reload; submit, reopen: nothing left', async () => {
    const token = await apiToken(baseURL, REVIEWER);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const pages = await Promise.all([1, 2].map(async (n) => ((await (await fetch(`${baseURL}/api/v2/refurbishment?page=${n}`, { headers })).json()) as { data: { appointmentId: string; status: string; qcAssignTo: { to: string | null } }[] }).data));
    // The last free one: refurbishment.e2e takes the first.
    const free = pages.flat().filter((r) => r.status === 'review' && !r.qcAssignTo.to).at(-1)!;
    const assigned = await fetch(`${baseURL}/api/v2/refurbishment-qc-assign-to`, { method: 'PUT', headers, body: JSON.stringify({ appointmentId: free.appointmentId, qcAssignTo: REVIEWER }) });
    expect(assigned.status).toBe(200);

    const context = await signedInContext(browser, baseURL, REVIEWER);
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${baseURL}/gs-refurbishment-review/${free.appointmentId}`);
    const item = (i: number) => page.locator('section.refurb-item').nth(i);
    await item(0).getByRole('textbox', { name: 'QC Comment' }).fill('Estimate looks hi');
    await item(1).getByText('Reject').click();
    const key = `refurbishment:${REVIEWER}:${free.appointmentId}`;
    await expect.poll(async () => (await storedPayloads(page))[key], { timeout: 2000 }).toMatchObject({ entries: [{ qcRemark: 'Estimate looks hi', isRejected: 0 }, { qcRemark: '', isRejected: 1 }] });

    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    expect(await item(0).getByRole('textbox', { name: 'QC Comment' }).inputValue()).toBe('Estimate looks hi');
    expect(await item(1).getByRole('switch', { name: 'Reject' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.waitForURL(`${baseURL}/gs-refurbishment`);
    await page.goto(`${baseURL}/gs-refurbishment-review/${free.appointmentId}`);
    await page.getByRole('heading', { name: 'GS Refurbishment Suggestions' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: /draft/i }).count()).toBe(0);
    expect(await storedDrafts(page)).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });

  it('GS: the chosen action, a half-written reason and the disposition survive a reload; submit, reopen: nothing left', async () => {
    const token = await apiToken(baseURL, GS);
    const headers = { authorization: `Bearer ${token}` };
    const list = ((await (await fetch(`${baseURL}/api/v2/gs-dealer-data?utm_source=qc&emailId=${encodeURIComponent(GS)}&assignedTo[]=${encodeURIComponent(GS)}`, { headers })).json()) as { detail: { appointmentId: string; leadToken: string; conditionFlag: number }[] }).detail;
    // The last Alpha car of the list: gs.e2e needs one of the three, taken from the front.
    const car = list.filter((f) => f.conditionFlag === 0).at(-1)!;
    const context = await signedInContext(browser, baseURL, GS);
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${baseURL}/gs-unflagging-details/${car.appointmentId}?leadToken=${car.leadToken}`);
    await page.getByRole('button', { name: 'Un-flag this car' }).click();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Defect not in the pho');
    await page.getByRole('button', { name: /Disposition$/ }).click();
    const disposition = (await page.getByRole('option').first().textContent())!;
    await page.getByRole('option').first().click();
    const key = `gs:${GS}:${car.appointmentId}`;
    await expect.poll(async () => (await storedPayloads(page))[key], { timeout: 2000 }).toMatchObject({ action: 'unflag', reason: 'Defect not in the pho', disposition: expect.any(String) });

    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    expect(await page.getByRole('button', { name: 'Un-flag this car' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Reason' }).inputValue()).toBe('Defect not in the pho');
    expect(await page.getByRole('button', { name: /Disposition$/ }).textContent()).toContain(disposition);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${baseURL}/gs-unflagging`, { timeout: 10_000 });
    const stored = (await (await fetch(`${baseURL}/api/v2/gs-dealer-data/${car.appointmentId}?utm_source=qc&leadToken=${car.leadToken}`, { headers })).json()) as { detail: { conditionFlag: number } };
    expect(stored.detail.conditionFlag).toBe(-1);
    await page.goto(`${baseURL}/gs-unflagging-details/${car.appointmentId}?leadToken=${car.leadToken}`);
    await page.getByRole('heading', { name: 'Flagging Details' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: /draft/i }).count()).toBe(0);
    expect(await storedDrafts(page)).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the bike review by keyboard alone (issue 16 Review from the keyboard)', () => {
  it('finder, tick, edit, next error, tabs, the ? overlay and Ctrl+Enter submit, with no pointer', async () => {
    const id = await bikeFor(3);
    const context = await signedInContext(browser, baseURL, BIKE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/bike-review/${id}`);
    await page.getByRole('tab', { name: 'RC', exact: true }).waitFor();
    const focusedRow = () => page.evaluate(() => document.activeElement?.closest('[data-key]')?.getAttribute('data-key') ?? null);

    // `/` opens the finder; Enter goes to the row (switching tab) and focuses its first control, the tick.
    await page.keyboard.press('/');
    await page.getByRole('combobox', { name: 'Find a row' }).waitFor();
    await page.keyboard.type('chassis number');
    await page.keyboard.press('Enter');
    await expect.poll(focusedRow).toBe('chassisNumber');
    expect(await page.getByRole('tab', { name: 'RC', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('x');
    expect(await page.getByRole('checkbox', { name: 'Reject Chassis Number' }).isChecked()).toBe(true);
    // The editor holds the recorded value: select it and type over it.
    await page.keyboard.press('e');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('MD2A11CZ5KWB12345');
    expect(await page.getByRole('group', { name: 'Chassis Number', exact: true }).getByRole('textbox').inputValue()).toBe('MD2A11CZ5KWB12345');

    // Tab leaves the field for the next row (one stop per row); j / k step through rows.
    await page.keyboard.press('Tab');
    await expect.poll(focusedRow).toBe('chassisCondition');
    await page.keyboard.press('j');
    await expect.poll(focusedRow).not.toBe('chassisCondition');
    await page.keyboard.press('k');
    await expect.poll(focusedRow).toBe('chassisCondition');
    // n goes to the next error: the ticked chassis number is the only one.
    await page.keyboard.press('n');
    await expect.poll(focusedRow).toBe('chassisNumber');
    // ] / [ change tabs.
    await page.keyboard.press(']');
    await expect.poll(() => page.getByRole('tab', { name: 'Insurance', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('[');
    await expect.poll(() => page.getByRole('tab', { name: 'RC', exact: true }).getAttribute('aria-selected')).toBe('true');
    // ? lists the shortcuts; Escape closes it.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByText('Find a row by title, section or value (all tabs)').count()).toBe(1);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+Enter');
    await page.getByText('Bike REJECTED').waitFor();
    expect(await bikeStatus(id)).toBe('REJECTED');
    expect(errors).toEqual([]);
    await context.close();
  });
});
