// The attack suite (issue 11, SECURITY.md) on one embedded database per run, like tests/server/api.test.ts.
import { describe } from 'vitest';
import { DB_KINDS, useHarness } from '../server/support/harness.ts';
import { pollutionSuite } from './suites/pollution.suite.ts';

describe.each(DB_KINDS)('security on %s', (kind) => {
  const h = useHarness(kind);
  pollutionSuite(h);
});
