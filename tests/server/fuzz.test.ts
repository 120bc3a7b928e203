/**
 * Property-based fuzz of every route the app registers: hostile JSON, query strings, multipart bodies, content types
 * and identities, signed in as users who own a project, a parcel, a preset and a weather file. Any 5xx fails the test
 * with the request that caused it and what the server logged.
 */
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Struct } from 'superstruct';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import { loadSettings } from '../../server/env.ts';
import { defaultLimits, type Limits } from '../../server/platform/rate-limiter.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { HttpClient } from '../support/http-client.ts';
import { readShared, WEATHER_FILES } from '../solar/fixtures.ts';
import { captureMailer, type TestApp } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-db.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';

/** Property runs × requests per run: at least 10,000 requests before shrinking. */
const runs = Number(process.env.FUZZ_RUNS ?? 1300);
const batchSize = 8;
/** A request still unanswered after this long counts as a hang. */
const hangMs = 20_000;

type App = Awaited<ReturnType<typeof buildApp>>;
type Identity = 'owner' | 'other' | 'anonymous' | 'forged';

interface Route {
  method: string;
  url: string;
}

interface HostileRequest {
  route: Route;
  /** Replaces the route's `:param` segments. */
  param: string;
  /** Raw query text after `?`, already encoded (or deliberately mis-encoded). */
  query: string;
  identity: Identity;
  csrf: boolean;
  body: { contentType?: string; payload: string } | null;
}

/** Every method and path the app answers, read from its router so that new routes are fuzzed without listing them. */
function registeredRoutes(app: App): Route[] {
  const routes: Route[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/** Field names and enumerated values of every struct in src/contract, so bodies use the words the API reads. */
async function contractVocabulary(): Promise<Vocabulary> {
  const keys = new Set<string>();
  const shapes = new Map<string, string[]>();
  const words = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (struct: Struct<unknown, unknown>) => {
    if (seen.has(struct)) return;
    seen.add(struct);
    const schema: unknown = struct.schema;
    if ((struct.type === 'object' || struct.type === 'type') && schema && typeof schema === 'object') {
      shapes.set(Object.keys(schema).join(), Object.keys(schema));
      for (const [key, child] of Object.entries(schema)) {
        keys.add(key);
        if (isStruct(child)) visit(child);
      }
    } else if (struct.type === 'enums' && schema && typeof schema === 'object') {
      for (const value of Object.values(schema)) if (typeof value === 'string') words.add(value);
    } else if (struct.type === 'literal' && typeof schema === 'string') {
      words.add(schema);
    } else if (isStruct(schema)) {
      visit(schema);
    }
  };
  const folder = new URL('../../src/contract/', import.meta.url);
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isStruct(value)) visit(value);
  }
  return { keys: [...keys].sort(), words: [...words].sort(), shapes: [...shapes.values()] };
}

interface Vocabulary {
  keys: string[];
  words: string[];
  /** The field names of each object struct: bodies shaped like one get past "Unknown field." to the checks behind it. */
  shapes: string[][];
}

const isStruct = (value: unknown): value is Struct<unknown, unknown> =>
  typeof value === 'object' && value !== null && 'validator' in value && 'refiner' in value && 'type' in value;

// Stand-ins for the ids of the fixtures below, replaced when a request is sent (a deleted project is made again).
const refs = ['$ownProject', '$otherProject', '$ownPreset', '$otherPreset', '$ownWeather', '$otherWeather', '$ownApn', '$otherApn'] as const;
type Ref = (typeof refs)[number];

const square = { type: 'Polygon', coordinates: [[[-77.04, 38.9], [-77.03, 38.9], [-77.03, 38.91], [-77.04, 38.91], [-77.04, 38.9]]] };

