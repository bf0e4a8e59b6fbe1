// The car review page against the real server (spec 000 §2 'Review page', §4, §5): the walking skeleton through
// every layer, an approval, a full rejection (tick, edit, remark, mask) with the stored result read back through
// the API, and the read-only view of a non-assignee.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import { carEngine } from '../support/car.ts';
import type { Edit } from '../../src/engine/types.ts';
import { storedRejections } from '../support/stored.ts';
import { apiAs, claim, detailOf, findFree, listAll, modelAfter, submittable, type Api } from './api.ts';
import { launchBrowser, laterForCustomerDocuments, reviewRow, signedInContext, watchErrors } from './browser.ts';

const baseURL = inject('baseURL');
const REVIEWER = 'qc.reviewer@qc.example';
let browser: Browser;
let api: Api;

async function signIn(page: Page, email: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByRole('button', { name: new RegExp(email.replace(/\./g, '\\.')) }).click();
}

/** A page signed in as `email` through the API (the tests here are not about sign-in); alerts are collected. */
async function reviewPage(email: string, carId: number): Promise<{ page: Page; alerts: string[] }> {
  const context = await signedInContext(browser, baseURL, email);
  const page = await context.newPage();
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  const errors = watchErrors(page);
  await laterForCustomerDocuments(page);
  await page.goto(`${baseURL}/review/${carId}`);
  try {
    await page.locator('[data-row]').first().waitFor({ timeout: 15_000 });
  } catch (e) {
    throw new Error(`no review rows on /review/${carId}: ${(e as Error).message.split('\n')[0]}\n${errors.join('\n')}\npage text: ${(await page.locator('body').innerText()).slice(0, 300)}`);
  }
  return { page, alerts };
}

/**
 * Clicks Submit and waits for what follows: the issue popup (rejections), the success message, or an alert that
 * blocked the submission (reported with its text, spec 000 §5 pre-submit alerts).
 */
async function submit(page: Page, alerts: string[]): Promise<'issuePopup' | 'completed'> {
  const before = alerts.length;
  await page.getByRole('button', { name: 'Submit' }).click();
  const popup = page.getByRole('dialog', { name: 'Issue Type' });
  const done = page.getByText('Inspection Completed Successfully');
  await expect.poll(async () => alerts.length > before || (await popup.isVisible()) || (await done.isVisible()), { timeout: 15_000 }).toBe(true);
  if (alerts.length > before) throw new Error(`Submit was blocked by an alert: ${alerts.slice(before).join(' | ')}`);
  return (await popup.isVisible()) ? 'issuePopup' : 'completed';
}

/** The row at `address` if it is rendered now: the tab's row box is virtualized, so use reviewRow to bring one in. */
const rendered = (page: Page, address: string) => page.locator(`[data-row="${address}"]`);
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

/** Masks the first EXTERIOR main image in the image editor: drag a rectangle, save, 'Image updated successfully'. */
async function maskFirstExteriorImage(page: Page): Promise<void> {
  await tab(page, 'EXTERIOR').click();
  const tile = page.locator('[data-row^="exteriorTyres.mainImages:"]').first();
  await tile.getByRole('button', { name: 'Edit image' }).click();
  const editor = page.getByRole('dialog', { name: /^Edit image/ });
  const canvas = editor.getByRole('img', { name: 'Image being edited' });
  await expect.poll(() => editor.getByRole('button', { name: 'Rotate 90°' }).isEnabled()).toBe(true);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 4 });
  await page.mouse.up();
  await editor.getByText('Masks: 1').waitFor();
  await page.screenshot({ path: 'tests/artifacts/review-image-editor.png' });
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Image updated successfully').waitFor();
  await tile.getByText('Masked').waitFor();
}

const MISMATCH_OPTIONS = ['No Mismatch', 'Registration Number', 'Owner Name'];
const EXPIRY = { stored: '16-07-2031', typed: '16072031', shown: '16/07/2031' };

/**
 * The insurance edit the scenarios make (spec 000 §4): insurance type to 3rd Party, which drops the no-claim bonus
 * and ticks the dependents (expiry, mismatch in insurance, mismatch in DS); those ticked fields then need new values
 * (000 §5 'Every ticked document or insurance field … needs a new value'), so the reviewer fills them too.
 * Each new value differs from the recorded one so the page records it as an edit.
 */
