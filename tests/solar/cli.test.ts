import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEATHER_FILES, pvCases, readShared, sharedPath } from './fixtures.ts';
import { sscCases } from './pvwatts-v8/ssc-cases.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const tsx = join(repo, 'node_modules/.bin/tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function simulateCli(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(tsx, ['server/cli/simulate.ts', ...args], { cwd: repo, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const reference = pvCases();
const caseById = (id: string) => {
  const found = reference.cases.find((c) => c.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
};

describe.concurrent('simulate CLI', () => {
  it('prints one JSON object for a TMY3 file that matches the reference', async () => {
    const run = await simulateCli('--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '36', '--azimuth', '180', '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    const expected = caseById('greensboro_nc_tmy3__tilt36_az180').outputs;
    expect(Math.abs((report.annual_ac_kwh as number) / expected.annual_ac_kwh - 1)).toBeLessThan(0.005);
    expect(Math.abs((report.annual_poa_kwh_m2 as number) / expected.annual_poa_kwh_m2 - 1)).toBeLessThan(0.005);
    expect(report.monthly_ac_kwh).toHaveLength(12);
    for (const key of ['annual_dc_kwh', 'specific_yield_kwh_per_kwp', 'capacity_factor_dc', 'performance_ratio']) {
      expect(typeof report[key]).toBe('number');
    }
  });

  it('simulates a tracker on a TMY2 file', async () => {
    const run = await simulateCli('--weather', sharedPath(WEATHER_FILES.tmy2), '--tracker', '--gcr', '0.4', '--max-angle', '45', '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { annual_ac_kwh: number };
    expect(Math.abs(report.annual_ac_kwh / caseById('miami_fl_tmy2__1axis_ns_bt_gcr0.4').outputs.annual_ac_kwh - 1)).toBeLessThan(0.005);
  });

  it('prints a readable report by default', async () => {
    const run = await simulateCli('--weather', sharedPath(WEATHER_FILES.pvgisEpw), '--tilt', '35', '--dc-kw', '250', '--temp-model', 'fuentes');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^PVGIS 45\.000, 8\.000 \(pvgis-epw\): 45\.000°, 8\.000°, 250 m, UTC\+0/);
    expect(run.stdout).toMatch(/Annual AC energy +[\d,]+ kWh/);
    expect(run.stdout).toMatch(/250\.0 kWdc \/ 208\.3 kWac/);
  });

  it('takes the location from flags, with negative numbers, and faces the equator by default', async () => {
    const run = await simulateCli('--weather', sharedPath(WEATHER_FILES.pvgisJson), '--lat', '-33.9', '--lon', '18.5', '--tilt', '30', '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { site: { latitude: number }; system: { mount: { azimuthDeg: number } } };
    expect(report.site.latitude).toBe(-33.9);
    expect(report.system.mount.azimuthDeg).toBe(0);
  });

  it.each([
    [['--weather', 'x.csv', '--bogus'], /Unknown option '--bogus'/],
    [['--tilt', '30'], /--weather FILE is required/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', 'steep'], /--tilt needs a number, got 'steep'/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '120'], /--tilt must be between 0 and 90, got 120/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3)], /give --tilt \(and --azimuth\) for a fixed array, or --tracker/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tracker', '--array-type', '2-axis'], /--tracker cannot be combined with --array-type/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '10', '--gcr', '0.3'], /--gcr needs a tracker \(or --model pvwatts-v8/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '10', '--module-type', 'mono'], /--module-type must be one of standard, premium, thin-film, got 'mono'/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--array-type', 'carport'], /--array-type must be one of fixed-open, fixed-roof, 1-axis, 1-axis-backtrack, 2-axis/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '10', '--soiling', '1,2,3'], /--soiling needs one value or 12 monthly values, got 3/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '10', '--bifaciality', '2'], /--bifaciality must be between 0 and 1, got 2/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '10', '--model', 'pvlib', '--snow'], /--snow is a PVWatts v8 input: use it with --model pvwatts-v8/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '10', '--module-type', 'premium', '--gamma', '-0.004'], /--gamma is a pvlib input/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--array-type', '2-axis', '--tilt', '10'], /a 2-axis tracker takes no --tilt or --azimuth/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '10', '--snow'], /--snow needs snow depth in the weather file, and .* has none/],
    [['--weather', sharedPath(WEATHER_FILES.tmy3), '--tilt', '10', '--temp-model', 'noct'], /--temp-model must be sapm or fuentes/],
    [['--weather', sharedPath(WEATHER_FILES.pvgisCsv), '--tilt', '10', '--tz', '1'], /--tz does not apply to PVGIS files/],
    [['--weather', '/nonexistent/weather.epw', '--tilt', '10'], /cannot read \/nonexistent\/weather\.epw/],
  ])('refuses %j with exit code 2', async (args, message) => {
    const run = await simulateCli(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  // ssc's PVWatts v8 integration test on the SAM CSV it ships (tests/fixtures/ssc-v8/pvwattsv8-cases.json).
  const phoenix = ['--weather', sharedPath('weather/sam_phoenix_az_tmy2.csv'), '--dc-kw', '4', '--tilt', '20', '--azimuth', '180', '--gcr', '0.4', '--losses', '14.075660705566406', '--dc-ac', '1.2'];
  it.each([
    [['--module-type', 'standard'], 'phoenix-module-0'],
    [['--module-type', 'premium'], 'phoenix-module-1'],
    [['--module-type', 'thin-film'], 'phoenix-module-2'],
    [['--array-type', 'fixed-open'], 'phoenix-array-0'],
    [['--array-type', 'fixed-roof'], 'phoenix-array-1'],
    [['--array-type', '1-axis'], 'phoenix-array-2'],
    [['--array-type', '1-axis-backtrack'], 'phoenix-array-3'],
    [['--array-type', '2-axis'], 'phoenix-array-4'],
  ])('runs PVWatts v8 with %j on SAM\'s Phoenix file as ssc publishes it', async (flags, name) => {
    const args = [...phoenix, ...flags, '--json'];
    // A 2-axis tracker has no tilt or azimuth.
    const run = await simulateCli(...(flags[1] === '2-axis' ? args.filter((arg, k) => !['--tilt', '--azimuth'].includes(arg) && !['--tilt', '--azimuth'].includes(args[k - 1] ?? '')) : args));
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { annual_ac_kwh: number; system: { engine: string } };
    expect(report.system.engine).toBe('pvwatts-v8');
    const published = sscCases.find((c) => c.name === name)!.published_annual_kwh!;
    expect(Math.abs(report.annual_ac_kwh - published)).toBeLessThan(0.01);
  });

  it('takes the tracker axis tilt from --tilt, and names the model in the readable report', async () => {
    const run = await simulateCli(...phoenix.filter((arg) => arg !== '--gcr' && arg !== '0.4'), '--tracker', '--gcr', '0.3', '--max-angle', '60', '--module-type', 'thin-film', '--no-backtrack', '--soiling', '3,3,2,1,1,1,1,1,1,2,2,3');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/PVWatts v8: 4\.0 kWdc \/ 3\.3 kWac, thin-film modules, 1-axis, axis tilt 20°, axis azimuth 180°, ±60°, GCR 0\.3, losses 14\.08 %, soiling 3\/3\/2/);
  });

  it('refuses a malformed weather file with exit code 2 and where it broke', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sunplot-cli-'));
    const file = join(dir, 'cut.csv');
    writeFileSync(file, readShared(WEATHER_FILES.tmy3).split('\n').slice(0, 3000).join('\n'));
    const run = await simulateCli('--weather', file, '--tilt', '20');
    rmSync(dir, { recursive: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}: line 3000: the file ends after 2998 of 8760 hourly records (truncated?)`);
  });
});
