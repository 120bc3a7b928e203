/**
 * PVWatts v8 module model, ported from NREL SSC (commit e97a19f8): the NOCT cell temperature (noct_celltemp_t) and the
 * CEC 6-parameter single-diode power at the maximum power point (cec6par_module_t), both in shared/lib_cec6par.cpp,
 * with the De Soto cover model (shared/lib_pv_incidence_modifier.cpp) and the 5-parameter solvers
 * (shared/lib_pvmodel.cpp), called the way ssc/cmod_pvwattsv8.cpp calls them. Arithmetic follows SSC's order so results
 * agree to rounding; the solvers keep SSC's tolerances (Voc bisection 1e-3 V, golden section 1e-4 relative).
 * Nothing here allocates per call: the solvers keep their state in module-level scratch variables.
 */
import type { CecModule } from './module-types.ts';

/** One time step's inputs, as cmod fills pvinput_t; reuse one object across steps. */
export interface ModuleConditions {
  /** Plane-of-array beam, sky diffuse and ground-reflected irradiance on the front, W/m2. */
  poaBeam: number;
  poaSkyDiffuse: number;
  poaGroundDiffuse: number;
  /** Rear irradiance already multiplied by bifaciality, W/m2 (0 for monofacial). */
  poaRear: number;
  /** Angle of incidence, surface tilt and solar zenith, degrees. */
  aoiDeg: number;
  tiltDeg: number;
  zenithDeg: number;
  /** Site elevation, m. */
  elevationM: number;
  airTempC: number;
  /** Wind speed at the weather station, m/s. */
  windSpeedMs: number;
}

/** pvoutput_t of one module. */
export interface ModulePowerResult {
  /** Maximum power point power, W, voltage, V, and current, A. */
  power: number;
  voltage: number;
  current: number;
  /** power / (area × total incident irradiance, front and rear). */
  efficiency: number;
  vocOper: number;
  iscOper: number;
  cellTempC: number;
  /** Front transmitted / front incident irradiance (0 without front irradiance). */
  aoiModifier: number;
}

export function createModulePowerResult(): ModulePowerResult {
  return { power: 0, voltage: 0, current: 0, efficiency: 0, vocOper: 0, iscOper: 0, cellTempC: 0, aoiModifier: 0 };
}

// lib_pv_incidence_modifier.h: De Soto et al. (2006) glass, and the anti-reflective coating SSC assumes.
const N_GLASS = 1.526;
const L_GLASS = 0.002;
const K_GLASS = 4;
const N_ARC = 1.3;
const L_ARC = L_GLASS * 0.01;
const K_ARC = 4;

let refractionAngleDeg = 0;

/** Fresnel transmission times Bouguer absorption of a cover (Duffie & Beckman §5.3); sets refractionAngleDeg. */
function transmittance(theta1Deg: number, nCover: number, nIncoming: number, k: number, thickness: number): number {
  const theta1 = (theta1Deg * Math.PI) / 180.0;
  const theta2 = Math.asin((nIncoming / nCover) * Math.sin(theta1));
  refractionAngleDeg = (theta2 * 180) / Math.PI;
  const sinDiff = Math.sin(theta2 - theta1);
  const sinSum = Math.sin(theta2 + theta1);
  const tanDiff = Math.tan(theta2 - theta1);
  const tanSum = Math.tan(theta2 + theta1);
  // SSC squares with pow(x, 2), which glibc rounds exactly as x * x.
  const tr = 1 - 0.5 * ((sinDiff * sinDiff) / (sinSum * sinSum) + (tanDiff * tanDiff) / (tanSum * tanSum));
  return tr * Math.exp((-k * thickness) / Math.cos(theta2));
}

/**
 * Irradiance transmitted through the module cover, W/m2: De Soto et al. (2006) with the Brandemuehl-Beckman equivalent
 * angles for sky and ground diffuse (Duffie & Beckman eqs. 5.4.1-2); calculateIrradianceThroughCoverDeSoto.
 */
