/** Cell temperature models: SAPM (the reference chain) and Fuentes (the one PVWatts uses). */

export type CellTemperatureModel = 'sapm' | 'fuentes';

/** SAPM open rack, glass/polymer back (King et al. 2004, SAND2004-3535, Table 1). */
export const SAPM_OPEN_RACK_GLASS_POLYMER = { a: -3.56, b: -0.075, deltaT: 3 } as const;
/** SAPM insulated back, glass/polymer (the same table): modules flush on a roof. */
export const SAPM_INSULATED_BACK_GLASS_POLYMER = { a: -2.81, b: -0.0455, deltaT: 0 } as const;

/**
 * exp(a + b·ws) of SAPM eq. 11 for the records `hours` (packed: entry k is record hours[k]): the wind-dependent part,
 * shared by all orientations at a site.
 */
export function sapmWindFactors(windSpeed: Float64Array, hours: Int32Array, params = SAPM_OPEN_RACK_GLASS_POLYMER): Float64Array {
  const out = new Float64Array(hours.length);
  for (let k = 0; k < hours.length; k++) out[k] = Math.exp(params.a + params.b * (windSpeed[hours[k] ?? 0] ?? 0));
  return out;
}

/** SAPM cell temperature, King et al. (2004) eqs. 11-12, from the hour's wind factor exp(a + b·ws). */
export function sapmCellTemperature(poaGlobal: number, tempAir: number, windFactor: number, deltaT: number): number {
  return tempAir + poaGlobal * (windFactor + deltaT / 1000);
}

export interface FuentesParameters {
  /** Installed nominal operating cell temperature, °C: PVWatts uses 45 for open racks, 49 for roof mounts. */
  noctInstalled: number;
  /** Height of the module centre and of the wind measurement, m. */
  moduleHeight: number;
  windHeight: number;
  emissivity: number;
  absorption: number;
  surfaceTiltDeg: number;
  /** Module hydraulic diameter, m. */
  hydraulicDiameter: number;
}

/** PVWatts defaults (Dobos 2014): NOCT 45 °C, module at 5 m, wind at 9.144 m, hydraulic diameter 0.5 m. */
export const FUENTES_PVWATTS: FuentesParameters = {
  noctInstalled: 45,
  moduleHeight: 5,
  windHeight: 9.144,
  emissivity: 0.84,
  absorption: 0.83,
  surfaceTiltDeg: 30,
  hydraulicDiameter: (2 * 0.31579 * 1.2) / (0.31579 + 1.2),
};

const BOLTZMANN = 5.669e-8;
const HEAT_CAPACITY = 11000;
const KELVIN = 273.15;
const NOCT_AMBIENT = 293.15;
const NOCT_SKY = 282.21;

/**
 * Fuentes (1987, SAND85-0330) transient energy balance, stepped hour by hour in time order because the module
 * carries heat from one step to the next. Follows the FORTRAN of the report's Appendix A as ported by pvlib.
 */
export class FuentesCellTemperature {
  private readonly sinTilt: number;
  private readonly windScale: number;
  private readonly convectionRatio: number;
  private readonly groundRatio: number;
  private readonly capacity: number;
  private previousModule = NOCT_AMBIENT;
  private previousSun = 0;

