import { describe, expect, it } from 'vitest';
import { distanceKm, formatKm } from '../../src/solar/geo-distance.ts';

describe('great-circle distance', () => {
  it('is zero for the same point and the same either way', () => {
    expect(distanceKm({ lat: 18.52, lon: 73.86 }, { lat: 18.52, lon: 73.86 })).toBe(0);
    const there = distanceKm({ lat: 52.37, lon: 4.9 }, { lat: 18.52, lon: 73.86 });
    expect(distanceKm({ lat: 18.52, lon: 73.86 }, { lat: 52.37, lon: 4.9 })).toBeCloseTo(there, 9);
  });

  it('matches known distances', () => {
    // Rosetta Code's haversine case, Nashville BNA to Los Angeles LAX: 2,887.260 km on a 6,372.8 km sphere.
    expect(distanceKm({ lat: 36.12, lon: -86.67 }, { lat: 33.94, lon: -118.4 })).toBeCloseTo((2887.25995 * 6371.0088) / 6372.8, 2);
    // A degree of latitude is 111.19 km on the mean sphere; a quarter meridian 10,007.5 km.
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111.195, 3);
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo(10007.56, 1);
    // Antipodes and across the date line.
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
    expect(distanceKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111.195, 3);
  });

  it('formats whole km, with a decimal below 10 km', () => {
    expect(formatKm(7412.4)).toBe('7,412 km');
    expect(formatKm(3.26)).toBe('3.3 km');
    expect(formatKm(0)).toBe('0 km');
  });
});
