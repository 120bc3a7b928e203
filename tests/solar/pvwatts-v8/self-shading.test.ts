import { describe, expect, it } from 'vitest';
import { pvwattsV8Layout, type PvwattsV8ArrayType, type PvwattsV8ModuleType } from '../../../src/solar/pvwatts-v8/layout.ts';
import { emptySelfShadingOutputs, selfShading, shadeFraction1x, SkyDiffuseTable } from '../../../src/solar/pvwatts-v8/self-shading.ts';
import { readShared } from '../fixtures.ts';

/** Values printed by tests/fixtures/ssc-v8/self-shading-driver.cpp from NREL SSC's own C++ (see the README there). */
interface LayoutCase {
  dcWatts: number;
  moduleType: PvwattsV8ModuleType;
  arrayType: PvwattsV8ArrayType;
  gcr: number;
  nmodules: number;
  nmodx: number;
  nmody: number;
  nrows: number;
  nstrx: number;
  moduleArea: number;
  moduleWidth: number;
  moduleLength: number;
  rowSpacing: number;
  ff0: number;
}
/** One `ss_exec` call; columns as `stepColumns`, null for NaN. */
type Step = (number | null)[];
interface Cases {
  stepColumns: string[];
  layouts: LayoutCase[];
  skyDiffuseInit: [tilt: number, gcr: number, derate: number][];
  skyDiffuseSequences: { initTilt: number; gcr: number; lookups: [tilt: number, derate: number][] }[];
  shadeFraction1x: number[][];
  scenarios: { name: string; layout: LayoutCase; tilt: number; azimuth: number; steps: Step[] }[];
  randomCalls: { layout: LayoutCase; tilt: number; steps: Step[] }[];
}

const cases = JSON.parse(readShared('ssc-v8/self-shading-cases.json')) as Cases;
const RELATIVE = 1e-9;

function column(name: string): number {
  const index = cases.stepColumns.indexOf(name);
  if (index < 0) throw new Error(`no column ${name}`);
  return index;
}
const COL = {
  surfaceTilt: column('surfaceTilt'),
  surfaceAzimuth: column('surfaceAzimuth'),
  solarZenith: column('solarZenith'),
  solarAzimuth: column('solarAzimuth'),
  dni: column('dni'),
  dhi: column('dhi'),
  beamPoa: column('beamPoa'),
  skyPoa: column('skyPoa'),
  groundPoa: column('groundPoa'),
  albedo: column('albedo'),
  isTracking: column('isTracking'),
  isLinear: column('isLinear'),
  shadeFraction1x: column('shadeFraction1x'),
  rotation: column('rotation'),
  shadeFracFixed: column('shadeFracFixed'),
  diffuseDerate: column('diffuseDerate'),
  reflectedDerate: column('reflectedDerate'),
  reducedDiffuse: column('reducedDiffuse'),
  reducedReflected: column('reducedReflected'),
  dcDerate: column('dcDerate'),
};
const OUTPUTS = ['shadeFracFixed', 'diffuseDerate', 'reflectedDerate', 'reducedDiffuse', 'reducedReflected', 'dcDerate'] as const;

function num(step: Step, index: number): number {
  return step[index] ?? Number.NaN;
}

/** Collects mismatches beyond RELATIVE (relative to max(|expected|, 1e-3)) so a failure lists them all at once. */
class Comparison {
  readonly failures: string[] = [];
  worst = 0;
  check(label: string, actual: number, expected: number): void {
    if (Number.isNaN(expected) && Number.isNaN(actual)) return;
    const difference = Math.abs(actual - expected) / Math.max(Math.abs(expected), 1e-3);
    if (!(difference <= RELATIVE)) this.failures.push(`${label}: ${actual} vs SSC ${expected}`);
    else this.worst = Math.max(this.worst, difference);
  }
}

function layoutOf(layout: LayoutCase) {
  return pvwattsV8Layout(layout.dcWatts, layout.moduleType, layout.arrayType, layout.gcr);
}

function runSteps(comparison: Comparison, label: string, layout: LayoutCase, tilt: number, steps: Step[]): void {
  const { selfShading: inputs } = layoutOf(layout);
  const table = new SkyDiffuseTable();
  table.init(tilt, layout.gcr);
  const out = emptySelfShadingOutputs(); // reused across steps, as the simulation loop does
  steps.forEach((step, i) => {
    selfShading(
      inputs,
      num(step, COL.surfaceTilt),
      num(step, COL.surfaceAzimuth),
      num(step, COL.solarZenith),
      num(step, COL.solarAzimuth),
      num(step, COL.dni),
      num(step, COL.dhi),
      num(step, COL.beamPoa),
      num(step, COL.skyPoa),
      num(step, COL.groundPoa),
      num(step, COL.albedo),
      num(step, COL.isTracking) === 1,
      num(step, COL.isLinear) === 1,
      num(step, COL.shadeFraction1x),
      table,
      out,
    );
    for (const key of OUTPUTS) comparison.check(`${label} step ${i} ${key}`, out[key], num(step, COL[key]));
  });
}

