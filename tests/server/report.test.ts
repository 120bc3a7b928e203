import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Project } from '../../src/contract/projects.ts';
import { timeZoneMessage } from '../../src/contract/time-zone.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { pageText, pdfStreams } from '../support/pdf-text.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

it('reads PDF streams by their /Length, keeping a final carriage return', () => {
  const pdf = Buffer.from('%PDF-1.3\n4 0 obj\n<<\n/Length 3\n/Filter /FlateDecode\n>>\nstream\nab\r\nendstream\nendobj\n', 'latin1');
  expect(pdfStreams(pdf)).toEqual([Buffer.from('ab\r', 'latin1')]);
});

describeApi('project report API', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let project: Project;
  const download = (client: HttpClient, id: string, tz?: string) =>
    fetch(`${app.baseUrl}/api/project/report/?id=${encodeURIComponent(id)}${tz === undefined ? '' : `&tz=${encodeURIComponent(tz)}`}`, { headers: { authorization: `Bearer ${client.access}` } });

  beforeAll(async () => {
    app = await startTestApp();
    [asha, ravi] = await signedInPair(app);
    const boundary = { type: 'Polygon', coordinates: [[[-77.012, 38.844], [-77.008, 38.844], [-77.008, 38.848], [-77.012, 38.848], [-77.012, 38.844]]] };
    project = (await asha.post<Project>('/api/project/create/', { name: 'Anacostia Riverside Solar', description: 'Brownfield screening', location: { lat: 38.846, lng: -77.01 }, boundary, country: 'US', postal_code: '20032' })).body;
    expect((await asha.post('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 01620016' })).status).toBe(201);
    expect((await asha.post('/api/settings/update/v2/', { name: 'DC brownfield case', based_on: 'builtin:us-utility', assumptions: { tariff: { price_per_kwh: 0.06 } } })).status).toBe(201);
  });
  afterAll(() => app?.close());

  it('downloads a PDF with the project, its parcels and verdicts, the layers and the assumptions', async () => {
    const response = await download(asha, project.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Anacostia-Riverside-Solar-report-(\d{4}-\d\d-\d\d)\.pdf"; filename\*=UTF-8''Anacostia%20Riverside%20Solar%20-%20report%20\1\.pdf$/,
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('(Anacostia Riverside Solar - Sunplot project report)');
    const text = pageText(pdf);
    expect(text).toContain('Anacostia Riverside Solar');
    expect(text).toContain('PAR 01620016');
    expect(text).toContain('PAR 02420088');
    expect(text).toMatch(/suitable/);
    expect(text).toContain('DC special flood hazard areas');
    expect(text).toContain('Preset: DC brownfield case');
    expect(text).toContain('Tariff / PPA price per kWh: 0.06 - Entered by user');
    expect(text).toContain('Open Data DC');
  });

  it('gives each parcel its buildable area beside the verdict, and the suitable parcels\' total in the summary', async () => {
    // PAR 01890022 (2.25 ha) is 60.3 % in flood zone AE and touches no wetland: 39.7 % of it stays buildable.
    // PAR 02420088 (1.82 ha) touches neither, so all of it is buildable and it is the one suitable parcel.
    const benning = (await asha.post<Project>('/api/project/create/', { name: 'Benning Road Solar', location: { lat: 38.8911, lng: -76.9123 }, country: 'US' })).body;
    for (const apn of ['PAR 01890022', 'PAR 02420088']) expect((await asha.post('/api/gis/new_apn/', { project_id: benning.id, apn })).status).toBe(201);
    const text = pageText(Buffer.from(await (await download(asha, benning.id)).arrayBuffer()));
    expect(text).toContain('PAR 01890022  -  5.57 acres  -  not suitable\n  -  buildable 0.89 ha (2.21 acres), 39.7 % of the parcel\n');
    expect(text).toContain('Flood zones: 60.3% (share of the parcel in a flood zone at most 0%) fail');
    expect(text).toContain('PAR 02420088  -  4.51 acres  -  suitable\n  -  buildable 1.82 ha (4.51 acres), 100 % of the parcel\n');
    expect(text).toContain('Parcels screened (attached or inside the boundary): \n2 (1 suitable)\n');
    expect(text).toContain('Buildable area of the suitable parcels: \n1.82 ha (4.51 acres)\n');
  });

  it('reports a bare project too, with the defaults for its country when its owner has no preset', async () => {
    const bare = (await ravi.post<Project>('/api/project/create/', { name: 'Empty field', location: { lat: 26.3, lng: 73.0 }, pincode: '342001' })).body;
    const response = await download(ravi, bare.id);
    expect(response.status).toBe(200);
    const text = pageText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('Empty field');
    expect(text).toContain('No boundary or parcels yet');
    expect(text).toContain('No feasibility study yet');
    expect(text).toContain('Preset: India utility-scale (fixed tilt) (built-in defaults)');
    expect(text).toContain('Tariff / PPA price per kWh: 2.57 - SECI');
  });

  it("prints its dates in the viewer's time zone, naming it, and names the file for that day", async () => {
    const before = Date.now();
    const response = await download(asha, project.id, 'Asia/Kolkata');
    const after = Date.now();
    expect(response.status).toBe(200);
    const text = pageText(Buffer.from(await response.arrayBuffer()));
    const [, day, time] = /^Sunplot project report - (\d{4}-\d\d-\d\d) (\d\d:\d\d) Asia\/Kolkata$/m.exec(text) ?? [];
    // Kolkata is UTC+05:30 all year; the page gives the minute the report was made.
    const printed = Date.parse(`${day}T${time}:00+05:30`);
    expect(printed).toBeGreaterThan(before - 60_000);
    expect(printed).toBeLessThanOrEqual(after);
    const kolkataDay = (iso: string) => new Date(Date.parse(iso) + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect(text).toContain(`Created: \n${kolkataDay(project.created_at)} (Asia/Kolkata)\n`);
    expect(response.headers.get('content-disposition')).toContain(`-report-${day}.pdf"`);
    // A zone's other name (Asia/Calcutta, as older time zone data calls it) and UTC by name are known too.
    for (const tz of ['Asia/Calcutta', 'UTC', 'America/New_York']) expect((await download(asha, project.id, tz)).status).toBe(200);
  });

  it('prints UTC, saying so, when no time zone is given, and refuses an unknown one with a field message', async () => {
    const text = pageText(Buffer.from(await (await download(asha, project.id)).arrayBuffer()));
    expect(text).toMatch(/^Sunplot project report - \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m);
    expect(text).toContain(`Created: \n${project.created_at.slice(0, 10)} (UTC)\n`);
    for (const tz of ['Mars/Olympus_Mons', '', '+05:30', 'Europe/'.padEnd(65, 'x')]) {
      const refused = await download(asha, project.id, tz);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ errors: { tz: [tz.length > 64 ? 'Ensure this field has no more than 64 characters.' : timeZoneMessage] } });
    }
  });

  it("answers 404 for someone else's project and for malformed ids", async () => {
    expect((await download(ravi, project.id)).status).toBe(404);
    expect((await download(asha, 'not-a-uuid')).status).toBe(404);
    expect((await download(asha, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await asha.get('/api/project/report/')).status).toBe(400);
    expect((await fetch(`${app.baseUrl}/api/project/report/?id=${project.id}`)).status).toBe(401);
  });
});

describeApi('project report limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false, limits: { reportPerUser: { limit: 2, seconds: 3600 } } } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 with Retry-After past the per-user report window, and leaves other users alone', async () => {
    const [asha, ravi] = await signedInPair(app);
    const mine = (await asha.post<Project>('/api/project/create/', { name: 'Limited', location: { lat: 38.9, lng: -77 } })).body;
    const theirs = (await ravi.post<Project>('/api/project/create/', { name: 'Other', location: { lat: 38.9, lng: -77 } })).body;
    const get = (client: HttpClient, id: string) => fetch(`${app.baseUrl}/api/project/report/?id=${id}`, { headers: { authorization: `Bearer ${client.access}` } });
    expect((await get(asha, mine.id)).status).toBe(200);
    expect((await get(asha, mine.id)).status).toBe(200);
    const refused = await get(asha, mine.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/report/);
    expect((await get(ravi, theirs.id)).status).toBe(200);
  });
});
