import { describe, expect, it } from 'vitest';
import { AirmassTable, kastenYoungAirmass } from '../../src/solar/airmass.ts';
import { FUENTES_PVWATTS, FuentesCellTemperature, sapmCellTemperature } from '../../src/solar/cell-temperature.ts';
import { erbsDiffuseFraction, erbsSplit } from '../../src/solar/decomposition.ts';
import { spencerDniExtra } from '../../src/solar/extraterrestrial.ts';
import { IamTable, physicalIam } from '../../src/solar/iam.ts';
import { perezSkyDiffuse, perezSkyTerms } from '../../src/solar/perez.ts';
import { PVWATTS_DEFAULT_LOSSES, pvwattsAcUnclipped, pvwattsDc, pvwattsInverter, totalLossPct } from '../../src/solar/pvwatts.ts';
import type { SunPath } from '../../src/solar/sun-path.ts';
import type { PlaneNormal } from '../../src/solar/plane.ts';
import { orientTracker, trackerAxes } from '../../src/solar/tracker.ts';

const DEG = Math.PI / 180;

describe('extraterrestrial irradiance (Spencer 1971)', () => {
  it('on 1 January: 1366.1 × (1.00011 + 0.034221 + 0.000719) = 1413.98 W/m2', () => {
    expect(spencerDniExtra(1)).toBeCloseTo(1366.1 * 1.03505, 6);
  });

  it('is lowest near aphelion in early July', () => {
    const year = Array.from({ length: 365 }, (_, d) => spencerDniExtra(d + 1));
    expect(year.indexOf(Math.min(...year)) + 1).toBeGreaterThan(180);
    expect(year.indexOf(Math.min(...year)) + 1).toBeLessThan(190);
  });
});

describe('air mass (Kasten & Young 1989)', () => {
  it('at 60°: 1 / (0.5 + 0.50572 × 36.07995^-1.6364) = 1.99429', () => {
    expect(kastenYoungAirmass(60)).toBeCloseTo(1.99429, 4);
    expect(kastenYoungAirmass(90.1)).toBeNaN();
  });

  it('is tabulated within 2e-6 relative up to the horizon', () => {
    const table = new AirmassTable();
    let worst = 0;
    for (let z = 0; z <= 90; z += 0.0137) {
      const exact = kastenYoungAirmass(z);
      worst = Math.max(worst, Math.abs(table.at(z, Math.cos(z * DEG)) / exact - 1));
    }
    expect(worst).toBeLessThan(2e-6);
  });
});

describe('Perez 1990 sky diffuse', () => {
  // One hour: DHI 100, DNI 500, sun at 30° zenith, extraterrestrial 1367 W/m2.
  const sun: SunPath = {
    apparentZenith: Float64Array.of(30),
    east: Float64Array.of(0),
    north: Float64Array.of(-Math.sin(30 * DEG)),
    up: Float64Array.of(Math.cos(30 * DEG)),
    dniExtra: Float64Array.of(1367),
  };
  const terms = perezSkyTerms({ dni: Float64Array.of(500), dhi: Float64Array.of(100) }, sun);
  // ε = (600/100 + κz³)/(1 + κz³) with κz³ = 1.041 × 0.5236³ = 0.14942 → 5.350: bin 7 (4.5-6.2).
  // Δ = 100 × AM(30°) / 1367 = 100 × 1.15400 / 1367 = 0.084419.
  // F1 = 1.06 - 1.6Δ - 0.359 z = 0.73696; F2 = 0.264 - 1.127Δ + 0.131 z = 0.23745.
  const f1 = 1.06 - 1.6 * 0.084419 - 0.359 * 30 * DEG;
  const f2 = 0.264 - 1.127 * 0.084419 + 0.131 * 30 * DEG;

  it('stores the brightness terms of the hour', () => {
    expect(terms.isotropic[0]).toBeCloseTo((100 * (1 - f1)) / 2, 3);
    expect(terms.circumsolar[0]).toBeCloseTo((100 * f1) / Math.cos(30 * DEG), 3);
    expect(terms.horizon[0]).toBeCloseTo(100 * f2, 3);
  });

  it('gives back DHI on a horizontal plane', () => {
    const diffuse = perezSkyDiffuse(terms.isotropic[0] ?? 0, terms.circumsolar[0] ?? 0, terms.horizon[0] ?? 0, 1, 0, Math.cos(30 * DEG));
    expect(diffuse).toBeCloseTo(100, 9);
  });

  it('on a vertical plane facing the sun: 100 × (0.5(1 - F1) + F1 × 0.5/cos 30° + F2) = 79.45', () => {
    const diffuse = perezSkyDiffuse(terms.isotropic[0] ?? 0, terms.circumsolar[0] ?? 0, terms.horizon[0] ?? 0, 0, 1, 0.5);
    expect(diffuse).toBeCloseTo(100 * (0.5 * (1 - f1) + (f1 * 0.5) / Math.cos(30 * DEG) + f2), 3);
  });
});

