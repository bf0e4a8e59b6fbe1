import { defineConfig } from 'vitest/config';

// Browser tests: one server (built app + API on a fresh PGlite) for the whole run, driven by
// playwright-core in Debian's Chromium. Files run one after another: they share that server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/setup.ts'],
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
