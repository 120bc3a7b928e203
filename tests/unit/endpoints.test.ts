import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type * as FastifyModule from 'fastify';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';

// Every route the app adds, as Fastify's onRoute hook sees it: the hook is added to each instance as it is made, so it
// sees the routes of every plugin registered after (all of them).
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: withRouteLog };
});

const { buildApp } = await import('../../server/app.ts');
const { openDatabase } = await import('../../server/db/client.ts');
const { loadSettings } = await import('../../server/env.ts');

const listed = Object.entries(endpoints).map(([name, { method, path }]) => ({ name, key: `${method} ${path}` }));
const root = join(import.meta.dirname, '../..');

/** Files under `dir` (relative to the repository) whose name ends in .ts or .tsx. */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name)).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('src/contract/endpoints.ts against the routes the app registers', () => {
  let close: () => Promise<void>;
  let routes: string[];

  beforeAll(async () => {
    const database = await openDatabase({});
    const dataDir = await mkdtemp(join(tmpdir(), 'sunplot-endpoints-'));
    const settings = loadSettings({ PUBLIC_URL: 'http://sunplot.test', LOG_LEVEL: 'silent' });
    const app = await buildApp({ settings, database, dataDir, jwtSecret: 'test-secret-that-is-long-enough-for-hs256!', version: 'test', seedDemoData: false });
    await app.ready();
    const keys = new Set(registered.filter(({ url }) => url.startsWith('/api/')).map(({ method, url }) => `${method} ${url}`));
    // Fastify answers HEAD for every GET by itself; HEAD is no endpoint of ours.
    routes = [...keys].filter((key) => !(key.startsWith('HEAD ') && keys.has(key.replace(/^HEAD /, 'GET '))));
    close = async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  }, 120_000);

  afterAll(() => close?.());

  it('lists every registered /api/ route, with its method', () => {
    const known = new Set(listed.map(({ key }) => key));
    const unlisted = routes.filter((key) => !known.has(key)).sort();
    if (unlisted.length > 0) console.log(`registered but not in src/contract/endpoints.ts (${unlisted.length}):\n  ${unlisted.join('\n  ')}`);
    expect(unlisted).toEqual([]);
  });

  it('registers every endpoint it lists, with the same method', () => {
    const served = new Set(routes);
    const unserved = listed.filter(({ key }) => !served.has(key)).map(({ name, key }) => `${name}: ${key}`);
    if (unserved.length > 0) console.log(`in src/contract/endpoints.ts but not registered (${unserved.length}):\n  ${unserved.join('\n  ')}`);
    expect(unserved).toEqual([]);
    console.log(`${listed.length} endpoints in src/contract/endpoints.ts, ${routes.length} routes registered under /api/`);
  });
});

describe('src/contract/endpoints.ts', () => {
  it('names each method and path once', () => {
    const keys = listed.map(({ key }) => key);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it("describes the tariff presets' answer", () => {
    assert({ count: TARIFF_PRESETS.length, results: TARIFF_PRESETS }, endpoints.tariffPresets.answer);
  });

  // A path written anywhere else could drift from the one the other side uses (account-endpoints.ts is part of the
  // list). NREL's NSRDB API has paths of its own.
  it("holds every '/api/' path of src/ and server/", async () => {
    const elsewhere = new Set(['src/contract/endpoints.ts', 'src/contract/account-endpoints.ts', 'server/energy/nsrdb.ts']);
    const files = [...(await sourceFiles('src')), ...(await sourceFiles('server'))].filter((file) => !elsewhere.has(file));
    const found: string[] = [];
    for (const file of files) {
      const lines = (await readFile(join(root, file), 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (/['"`]\/api\//.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    if (found.length > 0) console.log(`'/api/' paths outside src/contract/endpoints.ts (${found.length}):\n  ${found.join('\n  ')}`);
    expect(found).toEqual([]);
  });
});
