/**
 * Single-axis tracker orientation: the ideal rotation of Marion & Dobos (2013, NREL/TP-6A20-58891) with the
 * backtracking of Anderson & Mikofski (2020, NREL/TP-5K00-76626) on flat ground, as pvlib tracking.singleaxis.
 * Axis azimuth is the direction the axis descends towards (the face at zero rotation looks that way).
 */
import type { PlaneNormal } from './plane.ts';

export interface SingleAxisMount {
  kind: 'single-axis';
  axisTiltDeg: number;
  axisAzimuthDeg: number;
  /** Rotation limit either side of the zero position, degrees. */
  maxAngleDeg: number;
  /** Ground coverage ratio: module width over row pitch. */
  gcr: number;
  backtrack: boolean;
}

/** Unit vectors fixed by the axis: the panel normal at zero rotation and the direction a positive rotation tilts it. */
export interface TrackerAxes {
  normalAtZero: readonly [number, number, number];
  rotationSide: readonly [number, number, number];
  maxAngleRad: number;
  inverseGcr: number;
  backtrack: boolean;
}

const DEG = Math.PI / 180;

export function trackerAxes(mount: SingleAxisMount): TrackerAxes {
  const sinTilt = Math.sin(mount.axisTiltDeg * DEG);
  const cosTilt = Math.cos(mount.axisTiltDeg * DEG);
  const sinAz = Math.sin(mount.axisAzimuthDeg * DEG);
  const cosAz = Math.cos(mount.axisAzimuthDeg * DEG);
  return {
    normalAtZero: [sinAz * sinTilt, cosAz * sinTilt, cosTilt],
    rotationSide: [cosAz, -sinAz, 0],
    maxAngleRad: mount.maxAngleDeg * DEG,
    inverseGcr: 1 / mount.gcr,
    backtrack: mount.backtrack,
  };
}

/**
 * Rotates the tracker for a sun direction and writes the panel normal into `out`; returns the rotation in radians
 * (positive towards the rotation side). With the sun below the horizon the panel lies flat, as in the reference chain.
 */
export function orientTracker(axes: TrackerAxes, sunEast: number, sunNorth: number, sunUp: number, out: PlaneNormal): number {
  if (sunUp < 0) {
    out.east = 0;
    out.north = 0;
    out.up = 1;
    return 0;
  }
  const [n0e, n0n, n0u] = axes.normalAtZero;
  const [we, wn, wu] = axes.rotationSide;
  const across = sunEast * we + sunNorth * wn + sunUp * wu;
  const along = sunEast * n0e + sunNorth * n0n + sunUp * n0u;
  let rotation = Math.atan2(across, along);
  if (axes.backtrack) {
    // Anderson & Mikofski (2020) eq. 14: rotate back until the neighbouring row's shadow just misses.
    const shade = Math.abs(axes.inverseGcr * Math.cos(rotation));
    if (shade < 1) rotation -= Math.sign(rotation) * Math.acos(shade);
  }
  rotation = Math.min(Math.max(rotation, -axes.maxAngleRad), axes.maxAngleRad);
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  out.east = n0e * c + we * s;
  out.north = n0n * c + wn * s;
  out.up = n0u * c + wu * s;
  return rotation;
}
