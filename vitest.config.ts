import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Engine, machine and server tests run in node; component tests opt into jsdom per file
// with `// @vitest-environment jsdom`.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
