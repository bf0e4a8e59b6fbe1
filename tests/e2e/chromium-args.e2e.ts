// tests/e2e/chromium-args.ts: our --disable-features replaces playwright-core's (Chromium keeps the last switch), so
// it must hold every feature Playwright disables; and with it a new context opens no omnibox popup WebUI.
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_DISABLED_FEATURES } from './chromium-args.ts';
import { launchBrowser } from './browser.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('the browsers of the tests and benchmarks', () => {
  it("keep every feature playwright-core disables (its own switch, read back from a browser it launched)", async () => {
    // Browser.getBrowserCommandLine answers only with --enable-automation.
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--enable-automation'] });
    try {
      const cdp = await browser.newBrowserCDPSession();
      const { arguments: args } = await cdp.send('Browser.getBrowserCommandLine');
      const theirs = args.filter((a) => a.startsWith('--disable-features=')).flatMap((a) => a.slice('--disable-features='.length).split(','));
      expect(theirs.length).toBeGreaterThan(0);
      expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
    } finally {
      await browser.close();
    }
  });

  it('open a context without the omnibox popup pages', async () => {
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('data:text/html,<p>page</p>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome://'))).toEqual([]);
      expect(targetInfos.map((t) => t.url)).toContain('data:text/html,<p>page</p>');
    } finally {
      await browser.close();
    }
  });
});
