/**
 * Rear-side irradiance of a bifacial row exactly as NREL SSC's `irrad::calc_rear_side` (shared/lib_irradproc.cpp, a port
 * of NREL's bifacialvf view-factor model, Marion et al. 2017, doi:10.1109/PVSC.2017.8366176), non-clear-sky path only.
 */

import { createSurfaceAngles, DTOR, incidence, RTOD, type SurfaceAngles, type TrackingMode } from './incidence.ts';
import { createPerezResult, perez } from './sky-diffuse.ts';

const INTERVALS = 100;
const CELL_ROWS = 6;
/** Front glass refractive index used by SSC for both faces. */
const N_GLASS = 1.526;

/** Marion's diffuse AOI correction for glass per 1° band (lib_pv_incidence_modifier.h). */
const MARION_AOI_GLASS = [
  0.057563, 0.12857, 0.199651, 0.265024, 0.324661, 0.378968, 0.428391, 0.47367, 0.514788, 0.552454, 0.586857, 0.618484,
  0.647076, 0.673762, 0.698029, 0.720118, 0.740726, 0.759671, 0.776946, 0.792833, 0.807374, 0.82101, 0.833534, 0.845241,
  0.855524, 0.865562, 0.874567, 0.882831, 0.890769, 0.897939, 0.904373, 0.910646, 0.916297, 0.921589, 0.926512, 0.930906,
  0.935179, 0.939074, 0.942627, 0.946009, 0.949096, 0.95203, 0.954555, 0.957157, 0.959669, 0.9615, 0.963481, 0.965353,
  0.967387, 0.96858, 0.970311, 0.971567, 0.972948, 0.974114, 0.975264, 0.976287, 0.977213, 0.978142, 0.979057, 0.979662,
  0.98046, 0.9811, 0.981771, 0.982459, 0.982837, 0.983199, 0.983956, 0.984156, 0.984682, 0.985026, 0.985364, 0.985645,
  0.985954, 0.986241, 0.986484, 0.986686, 0.986895, 0.987043, 0.987287, 0.987388, 0.987541, 0.987669, 0.987755, 0.987877,
  0.987903, 0.987996, 0.988022, 0.988091, 0.988104, 0.988114, 0.988114, 0.988104, 0.988091, 0.988022, 0.987996, 0.987903,
  0.987877, 0.987755, 0.987669, 0.987541, 0.987388, 0.987287, 0.987043, 0.986895, 0.986686, 0.986484, 0.98624, 0.985954,
  0.985645, 0.985364, 0.98502, 0.984676, 0.984156, 0.983956, 0.983199, 0.982837, 0.982459, 0.981771, 0.9811, 0.98046,
  0.979662, 0.979057, 0.978142, 0.977213, 0.976287, 0.975264, 0.974114, 0.972947, 0.971567, 0.970311, 0.96858, 0.967387,
  0.965353, 0.963481, 0.961501, 0.959671, 0.957157, 0.954555, 0.95203, 0.949096, 0.946009, 0.942627, 0.939074, 0.935179,
  0.930906, 0.926512, 0.921589, 0.916297, 0.910646, 0.904373, 0.897939, 0.890769, 0.882831, 0.874567, 0.865562, 0.855524,
  0.845241, 0.833534, 0.82101, 0.807374, 0.792833, 0.776946, 0.759671, 0.740726, 0.720118, 0.698029, 0.673762, 0.647076,
  0.618484, 0.586857, 0.552454, 0.514788, 0.47367, 0.428391, 0.378968, 0.324661, 0.265024, 0.199651, 0.12857, 0.057563,
];

export interface RearSideInput {
  /** `timeStepSunPosition[2]`: nothing is computed when 0. */
  sunup: number;
  solarAzimuthRad: number;
  solarZenithRad: number;
  solarElevationRad: number;
  /** DNI and DHI the front-side calc last accepted (SSC's calculatedDirectNormal/DiffuseHorizontal), W/m². */
  directNormal: number;
  diffuseHorizontal: number;
  albedo: number;
  gcr: number;
  /** `irrad::trackingMode` (tilted one-axis lowers the clearance like a horizontal one). */
  trackingMode: TrackingMode;
  /** Fraction of beam and circumsolar passing between cells (cmod_pvwattsv8: 0.013). */
  transmissionFactor: number;
  /** Height of the row's centre (one-axis) or lower edge (others) above ground, m (cmod_pvwattsv8: 1). */
  groundClearanceHeight: number;
  /** Row slope length, m (cmod_pvwattsv8: module length × modules along the slope). */
  slopeLength: number;
}

