// Stored XSS (issue 11 'Make the attack suite part of the project', SECURITY.md): script and HTML payloads stored in
// the text fields users and upstream systems write (a QC remark through the API; CJ remarks, seller answers, GS
// reasons, names, a report link as they arrive from the inspection app), then every screen that shows them is opened:
// the payloads show as text, no script runs (a window flag stays unset) and no dialog opens.
// Runs its own server on its own data, so the shared browser-test server's seed stays as other files expect it.
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { linkPath } from '../../server/link-token.ts';
import { seedBikes } from '../../server/seed/bikes.ts';
import { seedExtras } from '../../server/seed/extras.ts';
import { seedGs } from '../../server/seed/gs.ts';
import { seedInspections, seedLookups, seedUsers } from '../../server/seed/index.ts';
import { prepareData, startServerProcess, type DataPlace, type ServerProcess } from '../security/server-process.ts';
import { launchBrowser, laterForCustomerDocuments, reviewRow, signedInContext } from './browser.ts';
import { E2E_LINK_SECRET, inHour } from './server.ts';

const REVIEWER = 'qc.reviewer@qc.example';
const BIKE = 'bike.qc@qc.example';
const GS = 'gs.team@qc.example';

/** Each payload sets `window.__xss` and opens a dialog if it ever runs; the tag tells the fields apart on screen. */
const payload = (tag: string) => ({
  img: `${tag} <img src=x onerror="window.__xss='${tag}';alert('${tag}')">`,
  script: `${tag} <script>window.__xss='${tag}';alert('${tag}')</script>`,
  svg: `${tag} "><svg onload="window.__xss='${tag}'">`,
});
const JS_URL = "javascript:window.__xss='link';alert('link')";

let place: DataPlace;
let server: ServerProcess;
let browser: Browser;
const ids = { carId: 0, appointmentId: '', bike: '', audit: '', offer: '', gs: '', gsLead: '' };
const P = {
  remark: payload('qc-remark'),
  make: payload('make'),
  cj: payload('cj-remark'),
  seller: payload('seller'),
  offer: payload('offer'),
  reason: payload('gs-reason'),
};

