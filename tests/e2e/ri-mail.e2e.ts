// RI mail on a re-inspection's Summary (spec 000 §2 'RI Changes table with a Send Mail popup', §5 'Re-inspection
// e-mail', §7 reinspection-send-email and v2/get-reinspection-email-log-data, §8 'Email Sent!').
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { apiAs, claim, type Api } from './api.ts';
import { launchBrowser, laterForCustomerDocuments, signedInContext } from './browser.ts';

const baseURL = inject('baseURL');
const REVIEWER = 'qc.reviewer@qc.example';
let browser: Browser;
let api: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await apiAs(baseURL, REVIEWER);
  mkdirSync('tests/artifacts', { recursive: true });
});
afterAll(async () => browser?.close());

describe('spec 000 §5 re-inspection e-mail', () => {
  it('the assignee sends the RI Changes mail to the default recipients: Email Sent! and the mail is logged', async () => {
    const target = await claim(api, (d) => d.version > 0, 'that is a re-inspection');
    type LogEntry = { to: string[]; sentBy: string; version: number; reinspectionDiffUrl: string | null };
    const mailLog = async () => (await api.get<{ detail: LogEntry[] }>(`v2/get-reinspection-email-log-data?appointmentId=${target.appointmentId}`)).detail;
    // A mail as logged, less its diff link's signature: that is signed on each read with an expiry on a 10-minute step
    // (server/upload-url.ts), so a mail logged before this test reads differently once the test crosses a step.
    const logged = (entry: LogEntry) => JSON.stringify({ ...entry, reinspectionDiffUrl: entry.reinspectionDiffUrl?.split('?')[0] ?? null });
    const sentBefore = new Set((await mailLog()).map(logged));
    const context = await signedInContext(browser, baseURL, REVIEWER);
    const page = await context.newPage();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await laterForCustomerDocuments(page);
    await page.goto(`${baseURL}/review/${target.carId}`);
    await page.locator('[data-row]').first().waitFor();
    await page.getByRole('tab', { name: /^SUMMARY \(\d+\)$/ }).click();
    const ri = page.getByRole('region', { name: 'RI Changes' });
    await ri.getByRole('button', { name: 'Send Mail' }).click();

    const popup = page.getByRole('dialog', { name: 'Send Mail' });
    const recipients = popup.getByRole('list', { name: 'Recipients' }).getByRole('listitem');
    await recipients.first().waitFor();
    const defaults = (await recipients.allInnerTexts()).map((t) => t.replace(/\s*×\s*$/, '').trim());
    // Three fixed QC mailboxes plus the RA and regional-department e-mails (000 §5).
    expect(defaults.length).toBeGreaterThanOrEqual(3);
    if (target.raEmail) expect(defaults).toContain(target.raEmail.toLowerCase());
    await page.screenshot({ path: 'tests/artifacts/review-ri-mail.png' });

    // No recipients: 'Please select recipients', nothing sent.
    for (const email of defaults) await popup.getByRole('button', { name: `Remove ${email}` }).click();
    await popup.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => alerts).toContain('Please select recipients');
    await popup.getByRole('button', { name: 'Cancel' }).click();

    await ri.getByRole('button', { name: 'Send Mail' }).click();
    await popup.getByRole('list', { name: 'Recipients' }).getByRole('listitem').first().waitFor();
    await popup.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email Sent!').waitFor();
    await ri.getByRole('list', { name: 'Sent e-mails' }).getByRole('link', { name: 'Differences' }).first().waitFor();

    // Exactly one more mail in the log, sent by the assignee to the default recipients.
    const added = (await mailLog()).filter((entry) => !sentBefore.has(logged(entry)));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ sentBy: REVIEWER, version: target.version });
    expect([...added[0].to].sort()).toEqual([...defaults].sort());
    expect(added[0].reinspectionDiffUrl).toBeTruthy();
    await context.close();
  });
});
