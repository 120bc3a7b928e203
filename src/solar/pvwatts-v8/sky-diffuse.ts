/**
 * Plane-of-array irradiance with NREL SSC's `perez()` (shared/lib_irradproc.cpp): Perez et al. 1990 coefficients as in
 * the original PVWatts FORTRAN (Bisner), zenith 87.5°–90° treated as isotropic, horizon term D·F2·sin(tilt) without the
 * usual clamps, circumsolar divided by max(cos zenith, cos 85°), airmass of Kasten 1966, and hextra not used at all.
 */

import { DTOR } from './incidence.ts';

const F11R = [-0.0083117, 0.1299457, 0.3296958, 0.5682053, 0.873028, 1.1326077, 1.0601591, 0.677747] as const;
const F12R = [0.5877285, 0.6825954, 0.4868735, 0.1874525, -0.3920403, -1.2367284, -1.5999137, -0.3272588] as const;
const F13R = [-0.0620636, -0.1513752, -0.2210958, -0.295129, -0.3616149, -0.4118494, -0.3589221, -0.2504286] as const;
const F21R = [-0.0596012, -0.0189325, 0.055414, 0.1088631, 0.2255647, 0.2877813, 0.2642124, 0.1561313] as const;
const F22R = [0.0721249, 0.065965, -0.0639588, -0.1519229, -0.4620442, -0.8230357, -1.127234, -1.3765031] as const;
const F23R = [-0.0220216, -0.0288748, -0.0260542, -0.0139754, 0.0012448, 0.0558651, 0.1310694, 0.2506212] as const;
const EPSBINS = [1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2] as const;

/** SSC's poa[3] and diffc[3], W/m². */
export interface PerezResult {
  beam: number;
  skyDiffuse: number;
  groundDiffuse: number;
  isotropic: number;
  circumsolar: number;
  horizon: number;
}

export function createPerezResult(): PerezResult {
  return { beam: 0, skyDiffuse: 0, groundDiffuse: 0, isotropic: 0, circumsolar: 0, horizon: 0 };
}

/**
 * SSC's perez(hextra, dn, df, alb, inc, tilt, zen, poa, diffc): dn, df in W/m²; inc, tilt, zen in radians.
 * Like SSC, when df ≤ 0 with the sun above 87.5° zenith only the beam is written and the diffuse parts keep 0.
 */
export function perez(dnIn: number, dfIn: number, alb: number, inc: number, tilt: number, zen: number, out: PerezResult): void {
  let dn = dnIn;
  let df = dfIn;
  out.isotropic = 0;
  out.circumsolar = 0;
  out.horizon = 0;
  if (dn < 0.0) dn = 0.0;

  if (zen < 0.0 || zen > 1.5271631) {
    if (df < 0.0) df = 0.0;
    out.beam = Math.cos(inc) > 0.0 && zen < 1.5707963 ? dn * Math.cos(inc) : 0;
    out.skyDiffuse = (df * (1.0 + Math.cos(tilt))) / 2.0;
    out.groundDiffuse = 0.0;
    out.isotropic = out.skyDiffuse;
    return;
  }

  const cz = Math.cos(zen);
  const zh = cz > 0.0871557 ? cz : 0.0871557;
  const d = df;
  if (d <= 0.0) {
    out.beam = Math.cos(inc) > 0.0 ? dn * Math.cos(inc) : 0;
    out.skyDiffuse = 0;
    out.groundDiffuse = 0;
    return;
  }

  const zenithDeg = zen / DTOR;
  const airmass = 1.0 / (cz + 0.15 * Math.pow(93.9 - zenithDeg, -1.253));
  const delta = (d * airmass) / 1367.0;
  const t = Math.pow(zenithDeg, 3.0);
  const b2 = 0.000005534;
  let eps = (dn + d) / d;
  eps = (eps + t * b2) / (1.0 + t * b2);
  let i = 0;
  while (i < 7 && eps > EPSBINS[i]!) i++;
  const x = F11R[i]! + F12R[i]! * delta + F13R[i]! * zen;
  const f1 = 0.0 > x ? 0.0 : x;
  const f2 = F21R[i]! + F22R[i]! * delta + F23R[i]! * zen;
  const cosInc = Math.cos(inc);
  const zc = cosInc < 0.0 ? 0.0 : cosInc;

  const a = (d * (1 - f1) * (1.0 + Math.cos(tilt))) / 2.0;
  const b = (d * f1 * zc) / zh;
  const c = d * f2 * Math.sin(tilt);
  out.isotropic = a;
  out.circumsolar = b;
  out.horizon = c;
  out.beam = dn * zc;
  out.skyDiffuse = a + b + c;
  out.groundDiffuse = (alb * (dn * cz + d) * (1.0 - Math.cos(tilt))) / 2.0;
}
