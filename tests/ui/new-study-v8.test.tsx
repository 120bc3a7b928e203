// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { energyMessages } from '../../src/contract/energy.ts';
import type { FeasibilityStudy, StudyList } from '../../src/contract/feasibility.ts';
import { settingsMessages } from '../../src/contract/settings.ts';
import { messages } from '../../src/contract/validation.ts';
import { pasteIntoMonths } from '../../src/features/feasibility/new-study/form-values.ts';
import { presetChoices, systemChanges } from '../../src/features/feasibility/new-study/system-choices.ts';
import { pvgisUnreachableMessage, readableDetail } from '../../src/features/feasibility/new-study/weather-notes.ts';
import type { KeyValueStorage } from '../../src/lib/session-storage.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { WEATHER_FILES } from '../solar/fixtures.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { fillIn, polyfillBrowser, stubWorker, renderApp, signInThroughApi } from './render-app.tsx';

configure({ asyncUtilTimeout: 15_000 });

const row = (values: number[]) => values.join('\t');

/** A paste of `text` the way a browser delivers it (jsdom has no DataTransfer). */
const paste = (input: HTMLElement, text: string) => fireEvent.paste(input, { clipboardData: { getData: () => text } });

/** Picks a weather source and waits for the radio group to report it (it does so after the click). */
async function chooseWeather(form: HTMLElement, label: string) {
  const radio = within(form).getByLabelText<HTMLInputElement>(label);
  fireEvent.click(radio);
  await waitFor(() => expect(radio.closest('label')!.dataset.state).toBe('checked'));
}

