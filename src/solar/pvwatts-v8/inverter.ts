/**
 * PVWatts v8 inverter and transformer, ported from NREL SSC (commit e97a19f8): the Sandia inverter model (King et al.
 * 2007, SAND2007-5036; sandia_inverter_t::acpower in shared/lib_sandia.cpp) with the parameters and loss bookkeeping of
 * ssc/cmod_pvwattsv8.cpp (per-step inverter and transformer code, ~l.1300-1365).
 */

/** sandia_inverter_t as cmod configures it for one step. */
export interface PvwattsV8Inverter {
  /** AC rating (Paco) and the DC power at which it is reached (Pdco = Paco / efficiency), W. */
  paco: number;
  pdco: number;
  /** DC power needed to start inverting, W: 0.2246 %, 0.2478 % or 0.4931 % of Paco by system size. */
  pso: number;
  /** Night tare (Pntare), W; 0 in PVWatts. */
  pntare: number;
  /** Curvature of AC vs DC power, 1/W; 0 in PVWatts, which also sets Vdco and C1..C3 to 0. */
  c0: number;
  /** AC nameplate cmod clips to and rates the transformer at, W. */
  acNameplateW: number;
  /** Transformer no-load (iron) and load (winding) losses, fractions of the rating (cmod's xfmr_nll / 100, xfmr_ll / 100). */
  xfmrNoLoadFraction: number;
  xfmrLoadFraction: number;
}

export interface InverterStep {
  /** AC output after clipping, ≥ 0, before the transformer, W. */
  ac: number;
  /** dc − Sandia AC output, W: cmod's ac_loss_efficiency, which already holds what the Sandia model clips at Paco. */
  efficiencyLoss: number;
  /** cmod's ac_loss_inverter_clipping, W: the AC above the nameplate after the Sandia model, always 0 as cmod sets it up. */
  clippingLoss: number;
  /** cmod's inv_eff output, %: Sandia AC / dc × 100, 0 without DC power. */
  efficiencyPct: number;
  /** What the Sandia model cut off at Paco, W (inside efficiencyLoss): the clipping a loss waterfall shows. */
  aboveRating: number;
}

export function createInverterStep(): InverterStep {
  return { ac: 0, efficiencyLoss: 0, clippingLoss: 0, efficiencyPct: 0, aboveRating: 0 };
}

/**
 * The inverter of cmod_pvwattsv8: Paco = AC nameplate, Pdco = Paco / (invEffPct / 100), Pso by size bracket. cmod
 * compares the DC nameplate in watts with 10 and 1000 (its comments say kW), so every system of 1 kW or more gets the
 * "utility" Pso of 0.4931 % of Paco; that is reproduced here.
 */
export function pvwattsV8Inverter(
  acNameplateW: number,
  dcNameplateW: number,
  invEffPct: number,
  transformer: { noLoadPct: number; loadPct: number } = { noLoadPct: 0, loadPct: 0 },
): PvwattsV8Inverter {
  const paco = acNameplateW;
  let pso: number;
  if (dcNameplateW < 10) pso = 0.002246 * paco;
  else if (dcNameplateW < 1000) pso = 0.002478 * paco;
  else pso = 0.004931 * paco;
  return {
    paco,
    pdco: paco / (invEffPct * 0.01),
    pso,
    pntare: 0.0,
    c0: 0.0,
    acNameplateW,
    xfmrNoLoadFraction: transformer.noLoadPct * 0.01,
    xfmrLoadFraction: transformer.loadPct * 0.01,
  };
}

/**
 * One daytime step of the inverter: the Sandia model at Vdc = Vdco (so C1..C3 drop out), then cmod's efficiency and
 * clipping bookkeeping and its clamp of negative AC to 0. Writes into `out` and returns out.ac, W.
 */
export function inverterAc(dcW: number, inverter: PvwattsV8Inverter, out: InverterStep): number {
  const { paco, pdco: a, pso: b, c0: c } = inverter;
  let ac: number;
  if (dcW <= b) {
    ac = 0 - inverter.pntare; // SSC's -Pntare is -0 in PVWatts; same value, printed as 0
  } else {
    ac = (paco / (a - b) - c * (a - b)) * (dcW - b) + c * (dcW - b) * (dcW - b);
  }
  out.aboveRating = ac > paco ? ac - paco : 0;
  if (ac > paco) ac = paco;

  out.efficiencyPct = dcW > 0 ? (ac / dcW) * 100 : 0.0;
  out.efficiencyLoss = dcW - ac;
  out.clippingLoss = ac > inverter.acNameplateW ? ac - inverter.acNameplateW : 0.0;
  ac -= out.clippingLoss;
  if (ac < 0) ac = 0;
  out.ac = ac;
  return ac;
}

/**
 * Transformer loss, W, charged day and night: no-load loss × rating + load loss × ac² / rating, with the rating equal to
 * the AC nameplate. cmod subtracts it from AC without a floor, so AC goes negative at night when the no-load loss is set.
 */
export function transformerLoss(acW: number, inverter: PvwattsV8Inverter): number {
  const rating = inverter.acNameplateW;
  return inverter.xfmrNoLoadFraction * rating + inverter.xfmrLoadFraction * acW * (acW / rating);
}