export function transmittedPoa(aoiDeg: number, tiltDeg: number, beam: number, sky: number, ground: number, arGlass: boolean): number {
  let theta = aoiDeg;
  if (theta < 1) theta = 1.0;
  if (theta > 89) theta = 89.0;

  let tauNorm = 1.0;
  let thetaNormAfterCoating = 1.0;
  if (arGlass) {
    tauNorm *= transmittance(1.0, N_ARC, 1.0, K_ARC, L_ARC);
    thetaNormAfterCoating = refractionAngleDeg;
  }
  tauNorm *= transmittance(thetaNormAfterCoating, N_GLASS, 1.0, K_GLASS, L_GLASS);

  let tauBeam = 1.0;
  let thetaAfterCoating = theta;
  if (arGlass) {
    tauBeam *= transmittance(theta, N_ARC, 1.0, K_ARC, L_ARC);
    thetaAfterCoating = refractionAngleDeg;
  }
  tauBeam *= transmittance(thetaAfterCoating, N_GLASS, arGlass ? N_ARC : 1.0, K_GLASS, L_GLASS);

  const thetaSky = 59.7 - 0.1388 * tiltDeg + 0.001497 * tiltDeg * tiltDeg;
  const tauSky = transmittance(thetaSky, N_GLASS, 1.0, K_GLASS, L_GLASS);
  const thetaGround = 90.0 - 0.5788 * tiltDeg + 0.002693 * tiltDeg * tiltDeg;
  const tauGround = transmittance(thetaGround, N_GLASS, 1.0, K_GLASS, L_GLASS);

  const ktaBeam = Math.min(tauBeam / tauNorm, 1.0);
  const ktaSky = Math.min(tauSky / tauNorm, 1.0);
  const ktaGround = Math.min(tauGround / tauNorm, 1.0);

  const transmitted = beam * ktaBeam + sky * ktaSky + ground * ktaGround;
  return transmitted < 0 ? 0 : transmitted;
}

// De Soto et al. (2006), Table A1 (polycrystalline): cec6par's amavec and cmod's AMdesoto are the same numbers.
const AM0 = 0.918093;
const AM1 = 0.086257;
const AM2 = -0.024459;
const AM3 = 0.002816;
const AM4 = -0.000126;

/**
 * Spectral air mass modifier, ≥ 0 (De Soto et al. 2006 eq. 22, air mass of Kasten & Young 1989 scaled by
 * exp(-0.0001184 × elevation) as in the Sandia model); air_mass_modifier. No clamp on the zenith here: the module
 * models clamp it to [0, 86]°.
 */
export function airMassModifier(zenithDeg: number, elevationM: number): number {
  let airMass = 1 / (Math.cos((zenithDeg * Math.PI) / 180) + 0.5057 * Math.pow(96.08 - zenithDeg, -1.634));
  airMass *= Math.exp(-0.0001184 * elevationM);
  const f1 = AM0 + AM1 * airMass + AM2 * (airMass * airMass) + AM3 * Math.pow(airMass, 3) + AM4 * Math.pow(airMass, 4);
  return f1 > 0.0 ? f1 : 0.0;
}

function clampedZenith(zenithDeg: number): number {
  let thetaZ = zenithDeg;
  if (thetaZ > 86.0) thetaZ = 86.0;
  if (thetaZ < 0) thetaZ = 0;
  return thetaZ;
}

const I_REF = 1000;
const TC_REF = 25 + 273.15;
const KB = 8.618e-5;
const EG0 = 1.12;
const I_NOCT = 800;
const TAMB_NOCT = 20;
const TAU_ALPHA = 0.9;
/** Wind speed correction cmod applies for arrays below 22 ft (ffv_wind). */
const FFV_WIND = 0.51;

/** The front's irradiance through the cover; cec6par_module_t assumes anti-reflective glass whatever the module's. */
function frontTransmittedPoa(c: ModuleConditions): number {
  return transmittedPoa(c.aoiDeg, c.tiltDeg, c.poaBeam, c.poaSkyDiffuse, c.poaGroundDiffuse, true);
}

/**
 * NOCT cell temperature, °C (noct_celltemp_t as cmod configures it: standoff adjustment 0, ffv_wind 0.51, NOCT 45 or
 * 49 °C for fixed roof mounts). Irradiance is the front side's after cover and air mass; without any, cmod keeps the
 * step's initial tmod = 0 °C, and so does this function (that 0 °C then feeds the power model for rear-only light).
 */
export function cellTemperatureNoct(conditions: ModuleConditions, module: CecModule, noctC: number): number {
  const transmitted = frontTransmittedPoa(conditions);
  const effective = transmitted * airMassModifier(clampedZenith(conditions.zenithDeg), conditions.elevationM);
  if (!(effective > 0)) return 0;

  const effRef = (module.imp * module.vmp) / (I_REF * module.area);
  let windSpeed = conditions.windSpeedMs * FFV_WIND;
  if (windSpeed < 0.001) windSpeed = 0.001;
  const tcellK =
    conditions.airTempC + 273.15 + (((effective / I_NOCT) * (noctC - TAMB_NOCT) * (1.0 - effRef / TAU_ALPHA)) * 9.5) / (5.7 + 3.8 * windSpeed);
  return tcellK - 273.15;
}

