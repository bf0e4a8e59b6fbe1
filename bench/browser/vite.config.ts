// Bench-only build of the keystroke pages (bench/browser/*.html): production React, the real review components.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    // The benchmark passes its own temporary outDir; a manual build goes outside the repo too (nothing to lint or ignore).
    outDir: join(tmpdir(), 'qc-bench-browser-pages'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 5000,
    rollupOptions: { input: { review: resolve(root, 'review.html'), rjsf: resolve(root, 'rjsf.html'), bare: resolve(root, 'bare.html') } },
  },
});
