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
import { areasOf, basemapSources, basemapSourcesAt, linesOf } from '../../src/lib/map/offline-basemap.ts';
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