// Parameters of the I-V curve being solved, shared by the solver functions below instead of a closure.
let curveA = 0;
let curveIl = 0;
let curveIo = 0;
let curveRs = 0;
let curveRsh = 0;

/** Current at voltage v by Newton's method from imr (0.1 mA tolerance); -1 after 4000 iterations. current_5par. */
function current5par(v: number, imr: number, a: number, il: number, io: number, rs: number, rsh: number): number {
  let iOld = 0.0;
  let iNew = imr;
  let it = 0;
  while (Math.abs(iNew - iOld) > 0.0001) {
    iOld = iNew;
    const f = il - iOld - io * (Math.exp((v + iOld * rs) / a) - 1.0) - (v + iOld * rs) / rsh;
    const fPrime = -1.0 - io * (rs / a) * Math.exp((v + iOld * rs) / a) - rs / rsh;
    const next = iOld - f / fPrime;
    iNew = 0.0 > next ? 0.0 : next;
    if (it++ === 4000) return -1.0;
  }
  return iNew;
}

/** Open-circuit voltage by bisection on [0, 1.5 voc0] to 1 mV; -1 after 5000 steps. openvoltage_5par. */
function openVoltage5par(voc0: number, a: number, il: number, io: number, rsh: number): number {
  let low = 0;
  let high = voc0 * 1.5;
  let voc = voc0;
  let n = 0;
  while (Math.abs(high - low) > 0.001) {
    const i = il - io * (Math.exp(voc / a) - 1) - voc / rsh;
    if (i < 0) high = voc;
    if (i > 0) low = voc;
    voc = (high + low) / 2;
    if (++n > 5000) return -1.0;
  }
  return voc;
}

/** Negative power at voltage v on the current curve (golden-section minimises). powerfunc. */
function negativePower(v: number): number {
  return -v * current5par(v, 0.9 * curveIl, curveA, curveIl, curveIo, curveRs, curveRsh);
}

// Bracket from mnbrak: ax < bx < cx (or reversed) with f(bx) below f(ax) and f(cx).
let ax = 0;
let bx = 0;
let cx = 0;

const GOLD = 1.618034;
const GLIMIT = 100.0;
const TINY = 1.0e-20;

/** Numerical Recipes' mnbrak (parabolic extrapolation), as SSC carries it, on negativePower. */
function bracketMinimum(): void {
  let fa = negativePower(ax);
  let fb = negativePower(bx);
  if (fb > fa) {
    const x = ax;
    ax = bx;
    bx = x;
    const f = fa;
    fa = fb;
    fb = f;
  }
  cx = bx + GOLD * (bx - ax);
  let fc = negativePower(cx);
  while (fb > fc) {
    const r = (bx - ax) * (fb - fc);
    const q = (bx - cx) * (fb - fa);
    const qr = Math.max(Math.abs(q - r), TINY);
    let u = bx - ((bx - cx) * q - (bx - ax) * r) / (2.0 * (q - r >= 0.0 ? qr : -qr));
    const ulim = bx + GLIMIT * (cx - bx);
    let fu: number;
    if ((bx - u) * (u - cx) > 0.0) {
      fu = negativePower(u);
      if (fu < fc) {
        ax = bx;
        bx = u;
        return;
      } else if (fu > fb) {
        cx = u;
        return;
      }
      u = cx + GOLD * (cx - bx);
      fu = negativePower(u);
    } else if ((cx - u) * (u - ulim) > 0.0) {
      fu = negativePower(u);
      if (fu < fc) {
        bx = cx;
        cx = u;
        u = cx + GOLD * (cx - bx);
        fb = fc;
        fc = fu;
        fu = negativePower(u);
      }
    } else if ((u - ulim) * (ulim - cx) >= 0.0) {
      u = ulim;
      fu = negativePower(u);
    } else {
      u = cx + GOLD * (cx - bx);
      fu = negativePower(u);
    }
    ax = bx;
    bx = cx;
    cx = u;
    fa = fb;
    fb = fc;
    fc = fu;
  }
}

const GOLDEN_R = 0.61803399;
const GOLDEN_C = 1.0 - GOLDEN_R;

let mppVoltage = 0;
let mppPower = 0;

