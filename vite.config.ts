import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev`: Vite serves the SPA, the API server (tsx watch) answers /api.
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/media': `http://127.0.0.1:${apiPort}` },
    port: 5173,
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite takes ~1 GB while it starts: two workers fit the 2-core machines.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}', 'tests/solar/**/*.test.ts', 'tests/lib/**/*.test.ts', 'tests/ui/**/*.test.{ts,tsx}'], environment: 'node' } },
      { extends: true, test: { name: 'api-pglite', include: ['tests/server/**/*.test.ts'], env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'api-postgres', include: ['tests/server/**/*.test.ts'], env: { TEST_DB: 'postgres' } } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});
