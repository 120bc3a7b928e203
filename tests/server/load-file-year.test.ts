/**
 * An uploaded load file's own year (issue 43 item 6): time stamps such as "2023-01-01 00:00,1.2" set the load's
 * calendar_year, so its weekdays follow that year, and the upload says so; a year the request gives wins. The PDF
 * report of a study valued at hourly sell rates gives their figures.
 */
import { assert } from 'superstruct';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LoadFile } from '../../src/contract/behind-the-meter.ts';
import { FinanceResult } from '../../src/contract/energy.ts';
import { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import type { Project } from '../../src/contract/projects.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pageText } from '../support/pdf-text.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { meansAt } from '../solar/monthly-means.ts';

const financePath = '/api/gis/get_estimated_financial_data/';
const HOURS = 8760;
const pad = (n: number) => String(n).padStart(2, '0');
/** An office: 60 kWh in working hours on the first five days of each week the calendar starts on, 20 otherwise. */
const office = (firstWeekday: number) =>
  Array.from({ length: HOURS }, (_, i) => {
    const hour = i % 24;
    const weekday = (Math.floor(i / 24) + firstWeekday) % 7 < 5;
    return weekday && hour >= 8 && hour < 18 ? 60 : 20;
  });
/** The hours of 2023 as a meter writes them: 1 January 2023 was a Sunday (6 in SAM's Monday-first count). */
const stamp = (i: number) => {
  const at = new Date(Date.UTC(2023, 0, 1) + i * 3_600_000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:00`;
};
const metered2023 = office(6);
/** A weekday demand charge: the weekdays decide the bill. */
const allMonths = (value: (hour: number) => number) => Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => value(h)));
const tariff = {
  energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.25 }]],
  energyweekdayschedule: allMonths((h) => (h >= 12 && h < 18 ? 1 : 0)),
  energyweekendschedule: allMonths(() => 0),
  escalation_pct: 0,
};
const generation = Array.from({ length: HOURS }, (_, i) => (i % 24 >= 10 && i % 24 < 14 ? 40 : 0));

describeApi("a load file's own year, over HTTP", () => {
  let app: TestApp;
  let asha: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha] = await signedInPair(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const upload = async (name: string, rows: string[]) => {
    const form = new FormData();
    form.append('file', new Blob([`${rows.join('\n')}\n`], { type: 'text/csv' }), name);
    const answer = await asha.post<LoadFile>('/api/gis/load/upload/', form);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    assert(answer.body, LoadFile);
    return answer.body;
  };
  const bills = async (load: Record<string, unknown>) => {
    const answer = await asha.post<FinanceResult>(financePath, { energy: { hourly_ac_kwh: generation, dc_kw: 50 }, finance: { structure: 'behind_the_meter' }, tariff, load, export: { rule: 'net_billing' } });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    assert(answer.body, FinanceResult);
    return answer.body;
  };

  it('reads the year of the time stamps, says so in the notes, and the bills follow that calendar', async () => {
    const stamped = await upload('meter-2023.csv', ['time,kWh', ...metered2023.map((kwh, i) => `${stamp(i)},${kwh}`)]);
    expect(stamped.notes).toEqual(["The time stamps start in 2023: the load's weekdays follow 2023's calendar."]);
    const answer = await bills({ upload_id: stamped.id });
    expect(answer.assumptions.load).toMatchObject({ source: 'upload', calendar_year: 2023 });
    // The same values given with their year bill alike; read from a Monday (no year), the weekdays shift and the bill changes.
    const given = await bills({ hourly_kwh: metered2023, calendar_year: 2023 });
    expect(answer.bills).toEqual(given.bills);
    expect(answer.bill_without_solar_year1).not.toBeCloseTo((await bills({ hourly_kwh: metered2023 })).bill_without_solar_year1!, 2);
    // A year the request gives wins over the file's.
    expect((await bills({ upload_id: stamped.id, calendar_year: 2025 })).assumptions.load!.calendar_year).toBe(2025);

    const bare = await upload('meter.csv', ['kWh', ...metered2023.map(String)]);
    expect(bare.notes).toEqual([]);
    expect((await bills({ upload_id: bare.id })).assumptions.load!.calendar_year).toBeNull();
  });

  it("a study on the file keeps its year, and the report names it with the hourly sell rates' figures", async () => {
    const stamped = await upload('meter-2023-b.csv', ['time,kWh', ...metered2023.map((kwh, i) => `${stamp(i)},${kwh}`)]);
    const place = { lat: 36.07, lng: -79.79 };
    const means = meansAt(place.lat, place.lng, 0.5, 15);
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Office roof', location: place })).body;
    const rates = Array.from({ length: HOURS }, (_, i) => (i % 24 >= 17 && i % 24 < 21 ? 0.31 : 0.02));
    const study = await asha.post<FeasibilityStudy>('/api/project/feasibility/create/', {
      project_id: project.id,
      weather: { source: 'monthly', name: 'Greensboro (typed means)', lat: place.lat, lon: place.lng, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 50, tilt_deg: 10, azimuth_deg: 180 },
      finance: { structure: 'behind_the_meter' },
      tariff,
      load: { upload_id: stamped.id },
      export: { rule: 'net_billing', hourly_sell_rate_per_kwh: rates },
    });
    expect(study.status, JSON.stringify(study.body).slice(0, 600)).toBe(201);
    assert(study.body, FeasibilityStudy);
    expect(study.body.assumptions.load).toMatchObject({ source: 'upload', calendar_year: 2023 });

    const report = await fetch(`${app.baseUrl}/api/project/report/?id=${project.id}`, { headers: { authorization: `Bearer ${asha.access}` } });
    expect(report.status).toBe(200);
    const text = pageText(Buffer.from(await report.arrayBuffer()));
    expect(text).toContain('; calendar year 2023');
    expect(text).toMatch(/Export: net billing, 8,760 hourly sell rates from 0\.02 to 0\.31 \(mean 0\.0683\) per kWh/);
    expect(text).not.toContain('sell rate 0 per kWh');
  });
});