function insuranceEdits(detail: InspectionDetail): { key: string; value: string }[] {
  const insurance = detail.inspectionData.carDetails?.insuranceType;
  const mismatch = insurance?.subParts?.mismatchInInsurance;
  const inDs = mismatch?.subParts?.mismatchInDS?.value;
  return [
    { key: 'insuranceType', value: '3rd Party' },
    { key: 'insuranceExpiry', value: EXPIRY.stored },
    { key: 'mismatchInInsurance', value: MISMATCH_OPTIONS.find((o) => o !== mismatch?.value)! },
    { key: 'mismatchInDS', value: inDs === 'No' ? 'Yes' : 'No' },
  ];
}

const asEdits = (list: { key: string; value: string }[]): Edit[] => list.map(({ key, value }) => ({ type: 'setValue', key, value }));

/** An inspection whose insurance the scenarios can edit: insurance type shown, editable and not already 3rd Party. */
const insuranceEditable = (d: InspectionDetail) => d.inspectionData.carDetails?.insuranceType?.value !== '3rd Party' && rowVisibleAndEditable(d, 'insuranceType');

/** Makes the insurance edits in the page (Documents tab), checking the dependent rules on the way. */
async function editInsurance(page: Page, detail: InspectionDetail) {
  const [type, , mismatch, inDs] = insuranceEdits(detail);
  await tab(page, 'Documents').click();
  const insurance = await reviewRow(page, 'carDetails.insuranceType');
  await insurance.getByRole('combobox').selectOption(type.value);
  // 3rd Party: the row is ticked, expiry stays, no-claim bonus disappears (spec 000 §4).
  await expect.poll(() => insurance.getByRole('checkbox', { name: /^Reject / }).isChecked()).toBe(true);
  // Its dependents follow it directly, so they sit in the rendered part of the box: absent means hidden.
  await expect.poll(() => rendered(page, 'carDetails.insuranceType.noClaimBonus').count()).toBe(0);
  const expiryRow = rendered(page, 'carDetails.insuranceType.insuranceExpiry');
  expect(await expiryRow.count()).toBe(1);
  // Dates are entered dd/MM/yyyy (000 §5): typing 16072031 over the recorded date shows 16/07/2031 and stores 16-07-2031.
  const expiry = expiryRow.getByRole('textbox', { name: / new value$/ });
  await expiry.selectText();
  await page.keyboard.type(EXPIRY.typed);
  await expect.poll(() => expiry.inputValue()).toBe(EXPIRY.shown);
  await (await reviewRow(page, 'carDetails.insuranceType.mismatchInInsurance')).getByRole('combobox').selectOption(mismatch.value);
  const inDsRow = rendered(page, 'carDetails.insuranceType.mismatchInInsurance.mismatchInDS');
  if (await inDsRow.count()) await inDsRow.getByRole('combobox').selectOption(inDs.value);
}

function rowVisibleAndEditable(detail: InspectionDetail, key: string): boolean {
  const r = carEngine.evaluate(detail).rows[key];
  return Boolean(r?.isVisible && r.isEditable);
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = await apiAs(baseURL, REVIEWER);
  mkdirSync('tests/artifacts', { recursive: true });
});
afterAll(async () => browser?.close());

