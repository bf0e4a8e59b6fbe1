import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/bike-api': server, '/docs-api': server, '/uploads': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, its scheduler and the router run on every route and change only with a dependency upgrade: one
          // chunk whose hashed name stays the same across app releases, so browsers keep it cached. Every other
          // library goes with the route chunks that use it (react-aria, xstate, the engine's json-logic stay off /login).
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            // The widget and state libraries every signed-in screen uses, in one chunk rather than ~25 small shared
            // ones: each is a request the server answers in turn on a cold load (issue 18 'Load').
            { name: 'vendor-ui', test: /node_modules[\\/](@react-aria|react-aria|react-aria-components|@react-stately|react-stately|@react-types|@internationalized|@swc|clsx|xstate|@xstate|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
});
