// Issue 17 config studio against the real server: the analyst lands on /config-studio, changes the car's
// insurance-type rule and sees its case fail then pass, saves a version, a config with a schema error is refused by
// the studio and by the server (422 with the reason), and activating the earlier version rolls back.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mergeConfigFiles, type ReviewConfigFile } from '../../src/engine/config.ts';
import { car } from '../../src/products/car.ts';
import { apiLogin, launchBrowser, signedInContext, watchErrors } from './browser.ts';

const baseURL = inject('baseURL');
const ANALYST = 'analyst@qc.example';
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

const caseItem = (page: Page) => page.getByRole('region', { name: 'Cases' }).getByRole('listitem').filter({ hasText: CASE });

describe('config studio (issue 17)', () => {
  it('the analyst edits the car config, a failing case and a schema error block saving, saves a version and rolls back', async () => {
    const context = await signedInContext(browser, baseURL, ANALYST);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/config-studio`);
    await page.getByRole('heading', { name: 'Config studio' }).waitFor();
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Pass/);
    const save = page.getByRole('button', { name: 'Save as a new version' });

    // The rule changed but its case not: the case fails, Save stays off.
    await replaceText(page, thirdPartyKeepsBonus(false));
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Fail.*row 'noClaimBonus'\.isVisible: expected false, got true/);
    await page.getByRole('textbox', { name: 'Message' }).fill('3rd Party keeps the no-claim bonus');
    expect(await save.isDisabled()).toBe(true);

    // The case now expects the new behaviour: every check passes and the version is saved and active.
    await replaceText(page, thirdPartyKeepsBonus(true));
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Pass/);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('Version 2 saved and active').waitFor();
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByRole('row').filter({ hasText: 'Anita Analyst' }).filter({ hasText: 'Active' }).waitFor();

    // A schema error: shown in the studio at its path, Save off; the server refuses it too.
    const broken = thirdPartyKeepsBonus(true);
    broken.rules[0].effect = 'vanish';
    await replaceText(page, broken);
    await page.getByRole('region', { name: 'Problems' }).getByText(/^At \/rules\/0\/effect: must be equal to one of the allowed values/).waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('broken');
    expect(await save.isDisabled()).toBe(true);
    const { access_token } = await apiLogin(baseURL, ANALYST);
    const refused = await fetch(`${baseURL}/api/v2/config-studio/products/car/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ config: broken, message: 'broken' }),
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).reasons[0]).toMatch(/^At \/rules\/0\/effect: must be equal to one of the allowed values/);

    // Roll back: the seed (version 1) is active again and the editor shows it.
    await versions.getByRole('button', { name: 'Activate version 1' }).click();
    await page.getByText('Version 1 is active').waitFor();
    const active = await (await fetch(`${baseURL}/api/v2/config-studio/products/car/active`, { headers: { authorization: `Bearer ${access_token}` } })).json();
    expect(active.detail).toEqual({ id: 1, config: seed() });
    await expect.poll(() => caseItem(page).textContent()).toMatch(/^Pass/);
    await versions.getByRole('button', { name: 'Changes in version 2' }).click();
    await page.getByRole('region', { name: 'Changes' }).getByText('rules: insurance.ncb changed').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
