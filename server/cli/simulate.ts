/**
 * `npm run simulate -- --weather FILE ...`: one hourly simulation of a weather file, printed for people or as JSON.
 * Exit code 2 for bad flags or an unreadable weather file, 1 for anything unexpected.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CellTemperatureModel } from '../../src/solar/cell-temperature.ts';
import { PVWATTS_DEFAULT_LOSSES, totalLossPct } from '../../src/solar/pvwatts.ts';
import type { EngineSystem, SimulationResult } from '../../src/solar/simulate.ts';
import { simulate } from '../../src/solar/simulate.ts';
import type { Mount, SystemSpec } from '../../src/solar/system-spec.ts';
import { arrayTypes, moduleTypes, type ArrayType, type ModuleType } from '../../src/contract/settings.ts';
import { PVWATTS_V8_DEFAULTS, pvwattsV8Problems, type PvwattsV8System } from '../../src/solar/pvwatts-v8/spec.ts';
import { DEFAULT_SYSTEM, DEFAULT_TRACKER, equatorFacingAzimuth, systemProblems } from '../../src/solar/system-spec.ts';
import { readWeather } from '../../src/solar/weather/read-weather.ts';
import type { WeatherSite, WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { WeatherFormatError, withSite } from '../../src/solar/weather/weather-year.ts';

const USAGE = `Usage: npm run simulate -- --weather FILE [options]

  --weather FILE        TMY3 CSV, TMY2, EPW, SAM CSV / NSRDB PSM3-PSM4 CSV, or PVGIS TMY (JSON, CSV, EPW)
  --lat D --lon D       site location (default: from the file)
  --elevation M         site elevation in metres (default: from the file)
  --tz H                UTC offset of the file's local-time stamps (not for PVGIS files)
  --model M             pvlib (the pvlib-compatible chain, default) or pvwatts-v8 (NREL PVWatts v8, as SAM);
                        --array-type or any PVWatts v8 flag below chooses pvwatts-v8 unless --model pvlib
  --array-type T        fixed-open, fixed-roof, 1-axis, 1-axis-backtrack or 2-axis
  --tilt D              tilt of a fixed array, or the axis tilt of a 1-axis tracker (default 0 for trackers)
  --azimuth D           azimuth of a fixed array, or the axis azimuth of a 1-axis tracker, degrees clockwise
                        from north (default: facing the equator; 180 for a tracker axis)
  --tracker             same as --array-type 1-axis-backtrack (1-axis with --no-backtrack)
  --gcr R               ground coverage ratio of tracker rows (and, with pvwatts-v8, of fixed open racks; default 0.4)
  --max-angle D         tracker rotation limit (default 45)
  --no-backtrack        turn tracker backtracking off
  --dc-kw KW            array DC rating (default 1000)
  --losses PCT          total system losses (default: PVWatts categories, 14.08 %)
  --dc-ac R             DC/AC ratio (default 1.2)
  --inv-eff PCT         nominal inverter efficiency (default 96)
  --albedo A            ground albedo (default 0.2); with pvwatts-v8, also 12 monthly values "0.2,0.2,..."
  --gamma G             power temperature coefficient per °C (pvlib only; default -0.0047)
  --temp-model M        sapm (default) or fuentes (pvlib only)
  PVWatts v8:
  --module-type T       standard (default), premium or thin-film
  --bifaciality B       rear/front efficiency, 0 to 1 (default 0; about 0.65 for bifacial modules)
  --snow                snow loss model (needs snow depth in the weather file)
  --soiling "P1,...,P12"  monthly soiling loss, % (one value for every month, or 12, January first)
  --no-weather-albedo   ignore the weather file's albedo (PVWatts v8 uses it where valid, 0 < albedo < 1)
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
  model: { type: 'string' },
  'array-type': { type: 'string' },
  'module-type': { type: 'string' },
  bifaciality: { type: 'string' },
  snow: { type: 'boolean' },
  soiling: { type: 'string' },
  'no-weather-albedo': { type: 'boolean' },
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

/** Flags only PVWatts v8 reads; any of them chooses that model. */
const V8_FLAGS = ['module-type', 'bifaciality', 'snow', 'soiling', 'no-weather-albedo'] as const;

function chosenModel(flags: Flags): 'pvlib' | 'pvwatts-v8' {
  const model = flags.model?.replace('_', '-');
  if (model !== undefined && model !== 'pvlib' && model !== 'pvwatts-v8') throw new UsageError(`--model must be pvlib or pvwatts-v8, got '${flags.model}'`);
  const v8Flags = V8_FLAGS.filter((f) => flags[f] !== undefined);
  if (model === 'pvlib' && v8Flags.length > 0) throw new UsageError(`--${v8Flags[0]} is a PVWatts v8 input: use it with --model pvwatts-v8`);
  // --array-type is PVWatts' vocabulary: without --model it means PVWatts v8 (the pvlib model reads it when asked).
  return model ?? (v8Flags.length > 0 || flags['array-type'] !== undefined ? 'pvwatts-v8' : 'pvlib');
}

