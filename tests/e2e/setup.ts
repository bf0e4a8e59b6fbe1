// Every browser test that fails says what its open pages were doing (browser.ts `openPagesReport`): a page that never
// showed what the test waited for is otherwise only a timeout, which a flaky CI run does not explain.
import { beforeEach } from 'vitest';
import { forgetOpenPages, openPagesReport } from './browser.ts';

beforeEach(({ onTestFailed }) => {
  forgetOpenPages();
  onTestFailed(async ({ task }) => {
    const report = await openPagesReport();
    const error = task.result?.errors?.[0];
    if (error && report) error.message += `\n${report}`;
  });
});
