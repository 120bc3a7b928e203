/**
 * The hourly PVWatts-class chain of reference/pv-cases.json "method": plane-of-array irradiance (beam, Perez sky,
 * ground), Fresnel IAM on the beam, cell temperature, pvwatts DC, system losses and the PVWatts inverter with
 * clipping, summed into yearly and monthly figures and a loss waterfall. One pass over the hours, no allocation in it.
 */
import { FUENTES_PVWATTS, FuentesCellTemperature, SAPM_INSULATED_BACK_GLASS_POLYMER, SAPM_OPEN_RACK_GLASS_POLYMER, sapmCellTemperature } from './cell-temperature.ts';
import { DEFAULT_IAM_TABLE } from './iam.ts';
import { perezSkyDiffuse } from './perez.ts';
import type { LossWaterfall } from './loss-waterfall.ts';
import { lossWaterfall } from './loss-waterfall.ts';
import { pvwattsAcUnclipped, pvwattsDc, pvwattsInverter, totalLossPct } from './pvwatts.ts';
import type { SiteContext } from './site-context.ts';
import { createSiteContext } from './site-context.ts';
import type { SystemSpec } from './system-spec.ts';
import { DEFAULT_ALBEDO, systemProblems } from './system-spec.ts';
import type { PlaneNormal } from './plane.ts';
import { fixedPlaneNormal } from './plane.ts';
import { orientTracker, trackerAxes } from './tracker.ts';
import type { WeatherYear } from './weather/weather-year.ts';
import type { PvwattsV8System } from './pvwatts-v8/spec.ts';
import { simulatePvwattsV8 } from './pvwatts-v8/simulate-v8.ts';

/** Either model's system: the pvlib-compatible chain's (ADR 010), or PVWatts v8's (ADR 018). */
export type EngineSystem = SystemSpec | PvwattsV8System;

export interface SimulationResult {
  source: Pick<WeatherYear, 'format' | 'confidence' | 'components'> & { name: string };
  dcKw: number;
  acKw: number;
  /** AC energy of each hour of the year, kWh. */
  hourlyAcKwh: Float64Array;
  monthlyAcKwh: number[];
  annualAcKwh: number;
  /** DC energy after the system losses, kWh. */
  annualDcKwh: number;
  /** DC energy before the system losses, kWh. */
  annualDcGrossKwh: number;
  annualGhiKwhM2: number;
  annualPoaKwhM2: number;
  annualPoaBeamKwhM2: number;
  annualPoaSkyDiffuseKwhM2: number;
  annualPoaGroundKwhM2: number;
  /** POA after incidence-angle losses on the beam. */
  annualPoaEffectiveKwhM2: number;
  specificYieldKwhPerKwp: number;
  /** AC energy over DC rating × 8760 h (the PVWatts convention). */
  capacityFactorDc: number;
  capacityFactorAc: number;
  /** Specific yield over POA irradiation. */
  performanceRatio: number;
  clippedHours: number;
  /** Cell temperature weighted by POA irradiance, °C. */
  poaWeightedCellTempC: number;
  lossWaterfall: LossWaterfall;
}

export interface SimulateOptions {
  /** The site's precomputed sun path and sky terms; must have been built from the same weather object. */
  site?: SiteContext;
}

