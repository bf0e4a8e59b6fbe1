// Issue 16 'Look and feel': axe-core on every screen of every built flow, on the built app and the real server;
// any violation fails, whatever its impact (moderate and minor ones too: a skipped heading level, a page without an h1,
// two landmarks of one name, a role its element may not take). SCREENS is the list: a new screen (or a state of one, such as a tab or a
// dialog) is one more entry.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, claim, isFree, listAll } from './api.ts';
import type { RefurbListRow } from '../../src/api/refurbishment.ts';
import { laterForCustomerDocuments, launchBrowser, signedInContext } from './browser.ts';
import { linkPath } from '../../server/link-token.ts';
import { E2E_LINK_SECRET, inHour } from './server.ts';

const baseURL = inject('baseURL');
const REVIEWER = 'qc.reviewer2@qc.example';
const VERSION_USER = 'qc.version@qc.example';

interface Screen {
  name: string;
  /** Signed in as; none: signed out. */
  user?: string;
  /** The path to open (may look data up through the API first). */
  path: () => Promise<string> | string;
  /** Brings the page to the state to check once loaded (waits for its content, opens a tab or a dialog). */
  ready: (page: Page) => Promise<unknown>;
}

// One inspection assigned to the reviewer for the review screen's states, claimed once.
let assigned: Promise<{ carId: number; appointmentId: string }> | undefined;
const reviewCar = () => (assigned ??= apiAs(baseURL, REVIEWER).then((api) => claim(api, () => true, 'for the accessibility checks')));
const reviewTab = (tab: string) => async (page: Page) => {
  await page.locator('[data-row]').first().waitFor();
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await page.getByRole('tab', { name: new RegExp(`^${tab}`), selected: true }).waitFor();
};
/** The review with one of its dialogs open (`open` opens it once the rows are editable). */
const reviewDialog = (open: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.locator('[data-row] input:not(:disabled)').first().waitFor();
  await open(page);
  await page.getByRole('dialog').waitFor();
};
/** Screens with no particular state to wait for: their main landmark, then no requests in flight. */
const settled = async (page: Page) => {
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle');
};
const ADMIN = 'qc.admin@qc.example';
const PUBLIC_UNANSWERED = '3051200021';
const GS = 'gs.team@qc.example';
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