describe('what the new-study form sends for the energy model', () => {
  const tracker = presetChoices({ mount: 'single_axis' } as Parameters<typeof presetChoices>[0]);

  it('sends nothing the user left as the preset has it', () => {
    expect(tracker).toMatchObject({ model: 'pvlib', arrayType: '1-axis-backtrack', moduleType: 'standard', bifaciality: '0', snowModel: false });
    expect(systemChanges(tracker, tracker)).toEqual({});
  });

  it('names the model with an array type, which alone would choose PVWatts v8, and sends v8 fields only to v8', () => {
    expect(systemChanges({ ...tracker, arrayType: '2-axis', snowModel: true }, tracker)).toEqual({ model: 'pvlib', array_type: '2-axis' });
    const soiling = ['1', '1', '2', '2', '3', '3', '3', '3', '2', '2', '1', ''];
    expect(systemChanges({ ...tracker, model: 'pvwatts_v8', moduleType: 'premium', bifaciality: '0.7', soiling }, tracker)).toEqual({
      model: 'pvwatts_v8',
      module_type: 'premium',
      bifaciality: 0.7,
      // A blank month goes as it is, for the contract's message.
      soiling_monthly_pct: [1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1, ''],
    });
    expect(systemChanges({ ...tracker, model: 'pvwatts_v8' }, tracker)).toEqual({ model: 'pvwatts_v8' });
  });

  it('sends the albedo to either model, and monthly albedo only to PVWatts v8 when the file’s is not used', () => {
    const months = ['0.6', '0.6', '0.4', '0.2', '0.2', '0.2', '0.2', '0.2', '0.2', '0.2', '0.3', '0.5'];
    expect(systemChanges({ ...tracker, albedo: '0.3', albedoMonthly: months }, tracker)).toEqual({ model: 'pvlib', albedo: 0.3 });
    expect(systemChanges({ ...tracker, model: 'pvwatts_v8', albedoMonthly: months }, tracker)).toEqual({ model: 'pvwatts_v8' });
    expect(systemChanges({ ...tracker, model: 'pvwatts_v8', albedoFromWeather: false, albedoMonthly: months }, tracker)).toEqual({
      model: 'pvwatts_v8',
      albedo_from_weather: false,
      albedo_monthly: months.map(Number),
    });
  });

  it('fills twelve months from a pasted row, and a shorter row from the month pasted into', () => {
    const blank = Array.from({ length: 12 }, () => '');
    expect(pasteIntoMonths(blank, 5, '1,2,3,4,5,6,7,8,9,10,11,12')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(pasteIntoMonths(blank, 10, '4.5 5.5 6.5')).toEqual([...blank.slice(0, 10), '4.5', '5.5']);
    expect(pasteIntoMonths(blank, 0, '4.5')).toBeNull();
  });

  it('never shows a raw network error code', () => {
    expect(readableDetail('PVGIS cannot be reached (ENOTFOUND). Try again later, or: Upload a weather file.')).toBe(pvgisUnreachableMessage);
    expect(readableDetail('PVGIS cannot be reached (fetch failed).')).toBe(pvgisUnreachableMessage);
    expect(readableDetail('PVGIS cannot be reached (bad port). Try again later.')).toBe(pvgisUnreachableMessage);
    expect(readableDetail('PVGIS did not answer within 30 s.')).toBe('PVGIS did not answer within 30 s.');
  });
});

describe('the new-study form with PVWatts v8, in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    stubWorker();
    // PVGIS on a closed local port: the server cannot reach it (no network in tests).
    api = await startAppProcess({ PVGIS_BASE_URL: 'http://127.0.0.1:9/api', PVGIS_TIMEOUT_MS: '500' }, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  async function project(body: Record<string, unknown>) {
    const user = await signInThroughApi(api, { hasProject: true });
    const created = await user.client.post<{ id: string; name: string }>('/api/project/create/', body);
    expect(created.status).toBe(201);
    return { ...user, project: created.body };
  }

  async function openNewStudy(path: string, storage: KeyValueStorage) {
    const view = renderApp(path, api.baseUrl, storage);
    const newStudy = await screen.findByRole('button', { name: 'New study' });
    await waitFor(() => expect(newStudy).toHaveProperty('disabled', false));
    fireEvent.click(newStudy);
    const form = await screen.findByRole('dialog', { name: 'New feasibility study' });
    await within(form).findByLabelText('Energy model');
    return { ...view, form };
  }

  const studiesOf = async (client: Awaited<ReturnType<typeof signInThroughApi>>['client'], projectId: string) =>
    (await client.get<StudyList>(`/api/project/feasibility/list/?project_id=${projectId}`)).body.results;

  it('runs a PVWatts v8 study on monthly means prefilled from the project’s study, with the module type, bifaciality and pasted soiling, the snow model off without snow depth', async () => {
    const { client, storage, project: anacostia } = await project({ name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } });
    const means = meansAt(38.8, -77.0, 0.5, 15);
    const first = await client.post<FeasibilityStudy>('/api/project/feasibility/create/', {
      project_id: anacostia.id,
      weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 2500 },
    });
    expect(first.status).toBe(201);

    const { form } = await openNewStudy(`/project/${anacostia.id}/anacostia`, storage);
    await chooseWeather(form, 'Twelve monthly means (lower confidence)');
    await within(form).findByText(/^Prefilled with the monthly means of .*\(the weather of Study 1\); change any month\.$/);
    expect(within(form).getByLabelText<HTMLInputElement>('January GHI').value).toBe(String(means.ghiKwhM2PerDay[0]));
    expect(within(form).getByLabelText<HTMLInputElement>('December air temperature').value).toBe(String(means.tempAirC[11]));
    // The means are the project's own place: the distance is said quietly, and nothing is asked.
    expect(within(form).getByTestId('weather-distance').textContent).toBe('This weather is 0 km from the project.');

    // PVWatts v8's own fields show once it is chosen; the snow model says what it needs.
    expect(within(form).queryByLabelText('Module type')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Energy model'), { target: { value: 'pvwatts_v8' } });
    fireEvent.change(within(form).getByLabelText('Module type'), { target: { value: 'premium' } });
    fireEvent.change(within(form).getByLabelText('Bifaciality'), { target: { value: '0.7' } });
    // Monthly means have no snow depth, which the snow model needs: it stays off.
    expect(within(form).getByText('Needs snow depth in the weather file (an NSRDB or SAM CSV, or an EPW that has it). Monthly means has none, so it stays off.')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Snow model (Marion et al. 2013)').disabled).toBe(true);
    paste(within(form).getByLabelText('January soiling'), row([1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1, 1]));
    expect(within(form).getByLabelText<HTMLInputElement>('December soiling').value).toBe('1');
    // Albedo: PVWatts v8 reads the file's by default; unticked, twelve months of one's own (a snowy winter).
    expect(within(form).queryByLabelText('January albedo')).toBeNull();
    fireEvent.click(within(form).getByLabelText('Albedo from the weather file where it has one'));
    paste(await within(form).findByLabelText('January albedo'), row([0.6, 0.6, 0.4, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.3, 0.5]));

    fireEvent.click(within(form).getByRole('button', { name: 'Run and save study' }));
    await screen.findByRole('heading', { name: 'Study 2' }, { timeout: 30_000 });
    // The study's finance downloads as a workbook (a zip, as every xlsx) and as CSV, named after project and study.
    const files: { blob: Blob; name: string }[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (files.push({ blob: blob as Blob, name: '' }), 'blob:test'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files[files.length - 1]!.name = this.download;
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Spreadsheet (XLSX)' }));
      await waitFor(() => expect(files).toHaveLength(1));
      fireEvent.click(screen.getByRole('button', { name: 'Cash flows (CSV)' }));
      await waitFor(() => expect(files).toHaveLength(2));
    } finally {
      objectUrl.mockRestore();
      click.mockRestore();
    }
    // Named by the server: the project, the study and the day it was saved.
    const saved = (await studiesOf(client, anacostia.id)).find((study) => study.name === 'Study 2')!.created_at.slice(0, 10);
    expect(files.map((file) => file.name)).toEqual([`Anacostia - Study 2 ${saved}.xlsx`, `Anacostia - Study 2 ${saved}.csv`]);
    expect(new TextDecoder().decode(new Uint8Array(await files[0]!.blob.arrayBuffer()).slice(0, 2))).toBe('PK');
    expect(await files[1]!.blob.text()).toMatch(/^"?Year/);
    const second = (await studiesOf(client, anacostia.id)).find((study) => study.name === 'Study 2')!;
    expect(second.system).toMatchObject({
      model: 'pvwatts_v8',
      module_type: 'premium',
      // The preset's tracker, which the form left alone.
      array_type: '1-axis-backtrack',
      bifaciality: 0.7,
      snow_model: false,
      soiling_monthly_pct: [1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1, 1],
      albedo_from_weather: false,
      albedo_monthly: [0.6, 0.6, 0.4, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.3, 0.5],
    });
    expect(second.weather.source).toBe('monthly');
    expect(second.weather.lat).toBeCloseTo(38.846, 6);
  });

  it('shows how far an uploaded file is from the project and runs on distant weather only once the user confirms', async () => {
    const { client, storage, project: pune } = await project({ name: 'Pune', address: 'Pune, Maharashtra', location: { lat: 18.5204, lng: 73.8567 } });
    // Multipart by hand: jsdom's FormData is not one Node's fetch can send.
    const boundary = 'sunplot-test-boundary';
    const multipart = [`--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="723170TYA.CSV"', 'Content-Type: text/csv', '', readFileSync(resolve('tests/fixtures', WEATHER_FILES.tmy3), 'utf8'), `--${boundary}--`, ''].join('\r\n');
    const uploaded = await client.post<{ id: string; site_name: string }>('/api/gis/weather/upload/', multipart, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(uploaded.status).toBe(201);

    const { form: dialog } = await openNewStudy(`/project/${pune.id}/pune`, storage);
    const distance = within(dialog).getByTestId('weather-distance').textContent;
    expect(distance).toMatch(new RegExp(`^This weather is 1[34],\\d{3} km from the project \\(${uploaded.body.site_name} vs the project in Pune, Maharashtra\\)\\.$`));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Run and save study' }));
    const ask = await within(dialog).findByRole('alertdialog', { name: 'Weather far from the project' });
    expect(within(ask).getByText(distance, { exact: false })).toBeTruthy();
    // Choosing other weather closes the question; nothing was created.
    fireEvent.click(within(ask).getByRole('button', { name: 'Choose other weather' }));
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(await studiesOf(client, pune.id)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Run and save study' }));
    fireEvent.click(within(await within(dialog).findByRole('alertdialog')).getByRole('button', { name: 'Run on this weather anyway' }));
    await screen.findByRole('heading', { name: 'Study 1' }, { timeout: 30_000 });
    expect((await studiesOf(client, pune.id))[0]!.weather.weather_id).toBe(uploaded.body.id);
  });

  it('names the month in each monthly-means error, fills the year from a pasted row, and words a PVGIS failure', async () => {
    const { storage, project: anacostia } = await project({ name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } });
    const { form } = await openNewStudy(`/project/${anacostia.id}/anacostia`, storage);
    await chooseWeather(form, 'Twelve monthly means (lower confidence)');
    await within(form).findByText('No weather to prefill from yet (no study of this project has run): type the twelve monthly means.');

    const means = meansAt(38.8, -77.0, 0.5, 15);
    paste(within(form).getByLabelText('January GHI'), means.ghiKwhM2PerDay.map((v) => v.toFixed(2)).join(', '));
    paste(within(form).getByLabelText('January air temperature'), means.tempAirC.map((v) => v.toFixed(1)).join(' '));
    expect(within(form).getByLabelText<HTMLInputElement>('December GHI').value).toBe(means.ghiKwhM2PerDay[11]!.toFixed(2));
    expect(within(form).getByLabelText<HTMLInputElement>('June air temperature').value).toBe(means.tempAirC[5]!.toFixed(1));
    fireEvent.change(within(form).getByLabelText('March GHI'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('July air temperature'), { target: { value: '99' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Run and save study' }));
    await within(form).findByText(`March GHI: ${messages.required}`);
    expect(within(form).getByText(`July air temperature: ${energyMessages.temperature}`)).toBeTruthy();
    expect(within(form).getByLabelText('March GHI').getAttribute('aria-invalid')).toBe('true');

    await chooseWeather(form, "PVGIS typical year at the project's location");
    await within(form).findByText(/^Fetched by the server for 38\.846, −77\.010/);
    fireEvent.click(within(form).getByRole('button', { name: 'Run and save study' }));
    // The server's words when it gives them; the network layer's own (a code, "bad port") never.
    await within(form).findByText((text) => text === pvgisUnreachableMessage || /^PVGIS cannot be reached: [^(]+\. Try again later, or: Upload a weather file/.test(text));
    expect(document.body.textContent).not.toMatch(/ECONNREFUSED|ENOTFOUND|bad port/);
  });

  it('saves a preset’s energy model, module type, bifaciality, snow model and monthly soiling, with the contract’s messages', async () => {
    const { client, storage, project: anacostia } = await project({ name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } });
    renderApp(`/project/settings/${anacostia.id}/anacostia`, api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Assumptions for Anacostia' });
    expect(screen.getByText("Not set: pvlib-compatible — Sunplot's default.")).toBeTruthy();
    expect(screen.queryByLabelText(/^Module type/)).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Energy model/), { target: { value: 'pvwatts_v8' } });
    fireEvent.change(await screen.findByLabelText(/^Module type/), { target: { value: 'thin-film' } });
    await fillIn(/^Bifaciality/, '1.5');
    fireEvent.change(screen.getByLabelText(/^Snow model/), { target: { value: 'true' } });
    await fillIn(/^Monthly soiling/, '2, 2, 1');
    // A fixed array type on the built-in tracker preset's mounting.
    fireEvent.change(screen.getByLabelText(/^Array type/), { target: { value: 'fixed-roof' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new preset' }));
    expect(await screen.findByText(settingsMessages.bifaciality)).toBeTruthy();
    expect(screen.getByText(settingsMessages.twelve)).toBeTruthy();
    expect(screen.getByText('This array type is not on the chosen mounting: change one of them.')).toBeTruthy();

    await fillIn(/^Monthly soiling/, '2 2 1 1 1 1 100 1 1 1 2 2');
    expect(await screen.findByText(`July: ${settingsMessages.soiling}`)).toBeTruthy();
    await fillIn(/^Monthly soiling/, '2\t2\t1\t1\t1\t1\t1\t1\t1\t1\t2\t2');
    await fillIn(/^Bifaciality/, '0.65');
    fireEvent.change(screen.getByLabelText(/^Array type/), { target: { value: '1-axis' } });
    await fillIn(/^Preset name/, 'Anacostia v8');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new preset' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Preset').selectedOptions[0]!.textContent).toBe('Anacostia v8 (current)'), { timeout: 60_000 });

    const last = await client.get<{ name: string; assumptions: { system: Record<string, unknown> } }>(`/api/settings/last/get/?project_id=${anacostia.id}`);
    expect(last.body.name).toBe('Anacostia v8');
    expect(last.body.assumptions.system).toMatchObject({
      model: 'pvwatts_v8',
      module_type: 'thin-film',
      array_type: '1-axis',
      bifaciality: 0.65,
      snow_model: true,
      soiling_monthly_pct: [2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2],
    });
    // A saved choice can be taken away again: emptied, the model's default applies and the preset no longer names it.
    const model = screen.getByLabelText<HTMLSelectElement>(/^Energy model/);
    expect([...model.options].map((option) => option.value)).toEqual(['', 'pvlib', 'pvwatts_v8']);
    fireEvent.change(await screen.findByLabelText(/^Module type/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Snow model/), { target: { value: '' } });
    await fillIn(/^Monthly soiling/, '');
    await fillIn(/^Bifaciality/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => {
      const cleared = await client.get<{ assumptions: { system: Record<string, unknown> } }>(`/api/settings/last/get/?project_id=${anacostia.id}`);
      expect(cleared.body.assumptions.system).toMatchObject({ model: 'pvwatts_v8', array_type: '1-axis' });
      for (const key of ['module_type', 'bifaciality', 'snow_model', 'soiling_monthly_pct']) expect(cleared.body.assumptions.system).not.toHaveProperty(key);
    });
    expect(await screen.findByText('Not set: no soiling loss beyond the system losses — NREL PVWatts v8 default.')).toBeTruthy();
  }, 90_000);
});