export function simulate(weather: WeatherYear, system: EngineSystem, options: SimulateOptions = {}): SimulationResult {
  if (system.engine === 'pvwatts-v8') return simulatePvwattsV8(weather, system);
  const problems = systemProblems(system);
  if (problems.length > 0) throw new RangeError(`Invalid system: ${problems.join('; ')}`);
  const site = options.site ?? createSiteContext(weather);
  if (site.weather !== weather) throw new Error('The site context was built from other weather');

  const { litHours, sun, sky, sapmWind } = site;
  const { ghi, dni, tempAir, windSpeed, month } = weather;
  const n = ghi.length;
  const dcW = system.dcKw * 1000;
  const inverter = pvwattsInverter(dcW, system.dcAcRatio, system.inverterEfficiency);
  const lossPct = totalLossPct(system.losses);
  const keptAfterLosses = 1 - lossPct / 100;
  const gamma = system.gammaPdcPerC;
  const mount = system.mount;
  const roof = mount.kind === 'fixed' && mount.roof === true;
  const sapmDeltaT = (roof ? SAPM_INSULATED_BACK_GLASS_POLYMER : SAPM_OPEN_RACK_GLASS_POLYMER).deltaT;
  // The site's precomputed wind factors are the open rack's; a roof mount computes its own.
  const roofWind = roof ? SAPM_INSULATED_BACK_GLASS_POLYMER : undefined;
  const hourlyAlbedo = system.albedo === 'weather' ? weather.albedo : undefined;
  const fixedAlbedo = typeof system.albedo === 'number' ? system.albedo : DEFAULT_ALBEDO;

  const iam = DEFAULT_IAM_TABLE;
  const tracker = mount.kind === 'single-axis' ? trackerAxes(mount) : undefined;
  const twoAxis = mount.kind === 'two-axis';
  const normal: PlaneNormal = mount.kind === 'fixed' ? fixedPlaneNormal(mount.tiltDeg, mount.azimuthDeg) : { east: 0, north: 0, up: 1 };
  let cosTilt = normal.up;
  let sinTilt = Math.sqrt(1 - cosTilt * cosTilt);
  const fuentes =
    system.cellTemperature === 'fuentes'
      ? new FuentesCellTemperature({
          ...FUENTES_PVWATTS,
          // PVWatts v5: 49 °C installed NOCT for roof mounts, 45 °C for open racks.
          noctInstalled: roof ? 49 : FUENTES_PVWATTS.noctInstalled,
          surfaceTiltDeg: mount.kind === 'fixed' ? mount.tiltDeg : FUENTES_PVWATTS.surfaceTiltDeg,
        })
      : undefined;

  const hourlyAcKwh = new Float64Array(n);
  const monthlyAcKwh = new Array<number>(12).fill(0);
  let sumGhi = 0;
  let sumBeam = 0;
  let sumSky = 0;
  let sumGround = 0;
  let sumEffective = 0;
  let sumDcGross = 0;
  let sumAcUnclipped = 0;
  let sumAc = 0;
  let sumCellTempWeighted = 0;
  let clippedHours = 0;

  for (let i = 0; i < n; i++) sumGhi += ghi[i] ?? 0;
  // The site's arrays hold the lit hours only (entry k is hour i); Fuentes still steps through the dark ones, cooling.
  let nextHour = 0;
  for (let k = 0; k < litHours.length; k++) {
    const i = litHours[k] ?? 0;
    if (fuentes) for (; nextHour < i; nextHour++) fuentes.step(0, tempAir[nextHour] ?? 0, windSpeed[nextHour] ?? 0, 1);
    nextHour = i + 1;
    const g = ghi[i] ?? 0;
    const ta = tempAir[i] ?? 0;
    const ws = windSpeed[i] ?? 0;
    const sunEast = sun.east[k] ?? 0;
    const sunNorth = sun.north[k] ?? 0;
    const sunUp = sun.up[k] ?? 0;
    if (tracker) {
      orientTracker(tracker, sunEast, sunNorth, sunUp, normal);
      cosTilt = normal.up;
      sinTilt = Math.sqrt(1 - cosTilt * cosTilt);
    } else if (twoAxis) {
      // Facing the sun; below the horizon (lit twilight hours) the plane lies flat, as a single-axis tracker's does.
      const up = sunUp > 0;
      normal.east = up ? sunEast : 0;
      normal.north = up ? sunNorth : 0;
      normal.up = up ? sunUp : 1;
      cosTilt = normal.up;
      sinTilt = Math.sqrt(Math.max(0, 1 - cosTilt * cosTilt));
    }
    const cosAoi = sunEast * normal.east + sunNorth * normal.north + sunUp * normal.up;
    const beam = Math.max((dni[i] ?? 0) * cosAoi, 0);
    const skyDiffuse = perezSkyDiffuse(sky.isotropic[k] ?? 0, sky.circumsolar[k] ?? 0, sky.horizon[k] ?? 0, cosTilt, sinTilt, cosAoi);
    const albedo = hourlyAlbedo ? validAlbedo(hourlyAlbedo[i]) : fixedAlbedo;
    const ground = (g * albedo * (1 - cosTilt)) / 2;
    const poa = beam + skyDiffuse + ground;
    const effective = beam * iam.at(cosAoi) + skyDiffuse + ground;
    const windFactor = roofWind ? Math.exp(roofWind.a + roofWind.b * ws) : (sapmWind[k] ?? 0);
    const cellTemp = fuentes ? fuentes.step(poa, ta, ws, 1) : sapmCellTemperature(poa, ta, windFactor, sapmDeltaT);
    const dcGross = pvwattsDc(effective, cellTemp, dcW, gamma);
    const acUnclipped = pvwattsAcUnclipped(dcGross * keptAfterLosses, inverter);
    const ac = Math.min(Math.max(acUnclipped, 0), inverter.acRatingW);
    if (acUnclipped > inverter.acRatingW) clippedHours++;

    sumBeam += beam;
    sumSky += skyDiffuse;
    sumGround += ground;
    sumEffective += effective;
    sumDcGross += dcGross;
    sumAcUnclipped += Math.max(acUnclipped, 0);
    sumAc += ac;
    sumCellTempWeighted += cellTemp * poa;
    hourlyAcKwh[i] = ac / 1000;
    const m = (month[i] ?? 1) - 1;
    monthlyAcKwh[m] = (monthlyAcKwh[m] ?? 0) + ac / 1000;
  }
  // Fuentes carries no state out of the year, so the dark hours after the last lit one need no steps.

  const kwh = (wattHours: number) => wattHours / 1000;
  const poaKwhM2 = kwh(sumBeam + sumSky + sumGround);
  const annualAcKwh = kwh(sumAc);
  const dcGrossKwh = kwh(sumDcGross);
  const dcNetKwh = dcGrossKwh * keptAfterLosses;
  const specificYield = annualAcKwh / system.dcKw;
  const acKw = inverter.acRatingW / 1000;
  return {
    source: { name: weather.site.name, format: weather.format, confidence: weather.confidence, components: weather.components },
    dcKw: system.dcKw,
    acKw,
    hourlyAcKwh,
    monthlyAcKwh,
    annualAcKwh,
    annualDcKwh: dcNetKwh,
    annualDcGrossKwh: dcGrossKwh,
    annualGhiKwhM2: kwh(sumGhi),
    annualPoaKwhM2: poaKwhM2,
    annualPoaBeamKwhM2: kwh(sumBeam),
    annualPoaSkyDiffuseKwhM2: kwh(sumSky),
    annualPoaGroundKwhM2: kwh(sumGround),
    annualPoaEffectiveKwhM2: kwh(sumEffective),
    specificYieldKwhPerKwp: specificYield,
    capacityFactorDc: annualAcKwh / (system.dcKw * n),
    capacityFactorAc: annualAcKwh / (acKw * n),
    performanceRatio: poaKwhM2 > 0 ? specificYield / poaKwhM2 : 0,
    clippedHours,
    poaWeightedCellTempC: poaKwhM2 > 0 ? sumCellTempWeighted / (poaKwhM2 * 1000) : NaN,
    lossWaterfall: lossWaterfall(
      {
        nominal: poaKwhM2 * system.dcKw,
        effective: kwh(sumEffective) * system.dcKw,
        dcGross: dcGrossKwh,
        dcNet: dcNetKwh,
        acUnclipped: kwh(sumAcUnclipped),
        ac: annualAcKwh,
      },
      system.losses,
    ),
  };
}

function validAlbedo(value: number | undefined): number {
  return value !== undefined && value >= 0 && value <= 1 ? value : DEFAULT_ALBEDO;
}
