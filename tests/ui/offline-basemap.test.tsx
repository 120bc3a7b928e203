// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import counties from 'us-atlas/counties-10m.json';
import states from 'us-atlas/states-10m.json';
import world from 'world-atlas/countries-50m.json';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import { MapView } from '../../src/lib/map/map-view.tsx';
import { basemapAttribution, basemapPane } from '../../src/lib/map/offline-basemap-layer.ts';
import { areasOf, basemapSources, basemapSourcesAt, linesOf, piecesOf, shapesWithin, type BasemapBox } from '../../src/lib/map/offline-basemap.ts';
import { polyfillBrowser } from './render-app.tsx';

/** Even-odd ray casting: holes (lakes, enclaves) count as outside. */
function ringHas(ring: Position[], [x, y]: Position) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
}
const contains = (geometry: Polygon | MultiPolygon, point: Position) =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).some((polygon) => polygon.filter((ring) => ringHas(ring, point)).length % 2 === 1);

const whereIs = (topology: typeof states, object: string, point: Position) =>
  areasOf(topology, object)
    .features.filter((area) => contains(area.geometry, point))
    .map((area) => (area.properties as { name: string }).name);

describe('the offline basemap data', () => {
  it('draws the world at every zoom, coarse below 4, states from 3 and counties from 6, counties under the states', () => {
    const at = (zoom: number) => basemapSourcesAt(zoom).map((source) => source.id);
    expect(at(0)).toEqual(['world-110m']);
    expect(at(3)).toEqual(['world-110m', 'states']);
    expect(at(4)).toEqual(['world-50m', 'states']);
    expect(at(5)).toEqual(['world-50m', 'states']);
    expect(at(6)).toEqual(['world-50m', 'counties', 'states']);
    expect(at(18)).toEqual(['world-50m', 'counties', 'states']);
    expect(basemapSources.filter((source) => source.land).map((source) => source.id)).toEqual(['world-110m', 'world-50m']);
  });

  it('finds Washington DC in the District of Columbia, Greensboro in North Carolina and Guilford County, Delhi in India', () => {
    expect(areasOf(states, 'states').features).toHaveLength(56);
    expect(whereIs(states, 'states', [-77.0365, 38.8977])).toEqual(['District of Columbia']);
    expect(whereIs(states, 'states', [-79.79, 36.07])).toEqual(['North Carolina']);
    expect(whereIs(counties, 'counties', [-79.79, 36.07])).toEqual(['Guilford']);
    expect(areasOf(counties, 'counties').features.length).toBeGreaterThan(3100);
    expect(areasOf(world, 'countries').features.length).toBeGreaterThan(200);
    expect(whereIs(world, 'countries', [77.21, 28.61])).toEqual(['India']);
    // The Atlantic off North Carolina is water.
    expect(whereIs(world, 'land', [-74, 35])).toEqual([]);
  });

  it('keeps lines across the antimeridian continuous, and drops the South Pole edge', () => {
    const jumps = (lines: Position[][]) => lines.flatMap((line) => line.slice(1).filter((point, i) => Math.abs(point[0]! - line[i]![0]!) > 180)).length;
    const land = areasOf(world, 'land').features.flatMap((area) => (area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates)).flat();
    expect(jumps(land)).toBe(0);
    // Chukotka lies east of 180°.
    expect(Math.max(...land.flat().map(([lng]) => lng!))).toBeGreaterThan(185);
    const lines = linesOf(world).coordinates;
    expect(jumps(lines)).toBe(0);
    expect(lines.some((line) => line.every(([, lat]) => lat! < -89.9))).toBe(false);
    expect(linesOf(states).coordinates.length).toBeGreaterThan(50);
  });
});

