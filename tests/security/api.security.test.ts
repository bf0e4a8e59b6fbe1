// The attack suite (issue 11, SECURITY.md) on one embedded database per run, like tests/server/api.test.ts.
import { afterAll, describe } from 'vitest';
import { figures } from './figures.ts';
import { DB_KINDS, useHarness } from '../server/support/harness.ts';
import { authSuite } from './suites/auth.suite.ts';
import { badInputSuite } from './suites/bad-input.suite.ts';
import { matrixSuite } from './suites/matrix.suite.ts';
import { pollutionSuite } from './suites/pollution.suite.ts';
import { uploadsSuite } from './suites/uploads.suite.ts';

describe.each(DB_KINDS)('security on %s', (kind) => {
  const h = useHarness(kind);
  matrixSuite(h);
  pollutionSuite(h);
  badInputSuite(h);
  authSuite(h);
  uploadsSuite(h);
});

afterAll(() => figures.write());
