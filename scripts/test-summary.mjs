// Prints the plain 'N passed, N failed' line CI reads, summed over the vitest JSON reports that
// `npm test` writes (and `npm run test:pg`, which .ci/run adds where the machine has PostgreSQL). A suite that
// failed to load, or a step that failed before any test ran (typecheck, lint, config check), counts as a failure so
// the line never reads green on a red run.
import { existsSync, readFileSync } from 'node:fs';

const exitCode = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
for (const file of ['.vitest-results.json', '.vitest-stories-results.json', '.vitest-e2e-results.json', '.vitest-pg-results.json']) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += Math.max(report.numFailedTests ?? 0, report.numFailedTestSuites ?? 0);
}
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