function hostileArbitraries(vocabulary: Vocabulary, routes: Route[]) {
  const char16 = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
  const hostileText = fc.oneof(
    fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00', '\uDBFF\uDBFF', '\uD83D\uDE00', '', ' ', '\t\n', '9'.repeat(30), '-1', '0', '1.5', '1e309', 'NaN', 'Infinity', '0x10', 'null', 'true', '[]', '{}', '../../etc/passwd', "'; drop table users; --", '%00', '<script>', '\u202Eevil', 'x'.repeat(5000)),
    fc.string({ unit: char16, maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(...vocabulary.words),
    fc.constantFrom(...refs),
  );
  const hostileNumber = fc.oneof(
    fc.constantFrom(0, -0, 1, -1, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 1e21, 1e20, 2 ** 31, -(2 ** 31) - 1),
    fc.double({ min: -200, max: 200, noNaN: true }),
    fc.integer({ min: -1000, max: 100_000 }),
  );
  const plausible = fc.constantFrom<unknown>(square, { type: 'Feature', geometry: square }, { lat: 38.9, lng: -77.03 }, [-77.1, 38.8, -77, 38.95], { source: 'pvgis', lat: 38.9, lon: -77 }, { source: 'upload', weather_id: '$ownWeather' });
  const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...vocabulary.keys) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', '', 'a\u0000', '\uD800') }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  const { value, shaped } = fc.letrec<{ value: unknown; shaped: Record<string, unknown> }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileText,
      hostileNumber,
      fc.constantFrom(null, true, false),
      plausible,
      fc.array(tie('value'), { maxLength: 5 }),
      fc.dictionary(key, tie('value'), { maxKeys: 6 }),
      tie('shaped'),
    ),
    shaped: fc.constantFrom(...vocabulary.shapes).chain((keys) => fc.record(Object.fromEntries(keys.map((name) => [name, tie('value')])), { requiredKeys: [] })),
  }));
  const jsonBody = fc.oneof(fc.dictionary(key, value, { maxKeys: 10 }), shaped).map((object) => JSON.stringify(object));
  const nested = fc.tuple(fc.constantFrom(100, 5000, 30_000, 400_000), fc.constantFrom('[', '{"a":')).map(([depth, open]) => open.repeat(depth) + (open === '[' ? ']' : '1}').repeat(depth));
  const rawJson = fc.oneof(fc.constantFrom('', '{', 'null', '"text"', '[]', '1e99999', '{"a":1,"a":2}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '\uFEFF{}', '{"name":"\\ud800"}', '{"name":"\\u0000"}'), nested, fc.string({ unit: char16, maxLength: 60 }));
  const json = fc.record({
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'APPLICATION/JSON'),
    payload: fc.oneof({ weight: 5, arbitrary: jsonBody }, { weight: 2, arbitrary: rawJson }),
  });
  const otherType = fc.record({
    contentType: fc.constantFrom(undefined, 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/xml', 'multipart/mixed', '', ';;;', 'application/json-patch+json'),
    payload: fc.oneof(jsonBody, fc.string({ maxLength: 40 })),
  });
  const formValue = fc.oneof(hostileText, hostileNumber.map(String), fc.constantFrom(JSON.stringify(square)));
  const multipart = fc
    .record({
      fields: fc.array(fc.tuple(key, formValue), { maxLength: 5 }),
      file: fc.option(fc.record({ field: fc.constantFrom('file', 'media_photo', 'name', 'x'), name: fc.oneof(fc.constantFrom('a.geojson', 'w.csv', 'p.png', 'n\u0000.zip', '', '"; x="y'), fc.string({ maxLength: 10 })), content: fc.oneof(jsonBody, fc.constantFrom('PK\u0003\u0004', '\u0089PNG\r\n\u001a\n', 'Year,Month\n', '', 'x'.repeat(2000))) })),
      damage: fc.constantFrom('none', 'none', 'none', 'truncated', 'no-boundary', 'wrong-boundary', 'no-final', 'bad-header', 'empty'),
    })
    .map(({ fields, file, damage }) => multipartBody(fields, file, damage));
  const body = fc.oneof({ weight: 6, arbitrary: json }, { weight: 2, arbitrary: otherType }, { weight: 3, arbitrary: multipart });

  const queryKey = fc.oneof({ weight: 5, arbitrary: fc.constantFrom('id', 'project_id', 'apn', 'page', 'page_size', 'search', 'query', 'limit', 'country', 'weather_id', 'lat', 'lon') }, { weight: 1, arbitrary: key });
  const queryValue = fc.oneof(
    fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%C0%80', '%F0%9F%98', '%', '%ZZ', '99999999999999999999', '1e400', '-1', '0', '1.5', '', '+', '%2B', '[]', 'x'.repeat(3000)),
    hostileText.map(safeEncode),
    hostileNumber.map(String),
  );
  const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${safeEncode(k)}=${v}`).join('&'));
  const param = fc.oneof(fc.constantFrom('x.png', '%00', '..%2F..%2Fpackage.json', '%ED%A0%80', 'a'.repeat(200)), hostileText.map(safeEncode));

  return fc.record({
    route: fc.constantFrom(...routes),
    param,
    query,
    identity: fc.constantFrom<Identity>('owner', 'owner', 'owner', 'other', 'anonymous', 'forged'),
    csrf: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
    body: fc.option(body, { freq: 6 }),
  }) satisfies fc.Arbitrary<HostileRequest>;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the bytes a careless encoder would send. */
function safeEncode(text: string): string {
  return [...text].map((c) => (/[\uD800-\uDFFF]/.test(c) ? `%${[0xed, 0xa0 | ((c.charCodeAt(0) >> 6) & 0x1f), 0x80 | (c.charCodeAt(0) & 0x3f)].map((b) => b.toString(16).toUpperCase()).join('%')}` : encodeURIComponent(c))).join('');
}

function multipartBody(fields: [string, string][], file: { field: string; name: string; content: string } | null, damage: string): { contentType: string; payload: string } {
  const boundary = '----fuzz7MA4YWxkTrZu0gW';
  const parts = fields.map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (file) parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n${file.content}\r\n`);
  let payload = `${parts.join('')}--${boundary}--\r\n`;
  let contentType = `multipart/form-data; boundary=${boundary}`;
  if (damage === 'truncated') payload = payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
  if (damage === 'no-boundary') contentType = 'multipart/form-data';
  if (damage === 'wrong-boundary') contentType = 'multipart/form-data; boundary=other';
  if (damage === 'no-final') payload = payload.replace(`--${boundary}--\r\n`, '');
  if (damage === 'bad-header') payload = `--${boundary}\r\ncontent-disposition: form-data; name\r\n\r\n\r\n--${boundary}--\r\n`;
  if (damage === 'empty') payload = '';
  return { contentType, payload };
}

