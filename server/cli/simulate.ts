/**
 * `npm run simulate -- --weather FILE ...`: one hourly simulation of a weather file, printed for people or as JSON.
 * Exit code 2 for bad flags or an unreadable weather file, 1 for anything unexpected.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CellTemperatureModel } from '../../src/solar/cell-temperature.ts';
import { PVWATTS_DEFAULT_LOSSES, totalLossPct } from '../../src/solar/pvwatts.ts';
import type { SimulationResult } from '../../src/solar/simulate.ts';
import { simulate } from '../../src/solar/simulate.ts';
import type { Mount, SystemSpec } from '../../src/solar/system-spec.ts';
import { DEFAULT_SYSTEM, DEFAULT_TRACKER, equatorFacingAzimuth, systemProblems } from '../../src/solar/system-spec.ts';
import { readWeather } from '../../src/solar/weather/read-weather.ts';
import type { WeatherSite, WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { WeatherFormatError, withSite } from '../../src/solar/weather/weather-year.ts';

const USAGE = `Usage: npm run simulate -- --weather FILE [options]

  --weather FILE        TMY3 CSV, TMY2, EPW, or PVGIS TMY (JSON, CSV, EPW)
  --lat D --lon D       site location (default: from the file)
  --elevation M         site elevation in metres (default: from the file)
  --tz H                UTC offset of the file's local-time stamps (TMY3, TMY2, EPW only)
  --tilt D              fixed array tilt, degrees
  --azimuth D           fixed array azimuth, degrees clockwise from north (default: facing the equator)
  --tracker             single-axis tracker on a horizontal north-south axis instead
  --gcr R               tracker ground coverage ratio (default 0.4)
  --max-angle D         tracker rotation limit (default 45)
  --no-backtrack        turn tracker backtracking off
  --dc-kw KW            array DC rating (default 1000)
  --losses PCT          total system losses (default: PVWatts categories, 14.08 %)
  --dc-ac R             DC/AC ratio (default 1.2)
  --inv-eff PCT         nominal inverter efficiency (default 96)
  --gamma G             power temperature coefficient per °C (default -0.0047)
  --albedo A            ground albedo (default 0.2)
  --temp-model M        sapm (default) or fuentes
  --json                print one JSON object
  --help                this text`;

const OPTIONS = {
  weather: { type: 'string' },
  lat: { type: 'string' },
  lon: { type: 'string' },
  elevation: { type: 'string' },
  tz: { type: 'string' },
  tilt: { type: 'string' },
  azimuth: { type: 'string' },
  tracker: { type: 'boolean' },
  gcr: { type: 'string' },
  'max-angle': { type: 'string' },
  'no-backtrack': { type: 'boolean' },
  'dc-kw': { type: 'string' },
  losses: { type: 'string' },
  'dc-ac': { type: 'string' },
  'inv-eff': { type: 'string' },
  gamma: { type: 'string' },
  albedo: { type: 'string' },
  'temp-model': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** A mistake in what the user gave: reported on stderr with exit code 2. */
class UsageError extends Error {}

type Flags = ReturnType<typeof parseFlags>;

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** parseArgs reads "--lon -79.9" as two options; a negative number after a value flag is that flag's value. */
function joinNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k] ?? '';
    const next = argv[k + 1];
    const name = arg.slice(2) as keyof typeof OPTIONS;
    if (arg.startsWith('--') && OPTIONS[name]?.type === 'string' && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`${arg}=${next}`);
      k++;
    } else out.push(arg);
  }
  return out;
}

