// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StudyList } from '../../src/contract/feasibility.ts';
import { behindTheMeterSections, defaultBehindTheMeter, type BehindTheMeterChoices } from '../../src/features/feasibility/new-study/behind-the-meter-choices.ts';
import { approximateYield, dcKwForLoadShare, dcKwForRoof } from '../../src/features/feasibility/new-study/load-sizing.ts';
import { defaultHandTariff, fillSchedule, handRate, openEiItem, readTariff, scheduleOf, withoutPeriod } from '../../src/features/feasibility/new-study/tariff-choices.ts';
import type { KeyValueStorage } from '../../src/lib/session-storage.ts';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { uploadsThrough } from './uploads-through.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { polyfillBrowser, renderApp, signInThroughApi, stubWorker } from './render-app.tsx';

configure({ asyncUtilTimeout: 15_000 });

const createPath = '/api/project/feasibility/create/';
const weekdayPeak = (hour: number) => hour >= 16 && hour < 21;

describe('what the behind-the-meter form sends', () => {
  it('builds a time-of-use tariff with demand by period, on the energy schedules', () => {
    const hand = { ...defaultHandTariff(), kind: 'tou' as const, fixedPerMonth: '10' };
    hand.periods = [
      { name: 'Off-peak', price: '0.1', demandPerKw: '' },
      { name: 'Peak', price: '0.3', demandPerKw: '12' },
    ];
    const rate = handRate(hand);
    expect(rate.energyratestructure).toEqual([[{ rate: 0.1 }], [{ rate: 0.3 }]]);
    expect(rate.demandratestructure).toEqual([[{ rate: 0 }], [{ rate: 12 }]]);
    expect((rate.energyweekdayschedule as number[][])[6]!.map((period, hour) => period === (weekdayPeak(hour) ? 1 : 0))).not.toContain(false);
    expect(rate.demandweekendschedule).toEqual(scheduleOf(0));
    expect(rate).toMatchObject({ fixedchargefirstmeter: 10, fixedchargeunits: '$/month' });
    expect(rate).not.toHaveProperty('flatdemandstructure');
  });

  it('builds monthly slabs with an open last slab, and names a blank price at its field as the API does', () => {
    const hand = { ...defaultHandTariff(), kind: 'slabs' as const };
    hand.slabs = [
      { upToKwh: '100', price: '5.88' },
      { upToKwh: '', price: '' },
    ];
    expect(handRate(hand).energyratestructure).toEqual([[{ max: 100, unit: 'kWh', rate: 5.88 }, { unit: 'kWh', rate: '' }]]);
    const read = readTariff({ way: 'hand', presetId: 'in-residential-slab', urdbText: '', hand, escalationPct: '3' });
    expect(read).toEqual({ problems: { 'tariff.energyratestructure.0.1.rate': ['is missing: give a number from 0 to 100 (per kWh)'] } });
  });

  it('sets ranges that wrap past December and midnight, and renumbers the hours of a removed period', () => {
    const winterNights = fillSchedule(scheduleOf(0), { fromMonth: 10, toMonth: 1, fromHour: 22, toHour: 6 }, 2);
    expect(winterNights[11]![23]).toBe(2);
    expect(winterNights[0]![5]).toBe(2);
    expect(winterNights[0]![6]).toBe(0);
    expect(winterNights[2]![23]).toBe(0);
    const three = { ...defaultHandTariff(), periods: [...defaultHandTariff().periods, { name: 'Night', price: '', demandPerKw: '' }], weekend: winterNights };
    const without = withoutPeriod(three, 1);
    expect(without.periods.map((period) => period.name)).toEqual(['Off-peak', 'Night']);
    expect(without.weekday[0]![17]).toBe(0);
    expect(without.weekend[11]![23]).toBe(1);
  });

  it('takes the first item of an OpenEI answer and says what is wrong with the rest', () => {
    expect(openEiItem('{"items": [{"name": "A"}, {"name": "B"}]}')).toEqual({ item: { name: 'A' } });
    expect(openEiItem('{"items": []}')).toEqual({ problems: [{ field: 'items', message: 'holds no rate item: give at least one' }] });
    expect(openEiItem('[1, 2]')).toEqual({ problems: [{ field: '', message: 'must be one OpenEI rate item, or an answer with items' }] });
    expect('problems' in openEiItem('{"name":')).toBe(true);
  });

  it('sends a household as a residential owner with no tax and no depreciation, a business as commercial with the preset’s, and only the export fields the rule reads', () => {
    const household = defaultBehindTheMeter('INR');
    household.load.annualKwh = '6000';
    household.export = { rule: 'net_billing', sellRate: '3', trueUpMonth: '3', yearEndRate: '2' };
    const sent = behindTheMeterSections(household);
    if (!('sections' in sent)) throw new Error('the India preset reads');
    expect(sent.sections.finance).toEqual({ structure: 'behind_the_meter', owner: 'residential', federal_tax_rate_pct: 0, state_tax_rate_pct: 0 });
    expect(sent.sections.incentives).toEqual({ depreciation: 'none' });
    expect(sent.sections.load).toEqual({ shape: 'residential', annual_kwh: 6000 });
    expect(sent.sections.export).toEqual({ rule: 'net_billing', sell_rate_per_kwh: 3 });
    expect(sent.sections.tariff).toMatchObject({ ...TARIFF_PRESETS[1]!.rate, escalation_pct: 3 });
    const business: BehindTheMeterChoices = { ...household, owner: 'business', incentives: { steps: [{ upToKw: '2', perKw: '30000' }, { upToKw: '', perKw: '18000' }], cap: '', rebatePerKw: '', rebatePct: '5' } };
    const sections = (behindTheMeterSections(business) as { sections: { finance: unknown; incentives: unknown } }).sections;
    expect(sections.finance).toEqual({ structure: 'behind_the_meter', owner: 'commercial' });
    expect(sections.incentives).toEqual({ capital_subsidy_per_kw: [{ up_to_kw: 2, per_kw: 30000 }, { up_to_kw: null, per_kw: 18000 }], rebate_pct: 5 });
  });

  it('sizes to a share of the load on a yield per kWp, and to a roof at the module power per m²', () => {
    expect(approximateYield(18.5)).toBe(1500);
    expect(approximateYield(-45)).toBe(1200);
    expect(approximateYield(52)).toBe(1000);
    expect(dcKwForLoadShare(6000, 80, 1500)).toBeCloseTo(3.2, 9);
    expect(dcKwForRoof(30, 210)).toBeCloseTo(6.3, 9);
  });
});

