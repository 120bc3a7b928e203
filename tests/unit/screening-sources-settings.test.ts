import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../server/env.ts';
import { publicSources } from '../../server/gis/sources/public-sources.ts';
import { tilesExtent, tilesOf, usableFeatures } from '../../server/gis/sources/tiles.ts';
import { jsonSetting } from '../support/json-setting.ts';

const source = { id: 'nfhl', kind: 'flood', type: 'arcgis', url: 'https://hazards.fema.gov/arcgis/rest/services/public/NFHL/MapServer', layer: '28', name: 'FEMA NFHL', licence: 'Public domain', attribution: 'FEMA' };
const { load, problem } = jsonSetting('SCREENING_SOURCES');

describe('SCREENING_SOURCES', () => {
  it('is off unless set, and off or [] fetch nothing', () => {
    expect(loadSettings({}).SCREENING_SOURCES).toEqual([]);
    expect(load('off').SCREENING_SOURCES).toEqual([]);
    expect(load('[]').SCREENING_SOURCES).toEqual([]);
  });

  it('names the documented public set with one word', () => {
    const sources = load(' public ').SCREENING_SOURCES;
    expect(sources).toEqual(publicSources);
    expect(sources.map((s) => [s.id, s.kind, s.type])).toEqual([
      ['fema-nfhl', 'flood', 'arcgis'],
      ['usfws-nwi', 'wetland', 'arcgis'],
      ['usgs-padus', 'protected', 'arcgis'],
      ['hifld-transmission', 'grid', 'arcgis'],
      ['hifld-substations', 'grid', 'arcgis'],
      ['osm-power', 'grid', 'overpass'],
      ['usgs-3dep', 'slope', 'arcgis-image'],
    ]);
    expect(sources.every((s) => s.url.startsWith('https://'))).toBe(true);
  });

  it('reads a JSON array of sources with their options', () => {
    const custom = { ...source, id: 'setbacks', kind: 'home-setback', type: 'geojson', url: 'http://gis.example.org/setbacks.geojson', timeout_s: 5, ttl_days: 90 };
    expect(load([source, custom]).SCREENING_SOURCES).toEqual([source, custom]);
  });

  it('stops at boot with a message that says what is wrong', () => {
    expect(problem('{"id": ')).toBe('Invalid settings: SCREENING_SOURCES must be off, public or a JSON array of sources.');
    expect(problem({ ...source })).toBe('Invalid settings: SCREENING_SOURCES must be off, public or a JSON array of sources.');
    expect(problem([{ ...source, type: 'wms' }])).toBe(
      'Invalid settings: SCREENING_SOURCES.0.type must be one of arcgis, ogc-features, wfs, geojson, overpass, arcgis-image, geotiff.',
    );
    expect(problem([{ ...source, url: 'ftp://example.org/flood.json' }])).toBe('Invalid settings: SCREENING_SOURCES.0.url must be an http:// or https:// URL.');
    expect(problem([{ ...source, url: 'https://me:secret@example.org/' }])).toBe('Invalid settings: SCREENING_SOURCES.0.url must not carry a user name or password.');
    expect(problem([{ ...source, name: undefined }])).toBe('Invalid settings: SCREENING_SOURCES.0.name is missing.');
    expect(problem([{ ...source, colour: 'red' }])).toBe('Invalid settings: SCREENING_SOURCES.0.colour is not a source field.');
    expect(problem([{ ...source, kind: 'Flood Zones' }])).toBe('Invalid settings: SCREENING_SOURCES.0.kind must be 1-64 lower-case letters, digits, - or _.');
    expect(problem([{ ...source, timeout_s: 0 }])).toBe('Invalid settings: SCREENING_SOURCES.0.timeout_s must be a number from 1 to 120.');
    expect(problem([source, source])).toBe('Invalid settings: SCREENING_SOURCES lists the source id "nfhl" twice.');
    expect(problem([{ ...source, kind: 'slope' }])).toBe('Invalid settings: SCREENING_SOURCES source "nfhl": kind slope needs type arcgis-image or geotiff (an elevation service).');
    expect(problem([{ ...source, type: 'geotiff' }])).toBe('Invalid settings: SCREENING_SOURCES source "nfhl": type geotiff is an elevation service, so its kind must be slope.');
    expect(problem([{ ...source, type: 'wfs', layer: undefined }])).toBe('Invalid settings: SCREENING_SOURCES source "nfhl": type wfs needs layer (the feature type to get).');
  });
});

describe('the 0.05° tile grid', () => {
  it('covers a bbox with the tiles it touches, not the next one at an edge', () => {
    expect(tilesOf([-79.935, 36.12, -79.92, 36.124]).map((t) => t.key)).toEqual(['20:-1599:722']);
    expect(tilesOf([-79.95, 36.1, -79.9, 36.15]).map((t) => t.key)).toEqual(['20:-1599:722']);
    const across = tilesOf([-79.91, 36.14, -79.89, 36.16]);
    expect(across.map((t) => t.key)).toEqual(['20:-1599:722', '20:-1598:722', '20:-1599:723', '20:-1598:723']);
    expect(tilesExtent(across)).toEqual([-79.95, 36.1, -79.85, 36.2]);
  });

  it('grows by a margin in kilometres', () => {
    expect(tilesOf([-79.93, 36.12, -79.92, 36.124], 5)).toHaveLength(9);
  });
});

describe('features screening can use', () => {
  it('keeps valid geometry of every type and counts the rest as skipped', () => {
    const ok = [
      { type: 'Point', coordinates: [-79.9, 36.1] },
      { type: 'MultiPoint', coordinates: [[-79.9, 36.1]] },
      { type: 'LineString', coordinates: [[-79.9, 36.1], [-79.8, 36.1]] },
      { type: 'MultiLineString', coordinates: [[[-79.9, 36.1], [-79.8, 36.1]]] },
      { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] },
      { type: 'MultiPolygon', coordinates: [[[[0, 0], [1, 0], [1, 1], [0, 0]]]] },
    ];
    const bad = [
      null,
      { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1]]] },
      { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] },
      { type: 'LineString', coordinates: [[-79.9, 36.1]] },
      { type: 'Point', coordinates: [200, 36.1] },
      { type: 'Point', coordinates: ['-79.9', 36.1] },
      { type: 'GeometryCollection', geometries: [] },
      { type: 'MultiPolygon', coordinates: [] },
    ];
    const { features, skipped } = usableFeatures([...ok, ...bad].map((geometry, i) => ({ type: 'Feature', id: i, geometry, properties: i === 0 ? null : { n: i } })));
    expect(features.map((f) => f.geometry.type)).toEqual(ok.map((g) => g.type));
    expect(features[0]!.properties).toEqual({});
    expect(skipped).toBe(bad.length);
  });
});