function chosenArrayType(flags: Flags): ArrayType {
  const given = flags['array-type'];
  if (given !== undefined) {
    if (!(arrayTypes as readonly string[]).includes(given)) throw new UsageError(`--array-type must be one of ${arrayTypes.join(', ')}, got '${given}'`);
    if (flags.tracker) throw new UsageError('--tracker cannot be combined with --array-type');
    return given as ArrayType;
  }
  if (flags.tracker) return flags['no-backtrack'] ? '1-axis' : '1-axis-backtrack';
  return 'fixed-open';
}

/** One number for every month, or twelve, January first, separated by commas or spaces. */
function monthlyFlag(flags: Flags, name: 'soiling' | 'albedo', min: number, max: number): number[] | undefined {
  const text = flags[name];
  if (text === undefined) return undefined;
  const values = text.split(/[\s,]+/).filter((part) => part !== '').map(Number);
  if (values.length !== 1 && values.length !== 12) throw new UsageError(`--${name} needs one value or 12 monthly values, got ${values.length}`);
  for (const value of values) {
    if (!Number.isFinite(value) || value < min || value > max) throw new UsageError(`--${name} values must be numbers from ${min} to ${max}, got '${text}'`);
  }
  return values.length === 1 ? new Array<number>(12).fill(values[0] ?? 0) : values;
}

function buildSystem(flags: Flags, latitude: number): EngineSystem {
  const arrayType = chosenArrayType(flags);
  const model = chosenModel(flags);
  const tracker = arrayType === '1-axis' || arrayType === '1-axis-backtrack';
  const trackerFlags = (['max-angle', 'no-backtrack'] as const).filter((f) => flags[f] !== undefined);
  if (!tracker && trackerFlags.length > 0) throw new UsageError(`--${trackerFlags[0]} needs a 1-axis tracker (--tracker or --array-type 1-axis...)`);
  if (!tracker && model === 'pvlib' && flags.gcr !== undefined) throw new UsageError('--gcr needs a tracker (or --model pvwatts-v8, where fixed open racks shade each other)');
  if (arrayType === '2-axis' && (flags.tilt !== undefined || flags.azimuth !== undefined)) throw new UsageError('a 2-axis tracker takes no --tilt or --azimuth');
  const tilt = numberFlag(flags, 'tilt', 0, 90);
  if (tilt === undefined && !tracker && arrayType !== '2-axis') throw new UsageError('give --tilt (and --azimuth) for a fixed array, or --tracker');
  const azimuth = numberFlag(flags, 'azimuth', 0, 360) ?? (tracker ? DEFAULT_TRACKER.axisAzimuthDeg : equatorFacingAzimuth(latitude));
  const gcr = numberFlag(flags, 'gcr', 0.01, 0.99) ?? DEFAULT_TRACKER.gcr;
  const maxAngle = numberFlag(flags, 'max-angle', 1, 90) ?? DEFAULT_TRACKER.maxAngleDeg;
  const invEff = numberFlag(flags, 'inv-eff', 50, 100);
  const albedo = monthlyFlag(flags, 'albedo', 0, 1);
  const common = {
    dcKw: numberFlag(flags, 'dc-kw', 0.001, 1e7) ?? DEFAULT_SYSTEM.dcKw,
    dcAcRatio: numberFlag(flags, 'dc-ac', 0.1, 10) ?? DEFAULT_SYSTEM.dcAcRatio,
  };
  if (model === 'pvwatts-v8') {
    for (const flag of ['gamma', 'temp-model'] as const) {
      if (flags[flag] !== undefined) throw new UsageError(`--${flag} is a pvlib input: PVWatts v8 takes it from --module-type`);
    }
    const moduleType = flags['module-type'] ?? PVWATTS_V8_DEFAULTS.moduleType;
    if (!(moduleTypes as readonly string[]).includes(moduleType)) throw new UsageError(`--module-type must be one of ${moduleTypes.join(', ')}, got '${moduleType}'`);
    const system: PvwattsV8System = {
      ...PVWATTS_V8_DEFAULTS,
      ...common,
      engine: 'pvwatts-v8',
      inverterEfficiencyPct: invEff ?? PVWATTS_V8_DEFAULTS.inverterEfficiencyPct,
      lossesPct: numberFlag(flags, 'losses', -5, 99) ?? totalLossPct(PVWATTS_DEFAULT_LOSSES),
      moduleType: moduleType as ModuleType,
      arrayType,
      tiltDeg: tilt ?? 0,
      azimuthDeg: azimuth,
      gcr,
      rotationLimitDeg: maxAngle,
      bifaciality: numberFlag(flags, 'bifaciality', 0, 1) ?? 0,
      snowModel: flags.snow === true,
      soilingMonthlyPct: monthlyFlag(flags, 'soiling', 0, 99.99) ?? [],
      albedo: albedo ?? PVWATTS_V8_DEFAULTS.albedo,
      albedoFromWeather: flags['no-weather-albedo'] !== true,
    };
    const problems = pvwattsV8Problems(system);
    if (problems.length > 0) throw new UsageError(problems.join('; '));
    return system;
  }
  if (albedo !== undefined && new Set(albedo).size > 1) throw new UsageError('monthly --albedo values need --model pvwatts-v8');
  const mount: Mount = tracker
    ? { kind: 'single-axis', ...DEFAULT_TRACKER, axisTiltDeg: tilt ?? 0, axisAzimuthDeg: azimuth, gcr, maxAngleDeg: maxAngle, backtrack: arrayType === '1-axis-backtrack' }
    : arrayType === '2-axis'
      ? { kind: 'two-axis' }
      : { kind: 'fixed', tiltDeg: tilt ?? 0, azimuthDeg: azimuth, ...(arrayType === 'fixed-roof' ? { roof: true } : {}) };
  const temperatureModel = flags['temp-model'] ?? DEFAULT_SYSTEM.cellTemperature;
  if (temperatureModel !== 'sapm' && temperatureModel !== 'fuentes') throw new UsageError(`--temp-model must be sapm or fuentes, got '${temperatureModel}'`);
  const system: SystemSpec = {
    ...common,
    inverterEfficiency: invEff === undefined ? DEFAULT_SYSTEM.inverterEfficiency : invEff / 100,
    losses: numberFlag(flags, 'losses', 0, 99.9) ?? PVWATTS_DEFAULT_LOSSES,
    gammaPdcPerC: numberFlag(flags, 'gamma', -0.049, 0.049) ?? DEFAULT_SYSTEM.gammaPdcPerC,
    albedo: albedo?.[0] ?? DEFAULT_SYSTEM.albedo,
    cellTemperature: temperatureModel satisfies CellTemperatureModel,
    mount,
  };
  const problems = systemProblems(system);
  if (problems.length > 0) throw new UsageError(problems.join('; '));
  return system;
}

