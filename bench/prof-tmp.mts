import { writeFileSync } from 'node:fs';
import { launchBrowser, signedInContext, laterForCustomerDocuments } from '../tests/e2e/browser.ts';
import { startServer } from '../tests/e2e/server.ts';
const server = await startServer({ staticDir: '/tmp/appC' });
const browser = await launchBrowser();
try {
  for (let run = 0; run < 3; run++) {
    const ctx = await signedInContext(browser, server.baseURL, 'qc.reviewer@qc.example');
    const page = await ctx.newPage();
    await laterForCustomerDocuments(page);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(`${server.baseURL}/review/1000002`);
    await page.locator('[data-row] input:enabled, [data-row] button:enabled').first().waitFor();
    const t = Date.now() - t0;
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`/tmp/prof/page${run}.cpuprofile`, JSON.stringify(profile));
    console.log('run', run, t, 'ms');
    await ctx.close();
  }
} finally { await browser.close(); await server.stop(); }