describe('physical incidence angle modifier', () => {
  it('is 1 at normal incidence and 0 at grazing or from behind', () => {
    expect(physicalIam(1)).toBeCloseTo(1, 12);
    expect(physicalIam(0)).toBe(0);
    expect(physicalIam(-0.3)).toBe(0);
  });

  it('falls monotonically with the incidence angle', () => {
    const values = Array.from({ length: 90 }, (_, deg) => physicalIam(Math.cos(deg * DEG)));
    values.slice(1).forEach((v, k) => expect(v).toBeLessThan(values[k] ?? Infinity));
    expect(physicalIam(Math.cos(60 * DEG))).toBeGreaterThan(0.9);
    expect(physicalIam(Math.cos(85 * DEG))).toBeLessThan(0.6);
  });

  it('is tabulated within 1e-6', () => {
    const table = new IamTable();
    let worst = 0;
    for (let c = 0; c <= 1; c += 1 / 9973) worst = Math.max(worst, Math.abs(table.at(c) - physicalIam(c)));
    expect(worst).toBeLessThan(1e-6);
  });
});

describe('PVWatts system pieces', () => {
  it('compounds the default losses to 14.0757 %', () => {
    // 1 - 0.98 × 0.97 × 1 × 0.98 × 0.98 × 0.995 × 0.985 × 0.99 × 1 × 0.97 = 0.140757
    expect(totalLossPct(PVWATTS_DEFAULT_LOSSES)).toBeCloseTo(14.0757, 4);
    expect(totalLossPct(10)).toBe(10);
  });

  it('derates DC power with cell temperature', () => {
    // 800 W/m2 on 1 kW at 45 °C: 0.8 × 1000 × (1 - 0.0047 × 20) = 724.8 W
    expect(pvwattsDc(800, 45, 1000, -0.0047)).toBeCloseTo(724.8, 9);
  });

  it('applies the PVWatts inverter curve', () => {
    // 1200 W array at DC/AC 1.2: AC rating 1000 W, DC rating 1000/0.96 = 1041.667 W.
    const inverter = pvwattsInverter(1200, 1.2, 0.96);
    expect(inverter.acRatingW).toBeCloseTo(1000, 9);
    expect(inverter.dcRatingW).toBeCloseTo(1041.6667, 3);
    // At half load (ζ = 0.5): η = 0.96/0.9637 × (-0.0162 × 0.5 - 0.0059/0.5 + 0.9858) = 0.996161 × 0.9659 = 0.962192
    expect(pvwattsAcUnclipped(520.8333, inverter)).toBeCloseTo(520.8333 * (0.96 / 0.9637) * 0.9659, 6);
    expect(pvwattsAcUnclipped(0, inverter)).toBe(0);
    expect(pvwattsAcUnclipped(2000, inverter)).toBeGreaterThan(inverter.acRatingW);
  });

  it('computes SAPM cell temperature from the wind factor', () => {
    // 1000 W/m2, 20 °C, 2 m/s: 20 + 1000 × exp(-3.56 - 0.075 × 2) + 3 = 47.48 °C
    expect(sapmCellTemperature(1000, 20, Math.exp(-3.56 - 0.15), 3)).toBeCloseTo(20 + 1000 * Math.exp(-3.71) + 3, 9);
  });

  it('settles Fuentes near its installed NOCT at NOCT conditions', () => {
    const model = new FuentesCellTemperature(FUENTES_PVWATTS);
    let cell = 0;
    // NOCT: 800 W/m2, 20 °C air, 1 m/s at module height (so 1 / (5/9.144)^0.2 m/s at the wind sensor).
    for (let hour = 0; hour < 12; hour++) cell = model.step(800, 20, 1 / (5 / 9.144) ** 0.2, 1);
    expect(cell).toBeGreaterThan(40);
    expect(cell).toBeLessThan(50);
  });
});