describe('review walking skeleton', () => {
  it('signs in, assigns, ticks and edits insurance, submits rejected, and the stored status is smReviewRejected', async () => {
    const target = await findFree(
      api,
      (d) => insuranceEditable(d) && submittable(api, d, asEdits(insuranceEdits(d))),
      'whose insurance can be edited to 3rd Party and submitted',
    );
    const page = await browser.newPage();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await laterForCustomerDocuments(page);
    await signIn(page, REVIEWER);
    await page.waitForURL(`${baseURL}/inspection`);
    await page.getByRole('row').nth(1).waitFor();
    await page.screenshot({ path: 'tests/artifacts/inspection-list.png' });

    await page.getByRole('searchbox', { name: 'Appointment ID' }).fill(target.appointmentId);
    await page.keyboard.press('Enter');
    const listRow = page.locator(`[data-appointment="${target.appointmentId}"]`);
    await listRow.getByRole('button', { name: 'Assign to me' }).click();
    await page.waitForURL(`${baseURL}/review/${target.carId}`);

    await page.locator('[data-row]').first().waitFor();
    await editInsurance(page, target);
    expect(await tab(page, 'Documents').textContent()).not.toContain('(0)');
    await page.screenshot({ path: 'tests/artifacts/review.png', fullPage: true });

    expect(await submit(page, alerts)).toBe('issuePopup');
    const popup = page.getByRole('dialog', { name: 'Issue Type' });
    await popup.getByRole('checkbox').nth(1).check();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Inspection Completed Successfully').waitFor();
    await page.waitForURL(`${baseURL}/inspection`, { timeout: 10_000 });

    expect((await detailOf(api, target.carId)).inspectionStatus).toBe('smReviewRejected');
    await page.close();
  });

  it('sends a signed-out visitor of a private route to /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/inspection`);
    await page.waitForURL(`${baseURL}/login`);
    await page.close();
  });
});

