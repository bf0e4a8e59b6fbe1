// The bike calls of spec 001 §7: one PGlite for this file (see api.test.ts); the suite seeds its own bikes.
import { describe } from 'vitest';
import { bikeSuite } from './suites/bike.suite.ts';
import { DB_KINDS, useHarness } from './support/harness.ts';

describe.each(DB_KINDS)('bike API on %s', (kind) => {
  bikeSuite(useHarness(kind));
});
