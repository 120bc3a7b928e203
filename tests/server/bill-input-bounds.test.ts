/**
 * Issue 36: every behind-the-meter input has a range and every array a length limit (docs/api.md, "Input bounds"),
 * refused with 400 naming the field; a tariff with thousands of faults answers a short summary, fast.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { btmMessages, type LoadFile } from '../../src/contract/behind-the-meter.ts';
import type { FinanceResult } from '../../src/contract/energy.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const financePath = '/api/gis/get_estimated_financial_data/';
type Errors = { errors: Record<string, string[]> };

const hours = (period: (month: number, hour: number) => number) => Array.from({ length: 12 }, (_, m) => Array.from({ length: 24 }, (_, h) => period(m, h)));
type Tier = { max?: number; rate: number; adj?: number; sell?: number };
/** A valid commercial tariff: TOU energy with two tiers, TOU and flat demand, a fixed and a minimum charge. */
const tariff = () => ({
  energyratestructure: [
    [{ max: 10_000, rate: 0.09 }, { rate: 0.08 }],
    [{ max: 10_000, rate: 0.16, adj: 0.01, sell: 0.05 }, { rate: 0.14 }],
  ] as Tier[][],
  energyweekdayschedule: hours((_, h) => (h >= 12 && h < 18 ? 1 : 0)),
  energyweekendschedule: hours(() => 0),
  demandratestructure: [[{ rate: 0 }], [{ rate: 14.5 }]],
  demandweekdayschedule: hours((_, h) => (h >= 12 && h < 18 ? 1 : 0)),
  demandweekendschedule: hours(() => 0),
  flatdemandstructure: [[{ rate: 6 }], [{ max: 500, rate: 8 }, { rate: 7 }]],
  flatdemandmonths: [0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0],
  fixedchargefirstmeter: 45,
  fixedchargeunits: '$/month',
  mincharge: 10,
  minchargeunits: '$/month',
});
const generation = Array.from({ length: 8760 }, (_, i) => (i % 24 >= 8 && i % 24 < 17 ? 40 : 0));
const base = () => ({
  energy: { hourly_ac_kwh: generation, dc_kw: 80 },
  finance: { structure: 'behind_the_meter' },
  tariff: tariff(),
  load: { shape: 'office', annual_kwh: 200_000 },
  export: { rule: 'net_billing', sell_rate_per_kwh: 0.03 },
});

