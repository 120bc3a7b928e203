import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceHttp } from '../../server/gis/sources/http.ts';
import { joinWays, overpassReader } from '../../server/gis/sources/overpass.ts';
import { defaultLimits } from '../../server/gis/sources/reader.ts';
import type { ScreeningSource } from '../../server/gis/sources/settings.ts';

describe('joining OpenStreetMap ways end to end', () => {
  it('closes a ring from ways in any order and direction', () => {
    const ring = joinWays([
      [[2, 0], [2, 2]],
      [[0, 0], [2, 0]],
      [[0, 2], [0, 0]],
      [[0, 2], [2, 2]],
    ]);
    expect(ring).toHaveLength(1);
    expect(ring[0]).toHaveLength(5);
    expect(ring[0]![0]).toEqual(ring[0]!.at(-1));
    expect(new Set(ring[0]!.map((p) => p.join()))).toEqual(new Set(['0,0', '2,0', '2,2', '0,2']));
  });

  it('keeps apart what does not join, and leaves a closed way as it is', () => {
    const square = [[0, 0], [1, 0], [1, 1], [0, 0]];
    expect(joinWays([square, [[5, 5], [6, 6]], [[7, 7], [6, 6]]])).toEqual([square, [[5, 5], [6, 6], [7, 7]]]);
    expect(joinWays([[[1, 1]]])).toEqual([]);
  });
});

// A substation mapped as a multipolygon relation (as OSM maps many large ones), its outline in two ways, and one
// whose ways do not meet; Overpass's `out geom` gives each member way its coordinates.
const answer = {
  osm3s: { timestamp_osm_base: '2026-11-20T08:15:02Z' },
  elements: [
    {
      type: 'relation',
      id: 301,
      tags: { type: 'multipolygon', power: 'substation', name: 'Sumner' },
      members: [
        { type: 'way', ref: 1, role: 'outer', geometry: [{ lat: 36.1, lon: -79.9 }, { lat: 36.1, lon: -79.89 }, { lat: 36.11, lon: -79.89 }] },
        { type: 'way', ref: 2, role: 'outer', geometry: [{ lat: 36.1, lon: -79.9 }, { lat: 36.11, lon: -79.9 }, { lat: 36.11, lon: -79.89 }] },
        { type: 'way', ref: 3, role: 'inner', geometry: [{ lat: 36.102, lon: -79.898 }, { lat: 36.102, lon: -79.897 }, { lat: 36.103, lon: -79.897 }, { lat: 36.102, lon: -79.898 }] },
        { type: 'node', ref: 4, role: '', lat: 36.105, lon: -79.895 },
      ],
    },
    {
      type: 'relation',
      id: 302,
      tags: { type: 'multipolygon', power: 'substation' },
      members: [
        { type: 'way', ref: 5, role: 'outer', geometry: [{ lat: 36.12, lon: -79.92 }, { lat: 36.12, lon: -79.91 }] },
        { type: 'way', ref: 6, role: 'outer', geometry: [{ lat: 36.13, lon: -79.92 }, { lat: 36.13, lon: -79.91 }] },
      ],
    },
  ],
};

describe('Overpass: substations mapped as relations', () => {
  let server: Server;
  let origin = '';
  let asked = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        asked = new URLSearchParams(body).get('data') ?? '';
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('asks for them and reads each as its outline: a polygon where the outer ways close, lines where they do not', async () => {
    const source: ScreeningSource = { id: 'osm-power', kind: 'grid', type: 'overpass', url: `${origin}/api/interpreter`, name: 'OpenStreetMap power lines', licence: 'ODbL 1.0', attribution: '© OpenStreetMap contributors' };
    const signal = AbortSignal.timeout(10_000);
    const tile = await overpassReader(source, [-79.95, 36.1, -79.9, 36.15], { http: sourceHttp(origin, signal, 'test'), limits: defaultLimits, signal });
    expect(asked).toContain('relation["power"="substation"]');
    const [closed, open] = tile.features as { id: string; properties: Record<string, unknown>; geometry: { type: string; coordinates: number[][][] | number[][][][] } }[];
    expect(closed).toMatchObject({ id: 'relation/301', properties: { power: 'substation', name: 'Sumner' }, geometry: { type: 'MultiPolygon' } });
    const rings = closed!.geometry.coordinates as number[][][][];
    expect(rings).toHaveLength(1);
    expect(rings[0]![0]).toHaveLength(5);
    expect(open).toMatchObject({ id: 'relation/302', geometry: { type: 'MultiLineString' } });
    expect(open!.geometry.coordinates).toHaveLength(2);
  });
});
