import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { DISABLE_FEATURES } from './tests/e2e/chromium-args.ts';

// Two projects. `unit`: engine, machine and server tests in node; component tests opt into jsdom per file with
// `// @vitest-environment jsdom`. `storybook`: every story rendered in headless Debian Chromium (never a downloaded
// browser), its play function run and axe-core checked (.storybook/preview.ts fails serious/critical violations).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 60000,
          pool: 'forks',
          // Vitest's default is one worker less than the cores: one on CI's 2 cores, where the unit run then took 7 of
          // the 20 minutes. Two workers there took 5 and passed.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          testTimeout: 30000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', DISABLE_FEATURES],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