beforeAll(async () => {
  place = await prepareData(async (db, uploadsDir) => {
    await db.transaction(async (tx) => {
      await seedUsers(tx);
      await seedLookups(tx);
      await seedInspections(tx, { uploadsDir, appointments: 6, seed: 7 });
      await seedExtras(tx, { uploadsDir, seed: 7 });
      await seedBikes(tx, { uploadsDir, appointments: 2, seed: 7 });
      await seedGs(tx, { uploadsDir, seed: 11 });
    });
    // What upstream systems write (the inspection app, the seller's form) arrives as stored text, as these updates put it.
    const car = (
      await db.query<{ car_id: number; appointment_id: string }>(
        `UPDATE inspections SET make = $1, model = $2 WHERE car_id = (SELECT min(car_id) FROM inspections WHERE is_latest AND status = 'smReview' AND assignee IS NULL
           AND is_report_processed = 1 AND re_inspection_processing = 0 AND dealer_price_processing = 0) RETURNING car_id, appointment_id`,
        [P.make.img, P.make.script],
      )
    ).rows[0];
    Object.assign(ids, { carId: car.car_id, appointmentId: car.appointment_id });
    ids.bike = (
      await db.query<{ appointment_id: string }>(
        // The review header reads the detail's cjRemark, the printable report its inspection data's copy.
        `UPDATE bike_inspections SET detail = jsonb_set(jsonb_set(detail, '{cjRemark}', to_jsonb($1::text)), '{inspectionData,cjRemark}', to_jsonb($1::text)), pdf_url = $2
           WHERE appointment_id = (SELECT min(appointment_id) FROM bike_inspections) AND is_latest RETURNING appointment_id`,
        [`${P.cj.img}\n${P.cj.script}\n${P.cj.svg}`, JS_URL],
      )
    ).rows[0].appointment_id;
    ids.audit = (
      await db.query<{ appointment_id: string }>(
        `UPDATE customer_audits SET car_details = jsonb_set(car_details, '{customerName}', to_jsonb($1::text)),
           customer_input = jsonb_set(customer_input, '{0,value}', to_jsonb($2::text))
           WHERE appointment_id = (SELECT min(appointment_id) FROM customer_audits) RETURNING appointment_id`,
        [P.seller.script, P.seller.img],
      )
    ).rows[0].appointment_id;
    ids.offer = (
      await db.query<{ appointment_id: string }>(
        `UPDATE sell_online SET record = jsonb_set(jsonb_set(record, '{customerName}', to_jsonb($1::text)), '{additionalComments,0}', to_jsonb($2::text))
           WHERE appointment_id = (SELECT min(appointment_id) FROM sell_online) RETURNING appointment_id`,
        [P.offer.script, P.offer.img],
      )
    ).rows[0].appointment_id;
    const gs = (
      await db.query<{ appointment_id: string; lead_token: string }>(
        `UPDATE gs_flags SET detail = jsonb_set(detail, '{otherInfo,betaReason}', to_jsonb(ARRAY[$1::text, $2::text]))
           WHERE appointment_id = (SELECT min(appointment_id) FROM gs_flags WHERE lower(assigned_to) = $3) RETURNING appointment_id, lead_token`,
        [P.reason.img, P.reason.script, GS],
      )
    ).rows[0];
    Object.assign(ids, { gs: gs.appointment_id, gsLead: gs.lead_token });
  });
  // The built app, as the shared browser-test server serves it (global-setup builds it).
  if (existsSync('dist')) cpSync('dist', join(place.dataDir, 'dist'), { recursive: true });
  server = await startServerProcess(place, { STATIC_DIR: join(place.dataDir, 'dist'), LINK_SECRET: E2E_LINK_SECRET });
  browser = await launchBrowser();

  // A QC remark through the API, as the review page's Add sends it (multipart v2/rejection-remark).
  const login = (await (await fetch(`${server.baseURL}/api/oauth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', loginUserName: REVIEWER }) })).json()) as { access_token: string };
  const auth = { authorization: `Bearer ${login.access_token}` };
  const assign = await fetch(`${server.baseURL}/api/qc-appointment-assign-to/${ids.carId}?utm_source=qc`, {
    method: 'PATCH',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ carId: ids.carId, role: 'qc', inspectionStatus: 'smReview', user: REVIEWER, qcAssignTo: REVIEWER }),
  });
  expect(assign.status, await assign.clone().text()).toBe(200);
  for (const text of [P.remark.img, P.remark.script]) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ carId: ids.carId, section: 'carDetails', part: 'registrationNumber', remarkType: 'text', remark: text, type: 'rejectionRemark', role: 'qc', inspectionStatus: 'smReview', user: REVIEWER })) form.append(k, String(v));
    const res = await fetch(`${server.baseURL}/api/v2/rejection-remark?utm_source=qc`, { method: 'POST', headers: auth, body: form });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await place?.remove();
});

/** Opens `path` (signed in as `email`, or not signed in) with a trap for scripts: the flag and every dialog are recorded. */
async function open(path: string, email: string | null): Promise<{ page: Page; dialogs: string[] }> {
  const context = email ? await signedInContext(browser, server.baseURL, email) : await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await laterForCustomerDocuments(page);
  await page.goto(`${server.baseURL}${path}`);
  return { page, dialogs };
}

/** Every payload shows literally (as text), none ran, no dialog opened. */
async function expectInert(page: Page, dialogs: string[], texts: string[]) {
  for (const text of texts) await expect.poll(() => page.locator('body').innerText(), { timeout: 20_000, message: text }).toContain(text);
  // Give an onerror handler (the broken image) time to fire if it were ever attached.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
  expect(dialogs).toEqual([]);
  expect(await page.locator('script:not([src]), img[src="x"], svg[onload]').count()).toBe(0);
}

describe('stored script and HTML payloads show as text and never run (issue 11)', () => {
  it('car list and review: make and model from the inspection app, a QC remark stored through the API', async () => {
    const list = await open('/inspection', REVIEWER);
    await expectInert(list.page, list.dialogs, [P.make.img]);
    await list.page.context().close();

    const review = await open(`/review/${ids.carId}`, REVIEWER);
    await review.page.locator('[data-row]').first().waitFor({ timeout: 30_000 });
    await review.page.getByRole('tab', { name: /^Documents \(\d+\)$/ }).click();
    const row = await reviewRow(review.page, 'carDetails.registrationNumber');
    await row.getByRole('button', { name: /^Remarks/ }).click();
    const history = row.getByRole('list', { name: 'Remark history' });
    await history.getByText(P.remark.img).waitFor();
    await history.getByText(P.remark.script).waitFor();
    await expectInert(review.page, review.dialogs, [P.remark.img, P.remark.script]);
    await review.page.context().close();
  });

  it('bike review and printable report: the CJ remark; a javascript: report link does not run', async () => {
    const review = await open(`/bike-review/${ids.bike}`, BIKE);
    await expectInert(review.page, review.dialogs, [P.cj.img, P.cj.script, P.cj.svg]);
    const link = review.page.getByRole('link', { name: 'Bike PDF' });
    if (await link.count()) {
      await link.click({ modifiers: [] }).catch(() => undefined);
      await review.page.waitForTimeout(300);
      expect(await review.page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
      expect(review.dialogs).toEqual([]);
    }
    await review.page.context().close();

    const report = await open(`/bike-report/${ids.bike}`, BIKE);
    await expectInert(report.page, report.dialogs, [P.cj.img, P.cj.script, P.cj.svg]);
    await report.page.context().close();
  });

  it('GS unflagging detail: beta reasons', async () => {
    const detail = await open(`/gs-unflagging-details/${ids.gs}?leadToken=${ids.gsLead}`, GS);
    await expectInert(detail.page, detail.dialogs, [P.reason.img, P.reason.script]);
    await detail.page.context().close();
  });

  it('public pages reached by a signed link: the seller\'s answers and name', async () => {
    const exp = inHour();
    const audit = await open(linkPath(E2E_LINK_SECRET, 'customer-audit', ids.audit, exp), null);
    await expectInert(audit.page, audit.dialogs, [P.seller.img]);
    await audit.page.context().close();
    const offer = await open(linkPath(E2E_LINK_SECRET, 'sell-online', ids.offer, exp), null);
    await expectInert(offer.page, offer.dialogs, [P.offer.img]);
    await offer.page.context().close();
  });
});