describe('spec 000 §4 submission', () => {
  it('approve with no rejections gives done: Submit with nothing ticked stores status done, no issue popup', async () => {
    const target = await claim(api, (d) => submittable(api, d, [], true), 'that the engine approves as recorded');
    const { page, alerts } = await reviewPage(REVIEWER, target.carId);
    expect(await submit(page, alerts)).toBe('completed');
    expect(await page.getByRole('dialog', { name: 'Issue Type' }).count()).toBe(0);
    await page.waitForURL(`${baseURL}/inspection`, { timeout: 10_000 });
    expect(alerts).toEqual([]);

    const stored = await detailOf(api, target.carId);
    expect(stored.inspectionStatus).toBe('done');
    expect(storedRejections(stored)).toEqual([]);
    await page.context().close();
  });

  it('ticks, edits, adds a text remark and masks an image, submits rejected with an issue type; the stored inspection has them', async () => {
    const REMARK = `Music system not working (e2e ${Date.now()})`;
    const target = await claim(
      api,
      async (d) => {
        if (!insuranceEditable(d) || !carEngine.evaluate(d).rows.musicSystem?.isVisible) return false;
        const image = carEngine.evaluate(d).order.find((k) => k.startsWith('mainImages:'));
        if (!image) return false;
        const edits: Edit[] = [
          ...asEdits(insuranceEdits(d)),
          { type: 'check', key: 'musicSystem', checked: true },
          { type: 'remark', key: 'musicSystem', remark: REMARK },
          { type: 'mask', key: image, masked: true },
        ];
        return submittable(api, d, edits);
      },
      'that can be rejected with an insurance edit, a ticked music system and a masked exterior image',
    );
    const { page, alerts } = await reviewPage(REVIEWER, target.carId);

    // Edits (Documents): QC-editable values; the edit ticks the row and its dependents.
    await editInsurance(page, target);

    // Tick and a text remark (INTERIOR).
    await tab(page, 'INTERIOR').click();
    const music = await reviewRow(page, 'electricalsInterior.musicSystem');
    await music.getByRole('checkbox', { name: /^Reject / }).check();
    await music.getByRole('button', { name: /^Remarks/ }).click();
    await music.getByRole('textbox', { name: 'Remark' }).fill(REMARK);
    await music.getByRole('button', { name: 'Add' }).click();
    await music.getByRole('list', { name: 'Remark history' }).getByText(REMARK).waitFor();
    await expect.poll(() => tab(page, 'INTERIOR').textContent()).not.toContain('(0)');

    // Mask an image in the image editor (EXTERIOR main images).
    await maskFirstExteriorImage(page);
    await page.screenshot({ path: 'tests/artifacts/review-rejected.png', fullPage: true });

    // The Summary lists what was marked.
    await tab(page, 'SUMMARY').click();
    const errors = page.getByRole('table', { name: 'Errors' });
    await errors.getByRole('cell', { name: 'Music System', exact: true }).waitFor();
    await errors.getByRole('cell', { name: 'Insurance Type', exact: true }).waitFor();
    // By keyboard: a summary row's Field is a button, and Enter on it goes to the row (its tab, its first control).
    await errors.getByRole('button', { name: 'Music System', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-row]')?.getAttribute('data-row'))).toBe('electricalsInterior.musicSystem');
    expect(await tab(page, 'INTERIOR').getAttribute('aria-selected')).toBe('true');
    await tab(page, 'SUMMARY').click();

    // Submit: rejections ask for an issue type ('No issue' exclusive); choose one.
    // Critical toggle (default Non Critical, 000 §4).
    const criticality = page.getByRole('radiogroup', { name: 'Criticality' });
    expect(await criticality.getByRole('radio', { name: 'Non Critical' }).isChecked()).toBe(true);
    await criticality.getByText('Critical', { exact: true }).click();
    expect(await criticality.getByRole('radio', { name: 'Critical', exact: true }).isChecked()).toBe(true);

    expect(await submit(page, alerts)).toBe('issuePopup');
    const popup = page.getByRole('dialog', { name: 'Issue Type' });
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => alerts).toContain('Please select Issue Type');
    await popup.getByRole('checkbox', { name: 'No issue' }).check();
    await popup.getByRole('checkbox', { name: 'Interior And Electricals' }).check();
    expect(await popup.getByRole('checkbox', { name: 'No issue' }).isChecked()).toBe(false);
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Inspection Completed Successfully').waitFor();
    await page.waitForURL(`${baseURL}/inspection`, { timeout: 10_000 });

    const stored = await detailOf(api, target.carId);
    expect(stored.inspectionStatus).toBe('smReviewRejected');
    expect(stored.issueType).toEqual([8]);
    expect(stored.isCritical).toBe(1);
    expect(storedRejections(stored)).toEqual(expect.arrayContaining(['insuranceType', 'musicSystem']));
    const versions = await api.get<{ data: { carId: number; inspectionStatus: string; qcBy: string | null }[] }>(
      `v2/inspection-version-list?appointmentId=${target.appointmentId}&user=${REVIEWER}`,
    );
    expect(versions.data.find((v) => v.carId === target.carId)).toMatchObject({ inspectionStatus: 'smReviewRejected', qcBy: REVIEWER });
    await page.context().close();
  });

  it('approved by QC: a masked image and a QC-editable odometer correction store isApprovedByQc=1 (spec 000 §4)', async () => {
    const target = await claim(
      api,
      async (d) => {
        const model = carEngine.evaluate(d);
        const image = model.order.find((k) => k.startsWith('mainImages:'));
        if (!image || !rowVisibleAndEditable(d, 'odometerReading')) return false;
        return submittable(api, d, [{ type: 'mask', key: image, masked: true }, { type: 'setValue', key: 'odometerReading', value: '48500' }]);
      },
      'with an exterior image to mask and an editable odometer',
    );
    const { page, alerts } = await reviewPage(REVIEWER, target.carId);
    await maskFirstExteriorImage(page);
    await tab(page, 'INTERIOR').click();
    await (await reviewRow(page, 'electricalsInterior.odometerReading')).getByRole('textbox').fill('48500');
    await expect.poll(() => tab(page, 'INTERIOR').textContent()).not.toContain('(0)');

    expect(await submit(page, alerts)).toBe('issuePopup');
    const popup = page.getByRole('dialog', { name: 'Issue Type' });
    await popup.getByRole('checkbox', { name: 'No issue' }).check();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Inspection Completed Successfully').waitFor();
    await page.waitForURL(`${baseURL}/inspection`, { timeout: 10_000 });

    const stored = await detailOf(api, target.carId);
    expect(stored).toMatchObject({ inspectionStatus: 'smReviewRejected', isApprovedByQc: 1, issueType: [0] });
    expect(String(stored.inspectionData.electricalsInterior?.odometerReading?.value)).toBe('48500');
    await page.context().close();
  });
});