/** C's round(): half away from zero. */
function roundC(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

function iamSjerpsKoomen(n2: number, inc: number): number {
  const r0 = Math.pow((n2 - 1.0) / (n2 + 1), 2);
  if (inc === 0) return 1.0;
  if (inc > 0.0 && inc <= Math.PI / 2.0) {
    const refr = Math.asin(Math.sin(inc) / n2);
    const r1 = Math.pow(Math.sin(refr - inc), 2.0) / Math.pow(Math.sin(refr + inc), 2.0);
    const r2 = Math.pow(Math.tan(refr - inc), 2.0) / Math.pow(Math.tan(refr + inc), 2.0);
    return (1.0 - 0.5 * (r1 + r2)) / (1.0 - r0);
  }
  return -9999.0;
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

const skyConfig = new Float64Array(INTERVALS);
const groundShaded = new Uint8Array(INTERVALS);
const rearGroundGHI = new Float64Array(INTERVALS);
const frontGroundGHI = new Float64Array(INTERVALS);
const albedoAligned = new Float64Array(INTERVALS);
const albedoRotated = new Float64Array(INTERVALS);
const frontReflected = new Float64Array(CELL_ROWS);
const perezOut = createPerezResult();
const angles90 = createSurfaceAngles();

function upAngle(v: number): number {
  return v < 0.0 ? v + Math.PI : v;
}

/** getSkyConfigurationFactors: view factor to the sky of 100 ground points between rows (rear and front identical). */
function skyConfigurationFactors(rowToRow: number, verticalHeight: number, clearance: number, distanceBetweenRows: number, horizontalLength: number): void {
  const delta = rowToRow / INTERVALS;
  let x = -delta / 2.0;
  for (let i = 0; i < INTERVALS; i++) {
    x += delta;
    const angleA = upAngle(Math.atan((verticalHeight + clearance) / (2.0 * rowToRow + horizontalLength - x)));
    const angleB = upAngle(Math.atan(clearance / (2.0 * rowToRow - x)));
    const beta1 = Math.max(angleA, angleB);
    const angleC = upAngle(Math.atan((verticalHeight + clearance) / (rowToRow + horizontalLength - x)));
    const angleD = upAngle(Math.atan(clearance / (rowToRow - x)));
    const beta2 = Math.min(angleC, angleD);
    const beta3 = Math.max(angleC, angleD);
    const beta4 = upAngle(Math.atan((verticalHeight + clearance) / (horizontalLength - x)));
    const beta5 = upAngle(Math.atan(clearance / -x));
    const beta6 = upAngle(Math.atan((verticalHeight + clearance) / (-distanceBetweenRows - x)));
    let sky1 = 0;
    let sky2 = 0;
    let sky3 = 0;
    if (beta2 > beta1) sky1 = 0.5 * (Math.cos(beta1) - Math.cos(beta2));
    if (beta4 > beta3) sky2 = 0.5 * (Math.cos(beta3) - Math.cos(beta4));
    if (beta6 > beta5) sky3 = 0.5 * (Math.cos(beta5) - Math.cos(beta6));
    skyConfig[i] = sky1 + sky2 + sky3;
  }
}

/** getGroundShadeFactors: marks ground points shaded from the beam; returns the shaded fraction of the rear face. */
function groundShadeFactors(
  rowToRow: number,
  verticalHeight: number,
  clearance: number,
  distanceBetweenRows: number,
  horizontalLength: number,
  solarAzimuth: number,
  solarElevation: number,
  surfaceAzimuth: number,
): number {
  const delta = rowToRow / INTERVALS;
  let start1: number;
  let start2 = 0;
  let end1: number;
  let end2 = 0;
  let back: number;
  const cosRel = Math.cos(surfaceAzimuth - solarAzimuth);
  const lh = (verticalHeight / Math.tan(solarElevation)) * cosRel;
  const lhc = ((clearance + verticalHeight) / Math.tan(solarElevation)) * cosRel;
  const lc = (clearance / Math.tan(solarElevation)) * cosRel;

  if (lh > distanceBetweenRows) {
    back = 1.0;
    start1 = 0.0;
    end1 = rowToRow;
  } else if (lh < -(rowToRow + horizontalLength)) {
    back = (lh + rowToRow + horizontalLength) / (lh + horizontalLength);
    start1 = 0.0;
    end1 = rowToRow;
  } else {
    let shadowStart: number;
    let shadowEnd: number;
    if (lhc >= 0) {
      back = 1.0;
      shadowStart = lc;
      shadowEnd = lhc + horizontalLength;
      while (shadowStart > rowToRow) {
        shadowStart -= rowToRow;
        shadowEnd -= rowToRow;
      }
    } else {
      if (lc < lhc + horizontalLength) {
        back = 1.0;
        shadowStart = lc;
        shadowEnd = lhc + horizontalLength;
      } else {
        back = 0.0;
        shadowStart = lhc + horizontalLength;
        shadowEnd = lc;
      }
      while (shadowStart < 0.0) {
        shadowStart += rowToRow;
        shadowEnd += rowToRow;
      }
    }
    start1 = shadowStart;
    end1 = shadowEnd;
    if (end1 > rowToRow) {
      end1 = rowToRow;
      start2 = 0.0;
      end2 = shadowEnd - rowToRow;
      if (end2 > start1) {
        start1 = 0.0;
        end1 = rowToRow;
      }
    }
  }
  let x = -delta / 2.0;
  for (let i = 0; i < INTERVALS; i++) {
    x += delta;
    groundShaded[i] = (x >= start1 && x < end1) || (x >= start2 && x < end2) ? 1 : 0;
  }
  return back;
}

/** getGroundGHI: irradiance on each ground point from isotropic sky (view factor) plus beam and circumsolar if unshaded. */
function groundGHI(transmissionFactor: number, dn: number, df: number, albedo: number, zenith: number): void {
  perez(dn, df, albedo, zenith, 0.0, zenith, perezOut);
  const beamAndCircumsolar = perezOut.beam + perezOut.circumsolar;
  for (let i = 0; i < INTERVALS; i++) {
    const iso = skyConfig[i]! * perezOut.isotropic;
    const direct = groundShaded[i] === 0 ? beamAndCircumsolar : beamAndCircumsolar * transmissionFactor;
    rearGroundGHI[i] = iso + direct;
    frontGroundGHI[i] = iso + direct;
  }
}

/** divideAndAlignAlbedos for SSC's uniform 10-segment albedo; with equal segments only the blend rounding remains. */
function alignAlbedos(albedo: number, trackingMode: TrackingMode, horizontalLength: number, rowToRow: number): void {
  if (trackingMode === 0 || trackingMode === 1 || trackingMode === 4) {
    albedoRotated.fill(albedo);
    if (trackingMode !== 1) {
      albedoAligned.set(albedoRotated);
      return;
    }
    // rotation to the row front and the reversal after solar noon move equal values, so only the blending is kept
    const n = (0.5 * horizontalLength) / (rowToRow / INTERVALS);
    const frac = Math.ceil(n) - n;
    for (let i = 0; i < INTERVALS - 1; i++) albedoAligned[i] = albedoRotated[i]! * (1 - frac) + albedoRotated[i + 1]! * frac;
    albedoAligned[INTERVALS - 1] = albedoRotated[INTERVALS - 1]! * (1 - frac) + albedoRotated[0]! * frac;
  } else {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += albedo;
    albedoAligned.fill(sum / 10);
  }
}

interface RowGeometry {
  rowToRow: number;
  verticalHeight: number;
  clearance: number;
  distanceBetweenRows: number;
  horizontalLength: number;
}

/** The Perez sky's isotropic part on the horizontal and its horizon band on a vertical south face, as ssc takes them. */
function skyParts(input: RearSideInput): { isotropicSkyDiffuse: number; horizonDiffuse: number } {
  const { directNormal: dn, diffuseHorizontal: df, albedo, solarAzimuthRad: solarAzimuth, solarZenithRad: solarZenith } = input;
  perez(dn, df, albedo, solarZenith, 0, solarZenith, perezOut);
  const isotropicSkyDiffuse = perezOut.isotropic;
  incidence(0, 90.0, 180.0, 45.0, solarZenith, solarAzimuth, false, input.gcr, NO_OPTIONS, angles90);
  perez(dn, df, albedo, angles90.aoi, angles90.tilt, solarZenith, perezOut);
  return { isotropicSkyDiffuse, horizonDiffuse: perezOut.horizon };
}

/** SSC's getFrontSurfaceIrradiances, kept for the light the front of the row behind reflects (`frontReflected`). */
function frontSurfaceReflected(input: RearSideInput, g: RowGeometry, surface: SurfaceAngles): void {
  const { solarAzimuthRad: solarAzimuth, solarZenithRad: solarZenith } = input;
  const tilt = surface.tilt;
  const surfaceAzimuth = surface.azimuth;

  const { isotropicSkyDiffuse, horizonDiffuse } = skyParts(input);

  const pbotX = -g.rowToRow;
  const pbotY = g.clearance;
  const ptopX = -g.distanceBetweenRows;
  const ptopY = g.verticalHeight + g.clearance;
  const reflectanceNormal = Math.pow((N_GLASS - 1.0) / (N_GLASS + 1.0), 2.0);
  const albedoSum = sumOf(albedoAligned);
  const frontGroundMean = mean(frontGroundGHI);

  for (let i = 0; i < CELL_ROWS; i++) {
    const pcellX = (g.horizontalLength * (i + 0.5)) / CELL_ROWS;
    const pcellY = g.clearance + (g.verticalHeight * (i + 0.5)) / CELL_ROWS;
    const elevationUp = Math.atan((ptopY - pcellY) / (pcellX - ptopX));
    const elevationDown = Math.atan((pcellY - pbotY) / (pcellX - pbotX));
    const iStopIso = roundC((Math.PI - tilt - elevationUp) / DTOR);
    const iHorBright = roundC(Math.max(0.0, 6.0 - elevationUp / DTOR));
    const iStartGrd = roundC((Math.PI - tilt + elevationDown) / DTOR);
    let reflected = 0;

    for (let j = 0; j !== iStopIso; j++) {
      const band = 0.5 * (Math.cos(j * DTOR) - Math.cos((j + 1) * DTOR));
      const marion = MARION_AOI_GLASS[j]!;
      reflected += band * isotropicSkyDiffuse * (1.0 - marion * (1.0 - reflectanceNormal));
      if (iStopIso - j <= iHorBright) reflected += band * (horizonDiffuse / 0.052246) * (1.0 - marion * (1.0 - reflectanceNormal));
    }

    for (let j = iStartGrd; j < 180; j++) {
      const startDown = (j - iStartGrd) * DTOR + elevationDown;
      const stopDown = (j + 1 - iStartGrd) * DTOR + elevationDown;
      let x1 = pcellX - pcellY / Math.tan(startDown);
      let x2 = pcellX - pcellY / Math.tan(stopDown);
      let reflectedGround = 0.0;
      if (Math.abs(x1 - x2) > 0.99 * g.rowToRow) {
        reflectedGround = (frontGroundMean * albedoSum) / albedoAligned.length;
      } else {
        x1 = (INTERVALS * x1) / g.rowToRow;
        x2 = (INTERVALS * x2) / g.rowToRow;
        while (x1 < 0.0 || x2 < 0.0) {
          x1 += INTERVALS;
          x2 += INTERVALS;
        }
        const index1 = Math.trunc(x1);
        const index2 = Math.trunc(x2);
        if (index1 === index2) {
          reflectedGround = frontGroundGHI[index1]! * albedoAligned[index1]!;
        } else {
          for (let k = index1; k <= index2; k++) {
            const kk = k < INTERVALS ? k : k - 100;
            if (k === index1) reflectedGround += frontGroundGHI[k]! * (k + 1.0 - x1) * albedoAligned[k]!;
            else if (k === index2) reflectedGround += frontGroundGHI[kk]! * (x2 - k) * albedoAligned[kk]!;
            else reflectedGround += frontGroundGHI[kk]! * albedoAligned[kk]!;
          }
          reflectedGround /= x2 - x1;
        }
      }
      const band = 0.5 * (Math.cos(j * DTOR) - Math.cos((j + 1) * DTOR));
      reflected += band * reflectedGround * (1.0 - MARION_AOI_GLASS[j]! * (1.0 - reflectanceNormal));
    }
    // SSC recomputes the front incidence into irrad's own surface angles here (its rotation and backtrack become 0)
    incidence(0, tilt * RTOD, surfaceAzimuth * RTOD, 45.0, solarZenith, solarAzimuth, false, input.gcr, NO_OPTIONS, surface);
    frontReflected[i] = reflected;
  }
}

function groundAt(k: number): number {
  return k < 0 ? frontGroundGHI[k + INTERVALS]! : rearGroundGHI[k]!;
}

function sumOf(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}

const NO_OPTIONS = {};

/** SSC's getBackSurfaceIrradiances: average over the 6 cell rows of sky, row-behind, ground and direct light on the rear. */
function backSurfaceAverage(input: RearSideInput, g: RowGeometry, backShadeFraction: number, surface: SurfaceAngles): number {
  const { directNormal: dn, diffuseHorizontal: df, albedo, solarAzimuthRad: solarAzimuth, solarZenithRad: solarZenith } = input;
  const tilt = surface.tilt;
  const surfaceAzimuth = surface.azimuth;

  const { isotropicSkyDiffuse, horizonDiffuse } = skyParts(input);

  const pbotX = g.rowToRow;
  const pbotY = g.clearance;
  const ptopX = g.rowToRow + g.horizontalLength;
  const ptopY = g.verticalHeight + g.clearance;
  const rearGroundMean = mean(rearGroundGHI);
  const albedoSum = sumOf(albedoAligned);
  let average = 0;

  for (let i = 0; i < CELL_ROWS; i++) {
    const pcellX = (g.horizontalLength * (i + 0.5)) / CELL_ROWS;
    const pcellY = g.clearance + (g.verticalHeight * (i + 0.5)) / CELL_ROWS;
    const elevationUp = Math.atan((ptopY - pcellY) / (ptopX - pcellX));
    const elevationDown = Math.atan((pcellY - pbotY) / (pbotX - pcellX));
    const iStopIso = roundC((tilt - elevationUp) / DTOR);
    const iHorBright = roundC(Math.max(0.0, 6.0 - elevationUp / DTOR));
    const iStartGrd = roundC((tilt + elevationDown) / DTOR);
    let rear = 0;

    for (let j = 0; j !== iStopIso; j++) {
      const band = 0.5 * (Math.cos(j * DTOR) - Math.cos((j + 1) * DTOR));
      let skyAndHorizon = band * MARION_AOI_GLASS[j]! * isotropicSkyDiffuse;
      if (iStopIso - j <= iHorBright) {
        skyAndHorizon += (band * MARION_AOI_GLASS[j]! * horizonDiffuse) / (0.5 * (Math.cos(84 * DTOR) - Math.cos(90 * DTOR)));
      }
      rear += skyAndHorizon;
    }

    // reflections from the front of the row behind
    for (let j = iStopIso; j < iStartGrd; j++) {
      const diagonal = (pbotX - pcellX) / Math.cos(elevationDown);
      const startAlpha = -(j - iStopIso) * DTOR + elevationUp + elevationDown;
      const stopAlpha = -(j + 1 - iStopIso) * DTOR + elevationUp + elevationDown;
      let m = diagonal * Math.sin(startAlpha);
      let theta = Math.PI - elevationDown - (Math.PI / 2.0 - startAlpha) - tilt;
      const x2 = m / Math.cos(theta);
      m = diagonal * Math.sin(stopAlpha);
      theta = Math.PI - elevationDown - (Math.PI / 2.0 - stopAlpha) - tilt;
      const x1 = Math.max(0.0, m / Math.cos(theta));

      let pvReflected = 0.0;
      const deltaCell = 1.0 / CELL_ROWS;
      const tol = 0.0001;
      for (let k = 0; k < CELL_ROWS; k++) {
        const bottom = k * deltaCell;
        const top = (k + 1) * deltaCell;
        let seen = 0.0;
        if (bottom >= x1 - tol && top <= x2 + tol) seen = top - bottom;
        else if (bottom <= x1 + tol && top >= x2 - tol) seen = x2 - x1;
        else if (bottom >= x1 - tol && x2 > bottom - tol && top >= x2 - tol) seen = x2 - bottom;
        else if (bottom <= x1 + tol && x1 < top + tol && top <= x2 + tol) seen = top - x1;
        pvReflected += seen * frontReflected[k]!;
      }
      pvReflected /= x2 - x1;
      rear += 0.5 * (Math.cos(j * DTOR) - Math.cos((j + 1) * DTOR)) * MARION_AOI_GLASS[j]! * pvReflected;
    }

    for (let j = iStartGrd; j < 180; j++) {
      const startDown = (j - iStartGrd) * DTOR + elevationDown;
      const stopDown = (j + 1 - iStartGrd) * DTOR + elevationDown;
      let x2 = pcellX + pcellY / Math.tan(startDown);
      let x1 = pcellX + pcellY / Math.tan(stopDown);
      let reflectedGround = 0.0;
      if (Math.abs(x1 - x2) > 0.99 * g.rowToRow) {
        reflectedGround = (rearGroundMean * albedoSum) / albedoAligned.length;
      } else {
        x1 = (INTERVALS * x1) / g.rowToRow;
        x2 = (INTERVALS * x2) / g.rowToRow;
        while (x1 >= INTERVALS || x2 >= INTERVALS) {
          x1 -= INTERVALS;
          x2 -= INTERVALS;
        }
        while (x1 < -INTERVALS || x2 < -INTERVALS) {
          x1 += INTERVALS;
          x2 += INTERVALS;
        }
        const index1 = Math.min(INTERVALS - 1, Math.trunc(x1 + INTERVALS) - INTERVALS);
        const index2 = Math.min(INTERVALS - 1, Math.trunc(x2 + INTERVALS) - INTERVALS);
        // negative indices fall on the ground in front of the row
        if (index1 === index2) {
          reflectedGround = groundAt(index1) * albedoAligned[index1 < 0 ? index1 + INTERVALS : index1]!;
        } else {
          for (let k = index1; k <= index2; k++) {
            const ghi = groundAt(k);
            const alb = albedoAligned[k < 0 ? k + INTERVALS : k]!;
            if (k === index1) reflectedGround += ghi * (k + 1.0 - x1) * alb;
            else if (k === index2) reflectedGround += ghi * (x2 - k) * alb;
            else reflectedGround += ghi * alb;
          }
          reflectedGround /= x2 - x1;
        }
      }
      rear += 0.5 * (Math.cos(j * DTOR) - Math.cos((j + 1) * DTOR)) * MARION_AOI_GLASS[j]! * reflectedGround;
    }

    // direct and circumsolar on the rear face; SSC writes this incidence into irrad's surface angles
    incidence(0, 180.0 - tilt * RTOD, surfaceAzimuth * RTOD - 180.0, 45.0, solarZenith, solarAzimuth, false, input.gcr, NO_OPTIONS, surface);
    perez(dn, df, albedo, surface.aoi, surface.tilt, solarZenith, perezOut);
    const directCircumsolar = perezOut.beam + perezOut.circumsolar;
    let cellShade = backShadeFraction * CELL_ROWS - i;
    if (cellShade > 1.0) cellShade = 1.0;
    else if (cellShade < 0.0) cellShade = 0.0;
    if (cellShade < 1.0 && surface.aoi < Math.PI / 2.0) rear += (1.0 - cellShade) * directCircumsolar * iamSjerpsKoomen(N_GLASS, surface.aoi);
    average += rear / CELL_ROWS;
  }
  return average;
}

/**
 * SSC's calc_rear_side(transmissionFactor, groundClearanceHeight, slopeLength) followed by get_poa_rear(): the total
 * rear irradiance, W/m², before bifaciality. `surface` holds irrad's surface angles (radians) on entry; like SSC's
 * member array it is overwritten by the incidence() calls of the front, rear and clear-sky rear passes, ending as the
 * front face re-derived from the rear one: aoi and tilt equal up to rounding, azimuth γ−2π, rotation 0, backtrack 0.
 */
export function calcRearSide(input: RearSideInput, surface: SurfaceAngles): number {
  if (input.sunup <= 0) return 0;
  const tilt = surface.tilt;
  const clearance = input.trackingMode === 1 ? input.groundClearanceHeight - 0.5 * input.slopeLength * Math.sin(tilt) : input.groundClearanceHeight;
  const verticalHeight = input.slopeLength * Math.sin(tilt);
  const horizontalLength = input.slopeLength * Math.cos(tilt);
  const rowToRow = input.slopeLength / input.gcr;
  const g: RowGeometry = { rowToRow, verticalHeight, clearance, distanceBetweenRows: rowToRow - horizontalLength, horizontalLength };

  skyConfigurationFactors(rowToRow, verticalHeight, clearance, g.distanceBetweenRows, horizontalLength);
  const backShade = groundShadeFactors(rowToRow, verticalHeight, clearance, g.distanceBetweenRows, horizontalLength, input.solarAzimuthRad, input.solarElevationRad, surface.azimuth);
  groundGHI(input.transmissionFactor, input.directNormal, input.diffuseHorizontal, input.albedo, input.solarZenithRad);
  alignAlbedos(input.albedo, input.trackingMode, horizontalLength, rowToRow);
  frontSurfaceReflected(input, g, surface);
  const rear = backSurfaceAverage(input, g, backShade, surface);
  // getBackSurfaceIrradiancesCS (clear-sky rear, unused here) flips irrad's surface angles once more from the rear face
  incidence(0, 180.0 - surface.tilt * RTOD, surface.azimuth * RTOD - 180.0, 45.0, input.solarZenithRad, input.solarAzimuthRad, false, input.gcr, NO_OPTIONS, surface);
  return rear;
}
