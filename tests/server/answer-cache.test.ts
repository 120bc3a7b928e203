import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Account } from '../../src/contract/auth.ts';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import type { Project, ProjectDetail, ProjectList } from '../../src/contract/projects.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { createScratchDatabase, queryRows, testEngine } from '../support/test-db.ts';

const ended = { detail: 'Given token not valid: the session has ended.' };

/**
 * Changes rows behind the change feed's back (the table's triggers off for the statement), as nothing in the app can:
 * a read that still answers the old value was served from memory, and one that answers the new value was not.
 */
async function quietly(database: Database, table: string, statement: SQL) {
  await database.db.execute(sql.raw(`alter table ${table} disable trigger user`));
  try {
    await database.db.execute(statement);
  } finally {
    await database.db.execute(sql.raw(`alter table ${table} enable trigger user`));
  }
}

/** The claims of the client's access token (the test reads them; the server verifies them). */
const claimsOf = (client: HttpClient) => JSON.parse(Buffer.from(client.access!.split('.')[1]!, 'base64url').toString()) as { sub: string; fid: string };
const familyOf = (client: HttpClient) => claimsOf(client).fid;
const userOf = (client: HttpClient) => claimsOf(client).sub;

const answerCacheState = async (client: HttpClient) => (await client.get<{ answer_cache: string }>('/api/health/')).body.answer_cache;
/** On PostgreSQL the cache turns on once its first probe notification has come back, a moment after the start. */
async function cacheOn(client: HttpClient) {
  for (let waited = 0; (await answerCacheState(client)) !== 'on'; waited += 20) {
    if (waited > 10_000) throw new Error('the answer cache did not turn on within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeApi('answer cache', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let refresh: string;
  let project: Project;
  beforeAll(async () => {
    app = await startTestApp();
    asha = app.client();
    ravi = app.client();
    ({ refresh } = await signUpAndLogIn(app, asha));
    await signUpAndLogIn(app, ravi);
    project = (await asha.post<Project>('/api/project/create/', { name: 'Anacostia', location: { lat: 38.86, lng: -76.99 } })).body;
    await cacheOn(asha);
  });
  afterAll(() => app?.close());

  const list = async (client = asha) => (await client.get<ProjectList>('/api/project/list/')).body;
  const detail = async () => (await asha.get<ProjectDetail>(`/api/project/get/?id=${project.id}`)).body;
  const account = async () => (await asha.get<Account>('/api/user/account/get/')).body;
  const names = async () => (await list()).results.map((p) => p.name);

  it('serves a repeated list, project and account from memory', async () => {
    expect(await names()).toEqual(['Anacostia']);
    expect((await detail()).name).toBe('Anacostia');
    expect((await account()).name).toBe('Asha Planner');
    await quietly(app.database, 'projects', sql`update projects set name = 'Renamed quietly' where id = ${project.id}`);
    await quietly(app.database, 'users', sql`update users set name = 'Quiet Asha' where email = ${(await account()).email}`);
    expect(await names()).toEqual(['Anacostia']);
    expect((await detail()).name).toBe('Anacostia');
    expect((await account()).name).toBe('Asha Planner');
    // Another URL is another answer, read afresh.
    expect((await asha.get<ProjectList>('/api/project/list/?search=renamed')).body.results.map((p) => p.name)).toEqual(['Renamed quietly']);
  });

  it('sends a cached answer compressed as the client asks, or as it is', async () => {
    const plain = await asha.get<ProjectList>('/api/project/list/');
    // A page of one project is under the 1 KiB below which nothing is compressed; a long description takes it over.
    expect(plain.headers.get('content-encoding')).toBeNull();
    await asha.patch('/api/project/edit/', { id: project.id, description: 'A long description. '.repeat(80) });
    for (const encoding of ['br', 'gzip', 'br', 'gzip']) {
      const answer = await asha.get<ProjectList>('/api/project/list/', { headers: { 'accept-encoding': encoding } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('vary')).toBe('accept-encoding');
      expect(answer.body.results[0]!.description).toBe('A long description. '.repeat(80).trim());
    }
    const identity = await asha.get<ProjectList>('/api/project/list/', { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.body.results[0]!.description).toBe('A long description. '.repeat(80).trim());
    await asha.patch('/api/project/edit/', { id: project.id, description: '' });
  });

  it('remembers a login found active, for every authenticated request, until the user\'s data changes', async () => {
    const portfolio = () => asha.get('/api/project/portfolio/');
    expect((await portfolio()).status).toBe(200);
    // Ended behind the feed's back: only a login remembered in memory still lets her in.
    await quietly(app.database, 'refresh_families', sql`update refresh_families set revoked_at = now() where id = ${familyOf(asha)}`);
    expect((await portfolio()).status).toBe(200);
    expect((await asha.get('/api/project/feasibility/list/?project_id=' + project.id)).status).toBe(200);
    // Any change of hers makes the server look again, and find the login ended.
    await app.database.db.execute(sql`update users set company_name = 'Sunplot' where id = ${userOf(asha)}`);
    await expect.poll(async () => (await portfolio()).status, { timeout: 5000 }).toBe(401);
    await app.database.db.execute(sql`update refresh_families set revoked_at = null where id = ${familyOf(asha)}`);
    await expect.poll(async () => (await portfolio()).status, { timeout: 5000 }).toBe(200);
  });

  it('answers a write at once with what the write changed, through every cached read', async () => {
    const edited = await asha.patch<Project>('/api/project/edit/', { id: project.id, name: 'Anacostia East' });
    expect(edited.status).toBe(200);
    expect(await names()).toEqual(['Anacostia East']);
    expect((await detail()).name).toBe('Anacostia East');
    // The quiet rename of the user went with the change of her project: every answer of hers is read again.
    expect((await account()).name).toBe('Quiet Asha');
    const second = (await asha.post<Project>('/api/project/create/', { name: 'Benning Road', location: { lat: 38.89, lng: -76.95 } })).body;
    expect(await names()).toEqual(['Benning Road', 'Anacostia East']);
    expect((await asha.delete(`/api/project/delete/?id=${second.id}`)).status).toBe(204);
    expect(await names()).toEqual(['Anacostia East']);
    const renamed = await asha.patch('/api/user/account/edit/', { name: 'Asha P.' });
    expect(renamed.status).toBe(200);
    expect((await account()).name).toBe('Asha P.');
  });

  it('counts a parcel attached to the project, and shows a parcel changed where no one owns it', async () => {
    expect((await detail()).parcel_count).toBe(0);
    expect((await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 02420088' })).status).toBe(201);
    expect((await detail()).parcels.map((p) => p.apn)).toEqual(['PAR 02420088']);
    expect((await list()).results[0]!.parcel_count).toBe(1);
    // A shared demo parcel belongs to no one, so its change drops every user's answers.
    await app.database.db.execute(sql`update parcels set land_use = 'Vacant (surveyed)' where apn = 'PAR 02420088'`);
    await expect.poll(async () => (await detail()).parcels[0]!.land_use, { timeout: 5000 }).toBe('Vacant (surveyed)');
  });

  it("shows the project's primary study as soon as it is made, renamed or deleted", async () => {
    const means = meansAt(38.86, -76.99, 0.55, 14);
    const made = await asha.post<FeasibilityStudy>('/api/project/feasibility/create/', {
      project_id: project.id,
      weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 1000 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await list()).results[0]!.primary_study).toMatchObject({ id: made.body.id, name: made.body.name, dc_kw: 1000 });
    expect((await asha.patch('/api/project/feasibility/rename/', { id: made.body.id, name: 'Base case' })).status).toBe(200);
    expect((await list()).results[0]!.primary_study?.name).toBe('Base case');
    expect((await asha.delete(`/api/project/feasibility/delete/?id=${made.body.id}`)).status).toBe(204);
    expect((await list()).results[0]!.primary_study).toBeNull();
  });

  it("keeps one user's answers when another user writes", async () => {
    const before = await list();
    await quietly(app.database, 'projects', sql`update projects set description = 'changed quietly' where id = ${project.id}`);
    expect((await ravi.post('/api/project/create/', { name: 'Ravi site', location: { lat: 38.85, lng: -77 } })).status).toBe(201);
    expect((await list(ravi)).results.map((p) => p.name)).toEqual(['Ravi site']);
    expect(await list()).toEqual(before);
  });

  it('sees a change written straight into the database, as another process would', async () => {
    await app.database.db.execute(sql`update projects set name = 'Anacostia West' where id = ${project.id}`);
    await expect.poll(names, { timeout: 5000 }).toEqual(['Anacostia West']);
  });

  it('answers 401 from the moment of logout, with every answer of that login cached', async () => {
    expect((await list()).count).toBe(1);
    expect((await detail()).id).toBe(project.id);
    expect((await asha.post('/api/user/logout/', { refresh })).status).toBe(200);
    for (const path of ['/api/project/list/', `/api/project/get/?id=${project.id}`, '/api/user/account/get/', '/api/project/portfolio/']) {
      const answer = await asha.get(path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 401, body: ended });
    }
  });
});

describeApi('answer cache after a password reset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
  });
  afterAll(() => app?.close());

  it('answers 401 at once to a token of a login that a password reset ended', async () => {
    const asha = app.client();
    const { email } = await signUpAndLogIn(app, asha);
    await cacheOn(asha);
    expect((await asha.get<ProjectList>('/api/project/list/')).body.count).toBe(0);
    expect((await asha.get<ProjectList>('/api/project/list/')).body.count).toBe(0);
    expect((await app.client().post('/api/user/reset/email_send/', { email })).status).toBe(200);
    const token = new URL(app.mail.linkTo(email)).searchParams.get('token');
    expect((await app.client().patch('/api/user/reset_password/', { token, password: 'a brand new passphrase 7' })).status).toBe(200);
    expect((await asha.get('/api/project/list/')).body).toEqual(ended);
  });
});

describeApi('answer cache turned off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ANSWER_CACHE_MB: '0' }, deps: { seedDemoData: false } });
  });
  afterAll(() => app?.close());

  it('reads every answer from the database, and says so in the health answer', async () => {
    const asha = app.client();
    await signUpAndLogIn(app, asha);
    expect(await answerCacheState(asha)).toBe('disabled');
    const made = (await asha.post<Project>('/api/project/create/', { name: 'Uncached', location: { lat: 38.86, lng: -76.99 } })).body;
    expect((await asha.get<ProjectList>('/api/project/list/')).body.results[0]!.name).toBe('Uncached');
    await quietly(app.database, 'projects', sql`update projects set name = 'Read afresh' where id = ${made.id}`);
    expect((await asha.get<ProjectList>('/api/project/list/')).body.results[0]!.name).toBe('Read afresh');
  });
});

