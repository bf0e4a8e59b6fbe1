// Issue 17 config studio against the real server: the analyst lands on /config-studio, changes the car's
// insurance-type rule and sees the live preview of a seeded inspection change (and why, in the explain panel), adds a
// case from the preview, saves a version; a reviewer's newly opened review follows it while one already open keeps its
// own; a failing case and a schema error are refused by the studio and by the server (422 with the reasons), and
// activating the earlier version rolls back.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mergeConfigFiles, type ReviewConfigFile } from '../../src/engine/config.ts';
import { car } from '../../src/products/car.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import { apiAs } from './api.ts';
import { apiLogin, launchBrowser, reviewRow, scrollToRendered, signedInContext, watchErrors } from './browser.ts';

const baseURL = inject('baseURL');
const ANALYST = 'analyst@qc.example';
const REVIEWER = 'qc.reviewer@qc.example';
const NCB = 'carDetails.insuranceType.noClaimBonus';
const CASE = 'Insurance 3rd Party keeps the expiry and drops the no-claim bonus';
let browser: Browser;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const seed = (): Json => structuredClone(mergeConfigFiles(Object.values(car.files) as ReviewConfigFile[])) as Json;

/** '3rd Party' also shows the no-claim bonus (the insurance-type rule); `fixCase` updates the case to expect it. */
function thirdPartyKeepsBonus(fixCase: boolean): Json {
  const c = seed();
  c.rules.find((r: Json) => r.id === 'insurance.ncb').when.in[1].push('3rd Party');
  if (fixCase) {
    // The percent row follows its parent (visibility cascades), shown for the case's 'Yes'.
    const expected = c.cases.find((x: Json) => x.name === CASE).expect.rows;
    expected.noClaimBonus.isVisible = true;
    expected.noClaimBonusPercentage.isVisible = true;
  }
  return c;
}

/** Replaces the editor's whole text in one change, as a paste would (typing 100 KB key by key is far too slow). */
async function replaceText(page: Page, config: Json) {
  await page.locator('.cm-content').evaluate((content, text) => {
    // CodeMirror keeps its view on the content element (EditorView.findFromDOM does the same).
    const view = (content as unknown as { cmTile: { root: { view: { state: { doc: { length: number } }; dispatch: (tr: object) => void } } } }).cmTile.root.view;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  }, JSON.stringify(config, null, 2));
}

/** The editor's whole text (the content element renders only the lines in view). */
function editorText(page: Page): Promise<string> {
  return page.locator('.cm-content').evaluate((content) => (content as unknown as { cmTile: { root: { view: { state: { doc: { toString(): string } } } } } }).cmTile.root.view.state.doc.toString());
}

/** A seeded inspection of the preview's list recorded as '3rd Party' (outside NPDI, which hides the insurance rows). */
async function thirdPartySample(): Promise<InspectionDetail> {
  const api = await apiAs(baseURL, ANALYST);
  const { detail: samples } = await api.get<{ detail: { carId: number }[] }>('v2/config-studio/products/car/samples');
  for (const { carId } of samples) {
    const { detail } = await api.get<{ detail: InspectionDetail }>(`v2/config-studio/products/car/samples/${carId}`);
    if (detail.inspectionData.carDetails?.insuranceType?.value === '3rd Party' && detail.tenant !== 'NPDI') return detail;
  }
  throw new Error('no seeded 3rd Party inspection in the preview list');
}

/** A review of `carId` opened now; resolves once its insurance type row is on screen. */
async function openReview(page: Page, carId: number) {
  await page.goto(`${baseURL}/review/${carId}`);
  await reviewRow(page, 'carDetails.insuranceType');
}

/**
 * Whether the no-claim bonus row is shown: asked once the rows on both sides of its place are rendered (the
 * insurance expiry, which '3rd Party' shows, and RA Details, always shown), so a row range the virtualizer has not
 * finished rendering is not read as the row being hidden.
 */
async function bonusShown(page: Page): Promise<boolean> {
  await page.locator('[data-row="carDetails.insuranceType.insuranceExpiry"]').waitFor();
  await page.locator('[data-row="carDetails.raDetails"]').waitFor();
  return (await page.locator(`[data-row="${NCB}"]`).count()) > 0;
}