/** Golden-section search of negativePower on [lo, hi] (SSC's golden, tolerance 1e-4, 5000 iterations); false if it fails. */
function goldenSection(lo: number, hi: number): boolean {
  ax = lo;
  bx = hi;
  bracketMinimum();
  // SSC: "in rare cases mnbrak returns values beyond original bounds"; cx is left as it is.
  if (ax < lo) ax = lo;
  if (ax > hi) ax = hi;
  if (bx < lo) bx = lo;
  if (bx > hi) bx = hi;

  let x0 = ax;
  let x3 = cx;
  let x1: number;
  let x2: number;
  if (Math.abs(cx - bx) > Math.abs(bx - ax)) {
    x1 = bx;
    x2 = bx + GOLDEN_C * (cx - bx);
  } else {
    x2 = bx;
    x1 = bx - GOLDEN_C * (bx - ax);
  }
  let f1 = negativePower(x1);
  let f2 = negativePower(x2);
  let ni = 0;
  while (Math.abs(x3 - x0) > 1e-4 * (Math.abs(x1) + Math.abs(x2))) {
    if (f2 < f1) {
      x0 = x1;
      x1 = x2;
      x2 = GOLDEN_R * x1 + GOLDEN_C * x3;
      f1 = f2;
      f2 = negativePower(x2);
    } else {
      x3 = x2;
      x2 = x1;
      x1 = GOLDEN_R * x2 + GOLDEN_C * x0;
      f2 = f1;
      f1 = negativePower(x1);
    }
    if (ni++ > 5000) return false;
  }
  if (f1 < f2) {
    mppVoltage = x1;
    mppPower = f1;
  } else {
    mppVoltage = x2;
    mppPower = f2;
  }
  return true;
}

/**
 * DC power of one module at its maximum power point, W: the CEC 6-parameter model (De Soto et al. 2006) with cover
 * losses, the spectral air mass modifier and the temperature-dependent parameters of cec6par_module_t, at cell
 * temperature cellTempC (from cellTemperatureNoct). Below 1 W/m2 effective irradiance the module yields 0. Writes
 * every output into `out` and returns out.power; throws where cmod would ("Module power calculation failed").
 * cmod scales this to the system with dcNameplateW / (vmp × imp).
 */
export function moduleDcPower(conditions: ModuleConditions, module: CecModule, cellTempC: number, out: ModulePowerResult): number {
  const muIsc = module.alphaIsc * (1 - module.adj / 100);
  out.power = out.voltage = out.current = out.efficiency = out.vocOper = out.iscOper = out.aoiModifier = 0.0;
  out.cellTempC = 0;

  const front = conditions.poaBeam + conditions.poaSkyDiffuse + conditions.poaGroundDiffuse;
  const total = front + conditions.poaRear;
  const frontTransmitted = frontTransmittedPoa(conditions);
  let effective = frontTransmitted + conditions.poaRear;
  out.aoiModifier = front > 0 ? frontTransmitted / front : 0.0;
  effective *= airMassModifier(clampedZenith(conditions.zenithDeg), conditions.elevationM);

  if (effective >= 1.0) {
    const tCell = cellTempC + 273.15;
    let ilOper = (effective / I_REF) * (module.il + muIsc * (tCell - TC_REF));
    if (ilOper < 0.0) ilOper = 0.0;
    const eg = EG0 * (1 - 0.0002677 * (tCell - TC_REF));
    const ioOper = module.io * Math.pow(tCell / TC_REF, 3) * Math.exp((1 / KB) * (EG0 / TC_REF - eg / tCell));
    const aOper = (module.a * tCell) / TC_REF;
    const rshOper = module.rsh * (I_REF / effective);

    const vOc = openVoltage5par(module.voc, aOper, ilOper, ioOper, rshOper);
    const iSc = ilOper / (1 + module.rs / rshOper);

    curveA = aOper;
    curveIl = ilOper;
    curveIo = ioOper;
    curveRs = module.rs;
    curveRsh = rshOper;
    let p: number;
    let v: number;
    let i: number;
    if (goldenSection(0, vOc)) {
      p = -mppPower;
      v = mppVoltage;
      i = v !== 0 ? p / v : 0;
    } else {
      p = v = i = -999;
    }

    out.power = p;
    out.voltage = v;
    out.current = i;
    out.efficiency = p / (module.area * total);
    out.vocOper = vOc;
    out.iscOper = iSc;
    out.cellTempC = tCell - 273.15;
  }
  if (!(out.power >= 0)) throw new Error('PVWatts v8: module power calculation failed');
  return out.power;
}
