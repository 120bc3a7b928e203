import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants, gzip as zlibGzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rollup } from 'vite';
import { defineConfig } from 'vitest/config';

const apiPort = Number(process.env.PORT ?? 3000);
const brotli = promisify(brotliCompress);
const gzipBest = promisify(zlibGzip);

/**
 * gzip by Zopfli (a WebAssembly build): the same format any browser reads, about 4 % smaller than zlib's best. It
 * runs in a worker thread because the Emscripten module installs process-wide error handlers where it is loaded.
 */
function zopfliGzipper() {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { gzipAsync } = require(workerData.zopfli);
     parentPort.on('message', async ({ id, source }) => parentPort.postMessage({ id, gzipped: await gzipAsync(source, { numiterations: 15 }) }));`,
    { eval: true, workerData: { zopfli: createRequire(import.meta.url).resolve('@gfx/zopfli') } },
  );
  const waiting = new Map<number, { done: (gzipped: Uint8Array) => void; fail: (error: unknown) => void }>();
  let nextId = 0;
  worker.on('message', ({ id, gzipped }: { id: number; gzipped: Uint8Array }) => {
    waiting.get(id)?.done(gzipped);
    waiting.delete(id);
  });
  worker.on('error', (error) => {
    for (const { fail } of waiting.values()) fail(error);
    waiting.clear();
  });
  return {
    gzip: (source: Buffer) =>
      new Promise<Uint8Array>((done, fail) => {
        const id = nextId++;
        waiting.set(id, { done, fail });
        worker.postMessage({ id, source });
      }),
    close: () => worker.terminate(),
  };
}

/** A JSON module's chunk (the offline basemap's atlases), not code. */
const isDataChunk = (file: Rollup.OutputAsset | Rollup.OutputChunk) => file.type === 'chunk' && !!file.facadeModuleId?.endsWith('.json');

/**
 * Writes `.br` and `.gz` siblings of every text file of the build, at the strongest levels (done once, at build
 * time), for the server to send as they are (server/plugins/spa.ts). Files under 1 KiB, or that would not shrink,
 * are left alone, as the server's own compression leaves small answers alone.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sunplot:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file.fileName));
      const zopfli = zopfliGzipper();
      try {
        await Promise.all(
          files.map(async (file) => {
            const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            if (source.length < 1024) return;
            const path = resolve(outDir, file.fileName);
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              // Data chunks (a JSON module, such as the offline basemap's atlases, up to 0.8 MB) take Zopfli seconds each
              // for ~4 %; zlib's best level gzips them. Code keeps Zopfli: the landing page's budget is counted in gzip.
              isDataChunk(file) ? gzipBest(source, { level: constants.Z_BEST_COMPRESSION }) : zopfli.gzip(source),
            ]);
            await Promise.all([br.length < source.length && writeFile(`${path}.br`, br), gz.length < source.length && writeFile(`${path}.gz`, gz)]);
          }),
        );
      } finally {
        await zopfli.close();
      }
    },
  };
}

const inNodeModules = (packages: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${packages})[\\\\/]`);

/**
 * Chakra's theme files, one by one (src/components/ui/chakra-theme.ts). The package's `@chakra-ui/react/theme` module
 * re-exports every recipe, and through those re-exports the bundler kept each recipe a lazy screen uses in the first
 * chunk; imported file by file, the screens' recipes travel with the screens. Chakra is pinned to an exact version.
 */
const chakraTheme = resolve(import.meta.dirname, 'node_modules/@chakra-ui/react/dist/esm/theme');

export default defineConfig({
  resolve: { alias: { '@chakra-theme': chakraTheme } },
  plugins: [react(), precompress()],
  server: {
    // `npm run dev`: Vite serves the SPA, the API server (tsx watch) answers /api.
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/media': `http://127.0.0.1:${apiPort}` },
    port: 5173,
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Screens are lazy (src/app/app.tsx). What every page needs at start comes in two chunks, the libraries
        // (which change seldom, so stay cached) and the app; the UI kit parts only some screens use share one
        // chunk instead of dozens of tiny ones. The rest (maps, charts, drawing) stays with the screens that use it.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 3 },
            { name: 'app', tags: ['$initial'], priority: 2 },
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
