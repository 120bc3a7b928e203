/**
 * The PVWatts v8 module and inverter models against NREL SSC itself: tests/fixtures/ssc-v8/module-power-cases.json is
 * the output of module-power-driver.cpp compiled with SSC's lib_cec6par, lib_pvmodel, lib_pv_incidence_modifier and
 * lib_sandia (see the README there).
 */
import { describe, expect, it } from 'vitest';
import { createInverterStep, inverterAc, pvwattsV8Inverter, transformerLoss } from '../../../src/solar/pvwatts-v8/inverter.ts';
import {
  airMassModifier,
  cellTemperatureNoct,
  createModulePowerResult,
  moduleDcPower,
  transmittedPoa,
  type ModuleConditions,
} from '../../../src/solar/pvwatts-v8/module-power.ts';
import { PVWATTS_V8_MODULES, pvwattsV8Noct, type PvwattsV8ModuleType } from '../../../src/solar/pvwatts-v8/module-types.ts';
import { readShared } from '../fixtures.ts';

interface ModuleCase {
  type: PvwattsV8ModuleType;
  tnoct: number;
  ibeam: number;
  idiff: number;
  ignd: number;
  irear: number;
  tdry: number;
  wspd: number;
  zenith: number;
  aoi: number;
  elev: number;
  tilt: number;
  okT: boolean;
  okP: boolean;
  tcell: number;
  power: number;
  voltage: number;
  current: number;
  efficiency: number;
  vocOper: number;
  iscOper: number;
  cellTemp: number;
  aoiModifier: number;
  tpoa: number;
  airMassModifier: number;
}

interface InverterCase {
  dcNameplate: number;
  acNameplate: number;
  invEffPct: number;
  dc: number;
  xfmrNllPct: number;
  xfmrLlPct: number;
  ok: boolean;
  pso: number;
  pdco: number;
  acInverter: number;
  efficiencyLoss: number;
  clippingLoss: number;
  efficiencyPct: number;
  transformerLoss: number;
  ac: number;
}

const { moduleCases, inverterCases } = JSON.parse(readShared('ssc-v8/module-power-cases.json')) as {
  moduleCases: ModuleCase[];
  inverterCases: InverterCase[];
};

/** SSC and this port agree to a few ulps (the solvers take the same path); 1e-11 leaves room for libm differences. */
const RELATIVE = 1e-11;

function relativeError(actual: number, expected: number): number {
  if (actual === expected) return 0;
  return Math.abs(actual - expected) / Math.max(Math.abs(expected), 1e-12);
}

/** Names of the quantities, with case index and values, that differ from SSC by more than RELATIVE. */
function mismatches(index: number, pairs: Record<string, [number, number]>): string[] {
  return Object.entries(pairs)
    .filter(([, [actual, expected]]) => !(relativeError(actual, expected) <= RELATIVE))
    .map(([name, [actual, expected]]) => `case ${index} ${name}: ${actual} vs SSC ${expected}`);
}

function conditionsOf(c: ModuleCase): ModuleConditions {
  return {
    poaBeam: c.ibeam,
    poaSkyDiffuse: c.idiff,
    poaGroundDiffuse: c.ignd,
    poaRear: c.irear,
    aoiDeg: c.aoi,
    tiltDeg: c.tilt,
    zenithDeg: c.zenith,
    elevationM: c.elev,
    airTempC: c.tdry,
    windSpeedMs: c.wspd,
  };
}

describe('PVWatts v8 module types (cmod_pvwattsv8.cpp)', () => {
  it('have STC ratings near their nameplates: CS1H-320MS, SPR-E20-327, FS-6435A', () => {
    const rating = (type: PvwattsV8ModuleType) => PVWATTS_V8_MODULES[type].cec.vmp * PVWATTS_V8_MODULES[type].cec.imp;
    expect(rating('standard')).toBeCloseTo(322.558, 3);
    expect(rating('premium')).toBeCloseTo(327.106, 3);
    expect(rating('thin-film')).toBeCloseTo(435.132, 3);
  });

  it('use NOCT 49 °C on fixed roofs and 45 °C elsewhere', () => {
    expect(pvwattsV8Noct(true)).toBe(49);
    expect(pvwattsV8Noct(false)).toBe(45);
  });
});

describe('fixture coverage', () => {
  it('spans the ranges the port is checked over', () => {
    const max = (f: (c: ModuleCase) => number) => Math.max(...moduleCases.map(f));
    const min = (f: (c: ModuleCase) => number) => Math.min(...moduleCases.map(f));
    expect(new Set(moduleCases.map((c) => `${c.type}/${c.tnoct}`)).size).toBe(6);
    expect(min((c) => c.ibeam + c.idiff + c.ignd)).toBe(0);
    expect(max((c) => c.ibeam + c.idiff + c.ignd)).toBeGreaterThanOrEqual(1300);
    expect(min((c) => c.tdry)).toBeLessThanOrEqual(-20);
    expect(max((c) => c.tdry)).toBeGreaterThanOrEqual(70);
    expect(min((c) => c.aoi)).toBe(0);
    expect(max((c) => c.aoi)).toBeGreaterThanOrEqual(89);
    expect(max((c) => c.zenith)).toBeGreaterThanOrEqual(89);
    expect(min((c) => c.wspd)).toBe(0);
    expect(max((c) => c.wspd)).toBeGreaterThanOrEqual(15);
    expect(moduleCases.filter((c) => c.power === 0 && c.ibeam + c.idiff + c.ignd + c.irear > 0).length).toBeGreaterThan(0);
    expect(moduleCases.every((c) => c.okT && c.okP)).toBe(true);
  });
});

