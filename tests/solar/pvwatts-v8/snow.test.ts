/**
 * The snow model against NREL SSC's pvsnowmodel: tests/fixtures/ssc-v8/snow-cases.json is the output of snow-driver.cpp
 * compiled with SSC's lib_snowmodel (see the README there). SSC works in float32 and so does the port: values are equal.
 */
import { describe, expect, it } from 'vitest';
import { SnowModel } from '../../../src/solar/pvwatts-v8/snow.ts';
import { readShared } from '../fixtures.ts';

interface SnowStep {
  poa: number;
  tilt: number;
  wspd: number;
  tdry: number;
  depth: number | null;
  sunup: number;
  dt: number;
  ok: boolean;
  good: boolean;
  loss: number;
  coverage: number;
  badValues: number;
}

interface SnowScenario {
  name: string;
  nmody: number;
  baseTilt: number;
  limitTilt: boolean;
  setupOk: boolean;
  setupMsg: string;
  steps: SnowStep[];
}

const { scenarios } = JSON.parse(readShared('ssc-v8/snow-cases.json')) as { scenarios: SnowScenario[] };

function setUp(scenario: SnowScenario): SnowModel {
  const model = new SnowModel();
  model.setup(scenario.nmody, scenario.baseTilt, 1.97, scenario.limitTilt);
  return model;
}

describe.each(scenarios.filter((s) => s.steps.every((step) => step.good)))('SnowModel: $name', (scenario) => {
  it('sets up as SSC does', () => {
    const model = new SnowModel();
    expect(model.setup(scenario.nmody, scenario.baseTilt, 1.97, scenario.limitTilt)).toBe(scenario.setupOk);
    if (!scenario.setupOk) expect(model.msg).toBe(scenario.setupMsg);
    expect(model.good).toBe(true);
  });

  it(`reproduces SSC's loss, coverage and bad-value count over ${scenario.steps.length} steps`, () => {
    const model = setUp(scenario);
    const seen = scenario.steps.map((step) => {
      const loss = model.getLoss(step.poa, step.tilt, step.wspd, step.tdry, step.depth ?? Number.NaN, step.sunup, step.dt);
      return { loss, coverage: model.coverage, badValues: model.badValues };
    });
    expect(seen).toEqual(scenario.steps.map(({ loss, coverage, badValues }) => ({ loss, coverage, badValues })));
  });
});

describe('SnowModel sequences', () => {
  const byName = (name: string) => {
    const scenario = scenarios.find((s) => s.name === name);
    if (!scenario) throw new Error(`no scenario ${name}`);
    return scenario;
  };

  it('covers the array on snowfall, slides in steps of one module, clears when the depth melts below 1 cm', () => {
    const losses = byName('fixed rack hourly snowfall, sliding, melting').steps.map((step) => step.loss);
    expect(losses).toContain(1);
    expect(losses).toContain(0.5);
    expect(losses.indexOf(0.5)).toBeGreaterThan(losses.indexOf(1));
  });

  it('stops, as cmod does, at the 500th bad snow depth', () => {
    const scenario = byName('no snow data');
    const model = setUp(scenario);
    scenario.steps.slice(0, -1).forEach((step) => model.getLoss(step.poa, step.tilt, step.wspd, step.tdry, Number.NaN, step.sunup, step.dt));
    expect(model.badValues).toBe(499);
    const last = scenario.steps.at(-1);
    expect(last?.good).toBe(false);
    expect(() => model.getLoss(100, 30, 1, -1, Number.NaN, 1, 1)).toThrow(/500\) bad snow depth values/);
    expect(model.good).toBe(false);
    expect(model.badValues).toBe(500);
  });
});