export const SCREENS: Screen[] = [
  { name: '/login', path: () => '/login', ready: heading('QC Review Panel') },
  { name: '/unauth', user: REVIEWER, path: () => '/unauth', ready: heading('Oops!') },
  { name: '/inspection (list)', user: REVIEWER, path: () => '/inspection', ready: (page) => page.getByRole('row').nth(1).waitFor() },
  { name: '/review Documents tab (assignee)', user: REVIEWER, path: async () => `/review/${(await reviewCar()).carId}`, ready: reviewTab('Documents') },
  { name: '/review EXTERIOR tab', user: REVIEWER, path: async () => `/review/${(await reviewCar()).carId}`, ready: reviewTab('EXTERIOR') },
  { name: '/review INTERIOR tab', user: REVIEWER, path: async () => `/review/${(await reviewCar()).carId}`, ready: reviewTab('INTERIOR') },
  { name: '/review SUMMARY tab', user: REVIEWER, path: async () => `/review/${(await reviewCar()).carId}`, ready: reviewTab('SUMMARY') },
  { name: '/review row finder (dialog)', user: REVIEWER, path: async () => `/review/${(await reviewCar()).carId}`, ready: reviewDialog((page) => page.getByRole('button', { name: 'Find row' }).click()) },
  { name: '/review keyboard shortcuts (dialog)', user: REVIEWER, path: async () => `/review/${(await reviewCar()).carId}`, ready: reviewDialog((page) => page.keyboard.press('?')) },
  { name: '/review image editor (dialog)', user: REVIEWER, path: async () => `/review/${(await reviewCar()).carId}`, ready: reviewDialog((page) => page.getByRole('button', { name: 'Edit image' }).first().click()) },
  {
    name: '/review read-only (not the assignee)',
    user: VERSION_USER,
    path: async () => {
      const free = (await listAll(await apiAs(baseURL, REVIEWER))).find(isFree);
      if (!free) throw new Error('the seed has no free inspection');
      return `/review/${free.carId}`;
    },
    ready: (page) => page.locator('[data-row]').first().waitFor(),
  },
  { name: '/inspection-version (versions list)', user: VERSION_USER, path: () => '/inspection-version', ready: (page) => page.getByRole('searchbox').first().waitFor() },
  {
    name: '/inspection-version/{appointmentId}',
    user: VERSION_USER,
    path: async () => `/inspection-version/${(await reviewCar()).appointmentId}`,
    ready: (page) => page.locator('table tbody tr').first().waitFor(),
  },
  { name: '/view-image/{index}', user: REVIEWER, path: () => '/view-image/0', ready: (page) => page.getByText('No results found').waitFor() },
  { name: '/gs-refurbishment (list)', user: REVIEWER, path: () => '/gs-refurbishment', ready: settled },
  {
    name: '/gs-refurbishment-review/{appointmentId}',
    user: REVIEWER,
    path: async () => {
      const api = await apiAs(baseURL, REVIEWER);
      const { data } = await api.get<{ data: RefurbListRow[] }>('v2/refurbishment?page=1');
      return `/gs-refurbishment-review/${data[0].appointmentId}`;
    },
    ready: settled,
  },
  { name: '/gs-refurbishment-version', user: REVIEWER, path: () => '/gs-refurbishment-version', ready: settled },
  { name: '/gs-unflagging (list)', user: 'gs.team@qc.example', path: () => '/gs-unflagging', ready: settled },
  { name: '/inspection-bike (list)', user: 'bike.qc@qc.example', path: () => '/inspection-bike', ready: settled },
  { name: '/car-variant-list', user: ADMIN, path: () => '/car-variant-list', ready: settled },
  { name: '/add-car-variant', user: ADMIN, path: () => '/add-car-variant', ready: settled },
  { name: '/admin (X factor)', user: ADMIN, path: () => '/admin', ready: settled },
  { name: '/admin-rv', user: ADMIN, path: () => '/admin-rv', ready: settled },
  { name: '/admin-odo', user: ADMIN, path: () => '/admin-odo', ready: settled },
  { name: '/update-cj', user: ADMIN, path: () => '/update-cj', ready: settled },
  { name: '/admin-vtt', user: ADMIN, path: () => '/admin-vtt', ready: settled },
  { name: '/sell-online (public)', path: () => '/sell-online', ready: settled },
  // Seeded public appointments (server/seed/gs.ts): opened, never answered here (public.e2e.ts answers others).
  { name: '/sell-online (public, an offer)', path: () => linkPath(E2E_LINK_SECRET, 'sell-online', PUBLIC_UNANSWERED, inHour()), ready: settled },
  { name: '/customer-audit (public, open)', path: () => linkPath(E2E_LINK_SECRET, 'customer-audit', PUBLIC_UNANSWERED, inHour()), ready: settled },
  { name: '/customer-audit (public, a refused link)', path: () => linkPath(E2E_LINK_SECRET, 'customer-audit', PUBLIC_UNANSWERED, inHour()).replace(/token=[\w-]+/, `token=${'A'.repeat(43)}`), ready: (page) => page.getByRole('alert').waitFor() },
  { name: '/customer-audit (public, no such appointment)', path: () => linkPath(E2E_LINK_SECRET, 'customer-audit', '3051299999', inHour()), ready: heading(/^Error::/) },
  // Seed showcase BK26110001 (server/seed/bikes.ts): uiVersion 2, B2B, hypothecated.
  { name: '/bike-review/{appointmentId}', user: 'bike.qc@qc.example', path: () => '/bike-review/BK26110001', ready: settled },
  { name: '/bike-report/{appointmentId}', user: 'version.pdf@qc.example', path: () => '/bike-report/BK26110001', ready: heading('INSPECTION REPORT') },
  // A version in the address shows in the header, as a badge on the header's dark background.
  { name: '/bike-report/{appointmentId}?version=1', user: 'bike.qc@qc.example', path: () => '/bike-report/BK26110003?version=1', ready: heading('INSPECTION REPORT') },
  { name: '/inspection-bike-version/{appointment}', user: 'bike.qc@qc.example', path: () => '/inspection-bike-version/BK26110001', ready: (page) => page.locator('table tbody tr').first().waitFor() },
  {
    name: '/gs-unflagging-details/{appointmentId} (assignee)',
    user: GS,
    path: async () => {
      const api = await apiAs(baseURL, GS);
      const { detail } = await api.get<{ detail: { appointmentId: string; leadToken: string }[] }>(
        `v2/gs-dealer-data?emailId=${encodeURIComponent(GS)}&assignedTo[]=${encodeURIComponent(GS)}`,
      );
      return `/gs-unflagging-details/${detail[0].appointmentId}?leadToken=${detail[0].leadToken}`;
    },
    ready: settled,
  },
  { name: '/config-studio', user: 'analyst@qc.example', path: () => '/config-studio', ready: settled },
];