/** Every create request the app sends, with its body and the status it got. */
function watchCreates() {
  const sent: { body: Record<string, unknown>; status: number }[] = [];
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes(createPath)) sent.push({ body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>, status: response.status });
    return response;
  });
  return { sent, restore: () => spy.mockRestore() };
}

/** Sends the form and answers the one create request it made, as sent and answered. */
async function sendForm(form: HTMLElement) {
  const creates = watchCreates();
  try {
    fireEvent.click(within(form).getByRole('button', { name: 'Run and save study' }));
    await waitFor(() => expect(creates.sent).toHaveLength(1), { timeout: 30_000 });
  } finally {
    creates.restore();
  }
  return creates.sent[0]!;
}


describe('the new-study form behind the meter, in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    stubWorker();
    // PVGIS on a closed local port: no network in tests; the studies run on typed monthly means.
    api = await startAppProcess({ PVGIS_BASE_URL: 'http://127.0.0.1:9/api', PVGIS_TIMEOUT_MS: '500' }, { buildSpa: false });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => api?.stop());

  async function project(body: Record<string, unknown>) {
    const user = await signInThroughApi(api, { hasProject: true });
    const created = await user.client.post<{ id: string; name: string }>('/api/project/create/', body);
    expect(created.status).toBe(201);
    return { ...user, project: created.body };
  }

  /** The dialog, on monthly means typed for the project's place, valued behind the meter. */
  async function openBehindTheMeter(path: string, storage: KeyValueStorage, lat: number, lon: number) {
    renderApp(path, api.baseUrl, storage);
    const newStudy = await screen.findByRole('button', { name: 'New study' });
    await waitFor(() => expect(newStudy).toHaveProperty('disabled', false));
    fireEvent.click(newStudy);
    const form = await screen.findByRole('dialog', { name: 'New feasibility study' });
    await within(form).findByLabelText('Energy model');
    await choose(form, 'Twelve monthly means (lower confidence)');
    await within(form).findByText(/^No weather to prefill from yet/);
    const means = meansAt(lat, lon, 0.55, 25);
    paste(within(form).getByLabelText('January GHI'), means.ghiKwhM2PerDay.map((v) => v.toFixed(2)).join(' '));
    paste(within(form).getByLabelText('January air temperature'), means.tempAirC.map((v) => v.toFixed(1)).join(' '));
    await choose(form, 'Bill savings (behind the meter)');
    await within(form).findByText('Load');
    return form;
  }

  const paste = (input: HTMLElement, text: string) => fireEvent.paste(input, { clipboardData: { getData: () => text } });
  const type = (form: HTMLElement, label: string | RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });

  async function choose(form: HTMLElement, label: string) {
    const radio = within(form).getByLabelText<HTMLInputElement>(label);
    fireEvent.click(radio);
    await waitFor(() => expect(radio.closest('label')!.dataset.state).toBe('checked'));
  }

  /** A button of the TOU grid by its accessible name (its aria-label, else its text), found directly. */
  const gridButton = (grid: HTMLElement, name: string) => {
    const found = [...grid.querySelectorAll('button')].find((button) => (button.getAttribute('aria-label') ?? button.textContent) === name);
    if (!found) throw new Error(`No button "${name}" in the grid`);
    return found;
  };

  const studiesOf = async (client: Awaited<ReturnType<typeof signInThroughApi>>['client'], projectId: string) =>
    (await client.get<StudyList>(`/api/project/feasibility/list/?project_id=${projectId}`)).body.results;

  it('saves a household rooftop in Pune on a residential shape, the MSEDCL slab tariff, net metering and PM Surya Ghar', async () => {
    const { client, storage, project: pune } = await project({ name: 'Pune home', location: { lat: 18.52, lng: 73.86 } });
    const form = await openBehindTheMeter(`/project/${pune.id}/pune-home`, storage, 18.52, 73.86);
    fireEvent.change(within(form).getByLabelText('Assumptions preset'), { target: { value: 'builtin:india-utility' } });
    // The cited tariff follows the study's currency, and brings its export rule.
    await waitFor(() => expect(within(form).getByLabelText<HTMLSelectElement>('Utility tariff').value).toBe('in-residential-slab'));
    expect(within(form).getByText(/As of 2024-04-01\.$/)).toBeTruthy();
    expect(within(form).getByLabelText<HTMLSelectElement>('Export rule').value).toBe('net_metering');
    expect(within(form).getByText('Surplus kWh roll over to later months, period by period; the kWh left in the true-up month are paid at the year-end rate.')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLSelectElement>('True-up month').value).toBe('3');
    expect(within(form).queryByLabelText(/^Sell rate/)).toBeNull();
    expect(within(form).getByText(/^A household pays no tax/)).toBeTruthy();

    expect(within(form).getByText(/^The year the load was metered, for its weekdays\. Without a calendar year the year starts on a Monday, as NREL SAM assumes\.$/)).toBeTruthy();
    expect(within(form).getByLabelText<HTMLSelectElement>('Load shape').value).toBe('residential');
    expect(within(form).getByText(/Source: NREL SAM sample residential load/)).toBeTruthy();
    type(form, 'Yearly consumption (kWh)', '6000');
    const months = await within(form).findByRole('list', { name: 'Residential shape, kWh a month' });
    expect(within(months).getAllByRole('listitem')).toHaveLength(12);
    type(form, 'Year-end rate (INR/kWh)', '3.3');
    fireEvent.click(within(form).getByRole('button', { name: 'PM Surya Ghar (India, 2024)' }));
    expect(within(form).getByLabelText<HTMLInputElement>('Step 2 subsidy (INR/kW)').value).toBe('18000');
    expect(within(form).getByLabelText<HTMLInputElement>('Subsidy cap (INR, optional)').value).toBe('78000');

    // No study has run here yet: the size comes from the latitude's rule of thumb, said to be approximate.
    expect(within(form).getByTestId('load-sizing').textContent).toMatch(/^100% × 6,000 kWh a year ÷ about 1,500 kWh\/kWp, a rule of thumb for 19° latitude .*approximate/);
    fireEvent.click(within(form).getByRole('button', { name: 'Use 4.0 kW for the load' }));
    expect(within(form).getByLabelText<HTMLInputElement>('DC size (kW)').value).toBe('4');

    expect((await sendForm(form)).status).toBe(201);
    const study = (await studiesOf(client, pune.id))[0]!;
    expect(study.assumptions.load).toMatchObject({ source: 'shape', shape: 'residential', annual_kwh: 6000, calendar_year: null, growth_pct: 0 });
    expect(study.assumptions.export).toEqual({ rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 3, year_end_rate_per_kwh: 3.3 });
    expect(study.assumptions.finance).toMatchObject({ structure: 'behind_the_meter', currency: 'INR', federal_tax_rate_pct: 0, state_tax_rate_pct: 0 });
    expect(study.assumptions.incentives).toMatchObject({ depreciation: 'none', capital_subsidy_per_kw: [{ up_to_kw: 2, per_kw: 30000 }, { up_to_kw: 3, per_kw: 18000 }], capital_subsidy_cap: 78000 });
    expect(study.assumptions.tariff.energyratestructure).toEqual(TARIFF_PRESETS.find((preset) => preset.id === 'in-residential-slab')!.rate.energyratestructure);
    expect(study.system.dc_kw).toBe(4);
  }, 90_000);

  it('shows every "Line N" of a damaged load file under the upload, then a file of monthly totals with its months', async () => {
    const { storage, project: pune } = await project({ name: 'Pune shop', location: { lat: 18.52, lng: 73.86 } });
    vi.stubGlobal('XMLHttpRequest', uploadsThrough(api.baseUrl, undefined, { fileType: 'text/csv' }));
    const form = await openBehindTheMeter(`/project/${pune.id}/pune-shop`, storage, 18.52, 73.86);
    await choose(form, "The site's meter data or monthly bills (a CSV file)");
    const hours = Array.from({ length: 8760 }, () => '0.5');
    hours[1] = 'abc';
    hours[4] = '-1';
    fireEvent.change(within(form).getByLabelText('Upload a load file'), { target: { files: [new File([`kWh\n${hours.join('\n')}\n`], 'meter.csv', { type: 'text/csv' })] } });
    expect(await within(form).findByText('Line 3: "abc" is not a number')).toBeTruthy();
    expect(within(form).getByText(/^Line 6: negative value -1/)).toBeTruthy();

    const bills = ['Month,kWh', ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((month, i) => `${month},${400 + 10 * i}`)].join('\n');
    fireEvent.change(within(form).getByLabelText('Upload a load file'), { target: { files: [new File([bills], 'bills 2024.csv', { type: 'text/csv' })] } });
    const summary = await within(form).findByTestId('load-file-summary');
    expect(within(summary).getByText('bills 2024.csv: 5,460 kWh a year (12 monthly totals).')).toBeTruthy();
    expect(within(within(summary).getByRole('list', { name: 'bills 2024.csv, kWh a month' })).getByText('March: 420 kWh')).toBeTruthy();
    expect(within(summary).getByLabelText<HTMLSelectElement>('Shape to spread the monthly totals on').value).toBe('residential');
    expect(within(form).queryByText(/^Line 3/)).toBeNull();
  });

  it('names each problem of a pasted URDB rate at its field and sends nothing until it reads', async () => {
    const { storage, project: anacostia } = await project({ name: 'Anacostia office', location: { lat: 38.846, lng: -77.0098 } });
    const form = await openBehindTheMeter(`/project/${anacostia.id}/anacostia-office`, storage, 38.846, -77.0098);
    await choose(form, 'An OpenEI Utility Rate Database rate (paste or upload its JSON)');
    const weekday = scheduleOf(0).map((row) => row.map((_, hour): number => (weekdayPeak(hour) ? 1 : 0)));
    weekday[3]![14] = 5;
    const item = { name: 'Office TOU', utility: 'Example Electric Co', energyratestructure: [[{ rate: 0.09 }], [{ rate: 'x' }]], energyweekdayschedule: weekday, energyweekendschedule: scheduleOf(0) };
    type(form, 'OpenEI URDB JSON', JSON.stringify({ items: [item] }));
    expect(await within(form).findByText('energyratestructure[1][0].rate: must be a number, not text ("x")')).toBeTruthy();
    expect(within(form).getByText('energyweekdayschedule[3][14]: April, 14:00: must be a period of energyratestructure (0 to 1)')).toBeTruthy();

    type(form, 'Yearly consumption (kWh)', '50000');
    type(form, 'DC size (kW)', '20');
    const creates = watchCreates();
    try {
      fireEvent.click(within(form).getByRole('button', { name: 'Run and save study' }));
      expect(await within(form).findByText('The tariff would be refused: its problems are shown in the Tariff section.')).toBeTruthy();
      expect(creates.sent).toHaveLength(0);
    } finally {
      creates.restore();
    }
    weekday[3]![14] = 1;
    type(form, 'OpenEI URDB JSON', JSON.stringify({ items: [{ ...item, energyratestructure: [[{ rate: 0.09 }], [{ rate: 0.21 }]], energyweekdayschedule: weekday }] }));
    expect(await within(form).findByText('Read Office TOU, Example Electric Co: 2 energy periods.')).toBeTruthy();
    expect(within(form).queryByText(/^energyweekdayschedule\[3\]\[14\]/)).toBeNull();
  });

  it('builds a time-of-use tariff by hand on the month × hour grid and sends its schedules', async () => {
    const { client, storage, project: anacostia } = await project({ name: 'Anacostia store', location: { lat: 38.846, lng: -77.0098 } });
    const form = await openBehindTheMeter(`/project/${anacostia.id}/anacostia-store`, storage, 38.846, -77.0098);
    await choose(form, 'A business');
    fireEvent.change(within(form).getByLabelText('Load shape'), { target: { value: 'retail' } });
    type(form, 'Yearly consumption (kWh)', '80000');
    fireEvent.change(within(form).getByLabelText('Export rule'), { target: { value: 'net_billing' } });
    expect(within(form).queryByLabelText('True-up month')).toBeNull();
    type(form, 'Sell rate (USD/kWh)', '0.05');
    type(form, 'DC size (kW)', '30');
    await choose(form, 'Build it by hand');
    type(form, 'Fixed charge (USD a month, optional)', '10');
    fireEvent.change(within(form).getByLabelText('Energy prices'), { target: { value: 'tou' } });

    // Below, queries keep to a part of the form: over the grid's 288 cells testing-library's label and role queries take seconds each.
    const periods = within(form).getByText('Time-of-use periods').closest('fieldset')!;
    type(periods, 'Period 1 price (USD/kWh)', '0.1');
    type(periods, 'Period 2 price (USD/kWh)', '0.3');
    type(periods, 'Period 2 demand (USD/kW, optional)', '12');
    // Summer middays join the peak in one step; the grid's cells are set by a click.
    const range = within(form).getByText(/^Or set a range of hours/).closest('fieldset')!;
    type(range, 'Months from', '5');
    type(range, 'Months to', '8');
    type(range, 'Hours from', '12');
    type(range, 'Hours to', '16');
    fireEvent.click(within(range).getByRole('button', { name: 'Set these hours' }));
    const grid = within(form).getByText('The hours of each period').closest('fieldset')!;
    expect(gridButton(grid, 'July, 12:00–13:00 weekdays: Peak')).toBeTruthy();
    fireEvent.click(gridButton(grid, '1. Off-peak'));
    fireEvent.click(gridButton(grid, 'January, 17:00–18:00 weekdays: Peak'));
    fireEvent.click(gridButton(grid, '2. Peak'));
    fireEvent.click(gridButton(grid, 'January, 03:00–04:00 weekdays: Off-peak'));
    expect(gridButton(grid, 'January, 03:00–04:00 weekdays: Peak').getAttribute('data-period')).toBe('1');
    fireEvent.click(gridButton(grid, 'Weekends'));
    expect(gridButton(grid, 'July, 17:00–18:00 weekends: Off-peak')).toBeTruthy();

    const { body, status } = await sendForm(form);
    expect(status).toBe(201);
    const tariff = body.tariff as Record<string, unknown>;
    const expected = scheduleOf(0).map((row, month) => row.map((_, hour) => (weekdayPeak(hour) || (month >= 5 && month <= 8 && hour >= 12 && hour < 16) ? 1 : 0)));
    expected[0]![17] = 0;
    expected[0]![3] = 1;
    expect(tariff.energyweekdayschedule).toEqual(expected);
    expect(tariff.energyweekendschedule).toEqual(scheduleOf(0));
    expect(tariff.energyratestructure).toEqual([[{ rate: 0.1 }], [{ rate: 0.3 }]]);
    expect(tariff.demandratestructure).toEqual([[{ rate: 0 }], [{ rate: 12 }]]);
    expect(tariff.demandweekdayschedule).toEqual(expected);
    expect(tariff).toMatchObject({ fixedchargefirstmeter: 10, fixedchargeunits: '$/month', escalation_pct: TARIFF_PRESETS[0]!.escalation_pct });
    expect(body.export).toEqual({ rule: 'net_billing', sell_rate_per_kwh: 0.05 });
    // A business keeps the preset's tax and depreciation.
    expect(body.finance).toEqual({ structure: 'behind_the_meter', owner: 'commercial' });
    expect(body.load).toEqual({ shape: 'retail', annual_kwh: 80000 });
    const saved = (await studiesOf(client, anacostia.id))[0]!;
    expect(saved.assumptions.tariff.energyweekdayschedule).toEqual(expected);
    expect(saved.assumptions.load).toMatchObject({ source: 'shape', shape: 'retail', annual_kwh: 80000 });
  }, 90_000);

  it("asks a US project's credit dates and sends them with a household as a residential owner; the study names the §25D rule", async () => {
    const { client, storage, project: fresno } = await project({ name: 'Fresno home', location: { lat: 36.74, lng: -119.79 }, country: 'US', postal_code: '93721' });
    const form = await openBehindTheMeter(`/project/${fresno.id}/fresno-home`, storage, 36.74, -119.79);
    expect(within(form).getByText(/^With the owner they decide the federal credits as the law now stands/)).toBeTruthy();
    // India's rooftop scheme is not offered on a US project.
    expect(within(form).queryByRole('button', { name: 'PM Surya Ghar (India, 2024)' })).toBeNull();
    // A household's system is on its roof: the form moved to the residential preset and its roof mount, and says so.
    expect(within(form).getByLabelText<HTMLSelectElement>('Assumptions preset').value).toBe('builtin:us-residential');
    expect(within(form).getByLabelText<HTMLSelectElement>('Array type').value).toBe('fixed-roof');
    expect(within(form).getByText('Moved to the preset “US residential rooftop (household purchase)” and its roof mount.')).toBeTruthy();
    type(form, 'Yearly consumption (kWh)', '10500');
    type(form, 'Construction begins', '2026-03-02');
    type(form, 'Placed in service', '2026-05-29');
    const { body, status } = await sendForm(form);
    expect(status).toBe(201);
    expect(body.finance).toMatchObject({ structure: 'behind_the_meter', owner: 'residential', begin_construction_date: '2026-03-02', placed_in_service_date: '2026-05-29' });
    expect(body.preset_id).toBe('builtin:us-residential');
    const saved = (await studiesOf(client, fresno.id))[0]!;
    const money = (await client.get<{ finance: { credits: { section: string; applies: boolean; reason: string }[] } }>(`/api/project/feasibility/financial_estimation/get/?id=${saved.id}`)).body.finance;
    expect(money.credits.find((credit) => credit.section === '25D')).toMatchObject({ applies: false });
  });
});