describe('pvwattsV8Layout, as cmod_pvwattsv8', () => {
  it('matches SSC for every size, module type and array type', () => {
    const comparison = new Comparison();
    for (const c of cases.layouts) {
      const layout = layoutOf(c);
      const label = `${c.dcWatts} W ${c.moduleType} ${c.arrayType}`;
      const { nmodx, nmody, nrows, nstrx } = layout.selfShading;
      expect({ label, nmodules: layout.nmodules, nmodx, nmody, nrows, nstrx }).toEqual({
        label,
        nmodules: c.nmodules,
        nmodx: c.nmodx,
        nmody: c.nmody,
        nrows: c.nrows,
        nstrx: c.nstrx,
      });
      comparison.check(`${label} area`, layout.moduleArea, c.moduleArea);
      comparison.check(`${label} width`, layout.moduleWidth, c.moduleWidth);
      comparison.check(`${label} length`, layout.moduleLength, c.moduleLength);
      comparison.check(`${label} row spacing`, layout.rowSpacing, c.rowSpacing);
      comparison.check(`${label} ff0`, layout.selfShading.ff0, c.ff0);
    }
    expect(comparison.failures).toEqual([]);
  });

  it('sizes a 4 kW fixed rack as 14 modules in 3 rows of 3 × 2 and a 1 MW tracker as 58 rows of 58', () => {
    expect(pvwattsV8Layout(4000, 'standard', 'fixedRack', 0.4).selfShading).toMatchObject({ nmodx: 3, nmody: 2, nrows: 3, nstrx: 0 });
    expect(pvwattsV8Layout(1e6, 'standard', 'oneAxis', 0.4).selfShading).toMatchObject({ nmodx: 58, nmody: 1, nrows: 58, nstrx: 8 });
  });
});

describe('SkyDiffuseTable, as sssky_diffuse_table', () => {
  it('computes the derate SSC computes right after init', () => {
    const comparison = new Comparison();
    for (const [tilt, gcr, derate] of cases.skyDiffuseInit) {
      const table = new SkyDiffuseTable();
      table.init(tilt, gcr);
      comparison.check(`tilt ${tilt} gcr ${gcr}`, table.lookup(tilt), derate);
    }
    expect(comparison.failures).toEqual([]);
  });

  it('reproduces the whole-degree cache: the first tilt computed in a bucket answers for the bucket', () => {
    const comparison = new Comparison();
    for (const sequence of cases.skyDiffuseSequences) {
      const table = new SkyDiffuseTable();
      table.init(sequence.initTilt, sequence.gcr);
      sequence.lookups.forEach(([tilt, derate], i) => comparison.check(`init ${sequence.initTilt} lookup ${i} (${tilt})`, table.lookup(tilt), derate));
    }
    expect(comparison.failures).toEqual([]);

    const table = new SkyDiffuseTable();
    table.init(0, 0.4);
    expect(table.lookup(0.9)).toBe(table.lookup(0));
    const first = table.lookup(35.2);
    expect(table.lookup(35.9)).toBe(first);
    expect(table.lookup(36)).not.toBe(first);
  });

  it('refuses a lookup before init, as SSC throws without a gcr', () => {
    expect(() => new SkyDiffuseTable().lookup(20)).toThrow(/gcr/);
  });
});

describe('shadeFraction1x, as lib_irradproc', () => {
  it('matches SSC on a grid of sun positions and random axis and slope geometries', () => {
    const comparison = new Comparison();
    for (const row of cases.shadeFraction1x) {
      const [azimuth = 0, zenith = 0, axisTilt = 0, axisAzimuth = 0, gcr = 0, rotation = 0, slopeTilt = 0, slopeAzimuth = 0, expected = 0] = row;
      comparison.check(row.join(' '), shadeFraction1x(azimuth, zenith, axisTilt, axisAzimuth, gcr, rotation, slopeTilt, slopeAzimuth), expected);
    }
    expect(comparison.failures).toEqual([]);
  });
});

describe('selfShading, as ss_exec called by cmod_pvwattsv8', () => {
  it.each(cases.scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', (_name, scenario) => {
    const comparison = new Comparison();
    runSteps(comparison, scenario.name, scenario.layout, scenario.tilt, scenario.steps);
    if (scenario.layout.arrayType === 'oneAxis') {
      for (const step of scenario.steps) {
        const rotation = num(step, COL.rotation);
        const { gcr } = scenario.layout;
        const fraction = shadeFraction1x(num(step, COL.solarAzimuth), num(step, COL.solarZenith), scenario.tilt, scenario.azimuth, gcr, rotation, 0, 0);
        comparison.check(`shadeFraction1x at rotation ${rotation}`, fraction, num(step, COL.shadeFraction1x));
      }
    }
    expect(comparison.failures).toEqual([]);
  });

  it('matches SSC on random calls: sun behind the rows, below the horizon, tracking and linear flags mixed', () => {
    const comparison = new Comparison();
    cases.randomCalls.forEach((block, b) => runSteps(comparison, `block ${b}`, block.layout, block.tilt, block.steps));
    expect(comparison.failures).toEqual([]);
  });

  it('leaves beam unshaded for a flat array and derates nothing when plane-of-array diffuse is under 0.1 W/m²', () => {
    const { selfShading: inputs } = pvwattsV8Layout(1e6, 'standard', 'fixedRack', 0.5);
    const table = new SkyDiffuseTable();
    table.init(0, 0.5);
    const out = emptySelfShadingOutputs();
    selfShading(inputs, 0, 180, 80, 180, 500, 100, 80, 100, 0, 0.2, false, false, 0, table, out);
    expect(out.shadeFracFixed).toBe(0);
    expect(out.diffuseDerate).toBe(1);
    selfShading(inputs, 30, 180, 95, 180, 0, 0, 0, 0.05, 0.04, 0.2, false, false, 0, table, out);
    expect(out).toMatchObject({ diffuseDerate: 1, reflectedDerate: 1, reducedDiffuse: 0, reducedReflected: 0 });
  });
});
