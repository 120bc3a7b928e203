/**
 * The representative module and array geometry PVWatts v8 assumes for self-shading, as NREL SSC
 * cmod_pvwattsv8.cpp (module block and "Physical Layout"). It only feeds the self-shading model.
 */
import type { SelfShadingInputs } from './self-shading.ts';

/** SSC `module_type` 0 / 1 / 2. */
export type PvwattsV8ModuleType = 'standard' | 'premium' | 'thinFilm';

/** SSC `array_type` 0 … 4. */
export type PvwattsV8ArrayType = 'fixedRack' | 'fixedRoof' | 'oneAxis' | 'oneAxisBacktracking' | 'twoAxis';

export interface PvwattsV8Layout {
  /** Module count estimate, ceil(dc / 300 W), at least 1. */
  nmodules: number;
  /** Modules per string (7 modules of about 60 V). */
  nmodPerString: number;
  /** STC efficiency of the representative 300 W module. */
  stcEfficiency: number;
  /** m². */
  moduleArea: number;
  /** Short side, m. */
  moduleWidth: number;
  /** Long side, m. */
  moduleLength: number;
  /** Row pitch, m. */
  rowSpacing: number;
  /** The static inputs of `selfShading` (SSC `ssinputs`) for this layout. */
  selfShading: SelfShadingInputs;
}

const MODULE_WATTS = 300;
const ASPECT_RATIO = 1.7;
const MODULES_PER_STRING = 7;

const MODULE_SPECS: Record<PvwattsV8ModuleType, { stcEfficiency: number; fillFactor: number }> = {
  standard: { stcEfficiency: 0.19, fillFactor: 0.778 },
  premium: { stcEfficiency: 0.21, fillFactor: 0.78 },
  thinFilm: { stcEfficiency: 0.18, fillFactor: 0.777 },
};

/**
 * Layout of a `dcWatts` (W, i.e. SSC `system_capacity` × 1000) system: square-ish, one module high (portrait) on
 * trackers and two high elsewhere, one row on roofs. `gcr` must be in SSC's accepted range [0.01, 1).
 */
export function pvwattsV8Layout(dcWatts: number, moduleType: PvwattsV8ModuleType, arrayType: PvwattsV8ArrayType, gcr: number): PvwattsV8Layout {
  const { stcEfficiency, fillFactor } = MODULE_SPECS[moduleType];
  const moduleArea = MODULE_WATTS / stcEfficiency / 1000;
  const moduleWidth = Math.sqrt(moduleArea / ASPECT_RATIO);
  const moduleLength = moduleWidth * ASPECT_RATIO;
  const nmodules = Math.max(1, Math.ceil(dcWatts / MODULE_WATTS));
  const nmody = arrayType === 'oneAxis' || arrayType === 'oneAxisBacktracking' ? 1 : 2;
  const nrows = arrayType === 'fixedRoof' ? 1 : Math.ceil(Math.sqrt(nmodules / nmody));
  const nmodx = Math.max(1, Math.ceil(nmodules / (nrows * nmody)));
  const rowSpacing = (moduleLength * nmody) / gcr;
  return {
    nmodules,
    nmodPerString: MODULES_PER_STRING,
    stcEfficiency,
    moduleArea,
    moduleWidth,
    moduleLength,
    rowSpacing,
    selfShading: {
      nstrx: Math.trunc(nmodx / MODULES_PER_STRING),
      nmodx,
      nmody,
      nrows,
      length: moduleLength,
      width: moduleWidth,
      modOrient: 'portrait',
      strOrient: 'horizontal',
      rowSpace: rowSpacing,
      ndiode: 3,
      vmp: 60,
      ff0: fillFactor,
    },
  };
}
