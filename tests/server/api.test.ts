// One entry for every database-backed server test: vitest runs each test file in its own process, so a single
// file means a single PGlite per run (~3 s, ~800 MB); suites isolate themselves by truncating and reseeding.
import { describe } from 'vitest';
import { configVersionSuite } from './suites/config-version.suite.ts';
import { generalSuite } from './suites/general.suite.ts';
import { gsSuite } from './suites/gs.suite.ts';
import { inspectionSuite } from './suites/inspections.suite.ts';
import { listCountsSuite } from './suites/list-counts.suite.ts';
import { lookupSuite } from './suites/lookups.suite.ts';
import { reviewSuite } from './suites/review.suite.ts';
import { sessionSuite } from './suites/session.suite.ts';
import { submissionResultsSuite } from './suites/submission-results.suite.ts';
import { DB_KINDS, useHarness } from './support/harness.ts';

describe.each(DB_KINDS)('server API on %s', (kind) => {
  const h = useHarness(kind);
  sessionSuite(h);
  inspectionSuite(h);
  listCountsSuite(h);
  reviewSuite(h);
  submissionResultsSuite(h);
  configVersionSuite(h);
  lookupSuite(h);
  generalSuite(h);
  gsSuite(h);
});