function numberFlag(flags: Flags, name: keyof typeof OPTIONS, min: number, max: number): number | undefined {
  const text = flags[name];
  if (text === undefined || typeof text === 'boolean') return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} needs a number, got '${text}'`);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function loadWeather(flags: Flags): WeatherYear {
  if (!flags.weather) throw new UsageError('--weather FILE is required');
  let text: string;
  try {
    text = readFileSync(flags.weather, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${flags.weather}: ${(error as Error).message}`);
  }
  let weather: WeatherYear;
  try {
    weather = readWeather(text);
  } catch (error) {
    if (error instanceof WeatherFormatError) throw new UsageError(`${flags.weather}: ${error.message}`);
    throw error;
  }
  const site: Partial<WeatherSite> = {};
  const lat = numberFlag(flags, 'lat', -90, 90);
  const lon = numberFlag(flags, 'lon', -180, 180);
  const elevation = numberFlag(flags, 'elevation', -500, 9000);
  const tz = numberFlag(flags, 'tz', -12, 14);
  if (lat !== undefined) site.latitude = lat;
  if (lon !== undefined) site.longitude = lon;
  if (elevation !== undefined) site.elevation = elevation;
  if (tz !== undefined) {
    if (weather.format.startsWith('pvgis')) throw new UsageError('--tz does not apply to PVGIS files: their time stamps are UTC');
    site.utcOffsetHours = tz;
  }
  return withSite(weather, site);
}

function buildSystem(flags: Flags, latitude: number): SystemSpec {
  const trackerFlags = (['gcr', 'max-angle', 'no-backtrack'] as const).filter((f) => flags[f] !== undefined);
  let mount: Mount;
  if (flags.tracker) {
    if (flags.tilt !== undefined || flags.azimuth !== undefined) throw new UsageError('--tracker cannot be combined with --tilt or --azimuth');
    mount = {
      kind: 'single-axis',
      ...DEFAULT_TRACKER,
      gcr: numberFlag(flags, 'gcr', 0.01, 1) ?? DEFAULT_TRACKER.gcr,
      maxAngleDeg: numberFlag(flags, 'max-angle', 1, 90) ?? DEFAULT_TRACKER.maxAngleDeg,
      backtrack: !flags['no-backtrack'],
    };
  } else {
    if (trackerFlags.length > 0) throw new UsageError(`--${trackerFlags[0]} needs --tracker`);
    const tilt = numberFlag(flags, 'tilt', 0, 90);
    if (tilt === undefined) throw new UsageError('give --tilt (and --azimuth) for a fixed array, or --tracker');
    mount = { kind: 'fixed', tiltDeg: tilt, azimuthDeg: numberFlag(flags, 'azimuth', 0, 360) ?? equatorFacingAzimuth(latitude) };
  }
  const model = flags['temp-model'] ?? DEFAULT_SYSTEM.cellTemperature;
  if (model !== 'sapm' && model !== 'fuentes') throw new UsageError(`--temp-model must be sapm or fuentes, got '${model}'`);
  const invEff = numberFlag(flags, 'inv-eff', 50, 100);
  const system: SystemSpec = {
    dcKw: numberFlag(flags, 'dc-kw', 0.001, 1e7) ?? DEFAULT_SYSTEM.dcKw,
    dcAcRatio: numberFlag(flags, 'dc-ac', 0.1, 10) ?? DEFAULT_SYSTEM.dcAcRatio,
    inverterEfficiency: invEff === undefined ? DEFAULT_SYSTEM.inverterEfficiency : invEff / 100,
    losses: numberFlag(flags, 'losses', 0, 99.9) ?? PVWATTS_DEFAULT_LOSSES,
    gammaPdcPerC: numberFlag(flags, 'gamma', -0.049, 0.049) ?? DEFAULT_SYSTEM.gammaPdcPerC,
    albedo: numberFlag(flags, 'albedo', 0, 1) ?? DEFAULT_SYSTEM.albedo,
    cellTemperature: model satisfies CellTemperatureModel,
    mount,
  };
  const problems = systemProblems(system);
  if (problems.length > 0) throw new UsageError(problems.join('; '));
  return system;
}