  constructor(private readonly params: FuentesParameters) {
    this.sinTilt = Math.sin((params.surfaceTiltDeg * Math.PI) / 180);
    this.windScale = (params.moduleHeight / params.windHeight) ** 0.2;
    const tInoct = params.noctInstalled + KELVIN;
    const { emissivity: emiss, absorption: absorp } = params;
    const hconvNoct = this.convection((tInoct + NOCT_AMBIENT) / 2, 1, tInoct - NOCT_AMBIENT, false);
    const hground = emiss * BOLTZMANN * (tInoct ** 2 + NOCT_AMBIENT ** 2) * (tInoct + NOCT_AMBIENT);
    const backRatio =
      (absorp * 800 - emiss * BOLTZMANN * (tInoct ** 4 - NOCT_SKY ** 4) - hconvNoct * (tInoct - NOCT_AMBIENT)) /
      ((hground + hconvNoct) * (tInoct - NOCT_AMBIENT));
    const tGround = Math.min(Math.max((tInoct ** 4 - backRatio * (tInoct ** 4 - NOCT_AMBIENT ** 4)) ** 0.25, NOCT_AMBIENT), tInoct);
    this.groundRatio = (tGround - NOCT_AMBIENT) / (tInoct - NOCT_AMBIENT);
    this.convectionRatio =
      (absorp * 800 - emiss * BOLTZMANN * (2 * tInoct ** 4 - NOCT_SKY ** 4 - tGround ** 4)) / (hconvNoct * (tInoct - NOCT_AMBIENT));
    // High NOCT means the module is coupled to its mounting, which adds thermal mass (Fuentes eqs. 26-27).
    this.capacity = tInoct > 321.15 ? HEAT_CAPACITY * (1 + (tInoct - 321.15) / 12) : HEAT_CAPACITY;
  }

  /** Cell temperature at the end of a step of `hours` with this plane-of-array irradiance and weather, °C. */
  step(poaGlobal: number, tempAirC: number, windSpeed: number, hours: number): number {
    const { emissivity: emiss, absorption } = this.params;
    const tAmb = tempAirC + KELVIN;
    const sun = poaGlobal * absorption;
    const tSky = 0.68 * (0.0552 * tAmb ** 1.5) + 0.32 * tAmb;
    const wind = windSpeed * this.windScale + 1e-4;
    const previous = this.previousModule;
    const previousSun = this.previousSun;
    let tMod = previous;
    // Fuentes iterates ten times; stopping once an iteration moves less than a nanokelvin gives the same answer.
    for (let iteration = 0, change = Infinity; iteration < 10 && change > 1e-9; iteration++) {
      const before = tMod;
      const hconv = this.convectionRatio * this.convection((tMod + tAmb) / 2, wind, Math.abs(tMod - tAmb), true);
      const hsky = emiss * BOLTZMANN * (tMod * tMod + tSky * tSky) * (tMod + tSky);
      const tGround = tAmb + this.groundRatio * (tMod - tAmb);
      const hground = emiss * BOLTZMANN * (tMod * tMod + tGround * tGround) * (tMod + tGround);
      const hTotal = hconv + hsky + hground;
      const eigen = (-hTotal / this.capacity) * hours * 3600;
      const decay = eigen > -10 ? Math.exp(eigen) : 0;
      tMod =
        previous * decay +
        ((1 - decay) * (hconv * tAmb + hsky * tSky + hground * tGround + previousSun + (sun - previousSun) / eigen) + sun - previousSun) /
          hTotal;
      change = Math.abs(tMod - before);
    }
    this.previousModule = tMod;
    this.previousSun = sun;
    return tMod - KELVIN;
  }

  /** Convective coefficient: free, laminar or turbulent forced convection combined (Fuentes 1987 §2). */
  private convection(tAverage: number, wind: number, tempDelta: number, allowTurbulent: boolean): number {
    const xlen = this.params.hydraulicDiameter;
    const density = (0.003484 * 101325) / tAverage;
    const viscosity = (0.24237e-6 * tAverage ** 0.76) / density;
    const conductivity = 2.1695e-4 * tAverage ** 0.84;
    const reynolds = (wind * xlen) / viscosity;
    const forced =
      allowTurbulent && reynolds > 1.2e5
        ? ((0.0282 / reynolds ** 0.2) * density * wind * 1007) / 0.71 ** 0.4
        : ((0.86 / reynolds ** 0.5) * density * wind * 1007) / 0.71 ** 0.67;
    const grashof = ((((9.8 / tAverage) * tempDelta * xlen ** 3) / viscosity ** 2) * this.sinTilt);
    const free = (0.21 * (grashof * 0.71) ** 0.32 * conductivity) / xlen;
    return Math.cbrt(free ** 3 + forced ** 3);
  }
}