describe.each(Object.keys(PVWATTS_V8_MODULES) as PvwattsV8ModuleType[])('%s module against SSC', (type) => {
  const cases = moduleCases.map((c, index) => ({ c, index })).filter(({ c }) => c.type === type);

  it(`cellTemperatureNoct matches noct_celltemp_t (NOCT 45 and 49 °C, ${cases.length} cases)`, () => {
    const errors = cases.flatMap(({ c, index }) =>
      mismatches(index, { tcell: [cellTemperatureNoct(conditionsOf(c), PVWATTS_V8_MODULES[type].cec, c.tnoct), c.tcell] }),
    );
    expect(errors).toEqual([]);
  });

  it('moduleDcPower matches cec6par_module_t at the maximum power point', () => {
    const out = createModulePowerResult();
    const errors = cases.flatMap(({ c, index }) => {
      const power = moduleDcPower(conditionsOf(c), PVWATTS_V8_MODULES[type].cec, c.tcell, out);
      return mismatches(index, {
        returned: [power, c.power],
        power: [out.power, c.power],
        voltage: [out.voltage, c.voltage],
        current: [out.current, c.current],
        efficiency: [out.efficiency, c.efficiency],
        vocOper: [out.vocOper, c.vocOper],
        iscOper: [out.iscOper, c.iscOper],
        cellTempC: [out.cellTempC, c.cellTemp],
        aoiModifier: [out.aoiModifier, c.aoiModifier],
      });
    });
    expect(errors).toEqual([]);
  });

  it('chains temperature into power as cmod does', () => {
    const out = createModulePowerResult();
    const errors = cases.flatMap(({ c, index }) => {
      const conditions = conditionsOf(c);
      const module = PVWATTS_V8_MODULES[type].cec;
      return mismatches(index, { power: [moduleDcPower(conditions, module, cellTemperatureNoct(conditions, module, c.tnoct), out), c.power] });
    });
    expect(errors).toEqual([]);
  });
});

describe('cover and spectrum against SSC', () => {
  it('transmittedPoa matches calculateIrradianceThroughCoverDeSoto with AR glass', () => {
    const errors = moduleCases.flatMap((c, index) =>
      mismatches(index, { tpoa: [transmittedPoa(c.aoi, c.tilt, c.ibeam, c.idiff, c.ignd, true), c.tpoa] }),
    );
    expect(errors).toEqual([]);
  });

  it('airMassModifier matches air_mass_modifier, unclamped up to 89° zenith', () => {
    const errors = moduleCases.flatMap((c, index) => mismatches(index, { amm: [airMassModifier(c.zenith, c.elev), c.airMassModifier] }));
    expect(errors).toEqual([]);
  });

  it('runs rear-only light at cmod’s 0 °C cell temperature', () => {
    const rearOnly = moduleCases.find((c) => c.ibeam + c.idiff + c.ignd === 0 && c.irear > 0);
    expect(rearOnly?.tcell).toBe(0);
    expect(rearOnly?.power).toBeGreaterThan(0);
  });
});

describe('inverter and transformer against cmod_pvwattsv8 with sandia_inverter_t', () => {
  it(`match for ${inverterCases.length} cases around Pso, clipping and random loads`, () => {
    const step = createInverterStep();
    const errors = inverterCases.flatMap((c, index) => {
      const inverter = pvwattsV8Inverter(c.acNameplate, c.dcNameplate, c.invEffPct, { noLoadPct: c.xfmrNllPct, loadPct: c.xfmrLlPct });
      const ac = inverterAc(c.dc, inverter, step);
      const xfmr = transformerLoss(ac, inverter);
      return mismatches(index, {
        pso: [inverter.pso, c.pso],
        pdco: [inverter.pdco, c.pdco],
        ac: [ac, c.acInverter],
        efficiencyLoss: [step.efficiencyLoss, c.efficiencyLoss],
        clippingLoss: [step.clippingLoss, c.clippingLoss],
        efficiencyPct: [step.efficiencyPct, c.efficiencyPct],
        transformerLoss: [xfmr, c.transformerLoss],
        acAfterTransformer: [ac - xfmr, c.ac],
      });
    });
    expect(errors).toEqual([]);
  });

  it('clips inside the Sandia model, so cmod’s clipping loss stays 0 and the efficiency loss holds it', () => {
    const inverter = pvwattsV8Inverter(4000 / 1.2, 4000, 96);
    const step = createInverterStep();
    expect(inverterAc(1.3 * inverter.pdco, inverter, step)).toBe(inverter.paco);
    expect(step.clippingLoss).toBe(0);
    expect(step.efficiencyLoss).toBeCloseTo(1.3 * inverter.pdco - inverter.paco, 9);
  });

  it('yields nothing at or below Pso and books all of it as efficiency loss', () => {
    const inverter = pvwattsV8Inverter(100_000 / 1.35, 100_000, 99);
    const step = createInverterStep();
    expect(inverterAc(inverter.pso, inverter, step)).toBe(0);
    expect(step.efficiencyLoss).toBe(inverter.pso);
    expect(step.efficiencyPct).toBe(0);
  });

  it('picks Pso by the DC nameplate in watts against 10 and 1000, as cmod does', () => {
    expect(pvwattsV8Inverter(1000, 5, 96).pso).toBeCloseTo(0.002246 * 1000, 12);
    expect(pvwattsV8Inverter(1000, 999.999, 96).pso).toBeCloseTo(0.002478 * 1000, 12);
    expect(pvwattsV8Inverter(1000, 1000, 96).pso).toBeCloseTo(0.004931 * 1000, 12);
  });
});