// Only PostgreSQL is shared by servers: an embedded database belongs to the one server that holds its data folder's lock.
if (testEngine === 'postgres') describeApi('answer cache with two servers on one database', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let databases: Database[];
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    databases = [await openDatabase({ databaseUrl: scratch.url }), await openDatabase({ databaseUrl: scratch.url })];
    first = await startTestApp({ database: databases[0], deps: { seedDemoData: false } });
    second = await startTestApp({ database: databases[1], deps: { seedDemoData: false } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const database of databases ?? []) await database.close();
    await scratch?.drop();
  });

  it("drops one server's answers when the other writes, and ends a login on both", async () => {
    const onFirst = first.client();
    const session = await signUpAndLogIn(first, onFirst);
    const onSecond = second.client();
    onSecond.access = session.access;
    await cacheOn(onFirst);
    await cacheOn(onSecond);
    const made = (await onFirst.post<Project>('/api/project/create/', { name: 'Two servers', location: { lat: 38.86, lng: -76.99 } })).body;
    const namesOnSecond = async () => (await onSecond.get<ProjectList>('/api/project/list/')).body.results.map((p) => p.name);
    await expect.poll(namesOnSecond, { timeout: 5000 }).toEqual(['Two servers']);
    expect((await onFirst.patch('/api/project/edit/', { id: made.id, name: 'Renamed on the first' })).status).toBe(200);
    await expect.poll(namesOnSecond, { timeout: 5000 }).toEqual(['Renamed on the first']);
    expect((await onFirst.post('/api/user/logout/', { refresh: session.refresh })).status).toBe(200);
    await expect.poll(async () => (await onSecond.get('/api/project/list/')).status, { timeout: 5000 }).toBe(401);
  });

  it('stops serving from memory while its listening connection is gone, and serves again once it is back', async () => {
    const asha = second.client();
    await signUpAndLogIn(second, asha);
    const made = (await asha.post<Project>('/api/project/create/', { name: 'Listening', location: { lat: 38.86, lng: -76.99 } })).body;
    const name = async () => (await asha.get<ProjectList>('/api/project/list/')).body.results[0]!.name;
    expect(await name()).toBe('Listening');
    // Both servers' listening connections end, as when PostgreSQL restarts or the network drops them.
    const ended = await queryRows<{ ended: boolean }>(databases[1]!, sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'sunplot-changes' and datname = current_database()`);
    expect(ended.length).toBeGreaterThan(0);
    await expect.poll(() => answerCacheState(asha), { timeout: 5000 }).not.toBe('on');
    await quietly(databases[1]!, 'projects', sql`update projects set name = 'Read while deaf' where id = ${made.id}`);
    expect(await name()).toBe('Read while deaf');
    await cacheOn(asha);
    expect(await name()).toBe('Read while deaf');
    await quietly(databases[1]!, 'projects', sql`update projects set name = 'Not seen' where id = ${made.id}`);
    expect(await name()).toBe('Read while deaf');
  });
});
