/**
 * NREL PVWatts v8 for one weather year, step for step as ssc's cmod_pvwattsv8.cpp (commit in
 * tests/fixtures/ssc-v8/README.md) runs it for an annual hourly file: sun position and Perez plane-of-array irradiance,
 * rear irradiance for bifacial modules, self-shading of fixed open racks and 1-axis rows, monthly soiling, the snow
 * model, the NOCT cell temperature and the CEC single-diode module, DC losses, the Sandia inverter as PVWatts sets it,
 * and the transformer. What ssc does not model here is not modelled either (wind stow and external shading are off in
 * PVWatts' defaults and not offered). ADR 018 says where and why results may differ from ssc.
 */
import type { LossStepKey, LossWaterfall } from '../loss-waterfall.ts';
import type { SimulationResult } from '../simulate.ts';
import type { WeatherYear } from '../weather/weather-year.ts';
import { createInverterStep, inverterAc, pvwattsV8Inverter, transformerLoss } from './inverter.ts';
import { createIrradianceResult, irradianceStep, type IrradianceInput } from './irradiance-step.ts';
import { pvwattsV8Layout, type PvwattsV8ArrayType } from './layout.ts';
import { airMassModifier, cellTemperatureNoct, createModulePowerResult, moduleDcPower, transmittedPoa, type ModuleConditions } from './module-power.ts';
import { PVWATTS_V8_MODULES, pvwattsV8Noct } from './module-types.ts';
import { SkyDiffuseTable, emptySelfShadingOutputs, selfShading, shadeFraction1x } from './self-shading.ts';
import { SnowModel } from './snow.ts';
import { DEFAULT_ALBEDO_V8, DEFAULT_SNOW_ALBEDO_V8, pvwattsV8Problems, type ArrayType, type PvwattsV8System } from './spec.ts';

/** ssc's array type numbers, as its self-shading layout names them. */
const LAYOUT_ARRAY_TYPE: Record<ArrayType, PvwattsV8ArrayType> = {
  'fixed-open': 'fixedRack',
  'fixed-roof': 'fixedRoof',
  '1-axis': 'oneAxis',
  '1-axis-backtrack': 'oneAxisBacktracking',
  '2-axis': 'twoAxis',
};
/** ssc's irrad tracking modes: 0 fixed, 1 single axis, 2 two axis. */
const TRACK_MODE: Record<ArrayType, 0 | 1 | 2> = { 'fixed-open': 0, 'fixed-roof': 0, '1-axis': 1, '1-axis-backtrack': 1, '2-axis': 2 };
/** ssc's bifacial rear-side model inputs in cmod: transmission through the racking and ground clearance, m. */
const BIFACIAL_TRANSMISSION = 0.013;
const GROUND_CLEARANCE_M = 1;
/** lib_pv_incidence_modifier: the cover model applies strictly between these incidence angles, degrees. */
const AOI_MIN = 0.5;
const AOI_MAX = 89.5;
/** The calendar year of records whose source does not say. */
const DEFAULT_YEAR = 1990;

interface Sums {
  poaNominal: number;
  beam: number;
  sky: number;
  ground: number;
  selfShading: number;
  soiling: number;
  rear: number;
  dcNominal: number;
  cover: number;
  spectral: number;
  moduleDc: number;
  snow: number;
  dcNet: number;
  transmitted: number;
  inverter: number;
  clipping: number;
  transformer: number;
  ac: number;
  cellTempWeighted: number;
  ghi: number;
}

