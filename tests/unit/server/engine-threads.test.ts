/**
 * The engine's threads (server/workers/engine-threads.ts) answer exactly what the request thread computed before: the
 * same JSON to the byte for a bifacial PVWatts v8 year and for 50 years of quarter-hour bills, the same refusal with
 * its fields, and a workbook as a Buffer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FinanceBody, WeatherUsed } from '../../../src/contract/energy.ts';
import { createSiteContext } from '../../../src/solar/site-context.ts';
import { TARIFF_PRESETS } from '../../../src/solar/tariff-presets.ts';
import { readWeather } from '../../../src/solar/weather/read-weather.ts';
import { estimateEnergy, estimateFinance } from '../../../server/energy/estimates.ts';
import type { ChosenWeather } from '../../../server/energy/weather-sources.ts';
import { resolveLoad } from '../../../server/energy/loads.ts';
import { DomainError } from '../../../server/platform/domain-error.ts';
import { findBuiltin } from '../../../server/settings/preset-defaults.ts';
import { builtinView } from '../../../server/settings/preset-views.ts';
import { createEngineThreads } from '../../../server/workers/engine-threads.ts';
import { readShared } from '../../solar/fixtures.ts';

const weather = readWeather(readShared('weather/sam_phoenix_az_tmy2.csv'));
const used: WeatherUsed = {
  source: 'upload',
  weather_id: null,
  name: weather.site.name,
  attribution: null,
  retrieved_at: null,
  lat: weather.site.latitude,
  lon: weather.site.longitude,
  elevation_m: weather.site.elevation,
  utc_offset_hours: weather.site.utcOffsetHours,
  format: weather.format,
  confidence: 'standard',
  components: weather.components,
  annual_ghi_kwh_m2: 2000,
  notes: [],
};
const chosen: ChosenWeather = { weather, site: createSiteContext(weather), used, text: '', content: { kind: 'file', text: '' } };
const preset = builtinView(findBuiltin('builtin:commercial-rooftop')!);
const project = { lat: 33.45, lon: -111.98 };

describe('the engine threads', () => {
  const engine = createEngineThreads({ onError: (error) => expect.fail(String(error)) });
  afterAll(() => engine.close());

  it('simulate a bifacial PVWatts v8 tracker year to the same answer, byte for byte', async () => {
    const system = { model: 'pvwatts_v8', bifaciality: 0.7, array_type: '1-axis-backtrack', dc_kw: 1000 } as const;
    const threaded = await engine.estimateEnergy(chosen, system, preset, project);
    const direct = estimateEnergy(chosen, system, preset, project);
    expect(JSON.stringify(threaded.answer)).toBe(JSON.stringify(direct.answer));
    expect(threaded.result.hourlyAcKwh).toEqual(direct.result.hourlyAcKwh);
  }, 60_000);

  it('compute 50 years of quarter-hour bills to the same answer, byte for byte', async () => {
    const tariff = TARIFF_PRESETS.find((preset) => preset.id === 'us-commercial-tou-demand')!;
    const load = Array.from({ length: 35_040 }, (_, i) => 20 + 8 * Math.sin(i / 97));
    const generation = Array.from({ length: 35_040 }, (_, i) => Math.max(0, 30 * Math.sin((((i / 4) % 24) - 6) / 12 * Math.PI)));
    const body = {
      finance: { structure: 'behind_the_meter', analysis_years: 50 },
      tariff: { ...tariff.rate, escalation_pct: tariff.escalation_pct },
      load: { hourly_kwh: load },
      export: tariff.export,
    } as FinanceBody;
    const site = { load: await resolveLoad({ loadFiles: undefined as never }, 'nobody', body.load!, project.lat), generationKwh: generation };
    const energy = { annualAcKwh: generation.reduce((sum, kwh) => sum + kwh, 0), dcKw: 500, acKw: 400, source: 'given' as const };
    const threaded = await engine.estimateFinance(energy, body, preset, null, [], { site, projectCountry: 'US' });
    const direct = estimateFinance(energy, body, preset, null, [], { site, projectCountry: 'US' });
    expect(JSON.stringify(threaded)).toBe(JSON.stringify(direct));
    expect(threaded.bills).toHaveLength(12);
    // The study's workbook comes back from its thread as a Buffer (a plain Uint8Array crosses), ready to send.
    const workbook = await engine.studyWorkbook({ projectName: 'Phoenix', studyName: 'Fifty years', finance: threaded });
    expect(Buffer.isBuffer(workbook)).toBe(true);
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');
  }, 60_000);

  it('raise a refusal from a thread as the same DomainError, with its fields', async () => {
    const system = { model: 'pvlib', bifaciality: 0.7 } as const;
    const threaded = await engine.estimateEnergy(chosen, system, preset, project).catch((error: unknown) => error);
    let direct: unknown;
    try {
      estimateEnergy(chosen, system, preset, project);
    } catch (error) {
      direct = error;
    }
    expect(threaded).toBeInstanceOf(DomainError);
    expect(direct).toBeInstanceOf(DomainError);
    const { kind, detail, fields } = threaded as DomainError;
    expect({ kind, detail, fields }).toEqual({ kind: (direct as DomainError).kind, detail: (direct as DomainError).detail, fields: (direct as DomainError).fields });
    expect(fields).toHaveProperty(['system.bifaciality']);
  }, 60_000);
});
