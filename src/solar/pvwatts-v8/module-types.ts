/**
 * The three PVWatts v8 module types and the parameters SSC gives each (cmod_pvwattsv8.cpp, `switch (module.type)`,
 * SSC commit e97a19f8e035b6c8845690ee23c01b598c36d550). The CEC single-diode parameters were fitted by SAM 2020.2.29 r3
 * to a representative module of each type:
 * - standard: Canadian Solar CS1H-320MS (mono-crystalline silicon),
 * - premium: SunPower SPR-E20-327 (high-efficiency back-contact silicon),
 * - thin-film: First Solar FS-6435A (CdTe).
 * gamma, fillFactor and stcEfficiency are cmod's simple module values (fill factor for self-shading, efficiency for
 * module area and land use); the power itself comes from the CEC model (module-power.ts).
 */

export type PvwattsV8ModuleType = 'standard' | 'premium' | 'thin-film';

/** CEC 6-parameter (De Soto et al. 2006) module: reference conditions 1000 W/m2, 25 °C cell. */
export interface CecModule {
  /** Module area, m2. */
  area: number;
  /** Maximum power voltage and current at STC, V and A. */
  vmp: number;
  imp: number;
  /** Open-circuit voltage and short-circuit current at STC, V and A. */
  voc: number;
  isc: number;
  /** Temperature coefficients of Isc, A/°C, and of Voc, V/°C. */
  alphaIsc: number;
  betaVoc: number;
  /** Modified ideality factor a = n·Ns·k·T/q at STC, V. */
  a: number;
  /** Light current and diode saturation current at STC, A. */
  il: number;
  io: number;
  /** Series and shunt resistance at STC, Ω. */
  rs: number;
  rsh: number;
  /** Adjustment of the temperature coefficients, %. */
  adj: number;
}

export interface PvwattsV8Module {
  /** Temperature coefficient of power, 1/°C (kept by cmod, not read by the CEC power model). */
  gamma: number;
  /** Anti-reflective coating on the glass (all three types have one). */
  arGlass: boolean;
  /** Fill factor, for the self-shading model. */
  fillFactor: number;
  /** Nameplate efficiency at STC, fraction, for module area and land use. */
  stcEfficiency: number;
  cec: CecModule;
}

export const PVWATTS_V8_MODULES: Readonly<Record<PvwattsV8ModuleType, Readonly<PvwattsV8Module>>> = {
  standard: {
    gamma: -0.0037,
    arGlass: true,
    fillFactor: 0.778,
    stcEfficiency: 0.19,
    cec: {
      area: 1.6864, vmp: 35.8, imp: 9.01, voc: 43.3, isc: 9.51, alphaIsc: 0.004755, betaVoc: -0.12557,
      a: 1.65916, il: 9.51393, io: 4.37813e-11, rs: 0.269953, rsh: 654.059, adj: 5.79586,
    },
  },
  premium: {
    gamma: -0.0035,
    arGlass: true,
    fillFactor: 0.78,
    stcEfficiency: 0.21,
    cec: {
      area: 1.6297, vmp: 54.7, imp: 5.98, voc: 64.9, isc: 6.46, alphaIsc: 0.0026, betaVoc: -0.1766,
      a: 2.45326, il: 6.4704, io: 2.01784e-11, rs: 0.421231, rsh: 261.723, adj: 9.56482,
    },
  },
  'thin-film': {
    gamma: -0.0032,
    arGlass: true,
    fillFactor: 0.777,
    stcEfficiency: 0.18,
    cec: {
      area: 2.4751, vmp: 183.6, imp: 2.37, voc: 219.6, isc: 2.55, alphaIsc: 0.00102, betaVoc: -0.61488,
      a: 7.97293, il: 2.55475, io: 2.69243e-12, rs: 4.60991, rsh: 2476.95, adj: -2.49865,
    },
  },
};

/** Installed NOCT of the PVWatts v8 cell temperature model, °C: 49 for fixed roof mounts, 45 for every other array type. */
export function pvwattsV8Noct(fixedRoof: boolean): number {
  return fixedRoof ? 49 : 45;
}
