// The property-based fuzzer (issue 11) on its own embedded database, so it runs beside the other security suites.
import { afterAll, describe } from 'vitest';
import { DB_KINDS, useHarness } from '../server/support/harness.ts';
import { figures } from './figures.ts';
import { fuzzSuite } from './suites/fuzz.suite.ts';

describe.each(DB_KINDS)('fuzzer on %s', (kind) => {
  fuzzSuite(useHarness(kind));
});

afterAll(() => figures.write('tests/artifacts/security-fuzz-figures.json'));
