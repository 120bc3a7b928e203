import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressPlugin } from './server/precompress.ts';
import { prerenderPlugin } from './src/prerender/vite-plugin.ts';

const apiPort = Number(process.env.PORT ?? 3000);

const inNodeModules = (packages: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${packages})[\\\\/]`);

/**
 * Chakra's theme files, one by one (src/components/ui/chakra-theme.ts). The package's `@chakra-ui/react/theme` module
 * re-exports every recipe, and through those re-exports the bundler kept each recipe a lazy screen uses in the first
 * chunk; imported file by file, the screens' recipes travel with the screens. Chakra is pinned to an exact version.
 */
const chakraTheme = resolve(import.meta.dirname, 'node_modules/@chakra-ui/react/dist/esm/theme');

/**
 * What a prerendered page runs before the app (src/main.tsx, src/prerender/island.ts and the two modules they import):
 * never in the app's chunks, so the page first loads only these few kB. The app itself (src/app/start-app.tsx) is an
 * entry of its own, so what it needs at start is `$initial` and comes in the vendor and app chunks.
 */
const appCode = /[\\/](src|machines)[\\/]/;
const pageScripts = /[\\/]src[\\/](main\.tsx|prerender[\\/]|components[\\/]ui[\\/]color-mode\.ts|lib[\\/]session-storage\.ts)/;

export default defineConfig({
  resolve: { alias: { '@chakra-theme': chakraTheme } },
  plugins: [react(), prerenderPlugin(), precompressPlugin()],
  server: {
    // `npm run dev`: Vite serves the SPA, the API server (tsx watch) answers /api.
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/media': `http://127.0.0.1:${apiPort}` },
    port: 5173,
  },
  build: {
    outDir: 'dist',
    // The offline basemap's data chunks (us-atlas counties ~820 kB, world-atlas 1:50m ~740 kB) are loaded only when a
    // map zooms to them; the code chunks stay far below this.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      input: { index: resolve(import.meta.dirname, 'index.html'), start: resolve(import.meta.dirname, 'src/app/start-app.tsx') },
      output: {
        // Screens are lazy (src/app/app.tsx). What every page needs at start comes in two chunks, the libraries
        // (which change seldom, so stay cached) and the app; the UI kit parts only some screens use share one
        // chunk instead of dozens of tiny ones. The rest (maps, charts, drawing) stays with the screens that use it.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 3 },
            // Not following its modules' imports into pageScripts, which the app shares with the page's first script.
            { name: 'app', tags: ['$initial'], test: (id) => appCode.test(id) && !pageScripts.test(id), includeDependenciesRecursively: false, priority: 2 },
            { name: 'ui', test: inNodeModules('@chakra-ui|@ark-ui|@zag-js|@floating-ui|@internationalized|@swc'), priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // Hang guards, not speed checks (those are benchmarks): every layer talks to real servers and databases, and on a
    // loaded 2-core machine a screening of the DC parcels or a whole screen flow takes up to a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // PGlite takes ~1 GB while it starts: two workers fit the 2-core machines.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}', 'tests/solar/**/*.test.ts', 'tests/lib/**/*.test.ts', 'tests/ui/**/*.test.{ts,tsx}'], environment: 'node' } },
      { extends: true, test: { name: 'api-pglite', include: ['tests/server/**/*.test.ts'], env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'api-postgres', include: ['tests/server/**/*.test.ts'], env: { TEST_DB: 'postgres' } } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/support/build-once.ts'] } },
    ],
  },
});
