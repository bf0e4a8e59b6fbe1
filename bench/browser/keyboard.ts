// Keyboard-only review (issue 16 'Review from the keyboard'): a scripted reviewer reviews a car's Documents tab on
// /review/{carId} of the built app with the keyboard alone, through the row finder, ticks, corrections, a remark and
// Ctrl+Enter with its issue-type popup, and the bench reports the time from the first editable row to the success
// toast and the keystrokes it took. Each typed character counts as a keystroke, as it does for a person.
import type { Browser, Page } from 'playwright-core';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import type { Edit } from '../../src/engine/types.ts';
import { apiAs, claim, modelAfter, submittable, type Api } from '../../tests/e2e/api.ts';
import { laterForCustomerDocuments, signedInContext } from '../../tests/e2e/browser.ts';

const REVIEWER = 'qc.reviewer@qc.example';
const REG_NUMBER = 'MH12AB1234';
const REMARK = 'Plate differs from RC';

export interface KeyboardReview {
  ms: number;
  keystrokes: number;
}

async function otherColour(api: Api, detail: InspectionDetail): Promise<string> {
  const row = (await modelAfter(api, detail)).rows.carColour;
  return (row.options ?? []).find((c) => c !== row.value)!;
}

/** Counts every key as pressed; `type` is one keystroke per character. */
function keyboard(page: Page) {
  let count = 0;
  return {
    press: async (key: string) => {
      count++;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      count += text.length;
      await page.keyboard.type(text);
    },
    count: () => count,
  };
}

/** The key of the row holding the focused element, for checking each step landed where a person would see it. */
const focusedRow = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-key]')?.getAttribute('data-key') ?? null);

async function expectFocus(page: Page, key: string): Promise<void> {
  await page.waitForFunction((k) => document.activeElement?.closest('[data-key]')?.getAttribute('data-key') === k, key, { timeout: 5000 }).catch(async () => {
    throw new Error(`focus is on ${await focusedRow(page)}, not ${key}`);
  });
}

/** One keyboard-only review of a fresh car, as its assignee. */
export async function keyboardReview(browser: Browser, baseURL: string): Promise<KeyboardReview> {
  const api = await apiAs(baseURL, REVIEWER);
  const edits = async (d: InspectionDetail): Promise<Edit[]> => [
    { type: 'check', key: 'carColour', checked: true },
    { type: 'setValue', key: 'carColour', value: await otherColour(api, d) },
    { type: 'setValue', key: 'registrationNumber', value: REG_NUMBER },
  ];
  const car = await claim(api, async (d) => submittable(api, d, await edits(d)), 'that accepts a colour and registration number correction');
  const colour = await otherColour(api, car);
  const context = await signedInContext(browser, baseURL, REVIEWER);
  try {
    const page = await context.newPage();
    // The leave prompt is not part of the review.
    page.on('dialog', (d) => void d.accept());
    await laterForCustomerDocuments(page);
    await page.goto(`${baseURL}/review/${car.carId}`);
    await page.locator('[data-row] input:not(:disabled)').first().waitFor();
    const keys = keyboard(page);
    const started = await page.evaluate(() => performance.now());

    // Car Colour: find it, tick it, pick the corrected colour by typing its name in the select.
    await keys.press('/');
    await keys.type('car colour');
    await keys.press('Enter');
    await expectFocus(page, 'carColour');
    await keys.press('x');
    await keys.press('e');
    await keys.type(colour);
    // Registration number: Ctrl+K works from inside a field; correct it, then leave the field for the row and remark.
    await keys.press('Control+K');
    await keys.type('registration number');
    await keys.press('Enter');
    await expectFocus(page, 'registrationNumber');
    await keys.press('e');
    await keys.press('Control+A');
    await keys.type(REG_NUMBER);
    await keys.press('Tab');
    await keys.press('Shift+Tab');
    await expectFocus(page, 'registrationNumber');
    await keys.press('r');
    await page.getByRole('textbox', { name: 'Remark' }).waitFor();
    await keys.type(REMARK);
    await keys.press('Enter');
    await page.locator('[data-key="registrationNumber"] .remark-history').getByText(REMARK).waitFor();

    // Submit: Ctrl+Enter runs every pre-submit check; the rejection asks for an issue type.
    await keys.press('Control+Enter');
    const popup = page.getByRole('dialog', { name: 'Issue Type' });
    await popup.waitFor();
    await keys.press('Tab');
    await keys.press('Tab');
    await keys.press('Space');
    // Focus is held in the popup: back from its first control wraps to its last, Confirm.
    await keys.press('Shift+Tab');
    await keys.press('Shift+Tab');
    await keys.press('Enter');
    await page.getByText('Inspection Completed Successfully').waitFor();
    const ended = await page.evaluate(() => performance.now());
    return { ms: ended - started, keystrokes: keys.count() };
  } finally {
    await context.close();
  }
}

const RUNS = 3;

/** The scenario RUNS times, each on a fresh car; prints and returns the median time and the keystrokes. */
export async function keyboardBench(browser: Browser, baseURL: string): Promise<KeyboardReview> {
  const runs: KeyboardReview[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await keyboardReview(browser, baseURL));
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const result = { ms: times[Math.floor(times.length / 2)], keystrokes: runs[0].keystrokes };
  console.log(
    `\nKeyboard-only review of a car (finder, tick, correction, remark, Ctrl+Enter and the issue-type popup; bench/browser/keyboard.ts), first editable row → success toast, median of ${RUNS}: ${(result.ms / 1000).toFixed(2)} s (${times.map((t) => (t / 1000).toFixed(2)).join(' / ')}), ${result.keystrokes} keystrokes`,
  );
  return result;
}