describe('spec 000 §4 only the assignee edits', () => {
  it('a reviewer who is not the assignee sees the review read-only: no Submit, every input disabled', async () => {
    const other = (await listAll(api)).find((r) => r.qcAssign.to && r.qcAssign.to !== REVIEWER && r.inspectionStatus === 'smReview');
    if (!other) throw new Error('the seed has no inspection assigned to another reviewer');
    const { page } = await reviewPage(REVIEWER, other.carId);
    await page.getByText(`Assigned to ${other.qcAssign.to} (read-only)`).waitFor();
    for (const name of ['Documents', 'EXTERIOR', 'INTERIOR']) {
      await tab(page, name).click();
      await page.locator('[data-row]').first().waitFor();
      expect(await page.locator('[data-row] input:not(:disabled), [data-row] select:not(:disabled), [data-row] textarea:not(:disabled)').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Edit image' }).count()).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(await page.getByRole('radiogroup', { name: 'Criticality' }).count()).toBe(0);
    await page.screenshot({ path: 'tests/artifacts/review-read-only.png', fullPage: true });
    await page.context().close();
  });

  it("'Assign to me' in the review's header by keyboard: the button goes and the shown tab's first row takes its focus, not the page's body", async () => {
    const free = await findFree(api, () => true, 'to assign from its review');
    const { page } = await reviewPage(REVIEWER, free.carId);
    await page.getByRole('button', { name: 'Assign to me' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    const inFirstRow = () => page.evaluate(() => {
      const first = document.querySelector('section.rows [data-key]');
      return !!first && first.contains(document.activeElement);
    });
    await expect.poll(inFirstRow).toBe(true);
    expect((await detailOf(api, free.carId)).qcAssign?.to).toBe(REVIEWER);
    await page.context().close();
  });
});

describe('issue 16 the review from the keyboard: the focus stays where the reviewer works', () => {
  it('a remark added with Enter keeps the focus in its box; ] lands on the tab it shows', async () => {
    const car = await claim(api, () => true, 'to remark on by keyboard');
    const { page } = await reviewPage(REVIEWER, car.carId);
    const activeLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? null);
    await page.keyboard.press('j');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-key]'))).toBe(true);
    await page.keyboard.press('r');
    await expect.poll(activeLabel).toBe('Remark');
    await page.keyboard.type('Plate differs from RC');
    await page.keyboard.press('Enter');
    await page.locator('.remark-history').getByText('Plate differs from RC').waitFor();
    expect(await activeLabel()).toBe('Remark');
    expect(await page.getByRole('textbox', { name: 'Remark' }).inputValue()).toBe('');

    await page.keyboard.press('Escape');
    await page.keyboard.press(']');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab' && document.activeElement.getAttribute('aria-selected'))).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^EXTERIOR/);
    await page.context().close();
  });
});

describe('issue 5 the virtualized rows box', () => {
  it('a row that grows with an edit (Insurance Expired adds the QC audit flag and note) moves the rows below it in that same frame', async () => {
    const expired: Edit[] = [{ type: 'setValue', key: 'insuranceType', value: 'Insurance Expired' }];
    const target = await claim(
      api,
      async (d) => {
        if (!insuranceEditable(d) || d.inspectionData.carDetails?.insuranceType?.value === 'Insurance Expired') return false;
        return ((await modelAfter(api, d, expired)).rows.insuranceType?.notes?.length ?? 0) > 0;
      },
      'whose insurance row gets the QC audit note on Insurance Expired',
    );
    const { page } = await reviewPage(REVIEWER, target.carId);
    await tab(page, 'Documents').click();
    const row = await reviewRow(page, 'carDetails.insuranceType');
    const select = row.getByRole('combobox');
    await select.selectOption('3rd Party');
    // The change, then the layout of the very next frame: before the virtualizer's resize observer and re-render.
    const result = await select.evaluate(
      (el: HTMLSelectElement) =>
        new Promise<{ grew: boolean; overlaps: string[] }>((resolve) => {
          const item = el.closest('.rows-item') as HTMLElement;
          const before = item.getBoundingClientRect().height;
          el.value = 'Insurance Expired';
          el.dispatchEvent(new Event('change', { bubbles: true }));
          requestAnimationFrame(() => {
            const items = [...document.querySelectorAll<HTMLElement>('section.rows .rows-item')];
            const overlaps: string[] = [];
            for (let i = 1; i < items.length; i++) {
              const above = items[i - 1].getBoundingClientRect();
              const below = items[i].getBoundingClientRect();
              if (below.top < above.bottom - 0.5) overlaps.push(`${items[i - 1].dataset.index} over ${items[i].dataset.index}`);
            }
            resolve({ grew: item.getBoundingClientRect().height > before, overlaps });
          });
        }),
    );
    await row.getByText('QC Audit Required').waitFor();
    expect(result).toEqual({ grew: true, overlaps: [] });
    await page.context().close();
  });
});

interface TraceEvent {
  name: string;
  args?: { data?: { reason?: string; frame?: string }; beginData?: { dirtyObjects: number; partialLayout: boolean; frame?: string } };
}

/**
 * Runs `action` under a Chromium trace and answers the events of `page`'s own document: the trace covers the whole
 * browser, and Chromium's own pages (the omnibox's) lay out and restyle in it too.
 */
async function traceOf(page: Page, categories: string[], action: () => Promise<unknown>): Promise<TraceEvent[]> {
  await browser.startTracing(page, { categories });
  await action();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  await cdp.detach();
  return trace.traceEvents.filter((e) => (e.args?.data?.frame ?? e.args?.beginData?.frame) === frameTree.frame.id);
}

/** The page's layouts in a trace: how many boxes each laid out, and whether it started below the document. */
const layoutsIn = (events: TraceEvent[]) => events.filter((e) => e.name === 'Layout' && e.args?.beginData).map((e) => e.args!.beginData!);

describe('issue 18 opening a review', () => {
  it("lays the page out once (react-aria's pressable rule is in the page from the start, so its first button does not restyle the page) and asks nothing of ICU until the rows are editable", async () => {
    const target = await claim(api, (d) => rowVisibleAndEditable(d, 'registrationNumber'), 'with an editable registration number');
    const context = await signedInContext(browser, baseURL, REVIEWER);
    const page = await context.newPage();
    await laterForCustomerDocuments(page);
    // Every way into ICU's locale data, counted: the first use in a renderer loads it (40–50 ms of main thread), and
    // react-aria's locale check at its start was one (scripts/react-aria-locale.ts).
    await page.addInitScript(() => {
      const used: string[] = [];
      (window as unknown as { qcIntlUsed: string[] }).qcIntlUsed = used;
      const count = <T extends object>(owner: T, name: keyof T & string, label: string) => {
        const original = owner[name] as unknown as (...args: unknown[]) => unknown;
        const counted = new Proxy(original, {
          apply: (fn, self, args) => (used.push(label), Reflect.apply(fn, self, args)),
          construct: (fn, args, target) => (used.push(label), Reflect.construct(fn, args, target)),
        });
        Object.defineProperty(owner, name, { value: counted, configurable: true, writable: true });
      };
      for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Locale', 'Segmenter', 'DisplayNames'] as const) {
        if (Intl[name]) count(Intl, name, `Intl.${name}`);
      }
      count(Intl.DateTimeFormat, 'supportedLocalesOf', 'Intl.DateTimeFormat.supportedLocalesOf');
      for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) count(Date.prototype, name, `Date#${name}`);
      count(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
      count(String.prototype, 'localeCompare', 'String#localeCompare');
    });
    let intlUsed: string[] = [];
    const events = await traceOf(page, ['devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking'], async () => {
      await page.goto(`${baseURL}/review/${target.carId}`);
      await page.locator('[data-row] input:not(:disabled)').first().waitFor();
      intlUsed = await page.evaluate(() => [...(window as unknown as { qcIntlUsed: string[] }).qcIntlUsed]);
      await page.waitForLoadState('networkidle');
    });
    expect(intlUsed).toEqual([]);
    const invalidations = events.filter((e) => e.name === 'LayoutInvalidationTracking');
    expect(invalidations.length).toBeGreaterThan(0);
    // A style sheet with an @layer added to a laid-out page: Chromium invalidates every box ('Fonts changed', ~590 here).
    expect(invalidations.filter((e) => e.args?.data?.reason === 'Fonts changed').length).toBe(0);
    const pressable = await page.evaluate(() => ({
      sheets: [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('data-react-aria-pressable')).length,
      touchAction: getComputedStyle(document.querySelector('[data-react-aria-pressable]')!).touchAction,
    }));
    // The rule still applies: Chromium gives 'pan-x pan-y pinch-zoom' as its equal, 'manipulation' ('auto' without it).
    expect(pressable).toEqual({ sheets: 1, touchAction: 'manipulation' });
    await context.close();
  });
});

describe('issue 18 typing in an upper-cased field', () => {
  it('lower-case letters typed mid-value come out upper-cased where they were typed, the caret after them, and one undo takes one back', async () => {
    const target = await claim(api, (d) => rowVisibleAndEditable(d, 'registrationNumber'), 'with an editable registration number');
    const { page } = await reviewPage(REVIEWER, target.carId);
    const input = (await reviewRow(page, 'carDetails.registrationNumber')).getByRole('textbox', { name: / new value$/ });
    await input.fill('MH01AB');
    await input.press('End');
    await page.keyboard.type('cd');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('x');
    await expect.poll(() => input.inputValue()).toBe('MH01ABCXD');
    expect(await input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([8, 8]);
    await page.keyboard.press('Control+z');
    await expect.poll(() => input.inputValue()).toBe('MH01ABCD');
    await page.context().close();
  });

  it('a typed character lays out the field alone (a relayout boundary), and the field keeps the height it has without containment', async () => {
    const target = await claim(api, (d) => rowVisibleAndEditable(d, 'registrationNumber'), 'with an editable registration number');
    const { page } = await reviewPage(REVIEWER, target.carId);
    const input = (await reviewRow(page, 'carDetails.registrationNumber')).getByRole('textbox', { name: / new value$/ });
    const heights = await input.evaluate((el: HTMLInputElement) => {
      const contained = el.getBoundingClientRect().height;
      el.style.contain = 'none';
      el.style.height = 'auto';
      const plain = el.getBoundingClientRect().height;
      el.style.contain = '';
      el.style.height = '';
      return { contained, plain };
    });
    expect(heights.contained).toBeCloseTo(heights.plain, 1);
    await input.fill('MH01AB');
    await input.press('End');
    // The header's leaderboard comes in when the page is idle: its arrival lays out the header (and may move a link
    // into 'More'), which is not the keystroke's layout this test is about.
    await page.getByText(/^Your rank:/).waitFor();
    const layouts = layoutsIn(await traceOf(page, ['devtools.timeline'], () => page.keyboard.type('cd12')));
    expect(layouts.length).toBeGreaterThanOrEqual(4);
    // The field, its inner editor and the text: without containment every box up to the page (15 here) is laid out.
    expect(layouts.filter((l) => !l.partialLayout || l.dirtyObjects > 4)).toEqual([]);
    await expect.poll(() => input.inputValue()).toBe('MH01ABCD12');
    await page.context().close();
  });

  it("the countdown's tick every second lays out the countdown's text alone, not the page from its root", async () => {
    const target = await claim(api, (d) => rowVisibleAndEditable(d, 'registrationNumber'), 'with an editable registration number');
    const { page } = await reviewPage(REVIEWER, target.carId);
    // The lookups and pictures that arrive after the rows have their own layouts: traced once they are in.
    await page.waitForLoadState('networkidle');
    const timer = page.getByRole('timer', { name: 'Review time left' });
    const first = await timer.textContent();
    const layouts = layoutsIn(
      await traceOf(page, ['devtools.timeline'], async () => {
        await expect.poll(() => timer.textContent()).not.toBe(first);
        await page.waitForTimeout(1100);
      }),
    );
    // A tick at least; each a layout of the countdown's box and its text (without the boundary: 9 boxes from the root).
    expect(layouts.length).toBeGreaterThanOrEqual(1);
    expect(layouts.filter((l) => !l.partialLayout || l.dirtyObjects > 2)).toEqual([]);
    expect(await timer.textContent()).toMatch(/^0[0-2]:[0-5]\d$/);
    await page.context().close();
  });
});
