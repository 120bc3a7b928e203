import turfArea from '@turf/area';
import { formatArea as formatHectares, formatDecimal } from '../number-format.ts';
import type { AreaGeometry } from './map-types.ts';

const m2PerHectare = 10_000;
// International acre: 4,840 square yards of exactly 0.9144 m.
const m2PerAcre = 4_046.856_422_4;

export interface AreaUnits {
  m2: number;
  ha: number;
  acres: number;
}

/** Geodesic area of a polygon (turf's spherical formula), in square metres, hectares and acres. */
export function areaOf(geometry: AreaGeometry): AreaUnits {
  const m2 = turfArea(geometry);
  return { m2, ha: m2 / m2PerHectare, acres: m2 / m2PerAcre };
}

/** "12.35 ha (30.52 acres)", in the reader's locale. */
export const formatArea = ({ ha, acres }: Pick<AreaUnits, 'ha' | 'acres'>) => `${formatHectares(ha)} (${formatDecimal(acres, 2)} acres)`;