/** A server answering every PVGIS question as PVGIS answers for the sea, so the fuzz never waits on the internet. */
async function startSeaPvgis(): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Location over the sea. Please, select another location', status: 400 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v5_3`, server };
}

describeApi('hostile requests to every route', () => {
  let app: App;
  let database: Database;
  let dataDir: string;
  let pvgis: Awaited<ReturnType<typeof startSeaPvgis>>;
  let stripe: StripeStandIn;
  let baseUrl: string;
  let owner: HttpClient;
  let other: HttpClient;
  const known = {} as Record<Ref, string>;
  const serverErrors: string[] = [];
  let fixtureCount = 0;

  /** The fixtures every user keeps; made again when a request deleted them. */
  async function ensureFixtures() {
    for (const [client, who] of [[owner, 'own'], [other, 'other']] as const) {
      const projectRef = `$${who}Project` as Ref;
      if (!known[projectRef] || (await client.get(`/api/project/get/?id=${known[projectRef]}`)).status === 404) {
        const project = await client.post<{ id: string }>('/api/project/create/', { name: `${who} site`, location: { lat: 38.9, lng: -77.03 }, boundary: square, country: 'US' });
        expect(project.status).toBe(201);
        known[projectRef] = project.body.id;
        const apn = `${who}-drawn-parcel-${++fixtureCount}`;
        expect((await client.post('/api/gis/new_apn/', { project_id: project.body.id, apn, geometry: square })).status).toBe(201);
        known[`$${who}Apn` as Ref] = apn;
        const preset = await client.post<{ id: string }>('/api/settings/update/v2/', { name: `${who} preset`, project_id: project.body.id });
        expect(preset.status).toBe(201);
        known[`$${who}Preset` as Ref] = preset.body.id;
      }
      const weatherRef = `$${who}Weather` as Ref;
      const weather = await client.get<{ results: { id: string }[] }>('/api/gis/weather/list/');
      if (!weather.body.results.some((file) => file.id === known[weatherRef])) {
        const form = new FormData();
        form.append('file', new Blob([readShared(WEATHER_FILES.pvgisCsv)]), 'tmy.csv');
        const uploaded = await client.post<{ id: string }>('/api/gis/weather/upload/', form);
        expect(uploaded.status).toBe(201);
        known[weatherRef] = uploaded.body.id;
      }
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'sunplot-fuzz-'));
    pvgis = await startSeaPvgis();
    stripe = await startStripeStandIn();
    const mail = captureMailer();
    // Limits wide open: the fuzz sends thousands of logins and signups from one address.
    const limits = Object.fromEntries(Object.entries(defaultLimits).map(([name, window]) => [name, { ...window, limit: 1_000_000 }])) as Limits;
    app = await buildApp({
      // Billing on, against the Stripe stand-in, so its routes are fuzzed past "billing is off"; the Free project limit
      // is out of reach so that fixtures can always be made again.
      settings: loadSettings({
        PUBLIC_URL: 'http://sunplot.test',
        PVGIS_BASE_URL: pvgis.baseUrl,
        ...stripe.env([{ id: 'pro', name: 'Pro', price_id: 'price_pro', price: '$49 / month', projects: null, studies_per_project: null }]),
        FREE_PROJECTS: '100000',
      }),
      database,
      dataDir,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256!',
      version: 'test',
      mailer: mail,
      // The DC demo store is screened by the screening suites; here an empty store keeps 10,000 requests quick.
      seedDemoData: false,
      limits,
      // What the server logs for an unexpected error goes into the failure message of the request that caused it.
      logger: { level: 'error', stream: { write: (line: string) => void serverErrors.push(line) } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const testApp: TestApp = { baseUrl, database, mail, dataDir, client: () => new HttpClient(baseUrl), close: async () => {} };
    [owner, other] = await signedInPair(testApp);
    await owner.get('/api/health/');
    await ensureFixtures();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    pvgis?.server.close();
    await stripe?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers at least 10,000 hostile requests without a 5xx', async () => {
    const routes = registeredRoutes(app);
    // A sanity check of the route reading: a few routes every version of the API has.
    expect(routes).toEqual(expect.arrayContaining([{ method: 'POST', url: '/api/project/create/' }, { method: 'GET', url: '/api/project/list/' }, { method: 'PATCH', url: '/api/user/account/edit/' }]));
    const arbitrary = hostileArbitraries(await contractVocabulary(), routes);
    let sent = 0;
    const statuses = new Map<number, number>();

    const resolve = (text: string) => refs.reduce((out, ref) => out.replaceAll(ref, known[ref]), text);
    async function send(request: HostileRequest) {
      const path = request.route.url.replace(/:[^/]+/g, request.param);
      const url = `${baseUrl}${path}${request.query ? `?${resolve(request.query)}` : ''}`;
      const session = request.identity === 'other' ? other : owner;
      const headers: Record<string, string> = { cookie: `csrftoken=${session.csrfToken}` };
      if (request.csrf) headers['x-csrftoken'] = decodeURIComponent(session.csrfToken!);
      if (request.identity === 'owner' || request.identity === 'other') headers.authorization = `Bearer ${session.access}`;
      if (request.identity === 'forged') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.';
      const hasBody = request.body && request.route.method !== 'GET' && request.route.method !== 'HEAD';
      if (hasBody && request.body!.contentType !== undefined) headers['content-type'] = request.body!.contentType;
      const payload = hasBody ? resolve(request.body!.payload) : undefined;
      const errorsBefore = serverErrors.length;
      const describe = (outcome: string) =>
        [
          `${outcome} for ${request.route.method} ${url}`,
          `as ${request.identity}${request.csrf ? '' : ' without X-CSRFTOKEN'}, content-type ${JSON.stringify(headers['content-type'])}`,
          `body: ${JSON.stringify(payload?.slice(0, 600))}${(payload?.length ?? 0) > 600 ? ` … (${payload!.length} characters)` : ''}`,
        ].join('\n');
      let response: Response;
      let text: string;
      try {
        // A request the server never answers is as bad as a 5xx (the time is a hang detector, not a speed check).
        response = await fetch(url, { method: request.route.method, headers, body: payload, signal: AbortSignal.timeout(hangMs) });
        text = await response.text();
      } catch (error) {
        throw new Error(`${describe(`no answer (${String(error)})`)}\nserver log: ${serverErrors.slice(errorsBefore).join('\n') || '(nothing)'}`, { cause: error });
      }
      sent++;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) {
        throw new Error(
          [
            describe(String(response.status)),
            `answer: ${text.slice(0, 500)}`,
            `server log: ${serverErrors.slice(errorsBefore).join('\n') || '(nothing)'}`,
          ].join('\n'),
        );
      }
      return { request, status: response.status };
    }

    await fc.assert(
      fc.asyncProperty(fc.array(arbitrary, { minLength: batchSize, maxLength: batchSize }), async (batch) => {
        const answers = await Promise.all(batch.map(send));
        // A fuzzed DELETE may have removed a fixture the other requests refer to.
        if (answers.some(({ request, status }) => request.route.method === 'DELETE' && status < 300)) await ensureFixtures();
      }),
      {
        numRuns: runs,
        // The failing request is in the error; shrinking would resend whole batches (some of them megabytes) many times.
        endOnFailure: true,
        // The whole batch as fast-check prints it can run to megabytes: report the request that failed and how to replay it.
        asyncReporter: async (details) => {
          if (details.failed) throw new Error(`${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\nreplay with { seed: ${details.seed}, path: "${details.counterexamplePath}" }`);
        },
      },
    );

    console.info(`fuzz: ${sent} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});
