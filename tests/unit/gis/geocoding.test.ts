import { describe, expect, it } from 'vitest';
import { geocode, lookupCity, lookupPincode, lookupZip, parseLatLon } from '../../../server/geo/geocoding.ts';

describe('parseLatLon', () => {
  it('reads latitude first, with commas, spaces or hemisphere letters', () => {
    expect(parseLatLon('38.8977, -77.0365')[0]).toMatchObject({ lat: 38.8977, lng: -77.0365, kind: 'coordinates', score: 1, approximate: false });
    expect(parseLatLon('26.3 73.02')[0]).toMatchObject({ lat: 26.3, lng: 73.02 });
    expect(parseLatLon('26.3°N 73.0°E')).toEqual([expect.objectContaining({ lat: 26.3, lng: 73 })]);
    expect(parseLatLon('77.03W 38.9N')).toEqual([expect.objectContaining({ lat: 38.9, lng: -77.03 })]);
    expect(parseLatLon('33.9 S, 18.4 E')[0]).toMatchObject({ lat: -33.9, lng: 18.4 });
  });

  it('reads "lat, lon" as typed, and offers the other order only when the typed one cannot be a place', () => {
    expect(parseLatLon('26.3, 73.0').map((c) => [c.lat, c.lng])).toEqual([[26.3, 73]]);
    expect(parseLatLon('38.9, -77.0').map((c) => [c.lat, c.lng])).toEqual([[38.9, -77]]);
    expect(parseLatLon('-77.03, 38.9').map((c) => [c.lat, c.lng])).toEqual([[-77.03, 38.9]]);
    const swapped = parseLatLon('120, 45');
    expect(swapped.map((c) => [c.lat, c.lng])).toEqual([[45, 120]]);
    expect(swapped[0]!.label).toBe('45, 120 (read longitude first)');
    expect(parseLatLon('77.03W, 38.9N').map((c) => [c.lat, c.lng])).toEqual([[38.9, -77.03]]);
    expect(parseLatLon('100, 200')).toEqual([]);
    expect(parseLatLon('Jodhpur')).toEqual([]);
    expect(parseLatLon('1.2.3, 4')).toEqual([]);
  });
});

describe('gazetteers', () => {
  it('finds Indian PIN codes and US ZIP codes, marked approximate', async () => {
    expect((await lookupPincode('110001'))[0]).toMatchObject({ lat: 28.6431, lng: 77.2197, kind: 'pincode', approximate: true });
    expect((await lookupPincode('110001'))[0]!.label).toContain('New Delhi');
    expect(await lookupPincode('012345')).toEqual([]);
    expect(await lookupPincode('999999')).toEqual([]);
    const zip = lookupZip('20001-1234')[0]!;
    expect(zip).toMatchObject({ kind: 'zip', approximate: true });
    expect(zip.lat).toBeCloseTo(38.91, 1);
    expect(zip.lng).toBeCloseTo(-77.02, 1);
    expect(lookupZip('00000')).toEqual([]);
  });

  it('finds cities by name, accents and case aside, with region or country hints', () => {
    const jodhpur = lookupCity('jodhpur', 'IN');
    expect(jodhpur[0]).toMatchObject({ kind: 'city', label: expect.stringContaining('Rajasthan') as unknown });
    expect(jodhpur[0]!.lat).toBeCloseTo(26.3, 0);
    expect(lookupCity('sao paulo')[0]!.label).toContain('São Paulo');
    const springfield = lookupCity('Springfield, Illinois');
    expect(springfield.length).toBeGreaterThan(0);
    expect(springfield.every((c) => c.label.includes('Illinois'))).toBe(true);
    expect(lookupCity('x')).toEqual([]);
  });

  it('ranks every kind together', async () => {
    expect((await geocode('38.9, -77.03'))[0]!.kind).toBe('coordinates');
    expect((await geocode('342001'))[0]).toMatchObject({ kind: 'pincode' });
    expect(await geocode('qqqzzzxxy')).toEqual([]);
    expect((await geocode('Jodhpur', { limit: 2 })).length).toBeLessThanOrEqual(2);
  });
});
