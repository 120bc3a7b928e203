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

/** One screened parcel as sizing reads it: its verdict and the area left outside the excluded layers (null: not measured). */
export interface ScreenedArea {
  verdict: 'pass' | 'fail' | 'unknown';
  areaM2: number;
  buildableAreaM2: number | null;
}

/** The land a study is sized on, and where it comes from. */
export type SizingArea = { source: 'parcels'; areaM2: number; parcels: number } | { source: 'boundary'; areaM2: number };

/**
 * The area a study's automatic size comes from: the buildable land of the project's parcels that pass screening (a
 * passing parcel's whole area where no exclusion layer was checked) when any passes, else the boundary; null with
 * neither. `prefer: 'boundary'` sizes on the boundary whenever there is one.
 */
export function sizingArea(boundaryAreaM2: number | null, screened: readonly ScreenedArea[], prefer: 'parcels' | 'boundary' = 'parcels'): SizingArea | null {
  const passing = screened.filter((parcel) => parcel.verdict === 'pass');
  const boundary: SizingArea | null = boundaryAreaM2 ? { source: 'boundary', areaM2: boundaryAreaM2 } : null;
  if (passing.length === 0 || (prefer === 'boundary' && boundary)) return boundary;
  return { source: 'parcels', areaM2: passing.reduce((sum, parcel) => sum + (parcel.buildableAreaM2 ?? parcel.areaM2), 0), parcels: passing.length };
}