let browser: Browser;
const contexts = new Map<string, Promise<BrowserContext>>();
const contextFor = (user?: string) => {
  const key = user ?? '';
  if (!contexts.has(key)) contexts.set(key, user ? signedInContext(browser, baseURL, user) : browser.newContext({ viewport: { width: 1366, height: 900 } }));
  return contexts.get(key)!;
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('accessibility: no axe-core violation on any screen', () => {
  it.each(SCREENS.map((s) => [s.name, s] as const))('%s', async (_, screen) => {
    const context = await contextFor(screen.user);
    const page = await context.newPage();
    // Only the app's own origin: the seed's image hosts are not reachable here.
    await page.route((url) => url.origin !== baseURL, (route) => route.abort());
    await laterForCustomerDocuments(page);
    await page.goto(`${baseURL}${await screen.path()}`);
    await screen.ready(page);
    // Every rule runs; only violations get their nodes' selectors built (axe's costliest step on a large page).
    const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    const found = violations.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : ''}`);
    expect(found).toEqual([]);
    // Every screen's content sits inside the page margin (`.page`, 24 px at the sides, 16 px under the app's header or
    // the window's top), as the header's does, never against the window's edge or the header.
    const inset = await page.locator('main').first().evaluate((main) => {
      const box = main.getBoundingClientRect();
      const style = getComputedStyle(main);
      const above = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
      return { left: box.left + parseFloat(style.paddingLeft) >= 24, top: box.top + parseFloat(style.paddingTop) - above >= 16 };
    });
    expect(inset).toEqual({ left: true, top: true });
    // Its fields and selects wear the design system's control style, never the browser's own (a 13 px font in a 2 px
    // inset frame), a filter row's labels are one size and its controls start on one line, and no heading outsizes
    // one of a higher level.
    const looks = await page.locator('main').first().evaluate((main) => {
      const unstyled = Array.from(main.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'))
        .filter((el) => !['checkbox', 'radio', 'file', 'range', 'color', 'hidden'].includes(el.type) && el.getClientRects().length > 0)
        .filter((el) => {
          const style = getComputedStyle(el);
          return style.borderTopStyle !== 'solid' || parseFloat(style.fontSize) < 14;
        })
        .map((el) => `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.getAttribute('placeholder') ?? ''}`);
      const labelSizes = Array.from(main.querySelectorAll('.filters'), (row) => new Set(Array.from(row.querySelectorAll('label'), (l) => getComputedStyle(l).fontSize)).size);
      // A filter row's controls (fields, select buttons, a bare button) start on one line.
      const tops = Array.from(main.querySelectorAll('.filters'), (row) =>
        Array.from(row.querySelectorAll<HTMLElement>('input, .select-button, .filters > button'), (el) => Math.round(el.getBoundingClientRect().top)),
      );
      const uneven = tops.filter((t) => Math.max(...t) - Math.min(...t) > 1).map((t) => t.join(' '));
      // A heading is never larger than a heading of a higher level on the page.
      const size = (level: number) => Array.from(document.querySelectorAll(`h${level}`), (h) => parseFloat(getComputedStyle(h).fontSize));
      const inverted = [1, 2, 3, 4].flatMap((level) => {
        const above = Math.min(...size(level));
        return size(level + 1).filter((s) => s > above).map((s) => `h${level + 1} ${s}px > h${level} ${above}px`);
      });
      // A table fits the window's width (1366 px) rather than scroll sideways to its last columns.
      const sideways = Array.from(main.querySelectorAll('table'), (table) => table.parentElement!)
        .filter((box) => box.scrollWidth > box.clientWidth + 1)
        .map((box) => `${box.querySelector('th')?.textContent ?? 'table'}…: ${box.scrollWidth} px in ${box.clientWidth}`);
      return { unstyled, labelSizes: labelSizes.filter((n) => n > 1), uneven, inverted, sideways };
    });
    expect(looks).toEqual({ unstyled: [], labelSizes: [], uneven: [], inverted: [], sideways: [] });
    // Closed only when it passed: a failed test's report says what its open page showed (tests/e2e/setup.ts).
    await page.close();
  });
});

describe('a navigation inside the app says where the user is', () => {
  /** The focused element: its tag, level-1 heading text, or nothing (the body). */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      return !el || el === document.body ? 'body' : `${el.tagName.toLowerCase()} ${el.textContent ?? ''}`;
    });

  it("the list, a review opened from it and Back: each page's title, and the focus on its heading; a fresh load leaves the focus alone", async () => {
    const { appointmentId } = await reviewCar();
    const page = await (await contextFor(REVIEWER)).newPage();
    await page.route((url) => url.origin !== baseURL, (route) => route.abort());
    await laterForCustomerDocuments(page);
    await page.goto(`${baseURL}/inspection`);
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.title()).toBe('Inspections · QC Review Panel');
    expect(await focused(page)).toBe('body');
    // The list is virtualised and other files' claims reorder it: the car is searched for, as a reviewer would.
    await page.getByRole('searchbox', { name: 'Appointment ID' }).fill(appointmentId);
    await page.keyboard.press('Enter');
    const row = page.getByRole('row', { name: new RegExp(appointmentId) });
    await row.waitFor();

    await row.click();
    await page.waitForURL(/\/review\/\d+$/);
    await page.locator('[data-row]').first().waitFor();
    await expect.poll(() => page.title()).toBe(`Review ${appointmentId} · QC Review Panel`);
    await expect.poll(() => focused(page)).toBe(`h1 ${appointmentId}`);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${baseURL}/inspection`);
    await expect.poll(() => page.title()).toBe('Inspections · QC Review Panel');
    await expect.poll(() => focused(page)).toBe('h1 Car QC');

    // Opened afresh, the review takes no focus: the browser starts the page at its top.
    await page.goto(`${baseURL}/review/${(await reviewCar()).carId}`);
    await page.locator('[data-row] input:not(:disabled)').first().waitFor();
    await expect.poll(() => page.title()).toBe(`Review ${appointmentId} · QC Review Panel`);
    expect(await focused(page)).toBe('body');
    await page.close();
  });
});
