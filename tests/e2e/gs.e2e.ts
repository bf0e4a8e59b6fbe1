// GS unflagging (spec 002 §2–§8) in the browser against the real server: a GS reviewer signs in, opens flagged
// cars and acts on their flags; the stored flag is checked through the API.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiToken, launchBrowser, signedInContext, watchErrors } from './browser.ts';

const baseURL = inject('baseURL');
const GS = 'gs.team@qc.example';
let browser: Browser;
let token: string;

interface Flag {
  appointmentId: string;
  leadToken: string;
  conditionFlag: number;
  assignedTo: string | null;
}

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: T; headers: Headers }> {
  const res = await fetch(`${baseURL}/api/${path}${path.includes('?') ? '&' : '?'}utm_source=qc`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T, headers: res.headers };
}

const detailOf = async (f: Flag) => (await call<{ detail: { conditionFlag: number; status: string; otherInfo: { hardBeta: boolean } } }>('GET', `v2/gs-dealer-data/${f.appointmentId}?leadToken=${f.leadToken}`)).json.detail;

/** A pending car of gs.team: Alpha, Beta (not hard) or Hard Beta; each test takes its own. */
const taken = new Set<string>();
async function pick(kind: 'alpha' | 'beta' | 'hardBeta'): Promise<Flag> {
  const list = (await call<{ detail: Flag[] }>('GET', `v2/gs-dealer-data?emailId=${encodeURIComponent(GS)}&assignedTo[]=${encodeURIComponent(GS)}`)).json.detail;
  for (const f of list) {
    if (taken.has(f.appointmentId)) continue;
    const detail = await detailOf(f);
    const fits = kind === 'alpha' ? f.conditionFlag === 0 : kind === 'hardBeta' ? detail.otherInfo.hardBeta : f.conditionFlag !== 0 && !detail.otherInfo.hardBeta;
    if (fits) {
      taken.add(f.appointmentId);
      return f;
    }
  }
  throw new Error(`the seed has no pending ${kind} car of ${GS}`);
}

/** Opens the car from the list by keyboard: its Appt ID link focused, Enter. */
async function openDetail(page: Page, f: Flag) {
  await page.goto(`${baseURL}/gs-unflagging`);
  await page.getByRole('link', { name: f.appointmentId, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: `${f.appointmentId} | New inspection` }).waitFor();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option }).click();
  // A multi-select stays open after a choice.
  if (await page.getByRole('listbox').count()) await page.keyboard.press('Escape');
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(baseURL, GS);
  mkdirSync('tests/artifacts', { recursive: true });
});
afterAll(async () => browser?.close());

