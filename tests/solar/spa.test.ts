import { describe, expect, it } from 'vitest';
import { REFERENCE_YEAR_START_JD, referenceYearEphemeris, sampleEphemeris } from '../../src/solar/ephemeris.ts';
import {
  azimuthOf,
  emptyGeocentricSun,
  emptyTopocentricSun,
  geocentricSun,
  julianDayFromUnixMs,
  meanSiderealTime,
  observer,
  pressureFromElevation,
  solarPosition,
  topocentricSun,
} from '../../src/solar/spa.ts';
import { computeSunPath } from '../../src/solar/sun-path.ts';
import { WEATHER_FILES, weatherFile } from './fixtures.ts';

const DEG = 180 / Math.PI;

describe('NREL SPA, Reda & Andreas (2004) worked example (Table A5.1)', () => {
  // 2003-10-17 12:30:30 local time at UTC-7 is 19:30:30 UTC.
  const unixMs = Date.UTC(2003, 9, 17, 19, 30, 30);
  const { geocentric, topocentric } = solarPosition({
    unixMs,
    latitude: 39.742476,
    longitude: -105.1786,
    elevation: 1830.14,
    pressureMbar: 820,
    temperatureC: 11,
    deltaTSeconds: 67,
  });

  it('gives the Julian day', () => {
    expect(julianDayFromUnixMs(unixMs)).toBeCloseTo(2452930.312847, 6);
  });

  it('gives the geocentric sun', () => {
    expect(geocentric.radius).toBeCloseTo(0.9965422974, 9);
    expect(geocentric.rightAscension).toBeCloseTo(202.22741, 5);
    expect(Math.asin(geocentric.sinDeclination) * DEG).toBeCloseTo(-9.31434, 5);
  });

  it('gives the hour angle, topocentric declination and elevation', () => {
    const jd = julianDayFromUnixMs(unixMs);
    const hourAngle = meanSiderealTime(jd) + geocentric.equationOfEquinoxes - 105.1786 - geocentric.rightAscension;
    expect(hourAngle).toBeCloseTo(11.1059, 5);
    // H′ = H - Δα = 11.105900° + 0.000369° (the table prints 11.10629, which does not follow from its own H and Δα).
    expect(Math.acos(topocentric.cosHourAngle) * DEG).toBeCloseTo(11.105900 + 0.000369, 5);
    expect(Math.asin(topocentric.sinDeclination) * DEG).toBeCloseTo(-9.316179, 6);
    expect(90 - topocentric.zenith).toBeCloseTo(39.872046, 6);
  });

  it('gives topocentric zenith 50.11162° and azimuth 194.34024° to 1e-5°', () => {
    expect(Math.abs(topocentric.apparentZenith - 50.11162)).toBeLessThan(1e-5);
    expect(Math.abs(azimuthOf(topocentric) - 194.34024)).toBeLessThan(1e-5);
  });

  it('returns a unit sun vector consistent with zenith and azimuth', () => {
    const { east, north, up } = topocentric;
    expect(Math.hypot(east, north, up)).toBeCloseTo(1, 12);
    expect(Math.acos(up) * DEG).toBeCloseTo(topocentric.apparentZenith, 9);
  });
});

describe('interpolated ephemeris', () => {
  const ephemeris = referenceYearEphemeris();

  it.each([-70, -35, 0, 36.1, 65])('stays within 1e-5° of the full series all year at latitude %s', (latitude) => {
    const site = observer(latitude, 30, 100, 1000);
    const full = emptyGeocentricSun();
    const interpolated = emptyGeocentricSun();
    const a = emptyTopocentricSun();
    const b = emptyTopocentricSun();
    let worst = 0;
    for (let hour = 0; hour < 8760; hour += 1) {
      const jd = REFERENCE_YEAR_START_JD + (hour + 0.5) / 24;
      geocentricSun(jd, 67, full);
      sampleEphemeris(ephemeris, jd, interpolated);
      topocentricSun(full, meanSiderealTime(jd) + full.equationOfEquinoxes, site, 15, a);
      topocentricSun(interpolated, meanSiderealTime(jd) + interpolated.equationOfEquinoxes, site, 15, b);
      worst = Math.max(worst, Math.hypot(a.east - b.east, a.north - b.north, a.up - b.up) * DEG);
    }
    expect(worst).toBeLessThan(1e-5);
  });

  it('refuses instants outside its table', () => {
    expect(() => sampleEphemeris(ephemeris, REFERENCE_YEAR_START_JD + 400, emptyGeocentricSun())).toThrow(RangeError);
  });
});

describe('sun path of a weather year', () => {
  const weather = weatherFile(WEATHER_FILES.tmy3);
  const sun = computeSunPath(weather);

  it('puts the sun of an hour-ending record at mid-hour: 21 June 12:30 EST in Greensboro is just past solar noon', () => {
    const i = (31 + 28 + 31 + 30 + 31 + 20) * 24 + 12;
    expect([weather.month[i], weather.day[i], weather.hour[i]]).toEqual([6, 21, 12]);
    expect(sun.apparentZenith[i]).toBeCloseTo(36.1 - 23.44, 0);
    expect(azimuthOf({ east: sun.east[i] ?? NaN, north: sun.north[i] ?? NaN })).toBeGreaterThan(180);
  });

  it('matches a direct SPA evaluation at the same instant', () => {
    const i = 4000;
    const sampleHour = weather.sampleHour[i] ?? NaN;
    const unixMs = Date.UTC(1990, 0, 1) + (sampleHour - weather.site.utcOffsetHours) * 3_600_000;
    const { topocentric } = solarPosition({
      unixMs,
      latitude: weather.site.latitude,
      longitude: weather.site.longitude,
      elevation: weather.site.elevation,
      pressureMbar: pressureFromElevation(weather.site.elevation) / 100,
      temperatureC: weather.tempAir[i] ?? NaN,
      deltaTSeconds: 67,
    });
    expect(sun.apparentZenith[i]).toBeCloseTo(topocentric.apparentZenith, 5);
    expect(sun.east[i]).toBeCloseTo(topocentric.east, 7);
  });

  it('uses pressure from elevation as pvlib alt2pres', () => {
    expect(pressureFromElevation(0)).toBe(101325);
    expect(pressureFromElevation(1000)).toBeCloseTo(89874.6, 0);
  });
});