function jsonReport(weather: WeatherYear, system: EngineSystem, r: SimulationResult): string {
  return JSON.stringify({
    site: weather.site,
    source: { ...r.source, notes: weather.notes },
    system: system.engine === 'pvwatts-v8' ? system : { ...system, losses_pct: totalLossPct(system.losses) },
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

/** The system in one line, as the report's second line says it. */
function describeSystem(system: EngineSystem, r: SimulationResult): string {
  const n = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const size = `${n(r.dcKw, 1)} kWdc / ${n(r.acKw, 1)} kWac`;
  if (system.engine === 'pvwatts-v8') {
    const orientation = system.arrayType === '2-axis' ? '' : system.arrayType.startsWith('1-axis') ? `, axis tilt ${system.tiltDeg}°, axis azimuth ${system.azimuthDeg}°, ±${system.rotationLimitDeg}°` : `, tilt ${system.tiltDeg}°, azimuth ${system.azimuthDeg}°`;
    const extras = [
      system.bifaciality > 0 ? `bifaciality ${system.bifaciality}` : '',
      system.snowModel ? 'snow model' : '',
      system.soilingMonthlyPct.length > 0 ? `soiling ${system.soilingMonthlyPct.join('/')} %` : '',
    ].filter((part) => part !== '');
    return `PVWatts v8: ${size}, ${system.moduleType} modules, ${system.arrayType}${orientation}, GCR ${system.gcr}, losses ${n(system.lossesPct, 2)} %${extras.length > 0 ? `, ${extras.join(', ')}` : ''}`;
  }
  const mount = system.mount;
  const described =
    mount.kind === 'fixed'
      ? `fixed${mount.roof ? ' (roof)' : ''}, tilt ${mount.tiltDeg}°, azimuth ${mount.azimuthDeg}°`
      : mount.kind === 'two-axis'
        ? '2-axis tracker'
        : `single-axis tracker, axis tilt ${mount.axisTiltDeg}°, azimuth ${mount.axisAzimuthDeg}°, GCR ${mount.gcr}, ±${mount.maxAngleDeg}°, backtracking ${mount.backtrack ? 'on' : 'off'}`;
  return `pvlib chain: ${size}, ${described}, losses ${n(totalLossPct(system.losses), 2)} %, ${system.cellTemperature.toUpperCase()} cell temperature`;
}

function humanReport(weather: WeatherYear, system: EngineSystem, r: SimulationResult): string {
  const n = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const s = weather.site;
  const lines = [
    `${s.name} (${weather.format}${weather.confidence === 'lower' ? ', lower confidence' : ''}): ${n(s.latitude, 3)}°, ${n(s.longitude, 3)}°, ${n(s.elevation)} m, UTC${s.utcOffsetHours >= 0 ? '+' : ''}${s.utcOffsetHours}`,
    describeSystem(system, r),
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
    if (system.engine === 'pvwatts-v8' && system.snowModel && !weather.snowDepth) throw new UsageError(`--snow needs snow depth in the weather file, and ${flags.weather} has none (NSRDB and SAM CSV files and EPWs can have it)`);
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