describe('GS unflagging in the browser (spec 002 §2, §4, §5, §8)', () => {
  it('gs.team signs in, lands on /gs-unflagging, changes a Beta car to Alpha with reason and disposition, and is back on the list', async () => {
    const car = await pick('beta');
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/login`);
    await page.getByRole('button', { name: /gs\.team@qc\.example/ }).click();
    await page.waitForURL(`${baseURL}/gs-unflagging`);
    await page.getByRole('columnheader', { name: 'Type' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: car.appointmentId, exact: true }) });
    await row.waitFor();
    await expect(row.getByRole('cell', { name: 'Beta', exact: true }).count()).resolves.toBe(1);
    await row.getByRole('cell').nth(2).click();
    await page.waitForURL(new RegExp(`/gs-unflagging-details/${car.appointmentId}\\?leadToken=`));
    await page.getByRole('heading', { name: `${car.appointmentId} | New inspection` }).waitFor();
    await page.getByText(/^Inspected by .+ \(CJ\d+\)$/).waitFor();
    await page.getByText(/^Scrap\(\d+\)$/).waitFor();
    await page.getByRole('heading', { name: 'Flagging Details' }).waitFor();
    // The no-go part's video plays.
    const video = page.locator('video').first();
    await video.scrollIntoViewIfNeeded();
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 400));
      return v.currentTime > 0 && v.videoWidth > 0;
    });
    expect(played).toBe(true);
    await page.screenshot({ path: 'tests/artifacts/gs-unflagging-detail.png' });

    await page.getByRole('button', { name: 'Change to Alpha' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Reason is required').waitFor();
    await page.getByText('Disposition is required').waitFor();
    await expect(page.getByText('Select All Wrong Granularities').count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: 'Reason' }).fill('Flood marks not visible in any photo');
    await choose(page, 'Disposition', 'Defect not visible in images or video');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Flag updated successfully').waitFor();
    expect(page.url()).toContain('/gs-unflagging-details/');
    await page.waitForURL(`${baseURL}/gs-unflagging`, { timeout: 5000 });
    expect(await detailOf(car)).toMatchObject({ conditionFlag: 0, status: 'REVIEWED' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an Alpha car changed to Beta sends the chosen wrong granularities; a Hard Beta car cannot be changed, only un-flagged', async () => {
    const context = await signedInContext(browser, baseURL, GS);
    const page = await context.newPage();
    const alpha = await pick('alpha');
    await openDetail(page, alpha);
    const change = page.getByRole('button', { name: 'Change to Beta' });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    // Cancel by keyboard gives the focus back to the action that opened the form (it fell to the page's body).
    await change.click();
    await page.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Reason' }).waitFor({ state: 'detached' });
    expect(await focused()).toBe('Change to Beta');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Engine misfire audible in the video');
    await choose(page, 'Disposition', 'Defect missed by the inspector');
    // The multi-select by keyboard: Enter opens it and picks the first option; it stays open, and Tab closes it,
    // keeping the choice, and goes on to Submit (it was trapped in the list).
    const granularities = page.getByRole('button', { name: /Select All Wrong Granularities$/ });
    await granularities.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await focused()).toBe('Submit');
    expect(await granularities.textContent()).toContain('Engine');
    await page.keyboard.press('Shift+Tab');
    expect(await granularities.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    // Submit by keyboard: once stored the form goes, and the focus goes to the action bar, not the page's body.
    await page.keyboard.press('Enter');
    await page.getByText('Flag updated successfully').waitFor();
    await expect.poll(focused).toBe('Flag action');
    expect(await detailOf(alpha)).toMatchObject({ conditionFlag: 4, status: 'REVIEWED' });

    const hard = await pick('hardBeta');
    await openDetail(page, hard);
    await page.getByText('Hard Beta', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Change to Alpha' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Un-flag this car' }).click();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Airbag replaced with an original part');
    await choose(page, 'Disposition', 'Defect repaired before sale');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Car un-flagged successfully').waitFor();
    expect(await detailOf(hard)).toMatchObject({ conditionFlag: -1, status: 'UNFLAGGED' });
    await context.close();
  });

  it("a flag changed since the page loaded answers 412: the toast adds ', Please retry again.' and the page stays", async () => {
    const context = await signedInContext(browser, baseURL, GS);
    const page = await context.newPage();
    const car = await pick('beta');
    await openDetail(page, car);
    const meanwhile = await call('PATCH', `v2/gs-dealer-data/${car.appointmentId}`, { conditionFlag: car.conditionFlag, status: 'REVIEWED' });
    expect(meanwhile.status).toBe(200);
    await page.getByRole('button', { name: 'Mark as Beta' }).click();
    await page.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('The flag of this car was changed since you opened it, Please retry again.').waitFor();
    // The focus stayed on Submit while it was sent (a disabled button drops it to the body), so a retry is one key away.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit');
    await page.waitForTimeout(2500);
    expect(page.url()).toContain(`/gs-unflagging-details/${car.appointmentId}`);
    await context.close();
  });

  it('a non-numeric appointment id or a wrong lead token shows a plain not-found page', async () => {
    const context = await signedInContext(browser, baseURL, GS);
    const page = await context.newPage();
    await page.goto(`${baseURL}/gs-unflagging-details/abc?leadToken=x`);
    await page.getByRole('heading', { name: 'Flagged car not found' }).waitFor();
    await page.goto(`${baseURL}/gs-unflagging-details/2051200000?leadToken=wrong`);
    await page.getByRole('heading', { name: 'Flagged car not found' }).waitFor();
    await context.close();
  });
});

describe('the GS detail from the keyboard (issue 16 Review from the keyboard)', () => {
  it('? lists its shortcuts, ] / [ move between sections and carousels, keys typed in Reason stay there, Ctrl+Enter runs the checks and submits', async () => {
    const car = await pick('alpha');
    const context = await signedInContext(browser, baseURL, GS);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/gs-unflagging-details/${car.appointmentId}?leadToken=${car.leadToken}`);
    await page.getByRole('heading', { name: 'Flagging Details' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.querySelector('h2')?.textContent ?? null);

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByRole('rowheader').allTextContents()).toEqual([']  /  [', 'Ctrl+Enter', '?']);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // ] goes to the first section, its carousel taking the focus (← → scroll it), then the action bar, then on.
    await page.keyboard.press(']');
    await expect.poll(focused).toBe('Car images');
    await page.keyboard.press(']');
    await expect.poll(focused).toBe('Flag action');
    await page.keyboard.press(']');
    await expect.poll(focused).toBe('Flagging Details');
    await page.keyboard.press('[');
    await expect.poll(focused).toBe('Flag action');

    // Ctrl+Enter with a change chosen and nothing filled in: the machine's checks answer, nothing is stored.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change to Beta');
    await page.keyboard.press('Enter');
    const reason = page.getByRole('textbox', { name: 'Reason' });
    await reason.waitFor();
    await reason.focus();
    await page.keyboard.type('a?]n');
    expect(await reason.inputValue()).toBe('a?]n');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Enter');
    await page.getByText('Reason is required').waitFor();
    await page.getByText('Disposition is required').waitFor();
    expect(await detailOf(car)).toMatchObject({ conditionFlag: 0, status: 'pending' });

    // Mark as Alpha needs no reason: Ctrl+Enter submits it.
    await page.getByRole('button', { name: 'Mark as Alpha' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Enter');
    await page.getByText('Flag updated successfully').waitFor();
    expect(await detailOf(car)).toMatchObject({ conditionFlag: 0, status: 'REVIEWED' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
