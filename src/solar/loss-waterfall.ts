/** The loss waterfall of a simulated year: from the array's output at STC efficiency down to the AC energy. */
import type { LossBreakdown, SystemLosses } from './pvwatts.ts';

/** PVWatts v8 adds self-shading, the rear side's gain (bifacial, negative), the spectrum and the transformer. */
export type LossStepKey =
  | 'incidence-angle'
  | 'temperature'
  | keyof LossBreakdown
  | 'system'
  | 'inverter'
  | 'clipping'
  | 'self-shading'
  | 'bifacial'
  | 'spectral'
  | 'transformer';

/** One bar of the waterfall: energy lost at this step (negative for a gain, e.g. modules colder than 25 °C). */
export interface LossStep {
  key: LossStepKey;
  kwh: number;
  /** Share of the nominal energy. */
  pctOfNominal: number;
}

export interface LossWaterfall {
  /** POA irradiation times the DC rating: the array's output at STC efficiency, kWh. */
  nominalKwh: number;
  steps: LossStep[];
  /** What remains after every step: the AC energy, kWh. */
  finalKwh: number;
}

/** Yearly energy at each stage of the chain, kWh. */
export interface EnergyStages {
  /** POA irradiation × DC rating. */
  nominal: number;
  /** Effective (after incidence-angle loss) irradiation × DC rating. */
  effective: number;
  dcGross: number;
  dcNet: number;
  /** AC before the inverter limit (never negative). */
  acUnclipped: number;
  ac: number;
}

export function lossWaterfall(stages: EnergyStages, losses: SystemLosses): LossWaterfall {
  const steps: [LossStepKey, number][] = [
    ['incidence-angle', stages.nominal - stages.effective],
    ['temperature', stages.effective - stages.dcGross],
    ...systemLossSteps(losses, stages.dcGross),
    ['inverter', stages.dcNet - stages.acUnclipped],
    ['clipping', stages.acUnclipped - stages.ac],
  ];
  const share = (kwh: number) => (stages.nominal > 0 ? (100 * kwh) / stages.nominal : 0);
  return {
    nominalKwh: stages.nominal,
    steps: steps.map(([key, kwh]) => ({ key, kwh, pctOfNominal: share(kwh) })),
    finalKwh: stages.ac,
  };
}

/** The system losses compound, so each category takes its share of what the previous ones left. */
function systemLossSteps(losses: SystemLosses, dcGross: number): [LossStepKey, number][] {
  if (typeof losses === 'number') return [['system', (dcGross * losses) / 100]];
  let remaining = dcGross;
  return (Object.entries(losses) as [keyof LossBreakdown, number][]).map(([key, pct]) => {
    const lost = (remaining * pct) / 100;
    remaining -= lost;
    return [key, lost];
  });
}