describe('Erbs decomposition', () => {
  it('follows the three pieces of the correlation', () => {
    expect(erbsDiffuseFraction(0.1)).toBeCloseTo(1 - 0.009, 12);
    // 0.9511 - 0.1604×0.5 + 4.388×0.25 - 16.638×0.125 + 12.336×0.0625 = 0.65915
    expect(erbsDiffuseFraction(0.5)).toBeCloseTo(0.65915, 5);
    expect(erbsDiffuseFraction(0.9)).toBe(0.165);
  });

  it('keeps GHI = DNI cos z + DHI, and gives no beam near the horizon', () => {
    const out = { dni: 0, dhi: 0 };
    erbsSplit(600, 40, 1360, out);
    expect(out.dni * Math.cos(40 * DEG) + out.dhi).toBeCloseTo(600, 9);
    erbsSplit(20, 88, 1360, out);
    expect(out).toEqual({ dni: 0, dhi: 20 });
  });
});

describe('single-axis tracker', () => {
  const horizontal = trackerAxes({ kind: 'single-axis', axisTiltDeg: 0, axisAzimuthDeg: 180, maxAngleDeg: 45, gcr: 0.4, backtrack: true });
  const normal: PlaneNormal = { east: 0, north: 0, up: 1 };
  const sunFrom = (azimuthDeg: number, elevationDeg: number) =>
    [
      Math.cos(elevationDeg * DEG) * Math.sin(azimuthDeg * DEG),
      Math.cos(elevationDeg * DEG) * Math.cos(azimuthDeg * DEG),
      Math.sin(elevationDeg * DEG),
    ] as const;

  it('faces up at solar noon', () => {
    expect(orientTracker(horizontal, ...sunFrom(180, 50), normal)).toBeCloseTo(0, 12);
  });

  it('stops at the rotation limit when the sun is low but rows do not shade', () => {
    // Sun due east at 30°: ideal rotation -60°; |cos(-60°)| / 0.4 = 1.25 ≥ 1, so no backtracking: clipped to -45°.
    expect(orientTracker(horizontal, ...sunFrom(90, 30), normal) / DEG).toBeCloseTo(-45, 9);
    expect(normal.east).toBeCloseTo(Math.sin(45 * DEG), 12);
  });

  it('backtracks so that the next row just misses the shadow', () => {
    // Sun due east at 10°: ideal -80°; cos 80° / 0.4 = 0.4341 < 1 → -80° + acos(0.4341) = -15.72°.
    const rotation = orientTracker(horizontal, ...sunFrom(90, 10), normal) / DEG;
    expect(rotation).toBeCloseTo(-80 + Math.acos(Math.cos(80 * DEG) / 0.4) / DEG, 9);
    expect(Math.cos((rotation + 80) * DEG)).toBeCloseTo(Math.cos(80 * DEG) / 0.4, 9);
  });

  it('lies flat with the sun below the horizon', () => {
    orientTracker(horizontal, ...sunFrom(90, -2), normal);
    expect(normal).toEqual({ east: 0, north: 0, up: 1 });
  });

  it('faces the axis azimuth at zero rotation on a tilted axis', () => {
    const tilted = trackerAxes({ kind: 'single-axis', axisTiltDeg: 20, axisAzimuthDeg: 0, maxAngleDeg: 60, gcr: 0.3, backtrack: false });
    expect(tilted.normalAtZero[1]).toBeCloseTo(Math.sin(20 * DEG), 12);
    expect(tilted.normalAtZero[2]).toBeCloseTo(Math.cos(20 * DEG), 12);
  });
});
