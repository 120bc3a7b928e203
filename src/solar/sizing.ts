/**
 * A ground-mounted array's DC size from the land it may cover:
 * DC (kW) = area × usable share × ground coverage ratio × module power per m² of module / 1000.
 * GCR is module area over ground area (PVWatts' `gcr`); module power per m² is ≈ 10 × the module efficiency in %.
 */
export interface Sizing {
  areaM2: number;
  /** Share of the area left for rows after setbacks, roads and equipment pads, 0-1. */
  usableFraction: number;
  gcr: number;
  moduleWPerM2: number;
}

/**
 * Defaults that land near LBNL's 2019 fleet densities (Bolinger & Bolinger 2022: 0.87 MWdc/ha fixed, 0.59 tracking):
 * 85 % usable × GCR 0.45 (fixed) or 0.35 (tracker, PVWatts' 0.4 minus row spacing for backtracking) × 215 W/m²
 * (a 21.5 % module) gives 0.82 MWdc/ha fixed and 0.64 tracking.
 */
export const DEFAULT_SIZING = { usableFraction: 0.85, gcrFixed: 0.45, gcrTracker: 0.35, moduleWPerM2: 215 } as const;

export function dcKwFromArea(sizing: Sizing): number {
  return (sizing.areaM2 * sizing.usableFraction * sizing.gcr * sizing.moduleWPerM2) / 1000;
}