function jsonReport(weather: WeatherYear, system: SystemSpec, r: SimulationResult): string {
  return JSON.stringify({
    site: weather.site,
    source: { ...r.source, notes: weather.notes },
    system: { ...system, losses_pct: totalLossPct(system.losses) },
    annual_ghi_kwh_m2: r.annualGhiKwhM2,
    annual_poa_kwh_m2: r.annualPoaKwhM2,
    annual_poa_effective_kwh_m2: r.annualPoaEffectiveKwhM2,
    annual_dc_kwh: r.annualDcKwh,
    annual_ac_kwh: r.annualAcKwh,
    monthly_ac_kwh: r.monthlyAcKwh,
    specific_yield_kwh_per_kwp: r.specificYieldKwhPerKwp,
    capacity_factor_dc: r.capacityFactorDc,
    capacity_factor_ac: r.capacityFactorAc,
    performance_ratio: r.performanceRatio,
    clipped_hours: r.clippedHours,
    poa_weighted_cell_temp_c: r.poaWeightedCellTempC,
    loss_waterfall: r.lossWaterfall,
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function humanReport(weather: WeatherYear, system: SystemSpec, r: SimulationResult): string {
  const n = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const s = weather.site;
  const mount =
    system.mount.kind === 'fixed'
      ? `fixed, tilt ${system.mount.tiltDeg}°, azimuth ${system.mount.azimuthDeg}°`
      : `single-axis tracker, GCR ${system.mount.gcr}, ±${system.mount.maxAngleDeg}°, backtracking ${system.mount.backtrack ? 'on' : 'off'}`;
  const lines = [
    `${s.name} (${weather.format}${weather.confidence === 'lower' ? ', lower confidence' : ''}): ${n(s.latitude, 3)}°, ${n(s.longitude, 3)}°, ${n(s.elevation)} m, UTC${s.utcOffsetHours >= 0 ? '+' : ''}${s.utcOffsetHours}`,
    `${n(r.dcKw, 1)} kWdc / ${n(r.acKw, 1)} kWac, ${mount}, losses ${n(totalLossPct(system.losses), 2)} %, ${system.cellTemperature.toUpperCase()} cell temperature`,
    ...weather.notes.map((note) => `Note: ${note}`),
    '',
    'Month        AC kWh',
    ...r.monthlyAcKwh.map((kwh, m) => `${MONTHS[m]}   ${n(kwh).padStart(15)}`),
    '',
    `Annual AC energy      ${n(r.annualAcKwh).padStart(12)} kWh`,
    `Annual DC energy      ${n(r.annualDcKwh).padStart(12)} kWh`,
    `POA irradiation       ${n(r.annualPoaKwhM2, 1).padStart(12)} kWh/m2`,
    `Specific yield        ${n(r.specificYieldKwhPerKwp, 1).padStart(12)} kWh/kWp`,
    `Capacity factor (DC)  ${n(100 * r.capacityFactorDc, 2).padStart(12)} %`,
    `Performance ratio     ${n(r.performanceRatio, 3).padStart(12)}`,
    `Clipped hours         ${n(r.clippedHours).padStart(12)}`,
    '',
    `Losses from ${n(r.lossWaterfall.nominalKwh)} kWh at STC efficiency:`,
    ...r.lossWaterfall.steps.map((step) => `  ${step.key.padEnd(24)} ${n(step.kwh).padStart(12)} kWh  ${n(step.pctOfNominal, 2).padStart(6)} %`),
  ];
  return lines.join('\n');
}

function main(argv: string[]): number {
  try {
    const flags = parseFlags(argv);
    if (flags.help) {
      console.log(USAGE);
      return 0;
    }
    const weather = loadWeather(flags);
    const system = buildSystem(flags, weather.site.latitude);
    const result = simulate(weather, system);
    console.log(flags.json ? jsonReport(weather, system, result) : humanReport(weather, system, result));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`simulate: ${error.message}\nRun with --help for the options.`);
      return 2;
    }
    console.error(error);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
