import { describe, expect, it } from 'vitest';
import { REFERENCE_YEAR_START_JD, referenceYearEphemeris, sampleEphemeris } from '../../src/solar/ephemeris.ts';
import {
  azimuthOf,
  emptyGeocentricSun,
  emptySunInstant,
  emptyTopocentricSun,
  geocentricSun,
  julianDayFromUnixMs,
  meanSiderealTime,
  observer,
  pressureFromElevation,
  solarPosition,
  sunInstant,
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

  it('gives the hour angle and the topocentric elevation without refraction', () => {
    const jd = julianDayFromUnixMs(unixMs);
    const hourAngle = meanSiderealTime(jd) + geocentric.equationOfEquinoxes - 105.1786 - geocentric.rightAscension;
    expect(hourAngle).toBeCloseTo(11.1059, 5);
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
    const geo = emptyGeocentricSun();
    const instant = emptySunInstant();
    const a = emptyTopocentricSun();
    const b = emptyTopocentricSun();
    let worst = 0;
    for (let hour = 0; hour < 8760; hour += 1) {
      const jd = REFERENCE_YEAR_START_JD + (hour + 0.5) / 24;
      topocentricSun(sunInstant(jd, geocentricSun(jd, 67, geo), instant), site, 15, a);
      topocentricSun(sunInstant(jd, sampleEphemeris(ephemeris, jd, geo), instant), site, 15, b);
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

  const direct = (year: typeof weather, i: number) =>
    solarPosition({
      unixMs: Date.UTC(1990, 0, 1) + ((year.sampleHour[i] ?? NaN) - year.site.utcOffsetHours) * 3_600_000,
      latitude: year.site.latitude,
      longitude: year.site.longitude,
      elevation: year.site.elevation,
      pressureMbar: pressureFromElevation(year.site.elevation) / 100,
      temperatureC: year.tempAir[i] ?? NaN,
      deltaTSeconds: 67,
    }).topocentric;

  it('matches a direct SPA evaluation at the same instant, read from the hourly table', () => {
    for (const i of [0, 4000, 8759]) {
      expect(sun.apparentZenith[i]).toBeCloseTo(direct(weather, i).apparentZenith, 5);
      expect(sun.east[i]).toBeCloseTo(direct(weather, i).east, 7);
    }
  });

  it('interpolates instants off the hourly clock directly', () => {
    const irregular = { ...weather, sampleHour: weather.sampleHour.map((h, i) => (i === 4000 ? h + 0.2 : h)) };
    const path = computeSunPath(irregular);
    expect(path.apparentZenith[4000]).toBeCloseTo(direct(irregular, 4000).apparentZenith, 5);
    expect(path.apparentZenith[4000]).not.toBeCloseTo(sun.apparentZenith[4000] ?? NaN, 1);
  });

  it('uses pressure from elevation as pvlib alt2pres', () => {
    expect(pressureFromElevation(0)).toBe(101325);
    expect(pressureFromElevation(1000)).toBeCloseTo(89874.6, 0);
  });
});
