// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import { screeningCsvHeader } from '../../src/contract/screening-export.ts';
import type { ScreeningJob } from '../../src/contract/screening-jobs.ts';
import { cancelQuestion, ScreeningJobState } from '../../src/features/map/screening-job-panel.tsx';
import { box } from '../support/geojson-shapes.ts';
import { apiProcessFor, renderApp, signInThroughApi } from './render-app.tsx';

// 75 × 68 = 5,100 parcels of a planner's own inside the project's boundary: more than one screening request answers for.
const columns = 75;
const rows = 68;
const cell = 0.001;
const [west, south] = [-79.3, 35.7];
// A hang guard for screening 5,100 parcels twice on a loaded machine, not a speed check.
const timeoutMs = 300_000;

/** The parcels as a GeoJSON file in a multipart body, written out by hand: jsdom's FormData is not one Node's fetch can send. */
function countyUpload(): { body: string; contentType: string } {
  const features = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const w = west + column * cell;
      const s = south + row * cell;
      features.push({ type: 'Feature', properties: { APN: `CH-${row}-${column}` }, geometry: box(w, s, w + cell, s + cell) });
    }
  }
  const boundary = 'sunplot-test-boundary';
  const file = JSON.stringify({ type: 'FeatureCollection', features });
  return {
    body: `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="chatham.geojson"\r\ncontent-type: application/geo+json\r\n\r\n${file}\r\n--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('a county-sized screening as a background job on the map screen, in jsdom against the real API', () => {
  const api = apiProcessFor({ SCREENING_JOB_CHUNK: '1000' });
  afterEach(() => vi.restoreAllMocks());

  it('offers a job when the screening is too large, shows its progress across a reload, then its summary and exports; a second one is cancelled', async () => {
    const { client, storage } = await signInThroughApi(api(), { hasProject: true });
    const boundary = box(west + cell / 4, south + cell / 4, west + columns * cell - cell / 4, south + rows * cell - cell / 4);
    const project = (await client.post<{ id: string }>('/api/project/create/', { name: 'Chatham', location: { lat: south + 0.03, lng: west + 0.03 }, boundary })).body;
    const upload = countyUpload();
    const imported = await client.post<{ imported: number }>('/api/gis/parcels/import/', upload.body, { headers: { 'content-type': upload.contentType } });
    expect(imported).toMatchObject({ status: 200, body: { imported: columns * rows } });

    renderApp(`/project/map/${project.id}/chatham`, api().baseUrl, storage);
    const panel = await screen.findByRole('region', { name: 'Background screening' });
    expect(await within(panel).findByText('Too many parcels for one screening: screen all of them as a background job.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Screen in the background' }));
    // Running (a progress bar), or already done on a quick machine.
    await waitFor(() => expect(within(panel).queryByRole('progressbar') ?? within(panel).queryByLabelText('Background screening summary')).not.toBeNull());

    // The job is the server's: a new page shows it where it stands.
    cleanup();
    renderApp(`/project/map/${project.id}/chatham`, api().baseUrl, storage);
    const again = await screen.findByRole('region', { name: 'Background screening' });
    const summary = await within(again).findByLabelText('Background screening summary', {}, { timeout: 120_000 });
    expect(within(again).getByText('5,100 parcels screened in the background:')).toBeTruthy();
    expect(summary.textContent).toMatch(/^[\d,]+ pass[\d,]+ fail[\d,]+ unknown$/);

    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (files.push(blob as Blob), 'blob:test'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    fireEvent.click(within(again).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const csv = await files[0]!.text();
    expect(csv.startsWith(screeningCsvHeader())).toBe(true);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1 + columns * rows * 2);

    fireEvent.click(within(again).getByRole('button', { name: 'Screen in the background again' }));
    fireEvent.click(await within(again).findByRole('button', { name: 'Cancel the job' }));
    // Asked first (the modal machine's confirm question): cancelling drops what the job screened so far.
    const question = await screen.findByRole('alertdialog', { name: 'Cancel the background screening?' });
    expect(question.textContent).toMatch(/(No parcel is screened yet|[\d,]+ of 5,100 parcels are screened)\. A cancelled job stops for good/);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel the job' }));
    expect(await within(again).findByText('The last background screening was cancelled.')).toBeTruthy();
  }, timeoutMs);
});

describe('a running background screening', () => {
  it('shows a progress bar with the parcels done of the total, the percentage and the time left', () => {
    const job: ScreeningJob = {
      id: 'job',
      project_id: 'project',
      status: 'running',
      criteria: {},
      bbox: null,
      parcels_total: 50_000,
      parcels_done: 12_500,
      percent: 25,
      eta_seconds: 185,
      summary: { pass: 10_000, fail: 2_000, unknown: 500 },
      layers: [],
      error: null,
      created_at: '2026-01-01T00:00:00.000Z',
      started_at: '2026-01-01T00:00:01.000Z',
      updated_at: '2026-01-01T00:01:00.000Z',
      finished_at: null,
    };
    render(
      <AppProvider>
        <ScreeningJobState job={job} />
      </AppProvider>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Background screening progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Screened 12,500 of 50,000 parcels (25%), about 3 min left')).toBeTruthy();
    cleanup();
    render(
      <AppProvider>
        <ScreeningJobState job={{ ...job, parcels_total: null, parcels_done: 0, percent: 0, eta_seconds: null }} />
      </AppProvider>,
    );
    expect(screen.getByText('Finding the parcels to screen…')).toBeTruthy();
    // What cancelling it would lose, as the question before a cancel says.
    expect(cancelQuestion(job)).toBe('12,500 of 50,000 parcels are screened. A cancelled job stops for good and its results are not kept: screening again starts from the first parcel.');
    expect(cancelQuestion({ ...job, parcels_total: null, parcels_done: 0 })).toMatch(/^No parcel is screened yet\. /);
  });
});