const caseItem = (page: Page) => page.getByRole('region', { name: 'Cases' }).getByRole('listitem').filter({ hasText: CASE });

describe('config studio (issue 17)', () => {
  it('the analyst previews a rule change on a seeded inspection, adds a case, saves; reviews follow the active version, open ones keep theirs; broken configs are refused; roll back', async () => {
    const sample = await thirdPartySample();
    // A reviewer's review opened before the change: '3rd Party' hides the no-claim bonus.
    const reviewer = await signedInContext(browser, baseURL, REVIEWER);
    const openBefore = await reviewer.newPage();
    const reviewerErrors = watchErrors(openBefore);
    await openReview(openBefore, sample.carId);
    expect(await bonusShown(openBefore)).toBe(false);

    const context = await signedInContext(browser, baseURL, ANALYST);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/config-studio`);
    await page.getByRole('heading', { name: 'Config studio' }).waitFor();
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Pass/);
    const save = page.getByRole('button', { name: 'Save as a new version' });

    // Tab indents in the editor; the hint it is described by says how to leave it, and Esc, then Tab, does.
    const editor = page.getByRole('textbox', { name: 'Config JSON' });
    await editor.focus();
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const hintId = await editor.getAttribute('aria-describedby');
    expect(await page.locator(`#${hintId}`).textContent()).toBe('Tab indents. To leave the editor by keyboard, press Esc, then Tab.');
    await page.keyboard.press('Control+z'); // the indent Tab made
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(false);

    // The preview shows the seeded inspection through the review's rows; the explain panel says why the bonus is hidden.
    const preview = page.getByRole('region', { name: 'Preview' });
    await page.getByRole('combobox', { name: 'Preview inspection' }).selectOption(String(sample.carId));
    await preview.getByRole('tab', { name: /^Documents/ }).waitFor();
    await scrollToRendered(page, preview.locator('[data-row="carDetails.insuranceType"]'));
    expect(await preview.locator(`[data-row="${NCB}"]`).count()).toBe(0);
    await preview.getByRole('combobox', { name: 'Explain row' }).selectOption({ label: 'No Claim Bonus (hidden)' });
    const why = preview.getByRole('region', { name: 'Why this row' });
    await why.getByText("Hidden: none of its show rules ('insurance.ncb') holds.").waitFor();
    await why.getByRole('row').filter({ hasText: 'insurance.ncb' }).filter({ hasText: 'insuranceType = "3rd Party"' }).filter({ hasText: 'does not hold' }).first().waitFor();

    // The rule changed but its case not: the case fails, Save stays off; the preview already shows the bonus.
    await replaceText(page, thirdPartyKeepsBonus(false));
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Fail.*row 'noClaimBonus'\.isVisible: expected false, got true/);
    await preview.locator(`[data-row="${NCB}"]`).waitFor();
    await why.getByText("Visible: the show rule 'insurance.ncb' holds.").waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('3rd Party keeps the no-claim bonus');
    expect(await save.isDisabled()).toBe(true);

    // The case now expects the new behaviour. In the preview the reviewer ticks the insurance type: its rows are
    // ticked with it and the Documents count and the pre-submit message follow; that becomes a new case, which passes.
    await replaceText(page, thirdPartyKeepsBonus(true));
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Pass/);
    const documentsTab = preview.getByRole('tab', { name: /^Documents \(\d+\)$/ });
    const count = async () => Number(/\((\d+)\)/.exec((await documentsTab.textContent()) ?? '')?.[1]);
    const before = await count();
    await preview.getByRole('checkbox', { name: 'Reject Insurance Type' }).check();
    await expect.poll(count).toBeGreaterThan(before + 1);
    expect(await preview.getByRole('checkbox', { name: 'Reject No Claim Bonus' }).isChecked()).toBe(true);
    // A word typed in the preview is one edit of the case, not one per keystroke.
    const regNo = (await scrollToRendered(page, preview.locator('[data-key="registrationNumber"] input.row-input'))).first();
    await regNo.fill('');
    await regNo.pressSequentially('MH01AB12');
    await preview.getByText('2 edits in the preview').waitFor();
    await preview.getByText(/^Pre-submit check: /).waitFor();
    await preview.getByRole('button', { name: 'Add case from preview' }).click();
    const added = page.getByRole('region', { name: 'Cases' }).getByRole('listitem').filter({ hasText: 'Preview case 1' });
    await expect.poll(() => added.textContent()).toMatch(/^Pass/);

    // Unsaved text survives a reload: leaving asks first, and the studio opens with the draft (its added case passes).
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    await expect.poll(() => added.textContent()).toMatch(/^Pass/);
    await page.getByRole('textbox', { name: 'Message' }).fill('3rd Party keeps the no-claim bonus');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('Version 2 saved and active').waitFor();
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByRole('row').filter({ hasText: 'Anita Analyst' }).filter({ hasText: 'Active' }).waitFor();
    // Saved, the text is the active version's: no draft is left (a reload neither asks nor restores).
    await page.reload();
    await page.getByRole('heading', { name: 'Config studio' }).waitFor();
    await expect.poll(() => added.textContent()).toMatch(/^Pass/);
    expect(await page.getByText('Draft restored').count()).toBe(0);
    const { access_token } = await apiLogin(baseURL, ANALYST);
    const stored = await (await fetch(`${baseURL}/api/v2/config-studio/products/car/active`, { headers: { authorization: `Bearer ${access_token}` } })).json();
    expect(stored.detail.config.cases.at(-1)).toMatchObject({ name: 'Preview case 1', edits: [
        { type: 'check', key: 'insuranceType', checked: true },
        { type: 'setValue', key: 'registrationNumber', value: 'MH01AB12' },
      ],
    });

    // A review opened now runs version 2; the one open since before keeps the version it started with.
    const openAfter = await reviewer.newPage();
    await openReview(openAfter, sample.carId);
    expect(await bonusShown(openAfter)).toBe(true);
    await reviewRow(openBefore, 'carDetails.insuranceType');
    expect(await bonusShown(openBefore)).toBe(false);

    // A failing case and a schema error: shown in the studio, Save off; the server refuses both with the reasons.
    const post = (config: Json) =>
      fetch(`${baseURL}/api/v2/config-studio/products/car/versions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ config, message: 'broken' }),
      });
    const failing = thirdPartyKeepsBonus(false);
    await replaceText(page, failing);
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Fail/);
    await page.getByRole('textbox', { name: 'Message' }).fill('broken');
    expect(await save.isDisabled()).toBe(true);
    const refusedCase = await post(failing);
    expect(refusedCase.status).toBe(422);
    expect((await refusedCase.json()).reasons).toEqual([expect.stringContaining(`Case '${CASE}' fails: row 'noClaimBonus'.isVisible: expected false, got true`)]);

    const broken = thirdPartyKeepsBonus(true);
    broken.rules[0].effect = 'vanish';
    await replaceText(page, broken);
    // The place in the document's words (the rule's id) and the problem in plain words, as the server refuses it.
    const wrongEffect = "Rule 'npdi.rc' › 'effect': must be one of show, hide, enable, disable, check, clear, invalid, note, flag, options, upload.";
    await page.getByRole('region', { name: 'Problems' }).getByText(wrongEffect, { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    const refused = await post(broken);
    expect(refused.status).toBe(422);
    expect((await refused.json()).reasons[0]).toBe(wrongEffect);

    // A semantic problem (a rule naming a row nobody has) is marked in the editor at its path.
    const unknownRow = thirdPartyKeepsBonus(true);
    unknownRow.rules.find((r: Json) => r.id === 'insurance.ncb').target = 'noClaimBonuss';
    await replaceText(page, unknownRow);
    await page.getByRole('region', { name: 'Problems' }).getByText(/unknown row 'noClaimBonuss'/).first().waitFor();
    // F8 goes to the next diagnostic (CodeMirror renders only the lines in view): the mark sits on the rule's target.
    // The marks come with the Problems list (showProblems), in the effect after its render: F8 again while none is in view.
    await page.locator('.cm-content').click();
    const marked = async () => (await page.locator('.cm-lintRange-error').allTextContents()).join('');
    await expect
      .poll(async () => {
        if (!(await marked())) await page.keyboard.press('F8');
        return marked();
      })
      .toMatch(/^"target":/);

    // Roll back: the seed (version 1) is active again, the editor shows it, a newly opened review hides the bonus again.
    // The editor holds unsaved text: activating asks before it replaces it.
    const question = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await versions.getByRole('button', { name: 'Activate version 1' }).click();
    expect(await question).toBe('Activating version 1 replaces your unsaved changes in the editor. Activate it?');
    // Polled as the toasts' texts, so a failure names what was shown instead (an error toast, say).
    await expect.poll(() => page.locator('[data-sonner-toast]').allTextContents(), { timeout: 30_000 }).toContain('Version 1 is active');
    const active = await (await fetch(`${baseURL}/api/v2/config-studio/products/car/active`, { headers: { authorization: `Bearer ${access_token}` } })).json();
    expect(active.detail).toEqual({ id: 1, config: seed() });
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Pass/);
    const rolledBack = await reviewer.newPage();
    await openReview(rolledBack, sample.carId);
    expect(await bonusShown(rolledBack)).toBe(false);
    await versions.getByRole('button', { name: 'Changes in version 2' }).click();
    await page.getByRole('region', { name: 'Changes' }).getByText('rules: insurance.ncb changed').waitFor();
    await page.getByRole('region', { name: 'Changes' }).getByText('cases: Preview case 1 added').waitFor();
    expect(errors).toEqual([]);
    expect(reviewerErrors).toEqual([]);
    await context.close();
    await reviewer.close();
  });
  it('a config the rows cannot show: the preview says so and the studio, its draft and Discard stay; a check the server refuses is said in Checks; a reserved name is refused; Bike asks for no car sample', async () => {
    const context = await signedInContext(browser, baseURL, ANALYST);
    const page = await context.newPage();
    const notFound: string[] = [];
    page.on('response', (r) => r.status() === 404 && notFound.push(new URL(r.url()).pathname));
    await page.goto(`${baseURL}/config-studio`);
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('tab', { name: /^Documents/ }).waitFor();

    // An option list of another type builds in the browser (only the server checks types) and broke the rows.
    const wrongType = seed();
    wrongType.constants.options.fuelTypes = { a: 1 };
    await replaceText(page, wrongType);
    await preview.getByText('The preview cannot show this config: fix the problems marked in the text.').waitFor();
    expect(await page.getByText('This page stopped working. Reload the page to continue.').count()).toBe(0);
    // The draft holds that text: a reload restores it, and the studio is still usable to discard it.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    await preview.getByText('The preview cannot show this config: fix the problems marked in the text.').waitFor();
    await page.getByRole('button', { name: 'Discard' }).click();
    await preview.getByRole('tab', { name: /^Documents/ }).waitFor();

    await page.getByRole('navigation', { name: 'Products' }).getByRole('button', { name: 'Bike', exact: true }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Products' }).locator('[aria-current=true]').textContent()).toBe('Bike');
    await page.waitForTimeout(500);
    expect(notFound.filter((path) => path.includes('/samples/'))).toEqual([]);

    // Deeper than the server takes: the Checks panel says the server did not check it, instead of 'checks pass'.
    await page.getByRole('navigation', { name: 'Products' }).getByRole('button', { name: 'Car', exact: true }).click();
    await preview.getByRole('tab', { name: /^Documents/ }).waitFor();
    const deep = seed();
    let when: Json = { '==': [1, 1] };
    for (let i = 0; i < 45; i++) when = { and: [when] };
    deep.rules[0].when = when;
    await replaceText(page, deep);
    const checks = page.getByRole('region', { name: 'Problems' });
    await checks.getByText(/^The server did not check this text: /).waitFor();
    expect(await checks.getByText('Schema and semantic checks pass.').count()).toBe(0);

    // A reserved name is refused in plain words: the browser dropped it unsaid, and saved a config without it.
    const reserved = seed();
    reserved.constants.options.constructor = ['a'];
    await replaceText(page, reserved);
    await checks.getByText('The name constructor is not allowed as a field.').waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('options named constructor');
    expect(await page.getByRole('button', { name: 'Save as a new version' }).isDisabled()).toBe(true);
    await context.close();
  });

  it("another product's text opens at its top, not at the scroll position of the one before; half of a character is refused before sending, with where", async () => {
    const context = await signedInContext(browser, baseURL, ANALYST);
    const page = await context.newPage();
    await page.goto(`${baseURL}/config-studio`);
    await page.getByRole('region', { name: 'Preview' }).getByRole('tab', { name: /^Documents/ }).waitFor();
    const scroller = page.locator('.cm-scroller');
    await scroller.evaluate((el) => el.scrollTo(0, 6000));
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
    // The analyst reads there, the cursor in the text.
    await page.locator('.cm-line').nth(20).click();
    const before = await scroller.evaluate((el) => el.scrollTop);
    expect(before).toBeGreaterThan(1000);
    await page.getByRole('navigation', { name: 'Products' }).getByRole('button', { name: 'Bike', exact: true }).click();
    await expect.poll(() => editorText(page), { timeout: 10_000 }).toContain('"id": "bike"');
    expect(await page.locator('.cm-scroller').evaluate((el) => el.scrollTop)).toBe(0);

    await page.getByRole('navigation', { name: 'Products' }).getByRole('button', { name: 'Car', exact: true }).click();
    await expect.poll(() => editorText(page), { timeout: 10_000 }).toContain('"id": "car"');
    const lone = seed();
    lone.rules[3].message = 'Fitment \ud800';
    await replaceText(page, lone);
    await page
      .getByRole('region', { name: 'Problems' })
      .getByText(`Rule '${lone.rules[3].id}' › 'message' (rules.3.message) has half of a character (\\ud800, a UTF-16 surrogate with no other half), which cannot be saved: remove it, or write the whole character.`)
      .waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('lone surrogate');
    expect(await page.getByRole('button', { name: 'Save as a new version' }).isDisabled()).toBe(true);
    await context.close();
  });

  it("a save over a version another analyst made active after the editor opened is refused in plain words, the text kept; a second save goes over the new one", async () => {
    const context = await signedInContext(browser, baseURL, ANALYST);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/config-studio`);
    const products = page.getByRole('navigation', { name: 'Products' });
    await products.getByRole('button', { name: 'GS unflagging', exact: true }).click();
    await expect.poll(() => products.locator('[aria-current=true]').textContent()).toBe('GS unflagging');
    const checks = page.getByRole('region', { name: 'Problems' });
    await checks.getByText('Schema and semantic checks pass.').waitFor();

    // Meanwhile the QC admin publishes a version of the same product (over the one active when both opened it).
    const { access_token } = await apiLogin(baseURL, 'qc.admin@qc.example');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${baseURL}/api/v2/config-studio/products/gs-unflagging${path}`, { ...init, headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' } });
    const active = (await (await api('/active')).json()).detail as { id: number | null; config: Json };
    const theirs = await api('/versions', { method: 'POST', body: JSON.stringify({ config: active.config, message: 'the admin\'s change', baseVersion: active.id }) });
    expect(theirs.status).toBe(200);
    const theirId = (await theirs.json()).detail.id as number;

    const save = page.getByRole('button', { name: 'Save as a new version' });
    await page.getByRole('textbox', { name: 'Message' }).fill('my change');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText(`Version ${theirId} was made active by Vikram Admin after you opened this one, and yours would replace it. Your text is kept: look at what changed in the version list, then save again.`).waitFor();
    await page.getByRole('region', { name: 'Versions' }).getByRole('row').filter({ hasText: 'the admin' }).filter({ hasText: 'Active' }).waitFor();
    // Having seen it, the analyst saves again: now over the admin's version.
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText(`Version ${theirId + 1} saved and active`).waitFor();
    // The browser's own line for the refused request, nothing else.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await context.close();
  });
});
