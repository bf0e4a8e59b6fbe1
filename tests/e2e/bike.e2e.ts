// The bike flow of spec 001 in the built app against the real server: the bike QC user takes a bike and approves it,
// rejects another by ticking an image ('Lost' exclusivity and the uiVersion 2 odometer bands on the way), a
// non-assignee sees a bike read-only, the versions page, and the report printed to PDF by Chromium.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiLogin, launchBrowser, signedInContext, watchErrors } from './browser.ts';
import { startServer } from './server.ts';

const baseURL = inject('baseURL');
const BIKE = 'bike.qc@qc.example';
/** Showcases of server/seed/bikes.ts: uiVersion 2 B2B (CJ remark with three lines); three versions; uiVersion 2 assigned to the bike QC user. */
const B2B_V2 = 'BK26110001';
const THREE_VERSIONS = 'BK26110003';
const ASSIGNED = 'BK26110004';

let browser: Browser;
const bikeApi = async (email: string) => {
  const { access_token } = await apiLogin(baseURL, email);
  return async <T>(path: string): Promise<T> => {
    const res = await fetch(`${baseURL}/bike-api/${path}`, { headers: { authorization: `Bearer ${access_token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
};
type Detail = { status: string; qcUser: string | null; cjRemark: string; images: { title: string; rejected?: boolean; mediaType: string }[] };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('spec 001 bike flow', () => {
  it('the bike QC user lands on /inspection-bike, assigns a bike to themselves, approves it and is sent back after 3 s', async () => {
    const api = await bikeApi(BIKE);
    // The seed's 70 bikes, less any another test file has already submitted.
    const { data, total } = await api<{ data: { appointmentId: string; qcUser: string | null }[]; total: number }>('appointment?status=READY_FOR_REVIEW&page=1');
    const free = data.find((r) => !r.qcUser && r.appointmentId > ASSIGNED)!;
    const context = await signedInContext(browser, baseURL, BIKE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // 50 a page (001 §2): whether page 2 is fetched before any scroll depends on the layout's height, so the test
    // reads the pages the list fetched instead of counting rows at an instant.
    const pageSizes = new Map<string, number>();
    page.on('response', async (r) => {
      const url = new URL(r.url());
      if (!url.pathname.endsWith('/bike-api/appointment') || !r.ok()) return;
      // A page still arriving when the test closes its context has no body to read: it is not one the test counts.
      const body = (await r.json().catch(() => null)) as { data: unknown[] } | null;
      if (body) pageSizes.set(url.searchParams.get('page')!, body.data.length);
    });
    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/inspection-bike`);
    await page.locator('tbody tr').nth(49).waitFor();
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual(['Appointment ID', 'Inspection By', 'Make', 'Model', 'Inspection End Time', 'QC User']);
    await page.locator('.sentinel').scrollIntoViewIfNeeded();
    await page.locator('tbody tr').nth(total - 1).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(total);
    expect(pageSizes.get('1')).toBe(50);
    expect(pageSizes.get('2')).toBe(total - 50);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Search').fill(free.appointmentId);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('tbody tr').filter({ hasText: free.appointmentId }).getByRole('button', { name: 'Assign to me' }).click();
    await page.waitForURL(`${baseURL}/bike-review/${free.appointmentId}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bike APPROVED').waitFor();
    const submittedAt = Date.now();
    await page.waitForURL(`${baseURL}/inspection-bike`, { timeout: 10_000 });
    expect(Date.now() - submittedAt).toBeGreaterThan(2000);
    const stored = await api<{ detail: Detail }>(`appointment/${free.appointmentId}`);
    expect(stored.detail).toMatchObject({ status: 'APPROVED', qcUser: BIKE });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a non-assignee sees the bike read-only: no Submit, ticks disabled", async () => {
    const context = await signedInContext(browser, baseURL, 'qc.reviewer@qc.example');
    const page = await context.newPage();
    await page.goto(`${baseURL}/bike-review/${ASSIGNED}`);
    await page.getByText('Read only: only the assigned QC user can edit and submit this bike.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await expect(page.getByRole('checkbox', { name: 'Reject Registration Number' }).isDisabled()).resolves.toBe(true);
    expect(await page.getByRole('group', { name: 'Make, model and variant' }).count()).toBe(0);
    await context.close();
  });

  it("the list by keyboard: a row's Appointment ID is a link, and Enter on it opens the bike's review", async () => {
    const context = await signedInContext(browser, baseURL, BIKE);
    const page = await context.newPage();
    await page.goto(`${baseURL}/inspection-bike`);
    const link = page.locator('tbody tr').first().getByRole('link');
    const id = (await link.textContent())!;
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/bike-review/${id}`);
    await page.getByRole('heading', { name: `Bike review ${id}` }).waitFor();
    await context.close();
  });

  it("the assignee: 'Lost' is exclusive, uiVersion 2 odometer bands, videos play; a ticked image submits REJECTED", async () => {
    const context = await signedInContext(browser, baseURL, BIKE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/bike-review/${ASSIGNED}`);
    const rc = page.getByRole('group', { name: 'RC Condition', exact: true });
    const choice = (name: string) => rc.getByRole('checkbox', { name });
    await choice('Faded').check();
    await choice('Lost').check();
    for (const other of ['Original', 'Duplicate', 'Damaged', 'Faded']) await expect(choice(other).isChecked()).resolves.toBe(false);
    await choice('Damaged').check();
    await expect(choice('Lost').isChecked()).resolves.toBe(false);
    await expect(choice('Damaged').isChecked()).resolves.toBe(true);

    // The bike image upload (PUT v2/bike-image): the RC image is replaced in place, the ticks above are kept.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('Replace RC Front').setInputFiles({ name: 'rc.png', mimeType: 'image/png', buffer: png });
    await page.locator('img[alt="RC Front"][src*=".png?exp="]').waitFor();
    await expect(choice('Damaged').isChecked()).resolves.toBe(true);

    await page.getByRole('tab', { name: 'Documents' }).click();
    const odometer = page.getByRole('group', { name: 'Odometer Reading' });
    const options = await odometer.getByRole('combobox').locator('option').allTextContents();
    expect(options).toEqual(['Select', '0k-10k', '10k-20k', '20k-30k', '30k-40k', '40k-50k', '50k-60k', '60k-70k', '70k-80k', '80k-90k', '90k-100k', '>100k', 'Not Working']);

    await page.getByRole('tab', { name: 'Main Images' }).click();
    const video = page.locator('video').first();
    await video.waitFor();
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 300));
      return { time: v.currentTime, error: v.error?.code ?? null, width: v.videoWidth };
    });
    expect(played.error).toBeNull();
    expect(played.width).toBeGreaterThan(0);
    expect(played.time).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: 'Reject Front', exact: true }).check();

    // Ctrl+Enter submits as the Submit button does (the first test clicks it), from wherever the focus is.
    await page.keyboard.press('Control+Enter');
    await page.getByText('Bike REJECTED').waitFor();
    const stored = (await (await bikeApi(BIKE))<{ detail: Detail & { inspectionData: { bikeDetails: { rcCondition: { value: string[]; rejected: boolean } } } } }>(`appointment/${ASSIGNED}`)).detail;
    expect(stored.status).toBe('REJECTED');
    expect(stored.images.find((i) => i.title === 'Front')?.rejected).toBe(true);
    expect(stored.inspectionData.bikeDetails.rcCondition, JSON.stringify(stored.inspectionData.bikeDetails.rcCondition)).toMatchObject({ value: ['Damaged'], rejected: true });

    // Opened again (reviewed, read only): the ticks and the correction the server holds are shown.
    await page.goto(`${baseURL}/bike-review/${ASSIGNED}`);
    await page.getByText('Reviewed (REJECTED): read only.').waitFor();
    const reopened = page.getByRole('group', { name: 'RC Condition', exact: true });
    expect(await reopened.getByRole('checkbox', { name: 'Reject RC Condition' }).isChecked()).toBe(true);
    await reopened.getByText('Corrected: Damaged').waitFor();
    await page.getByRole('tab', { name: 'Main Images' }).click();
    expect(await page.getByRole('checkbox', { name: 'Reject Front', exact: true }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('versions: the columns, end time DD-MM-YYYY h:mm:ss A, the report link only with a PDF, rows open the review for QC roles only', async () => {
    const versions = (await (await bikeApi(BIKE))<{ data: { version: number; pdfUrl: string | null }[] }>(`appointment/${THREE_VERSIONS}/version/all`)).data;
    const context = await signedInContext(browser, baseURL, BIKE);
    const page = await context.newPage();
    await page.goto(`${baseURL}/inspection-bike-version/${THREE_VERSIONS}`);
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Make', 'Model', 'Variant', 'Version', 'Inspection Status', 'QC By', 'End Time', 'Report']);
    expect(await page.locator('tbody tr td:nth-child(7)').first().textContent()).toMatch(/^\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    const links = page.getByRole('link', { name: 'View Bike Report' });
    expect(await links.count()).toBe(versions.filter((v) => v.pdfUrl).length);
    expect(await links.first().getAttribute('target')).toBe('_blank');
    await page.locator('tbody tr').last().click();
    await page.waitForURL(`${baseURL}/bike-review/${THREE_VERSIONS}?version=0`);
    await page.getByText('A past version: read only.').waitFor();
    await context.close();

    const viewer = await signedInContext(browser, baseURL, 'version.pdf@qc.example');
    const other = await viewer.newPage();
    await other.goto(`${baseURL}/inspection-bike-version/${THREE_VERSIONS}`);
    await other.locator('tbody tr').first().waitFor();
    await other.locator('tbody tr td').first().click();
    await other.waitForTimeout(300);
    expect(other.url()).toBe(`${baseURL}/inspection-bike-version/${THREE_VERSIONS}`);
    await viewer.close();
  });

  it('the report prints to an A4 PDF with the title, the appointment id and each CJ remark line', async () => {
    const remark = (await (await bikeApi(BIKE))<{ detail: Detail }>(`appointment/${B2B_V2}`)).detail.cjRemark;
    const context = await signedInContext(browser, baseURL, 'version.pdf@qc.example');
    const page = await context.newPage();
    await page.goto(`${baseURL}/bike-report/${B2B_V2}`);
    await page.getByRole('heading', { name: 'INSPECTION REPORT' }).waitFor();
    await page.getByRole('img', { name: 'Reading Panel' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const { text: raw } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const text = raw.replace(/\s+/g, ' ');
    expect(text).toContain('INSPECTION REPORT');
    expect(text).toContain(B2B_V2);
    const lines = remark.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(text).toContain(line);
    for (const heading of ['Bike Details', 'Exterior', 'Electricals', 'Engine and transmission', 'Wheels/brakes/suspension', 'Other Features', 'Reading Panel']) expect(text).toContain(heading);
    expect(text).not.toContain('Print');
    await context.close();
  });

  it("the assignee changes make, model and variant: 'Make Model Variant updated', the bike keeps them, and a ticked Variant submits with its new value", async () => {
    const api = await bikeApi(BIKE);
    const { data } = await api<{ data: { appointmentId: string; qcUser: string | null }[] }>('appointment?status=READY_FOR_REVIEW&page=1');
    const free = data.filter((r) => !r.qcUser && r.appointmentId > ASSIGNED).at(-1)!;
    const { access_token } = await apiLogin(baseURL, BIKE);
    const form = new FormData();
    form.set('assignUser', BIKE);
    const assigned = await fetch(`${baseURL}/bike-api/appointment/${free.appointmentId}/qc/assign`, { method: 'POST', headers: { authorization: `Bearer ${access_token}` }, body: form });
    expect(assigned.status).toBe(200);
    const before = (await api<{ detail: { make: string; model: string; variant: string } }>(`appointment/${free.appointmentId}`)).detail;

    const context = await signedInContext(browser, baseURL, BIKE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await page.goto(`${baseURL}/bike-review/${free.appointmentId}`);
    // Ticked before the correction: the panel is where its new value comes from (001 §5 'every ticked document needs
    // a non-empty new value'); before, nothing gave it one and the submit could only be refused.
    await page.getByRole('checkbox', { name: 'Reject Variant' }).check();
    const panel = page.getByRole('form', { name: 'Make, model and variant' });
    const update = panel.getByRole('button', { name: 'Update Make Model Variant' });
    await expect(update.isDisabled()).resolves.toBe(true);
    const make = panel.getByLabel('Make');
    // The makes come from a lookup call: read them once there is a choice (the bike's own make is listed before).
    await expect.poll(() => make.locator('option:not([value=""])').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    const makes = (await make.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })))).filter((o) => o.value);
    const other = makes.find((o) => o.label !== before.make)!;
    const model = panel.getByLabel('Model');
    const modelNames = () => model.locator('option:not([value=""])').allTextContents();
    // The bike's own model is chosen once its make's models are in.
    await expect.poll(() => model.inputValue()).not.toBe('');
    const modelsOfOldMake = await modelNames();
    await make.selectOption(other.value);
    // The model list is the old make's until the new make's models arrive (makeCode call).
    await expect.poll(async () => (await modelNames()).filter((name) => !modelsOfOldMake.includes(name)).length).toBeGreaterThan(0);
    const modelName = (await modelNames())[0];
    await model.selectOption({ label: modelName });
    const variant = panel.getByLabel('Variant');
    await variant.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    const variantName = (await variant.locator('option:not([value=""])').first().textContent())!;
    await variant.selectOption({ label: variantName });
    // By keyboard: the button turns disabled once there is nothing left to update, and the focus goes to the first
    // row the update changed (it was dropped to the page's body).
    await update.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Make Model Variant updated').waitFor();
    await expect.poll(() => page.evaluate(() => [document.activeElement?.closest('[data-key]')?.getAttribute('aria-label'), document.activeElement?.getAttribute('aria-label')])).toEqual(['Make', 'Reject Make']);

    const after = (await api<{ detail: { make: string; model: string; variant: string } }>(`appointment/${free.appointmentId}`)).detail;
    expect(after).toMatchObject({ make: other.label, model: modelName, variant: variantName });
    // The choices are recorded on their rows (ticked, as any correction is), so the submit goes through as a rejection.
    for (const row of ['Make', 'Model', 'Variant']) expect(await page.getByRole('checkbox', { name: `Reject ${row}`, exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bike REJECTED').waitFor();
    expect(alerts).toEqual([]);
    expect((await api<{ detail: { status: string } }>(`appointment/${free.appointmentId}`)).detail.status).toBe('REJECTED');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the bike list follows the live auto-assignment record (001 §2)', () => {
  it('a bike auto-assigned to the signed-in bike QC user reloads the open list without a page reload', async () => {
    // A server of its own with the auto-assignment jobs on, so the round cannot hand out the shared server's bikes.
    const server = await startServer({ env: { AUTO_ASSIGN_INTERVAL_MS: '1500', AUTO_ASSIGN_MAX_OPEN: '1000' } });
    try {
      const context = await signedInContext(browser, server.baseURL, BIKE);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const listLoads: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.endsWith('/bike-api/appointment') && url.searchParams.get('page') === '1') listLoads.push(r.url());
      });
      await page.goto(`${server.baseURL}/inspection-bike`);
      await page.locator('tbody tr').first().waitFor();
      // Every round (1.5 s) gives the signed-in bike QC user one more bike (AUTO_ASSIGN_MAX_OPEN 1000).
      const { access_token } = await apiLogin(server.baseURL, BIKE);
      const mine = async () => {
        const res = await fetch(`${server.baseURL}/bike-api/appointment?status=READY_FOR_REVIEW&page=1&user=${encodeURIComponent(BIKE)}`, { headers: { authorization: `Bearer ${access_token}` } });
        return ((await res.json()) as { total: number }).total;
      };
      const held = await mine();
      await expect.poll(mine, { timeout: 15_000 }).toBeGreaterThan(held);
      // Nothing on the page changed its filters: only the stream's 'changed' reloads page 1.
      await expect.poll(() => listLoads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
    }
  }, 180_000);
});
