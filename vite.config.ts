import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/bike-api': server, '/docs-api': server, '/uploads': server },
  },
  build: { outDir: 'dist', sourcemap: false },
});