describe('the offline basemap around a view', () => {
  const world50m = piecesOf(areasOf(world, 'land'), linesOf(world));
  const countyLines = piecesOf(null, linesOf(counties));
  const pointsIn = (lines: Position[][]) => lines.reduce((sum, line) => sum + line.length, 0);
  const within = ([w, s, e, n]: BasemapBox, [lng, lat]: Position) => lng! > w && lng! < e && lat! > s && lat! < n;

  it('keeps a few hundred points around a street in Washington DC, out of ~200,000, with the street on land', () => {
    // Three views of a street's zoom (17) each way around the Anacostia: what the map holds there.
    const box: BasemapBox = [-77.03, 38.835, -76.99, 38.855];
    const land = shapesWithin(world50m, box);
    const lines = shapesWithin(countyLines, box).lines;
    expect(pointsIn(world50m.land.flatMap((piece) => piece.coordinates)) + pointsIn(world50m.lines.flatMap((piece) => piece.coordinates)) + pointsIn(countyLines.lines.flatMap((piece) => piece.coordinates))).toBeGreaterThan(100_000);
    expect(pointsIn(land.land.flat()) + pointsIn(land.lines) + pointsIn(lines)).toBeLessThan(500);
    expect(land.land.some((rings) => contains({ type: 'Polygon', coordinates: rings }, [-77.0098, 38.8457]))).toBe(true);
    // The county line between DC and Prince George's County, Maryland, runs through the box's east.
    expect(lines.length).toBeGreaterThan(0);
  });

  it('cuts land to the box without moving a coast: the Chesapeake and the Atlantic stay water, Maryland land', () => {
    const box: BasemapBox = [-78, 36.5, -74.5, 40];
    const cut = shapesWithin(world50m, box).land;
    const near = world50m.land.filter(({ box: [w, s, e, n] }) => w <= box[2] && e >= box[0] && s <= box[3] && n >= box[1]);
    const whole = near.map((piece): Polygon => ({ type: 'Polygon', coordinates: piece.coordinates }));
    let land = 0;
    for (let lng = -77.99; lng < -74.5; lng += 0.07) {
      for (let lat = 36.51; lat < 40; lat += 0.07) {
        const isLand = whole.some((polygon) => contains(polygon, [lng, lat]));
        expect(cut.some((rings) => contains({ type: 'Polygon', coordinates: rings }, [lng, lat])), `${lng}, ${lat}`).toBe(isLand);
        if (isLand) land++;
      }
    }
    expect(land).toBeGreaterThan(500);
    expect(cut.flat(2).every((point) => point[0]! >= box[0] - 1e-9 && point[0]! <= box[2] + 1e-9 && point[1]! >= box[1] - 1e-9 && point[1]! <= box[3] + 1e-9)).toBe(true);
  });

  it('keeps every point of a line inside the box, and the whole world when the box holds it', () => {
    const box: BasemapBox = [-80, 35, -75, 40];
    const inBox = (lines: Position[][]) => lines.flat().filter((point) => within(box, point)).length;
    expect(inBox(shapesWithin(countyLines, box).lines)).toBe(inBox(countyLines.lines.map((piece) => piece.coordinates[0]!)));
    const everything = shapesWithin(world50m, [-540, -90, 540, 90]);
    expect(everything.land).toHaveLength(world50m.land.length);
    expect(everything.lines).toHaveLength(world50m.lines.length);
  });
});

describe('the offline basemap on a Leaflet map (jsdom)', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  const basemapOf = (region: HTMLElement) => region.querySelector<HTMLElement>(`.leaflet-${basemapPane}-pane`)!;

  it('draws land, world lines, states and counties in a pane under the tiles, with its credit, and nothing clickable', async () => {
    render(
      <AppProvider>
        <MapView label="Test map" center={{ lat: 36.07, lng: -79.79 }} zoom={8} />
      </AppProvider>,
    );
    const region = screen.getByRole('region', { name: 'Test map' });
    const pane = basemapOf(region);
    // Leaflet's tile pane is at z-index 200 (leaflet.css), the overlays at 400.
    expect(Number(pane.style.zIndex)).toBeLessThan(200);
    await waitFor(() => expect(pane.querySelectorAll('path.basemap-counties')).toHaveLength(1), { timeout: 20_000 });
    const classes = [...pane.querySelectorAll('path')].map((path) => path.getAttribute('class'));
    expect(classes).toEqual(['basemap-land', 'basemap-world-50m', 'basemap-counties', 'basemap-states']);
    expect(pane.querySelectorAll('.leaflet-interactive')).toHaveLength(0);
    // The tiles (the default OpenStreetMap ones, not loaded in jsdom) go in Leaflet's tile pane, above.
    expect(region.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
    expect(region.querySelector('.leaflet-control-attribution')!.textContent).toContain(basemapAttribution);
  });

  it('loads the counties only past zoom 6, and the coarse world when zoomed out', async () => {
    render(
      <AppProvider>
        <MapView label="Test map" center={{ lat: 20, lng: 0 }} zoom={2} />
      </AppProvider>,
    );
    const pane = basemapOf(screen.getByRole('region', { name: 'Test map' }));
    await waitFor(() => expect(pane.querySelector('path.basemap-world-110m')).not.toBeNull(), { timeout: 20_000 });
    expect(pane.querySelector('path.basemap-states, path.basemap-counties, path.basemap-world-50m')).toBeNull();
  });
});
