// The GS refurbishment API (issue 13, spec 001 §7): one PGlite for this file, like api.test.ts.
import { describe } from 'vitest';
import { refurbishmentSuite } from './suites/refurbishment.suite.ts';
import { DB_KINDS, useHarness } from './support/harness.ts';

describe.each(DB_KINDS)('refurbishment API on %s', (kind) => {
  refurbishmentSuite(useHarness(kind));
});
