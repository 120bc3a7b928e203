/** A module plane as its outward unit normal in (east, north, up) coordinates: cos(aoi) is its dot with the sun. */
export interface PlaneNormal {
  east: number;
  north: number;
  up: number;
}

/** Normal of a plane tilted `tiltDeg` from horizontal, facing `azimuthDeg` clockwise from north. */
export function fixedPlaneNormal(tiltDeg: number, azimuthDeg: number): PlaneNormal {
  const tilt = (tiltDeg * Math.PI) / 180;
  const azimuth = (azimuthDeg * Math.PI) / 180;
  return { east: Math.sin(tilt) * Math.sin(azimuth), north: Math.sin(tilt) * Math.cos(azimuth), up: Math.cos(tilt) };
}