export function simulatePvwattsV8(weather: WeatherYear, system: PvwattsV8System): SimulationResult {
  const problems = pvwattsV8Problems(system);
  if (problems.length > 0) throw new RangeError(`Invalid system: ${problems.join('; ')}`);

  const module = PVWATTS_V8_MODULES[system.moduleType];
  const arrayType = system.arrayType;
  const dcNameplateW = system.dcKw * 1000;
  const acNameplateW = dcNameplateW / system.dcAcRatio;
  const inverter = pvwattsV8Inverter(acNameplateW, dcNameplateW, system.inverterEfficiencyPct);
  const layout = pvwattsV8Layout(dcNameplateW, system.moduleType === 'thin-film' ? 'thinFilm' : system.moduleType, LAYOUT_ARRAY_TYPE[arrayType], system.gcr);
  const nmody = layout.selfShading.nmody;
  const noct = pvwattsV8Noct(arrayType === 'fixed-roof');
  const keptAfterLosses = 1 - system.lossesPct * 0.01;
  const selfShaded = arrayType === 'fixed-open' || arrayType === '1-axis' || arrayType === '1-axis-backtrack';
  const skyDiffuseTable = new SkyDiffuseTable();
  if (selfShaded) skyDiffuseTable.init(system.tiltDeg, system.gcr);
  const snow = system.snowModel ? new SnowModel() : undefined;
  snow?.setup(nmody, system.tiltDeg, 1.97, arrayType === 'fixed-open' || arrayType === 'fixed-roof');
  const bifacial = system.bifaciality > 0;
  const soiling = system.soilingMonthlyPct;
  const albedoOfMonth = (month: number) => (typeof system.albedo === 'number' ? system.albedo : (system.albedo[month - 1] ?? NaN));

  const site = weather.site;
  const n = weather.ghi.length;
  const hourlyAcKwh = new Float64Array(n);
  const monthlyAcKwh = new Array<number>(12).fill(0);
  const sums: Sums = {
    poaNominal: 0, beam: 0, sky: 0, ground: 0, selfShading: 0, soiling: 0, rear: 0, dcNominal: 0, cover: 0, spectral: 0, moduleDc: 0,
    snow: 0, dcNet: 0, transmitted: 0, inverter: 0, clipping: 0, transformer: 0, ac: 0, cellTempWeighted: 0, ghi: 0,
  };
  let clippedHours = 0;

  const irradiance = createIrradianceResult();
  const input: IrradianceInput = {
    year: DEFAULT_YEAR, month: 1, day: 1, hour: 0, minute: 30,
    lat: site.latitude, lon: site.longitude, tz: site.utcOffsetHours, elevation: site.elevation, pressure: NaN, tdry: NaN,
    delt: 1, dni: 0, dhi: 0, albedo: DEFAULT_ALBEDO_V8,
    trackMode: TRACK_MODE[arrayType], tilt: system.tiltDeg, azimuth: system.azimuthDeg, rotationLimit: system.rotationLimitDeg,
    backtrack: arrayType === '1-axis-backtrack', gcr: system.gcr,
    rear: bifacial ? { transmissionFactor: BIFACIAL_TRANSMISSION, groundClearanceHeight: GROUND_CLEARANCE_M, slopeLength: layout.moduleLength * nmody } : null,
  };
  const shading = emptySelfShadingOutputs();
  const conditions: ModuleConditions = {
    poaBeam: 0, poaSkyDiffuse: 0, poaGroundDiffuse: 0, poaRear: 0, aoiDeg: 0, tiltDeg: 0, zenithDeg: 0, elevationM: site.elevation, airTempC: 0, windSpeedMs: 0,
  };
  const modulePower = createModulePowerResult();
  const inverterStep = createInverterStep();
  const scaleToSystem = dcNameplateW / (module.cec.vmp * module.cec.imp);

  for (let i = 0; i < n; i++) {
    const month = weather.month[i] ?? 1;
    const tdry = weather.tempAir[i] ?? 0;
    const wspd = weather.windSpeed[i] ?? 0;
    const snowDepth = weather.snowDepth?.[i] ?? NaN;
    sums.ghi += weather.ghi[i] ?? 0;

    // Albedo: the weather file's where valid and asked for, else the given one, else ssc's defaults (0.6 under snow).
    let albedo = NaN;
    if (system.albedoFromWeather) {
      const fromFile = weather.albedo?.[i] ?? NaN;
      if (fromFile > 0 && fromFile < 1) albedo = fromFile;
    } else albedo = albedoOfMonth(month);
    if (!(albedo > 0 && albedo < 1)) albedo = snow && snowDepth > 0.5 && snowDepth < 999 ? DEFAULT_SNOW_ALBEDO_V8 : DEFAULT_ALBEDO_V8;

    // Hour-average records are stamped mid-hour and get ssc's sunrise/sunset rule; others are instants.
    const offsetMinutes = ((weather.sampleHour[i] ?? i) - i) * 60;
    input.year = weather.calendarYear?.[i] ?? DEFAULT_YEAR;
    input.month = month;
    input.day = weather.day[i] ?? 1;
    input.hour = weather.hour[i] ?? 0;
    input.minute = offsetMinutes;
    input.delt = offsetMinutes === 30 ? 1 : -1;
    input.pressure = (weather.pressure?.[i] ?? NaN) / 100;
    input.tdry = tdry;
    input.dni = weather.dni[i] ?? 0;
    input.dhi = weather.dhi[i] ?? 0;
    input.albedo = albedo;
    irradianceStep(input, irradiance);

    let ac = 0;
    if (irradiance.sunup > 0) {
      let { ibeam, iskydiff, ignddiff } = irradiance;
      let irear = bifacial ? irradiance.rearTotal * system.bifaciality : 0;
      const { solzen, solazi, aoi, stilt, sazi, rot } = irradiance;
      sums.poaNominal += ibeam + iskydiff + ignddiff;
      sums.beam += ibeam;
      sums.sky += iskydiff;
      sums.ground += ignddiff;
      sums.rear += irear;

      let skyDerate = 1;
      let groundDerate = 1;
      if (selfShaded) {
        const shade1x = arrayType === '1-axis' ? shadeFraction1x(solazi, solzen, system.tiltDeg, system.azimuthDeg, system.gcr, rot, 0, 0) : 0;
        selfShading(
          layout.selfShading, stilt, sazi, solzen, solazi, input.dni, input.dhi, ibeam * (1 - shade1x), iskydiff, ignddiff, albedo,
          arrayType === '1-axis', system.moduleType === 'thin-film', shade1x, skyDiffuseTable, shading,
        );
        const beamShade = arrayType === 'fixed-open' ? shading.shadeFracFixed : arrayType === '1-axis' ? shade1x : 0;
        sums.selfShading += ibeam * beamShade;
        ibeam *= 1 - beamShade;
        skyDerate = shading.diffuseDerate;
        groundDerate = shading.reflectedDerate;
      }
      // ssc applies a derate only when it is a fraction (to rounding), and the sky's to the rear side too.
      if (skyDerate >= -0.00001 && skyDerate <= 1.00001) {
        sums.selfShading += (1 - skyDerate) * iskydiff;
        sums.rear -= (1 - skyDerate) * irear;
        iskydiff *= skyDerate;
        irear *= skyDerate;
      }
      if (groundDerate >= -0.00001 && groundDerate <= 1.00001) {
        sums.selfShading += (1 - groundDerate) * ignddiff;
        ignddiff *= groundDerate;
      }
      if (soiling.length === 12) {
        const soiled = (soiling[month - 1] ?? 0) * 0.01;
        sums.soiling += (ibeam + iskydiff + ignddiff) * soiled;
        ibeam *= 1 - soiled;
        iskydiff *= 1 - soiled;
        ignddiff *= 1 - soiled;
      }
      const poaFront = ibeam + iskydiff + ignddiff;
      const poa = poaFront + irear;
      const dcNominal = (dcNameplateW * poa) / 1000;

      let snowLoss = 0;
      if (snow) {
        // ssc hands the snow model the front plus the whole rear irradiance (before bifaciality), then scales the loss
        // to the front's share.
        snowLoss = snow.getLoss(poaFront + (bifacial ? irradiance.rearTotal : 0), stilt, wspd, tdry, snowDepth, irradiance.sunup, 1);
        if (poa !== 0) snowLoss *= poaFront / poa;
      }

      conditions.poaBeam = ibeam;
      conditions.poaSkyDiffuse = iskydiff;
      conditions.poaGroundDiffuse = ignddiff;
      conditions.poaRear = irear;
      conditions.aoiDeg = aoi;
      conditions.tiltDeg = stilt;
      conditions.zenithDeg = solzen;
      conditions.airTempC = tdry;
      conditions.windSpeedMs = wspd;
      const cellTemp = cellTemperatureNoct(conditions, module.cec, noct);
      const moduleDc = moduleDcPower(conditions, module.cec, cellTemp, modulePower) * scaleToSystem;
      const dc = moduleDc * (1 - snowLoss) * keptAfterLosses;

      // The waterfall's module steps: the cover's reflection, then the spectrum, then what the module model leaves.
      const transmitted = aoi > AOI_MIN && aoi < AOI_MAX && poaFront > 0 ? Math.min(Math.max(transmittedPoa(aoi, stilt, ibeam, iskydiff, ignddiff, module.arGlass), 0), poaFront) : poaFront;
      const cover = (dcNameplateW * (poaFront - transmitted)) / 1000;
      // The module model clamps the zenith at 86° for the air mass, as ssc does.
      const spectral = (dcNominal - cover) * (1 - airMassModifier(Math.min(solzen, 86), site.elevation));
      sums.transmitted += transmitted;
      sums.dcNominal += dcNominal;
      sums.cover += cover;
      sums.spectral += spectral;
      sums.moduleDc += moduleDc;
      sums.snow += moduleDc * snowLoss;
      sums.dcNet += dc;
      sums.cellTempWeighted += cellTemp * poa;

      ac = inverterAc(dc, inverter, inverterStep);
      const clipped = inverterStep.aboveRating;
      if (clipped > 0) clippedHours++;
      sums.clipping += clipped;
      sums.inverter += inverterStep.efficiencyLoss - clipped;
    }
    const lostInTransformer = transformerLoss(ac, inverter);
    sums.transformer += lostInTransformer;
    ac -= lostInTransformer;
    sums.ac += ac;
    hourlyAcKwh[i] = ac / 1000;
    monthlyAcKwh[month - 1] = (monthlyAcKwh[month - 1] ?? 0) + ac / 1000;
  }

  const kwh = (wattHours: number) => wattHours / 1000;
  const poaKwhM2 = kwh(sums.poaNominal);
  const annualAcKwh = kwh(sums.ac);
  const specificYield = annualAcKwh / system.dcKw;
  const acKw = acNameplateW / 1000;
  return {
    source: { name: site.name, format: weather.format, confidence: weather.confidence, components: weather.components },
    dcKw: system.dcKw,
    acKw,
    hourlyAcKwh,
    monthlyAcKwh,
    annualAcKwh,
    annualDcKwh: kwh(sums.dcNet),
    annualDcGrossKwh: kwh(sums.moduleDc),
    annualGhiKwhM2: kwh(sums.ghi),
    annualPoaKwhM2: poaKwhM2,
    annualPoaBeamKwhM2: kwh(sums.beam),
    annualPoaSkyDiffuseKwhM2: kwh(sums.sky),
    annualPoaGroundKwhM2: kwh(sums.ground),
    annualPoaEffectiveKwhM2: kwh(sums.transmitted),
    specificYieldKwhPerKwp: specificYield,
    capacityFactorDc: annualAcKwh / (system.dcKw * n),
    capacityFactorAc: annualAcKwh / (acKw * n),
    performanceRatio: poaKwhM2 > 0 ? specificYield / poaKwhM2 : 0,
    clippedHours,
    poaWeightedCellTempC: sums.dcNominal > 0 ? sums.cellTempWeighted / ((sums.dcNominal / dcNameplateW) * 1000) : NaN,
    lossWaterfall: waterfall(sums, system),
  };
}

