/** PVWatts v5 system model pieces (Dobos 2014, NREL/TP-6A20-62641): DC power, system losses, inverter. */

/** The PVWatts loss categories, percent. */
export interface LossBreakdown {
  soiling: number;
  shading: number;
  snow: number;
  mismatch: number;
  wiring: number;
  connections: number;
  lightInducedDegradation: number;
  nameplate: number;
  age: number;
  availability: number;
}

/** PVWatts defaults; compounded they make 14.0757 %. */
export const PVWATTS_DEFAULT_LOSSES: LossBreakdown = {
  soiling: 2,
  shading: 3,
  snow: 0,
  mismatch: 2,
  wiring: 2,
  connections: 0.5,
  lightInducedDegradation: 1.5,
  nameplate: 1,
  age: 0,
  availability: 3,
};

/** Either the categories or one total percentage. */
export type SystemLosses = LossBreakdown | number;

/** Total loss, percent: 100·(1 - Π(1 - Li/100)) (Dobos 2014 eq. 6). */
export function totalLossPct(losses: SystemLosses): number {
  if (typeof losses === 'number') return losses;
  let kept = 1;
  for (const pct of Object.values(losses)) kept *= 1 - pct / 100;
  return 100 * (1 - kept);
}

/** PVWatts DC power, W: Dobos 2014 eq. 1-2 with the cell temperature already known. */
export function pvwattsDc(effectiveIrradiance: number, cellTemperature: number, dcRatingW: number, gammaPerC: number): number {
  return (effectiveIrradiance / 1000) * dcRatingW * (1 + gammaPerC * (cellTemperature - 25));
}

export interface Inverter {
  /** AC rating, W. */
  acRatingW: number;
  /** DC input at which the inverter delivers its rating at nominal efficiency, W. */
  dcRatingW: number;
  nominalEfficiency: number;
}

/** The PVWatts reference efficiency in eq. 7. */
export const PVWATTS_REFERENCE_EFFICIENCY = 0.9637;

export function pvwattsInverter(dcArrayW: number, dcAcRatio: number, nominalEfficiency: number): Inverter {
  const acRatingW = dcArrayW / dcAcRatio;
  return { acRatingW, dcRatingW: acRatingW / nominalEfficiency, nominalEfficiency };
}

/**
 * AC output before clipping (Dobos 2014 eq. 7-8, as pvlib inverter.pvwatts): may exceed the rating, and is negative at
 * very low load; the caller clips to [0, rating] and books the difference.
 */
export function pvwattsAcUnclipped(dcW: number, inverter: Inverter): number {
  if (dcW === 0) return 0;
  const zeta = dcW / inverter.dcRatingW;
  const efficiency = (inverter.nominalEfficiency / PVWATTS_REFERENCE_EFFICIENCY) * (-0.0162 * zeta - 0.0059 / zeta + 0.9858);
  return efficiency * dcW;
}
