import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Project, ProjectDetail, ProjectList } from '../../src/contract/projects.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const site = { name: 'Bap Solar Park', location: { lat: 26.005, lng: 73.005 } };
const ended = { detail: 'Given token not valid: the session has ended.' };

// The project list and get read the login in their own query: every way they can end must still answer 401 once the
// login has ended, and what it answered before while it is open.
describeApi('reads that check the login in their own query', () => {
  let app: TestApp;
  let client: HttpClient;
  let refresh: string;
  let project: Project;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    client = app.client();
    ({ refresh } = await signUpAndLogIn(app, client));
    project = (await client.post<Project>('/api/project/create/', site)).body;
  });
  afterAll(() => app?.close());

  const reads = () => ({
    list: () => client.get<ProjectList>('/api/project/list/'),
    search: () => client.get<ProjectList>('/api/project/list/?search=bap'),
    pastTheEnd: () => client.get<ProjectList>('/api/project/list/?page=3&page_size=1'),
    invalidPage: () => client.get('/api/project/list/?page=0'),
    get: () => client.get<ProjectDetail>(`/api/project/get/?id=${project.id}`),
    unknownId: () => client.get('/api/project/get/?id=00000000-0000-4000-8000-000000000000'),
    malformedId: () => client.get('/api/project/get/?id=not-a-uuid'),
    missingId: () => client.get('/api/project/get/'),
  });

  it('answers each read while the login is open', async () => {
    const read = reads();
    expect((await read.list()).body).toEqual({ count: 1, page: 1, page_size: 20, results: [{ ...project, primary_study: null }] });
    expect((await read.search()).body.results.map((p) => p.id)).toEqual([project.id]);
    expect((await read.pastTheEnd()).body).toEqual({ count: 1, page: 3, page_size: 1, results: [] });
    expect((await read.invalidPage()).status).toBe(400);
    expect((await read.get()).body).toEqual({ ...project, parcels: [] });
    for (const answer of [await read.unknownId(), await read.malformedId()]) expect(answer.status).toBe(404);
    expect((await read.missingId()).status).toBe(400);
  });

  it('answers 401 for every read once the login has ended', async () => {
    expect((await client.post('/api/user/logout/', { refresh })).status).toBe(200);
    for (const [name, read] of Object.entries(reads())) {
      const answer = await read();
      expect({ name, status: answer.status, body: answer.body }).toEqual({ name, status: 401, body: ended });
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    }
  });
});
