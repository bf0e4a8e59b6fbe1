// The review extras of issue 4 (remarks, comments, images, RI mail, customer documents, admin corrections, live
// auto-assignment): one PGlite for this file, suites isolate themselves with resetWithExtras (see api.test.ts).
import { describe } from 'vitest';
import { adminSuite } from './suites/admin.suite.ts';
import { adminToolsSuite } from './suites/admin-tools.suite.ts';
import { docsSuite } from './suites/docs.suite.ts';
import { imageSuite } from './suites/images.suite.ts';
import { liveSuite } from './suites/live.suite.ts';
import { remarkSuite } from './suites/remarks.suite.ts';
import { riMailSuite } from './suites/ri-mail.suite.ts';
import { variantSuite } from './suites/variants.suite.ts';
import { DB_KINDS, useHarness } from './support/harness.ts';

describe.each(DB_KINDS)('review extras API on %s', (kind) => {
  const h = useHarness(kind);
  remarkSuite(h);
  imageSuite(h);
  riMailSuite(h);
  docsSuite(h);
  adminSuite(h);
  liveSuite(h);
  variantSuite(h);
  adminToolsSuite(h);
});
