import { expect } from 'vitest';
import type { WeatherFile } from '../../src/contract/energy.ts';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import { readShared, WEATHER_FILES } from '../solar/fixtures.ts';
import { createConfirmedAccount } from './accounts.ts';
import type { AppProcess } from './app-process.ts';
import { HttpClient } from './http-client.ts';

/**
 * The Greensboro example on an app running as a process: a confirmed account, a project at the TMY3 file's station,
 * the file uploaded and one study on it (`study` adds to or overrides the create request's fields).
 */
export async function greensboroStudy(app: AppProcess, study: Record<string, unknown> = {}) {
  const account = await createConfirmedAccount(app.baseUrl, app.dataDir);
  const client = new HttpClient(app.baseUrl);
  client.access = (await client.post<{ access: string }>('/api/user/login/', account)).body.access;
  const project = await client.post<{ id: string; name: string }>('/api/project/create/', { name: 'Greensboro Solar', location: { lat: 36.1, lng: -79.95 } });
  expect(project.status).toBe(201);
  const form = new FormData();
  form.append('file', new Blob([readShared(WEATHER_FILES.tmy3)]), '723170TYA.CSV');
  const upload = await client.post<WeatherFile>('/api/gis/weather/upload/', form);
  expect(upload.status).toBe(201);
  const created = await client.post<FeasibilityStudy>('/api/project/feasibility/create/', {
    project_id: project.body.id,
    weather: { source: 'upload', weather_id: upload.body.id },
    ...study,
  });
  expect(created.status).toBe(201);
  return { account, project: project.body, study: created.body };
}
