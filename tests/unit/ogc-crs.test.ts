import { describe, expect, it } from 'vitest';
import { inLonLat } from '../../server/gis/sources/ogc.ts';
import { SourceError } from '../../server/gis/sources/http.ts';

const point = (coordinates: number[]) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates } });
const crs = (name: string) => ({ type: 'name', properties: { name } });
const coordinatesOf = (features: unknown[]) => (features[0] as { geometry: { coordinates: number[] } }).geometry.coordinates;

describe('OGC answers in another CRS than the CRS84 asked for', () => {
  it('keeps longitude/latitude answers as they are, named or not', () => {
    const features = [point([-79.9, 36.1])];
    for (const name of [undefined, 'urn:ogc:def:crs:OGC:1.3:CRS84', 'http://www.opengis.net/def/crs/OGC/1.3/CRS84', 'EPSG:4326']) {
      expect(inLonLat(features, name === undefined ? undefined : crs(name))).toBe(features);
    }
  });

  it("turns EPSG:4326's URN form round: latitude comes first there", () => {
    for (const name of ['urn:ogc:def:crs:EPSG::4326', 'urn:ogc:def:crs:EPSG:6.6:4326', 'http://www.opengis.net/def/crs/EPSG/0/4326']) {
      expect(coordinatesOf(inLonLat([point([36.1, -79.9])], crs(name)))).toEqual([-79.9, 36.1]);
    }
  });

  it('unprojects Web Mercator, in every part of every geometry', () => {
    // Greensboro, NC: -79.79198, 36.07264 in EPSG:3857 (x = R·λ, y = R·ln tan(π/4 + φ/2)).
    const [x, y] = [-8882402.58, 4310621.13];
    for (const name of ['urn:ogc:def:crs:EPSG::3857', 'EPSG:900913', 'EPSG:102100']) {
      const [lng, lat] = coordinatesOf(inLonLat([point([x, y])], crs(name)));
      expect(lng).toBeCloseTo(-79.79198, 4);
      expect(lat).toBeCloseTo(36.07264, 4);
    }
    const square = { type: 'Feature', properties: {}, geometry: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: [[[0, 0], [111319.49, 0], [111319.49, 111325.14], [0, 0]]] }] } };
    const [turned] = inLonLat([square], crs('EPSG:3857')) as (typeof square)[];
    const ring = turned!.geometry.geometries[0]!.coordinates[0]!;
    expect(ring[2]![0]).toBeCloseTo(1, 5);
    expect(ring[2]![1]).toBeCloseTo(1, 4);
  });

  it('refuses by name a projected CRS it cannot read, rather than reading feet as degrees', () => {
    expect(() => inLonLat([point([1_750_000, 850_000])], crs('urn:ogc:def:crs:EPSG::2264'))).toThrow(SourceError);
    expect(() => inLonLat([point([1_750_000, 850_000])], crs('urn:ogc:def:crs:EPSG::2264'))).toThrow(/answered in urn:ogc:def:crs:EPSG::2264, a coordinate system this server does not read/);
  });
});