describeApi('bounds on behind-the-meter inputs: tariffs, loads, export rules', () => {
  let app: TestApp;
  let asha: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha] = await signedInPair(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function refused(body: Record<string, unknown>): Promise<Record<string, string[]>> {
    const answer = await asha.post<Errors>(financePath, body);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(400);
    return answer.body.errors;
  }

  it('bills the valid tariff the other tests break', async () => {
    const answer = await asha.post<FinanceResult>(financePath, base());
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    expect(answer.body.bill_without_solar_year1).toBeGreaterThan(0);
  });

  it('answers a tariff of 170,000 invalid tiers (3.6 MB) with 400 in a short body naming the field', async () => {
    const body = base();
    Object.assign(body.tariff, { energyratestructure: [Array.from({ length: 170_000 }, () => ({ max: 'x', rate: -1 }))] });
    expect(JSON.stringify(body).length).toBeGreaterThan(3_500_000);
    const answer = await asha.post<Errors>(financePath, body);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body).length).toBeLessThan(10_000);
    expect(answer.body.errors).toEqual({ 'tariff.energyratestructure.0': ['has 170,000 tiers: at most 16'] });
    // Refused from the array's length, before any tier is read: 7.5 s and 22 MB before the bound, 0.3-1.3 s after on a
    // busy 2-core machine (most of it reading the body). Timing is the bystander benchmark's (npm run bench:bystander),
    // not a test's: the machines are shared.
  });

  it('answers a tariff with many faults with the first ten, a count of the rest, and months by name', async () => {
    const body = base();
    body.tariff.energyratestructure = Array.from({ length: 2 }, () => Array.from({ length: 16 }, (_, t) => ({ max: 100 * (t + 1), rate: -1 })));
    body.tariff.energyweekdayschedule[5]![13] = 9;
    body.tariff.flatdemandmonths[6] = 4;
    const errors = await refused(body);
    const fields = Object.keys(errors);
    expect(fields).toHaveLength(11);
    expect(fields.slice(0, 10).every((field) => /^tariff\.energyratestructure\.[01]\.\d+\.rate$/.test(field))).toBe(true);
    expect(errors['tariff.energyratestructure.0.0.rate']).toEqual(['must be a number from 0 to 100 (per kWh)']);
    // 32 rates below 0, June's 13:00 weekday hour and July's flat demand period: 34, of which ten are shown.
    expect(errors.tariff).toEqual(['24 more problems besides the 10 shown.']);

    const months = base();
    months.tariff.energyweekdayschedule[5]![13] = 9;
    months.tariff.flatdemandmonths[6] = 4;
    expect(await refused(months)).toEqual({
      'tariff.energyweekdayschedule.5.13': ['June, 13:00: must be a period of energyratestructure (0 to 1)'],
      'tariff.flatdemandmonths.6': ['July: must be a period of flatdemandstructure (0 to 1)'],
    });
    const short = base();
    short.tariff.energyweekendschedule[1] = short.tariff.energyweekendschedule[1]!.slice(0, 23);
    expect(await refused(short)).toEqual({ 'tariff.energyweekendschedule.1': ['February has 23 hours: give 24 period indices, 00:00 to 23:00'] });
  });

  it('refuses a rate of 1e21, a number written as text and every number out of its range, naming the field', async () => {
    const cases: [string, (t: ReturnType<typeof tariff>) => void, RegExp][] = [
      ['tariff.energyratestructure.0.0.rate', (t) => (t.energyratestructure[0]![0]!.rate = 1e21), /from 0 to 100/],
      ['tariff.energyratestructure.0.0.rate', (t) => Object.assign(t.energyratestructure[0]![0]!, { rate: '0.7' }), /a number, not text \("0\.7"\)/],
      ['tariff.energyratestructure.1.0.adj', (t) => (t.energyratestructure[1]![0]!.adj = -1e6), /from -100 to 100/],
      ['tariff.energyratestructure.1.0.sell', (t) => (t.energyratestructure[1]![0]!.sell = 1e308), /from 0 to 100/],
      ['tariff.energyratestructure.0.0.max', (t) => (t.energyratestructure[0]![0]!.max = 1e308), /above 0 and at most 1,000,000,000/],
      ['tariff.demandratestructure.1.0.rate', (t) => (t.demandratestructure[1]![0]!.rate = 1e21), /from 0 to 10,000 \(per kW\)/],
      ['tariff.flatdemandstructure.1.0.max', (t) => Object.assign(t.flatdemandstructure[1]![0]!, { max: '500' }), /not text/],
      ['tariff.fixedchargefirstmeter', (t) => (t.fixedchargefirstmeter = 1e21), /from 0 to 10,000,000/],
      ['tariff.mincharge', (t) => Object.assign(t, { mincharge: '10' }), /not text/],
      ['tariff.energyweekdayschedule.2.7', (t) => Object.assign(t.energyweekdayschedule[2]!, { 7: '1' }), /March, 07:00: must be a period/],
    ];
    for (const [field, breakIt, message] of cases) {
      const body = base();
      breakIt(body.tariff);
      const errors = await refused(body);
      expect(Object.keys(errors), field).toEqual([field]);
      expect(errors[field]!.join(' '), field).toMatch(message);
    }
  });

  it('says a missing field is missing', async () => {
    const noWeekend = base();
    delete (noWeekend.tariff as Partial<ReturnType<typeof tariff>>).energyweekendschedule;
    expect(await refused(noWeekend)).toEqual({ 'tariff.energyweekendschedule': ['is missing: give 12 months × 24 hours of period indices'] });
    const noRate = base();
    delete (noRate.tariff.energyratestructure[0]![1] as { rate?: number }).rate;
    expect(await refused(noRate)).toEqual({ 'tariff.energyratestructure.0.1.rate': ['is missing: give a number from 0 to 100 (per kWh)'] });
    const noDemandSchedule = base();
    delete (noDemandSchedule.tariff as Partial<ReturnType<typeof tariff>>).demandweekdayschedule;
    expect(await refused(noDemandSchedule)).toEqual({ 'tariff.demandweekdayschedule': ['is missing: give 12 months × 24 hours of period indices'] });
  });

  it('refuses arrays past their limits before reading them: periods, tiers, schedules, flat demand months', async () => {
    const periods = base();
    periods.tariff.energyratestructure = Array.from({ length: 73 }, () => [{ rate: 0.1 }]);
    expect(await refused(periods)).toEqual({ 'tariff.energyratestructure': ['has 73 periods: at most 72'] });
    const months = base();
    months.tariff.energyweekdayschedule = hours(() => 0).concat(Array.from({ length: 100_000 }, () => []));
    expect(await refused(months)).toEqual({ 'tariff.energyweekdayschedule': ['has 100,012 months: give 12 months × 24 hours of period indices'] });
    const flat = base();
    flat.tariff.flatdemandmonths = Array.from({ length: 50_000 }, () => 0);
    expect(await refused(flat)).toEqual({ 'tariff.flatdemandmonths': ['has 50,000 months: give 12, January to December, each a period of flatdemandstructure'] });
    const label = base();
    Object.assign(label.tariff, { name: 'x'.repeat(1001) });
    expect(await refused(label)).toEqual({ 'tariff.name': ['must be at most 1,000 characters'] });
  });

  it('refuses a load or generation value of 1e308 wherever it is given, naming the field', async () => {
    const cases: [string, object][] = [
      ['load.annual_kwh', { load: { shape: 'office', annual_kwh: 1e308 } }],
      ['load.hourly_kwh', { load: { hourly_kwh: Array.from({ length: 8760 }, (_, i) => (i === 4000 ? 1e308 : 1)) } }],
      ['load.growth_pct', { load: { shape: 'office', annual_kwh: 200_000, growth_pct: 1e308 } }],
      ['load.calendar_year', { load: { shape: 'office', annual_kwh: 200_000, calendar_year: 1e308 } }],
      ['energy.hourly_ac_kwh', { energy: { hourly_ac_kwh: generation.map((v, i) => (i === 12 ? 1e308 : v)), dc_kw: 80 } }],
      ['energy.dc_kw', { energy: { hourly_ac_kwh: generation, dc_kw: 1e308 } }],
      ['export.sell_rate_per_kwh', { export: { rule: 'net_billing', sell_rate_per_kwh: 1e308 } }],
      ['export.year_end_rate_per_kwh', { export: { rule: 'net_metering', year_end_rate_per_kwh: 1e308 } }],
      ['export.true_up_month', { export: { rule: 'net_metering', true_up_month: 1e308 } }],
      ['tariff.escalation_pct', { tariff: { ...tariff(), escalation_pct: 1e308 } }],
    ];
    for (const [field, change] of cases) expect(Object.keys(await refused({ ...base(), ...change })), field).toEqual([field]);
  });

  it('refuses an uploaded load file holding 1e308, naming its line, so no bill is made on it', async () => {
    const upload = async (lines: string[]) => {
      const form = new FormData();
      form.set('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'meter.csv');
      return asha.post<Errors | LoadFile>('/api/gis/load/upload/', form);
    };
    const hourly = Array.from({ length: 8760 }, () => '20');
    hourly[4999] = '1e308';
    const huge = await upload(['kWh', ...hourly]);
    expect(huge.status).toBe(400);
    expect((huge.body as Errors).errors.file).toEqual(['Line 5001: 1e308 kWh is above 1,000,000 kWh, the most an hour or a quarter-hour may hold']);
    const monthly = Array.from({ length: 12 }, () => '5000');
    monthly[5] = '1e308';
    const hugeMonth = await upload(monthly);
    expect(hugeMonth.status).toBe(400);
    expect((hugeMonth.body as Errors).errors.file).toEqual(['Line 6: 1e308 kWh is above 100,000,000 kWh, the most a month may hold']);
    // The largest values are taken.
    expect((await upload(Array.from({ length: 12 }, () => '100000000'))).status).toBe(201);
    const fine = await upload(['kWh', ...Array.from({ length: 8760 }, () => '1000000')]);
    expect(fine.status, JSON.stringify(fine.body).slice(0, 300)).toBe(201);

    // A file kept before uploads were bounded is refused by the study, not billed.
    const id = (fine.body as LoadFile).id;
    await app.database.db.execute(sql`update load_files set kwh = jsonb_set(kwh, '{4999}', '1e308'::jsonb) where id = ${id}`);
    expect(await refused({ ...base(), load: { upload_id: id } })).toEqual({ 'load.upload_id': [btmMessages.loadFileOutOfRange] });
  });
});