/**
 * From the front irradiance at STC efficiency down to AC: irradiance steps (self-shading, soiling, the rear side's gain
 * as a negative loss), then the module (cover reflection, spectrum, temperature and low light), snow, the DC losses,
 * the inverter, its clipping and the transformer. Each step is energy, kWh; they add up to the AC energy exactly.
 */
function waterfall(sums: Sums, system: PvwattsV8System): LossWaterfall {
  const kw = system.dcKw;
  const kwh = (wattHours: number) => wattHours / 1000;
  const nominal = kwh(sums.poaNominal) * kw;
  const steps: [LossStepKey, number][] = [
    ['self-shading', kwh(sums.selfShading) * kw],
    ['soiling', kwh(sums.soiling) * kw],
    ['bifacial', -kwh(sums.rear) * kw],
    ['incidence-angle', kwh(sums.cover)],
    ['spectral', kwh(sums.spectral)],
    ['temperature', kwh(sums.dcNominal - sums.cover - sums.spectral - sums.moduleDc)],
    ['snow', kwh(sums.snow)],
    ['system', kwh(sums.moduleDc - sums.snow - sums.dcNet)],
    ['inverter', kwh(sums.inverter)],
    ['clipping', kwh(sums.clipping)],
    ['transformer', kwh(sums.transformer)],
  ];
  const kept = steps.filter(([key, lost]) => lost !== 0 || key === 'system' || key === 'inverter' || key === 'temperature');
  return {
    nominalKwh: nominal,
    steps: kept.map(([key, lost]) => ({ key, kwh: lost, pctOfNominal: nominal > 0 ? (100 * lost) / nominal : 0 })),
    finalKwh: kwh(sums.ac),
  };
}
