// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Polygon } from 'geojson';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import { areaOf, formatArea } from '../../src/lib/map/area.ts';
import { bboxAround } from '../../src/lib/map/bounds.ts';
import { MapView } from '../../src/lib/map/map-view.tsx';
import { polyfillBrowser } from './render-app.tsx';

// About 100 m × 100 m at the equator: 1.0 ha, 2.5 acres.
const square: Polygon = {
  type: 'Polygon',
  coordinates: [[[0, 0], [0.000898, 0], [0.000898, 0.000904], [0, 0.000904], [0, 0]]],
};

describe('MapView (Leaflet, no tiles)', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  it('gives the area of a polygon in hectares and acres', () => {
    const area = areaOf(square);
    expect(area.ha).toBeCloseTo(1.0, 1);
    expect(area.acres).toBeCloseTo(area.m2 / 4046.8564224, 6);
    expect(formatArea(area)).toMatch(/^1\.0\d ha \(2\.\d\d acres\)$/);
  });

  it('boxes shapes and points together', () => {
    expect(bboxAround([square], [{ lat: -1, lng: 2 }])).toEqual([0, -1, 2, 0.000904]);
    expect(bboxAround([null])).toBeNull();
  });

  it('renders markers and GeoJSON layers as SVG, reports clicks, and starts drawing without crashing', () => {
    const onClick = vi.fn();
    const onChange = vi.fn();
    const layers = [{ id: 'square', data: square, style: { color: '#ff0000' }, tooltip: () => 'Square' }];
    const markers = [{ id: 'm', position: { lat: 0.0004, lng: 0.0004 }, label: 'Site' }];
    const { rerender, container } = render(
      <AppProvider>
        <MapView label="Test map" center={{ lat: 0, lng: 0 }} zoom={16} layers={layers} markers={markers} onClick={onClick} />
      </AppProvider>,
    );
    const region = screen.getByRole('region', { name: 'Test map' });
    expect(region.classList.contains('leaflet-container')).toBe(true);
    expect(container.querySelectorAll('path.leaflet-interactive').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(region, { clientX: 0, clientY: 0 });
    expect(onClick).toHaveBeenCalledTimes(1);
    const clicked = onClick.mock.calls[0]![0] as { lat: number; lng: number };
    expect([typeof clicked.lat, typeof clicked.lng]).toEqual(['number', 'number']);

    rerender(
      <AppProvider>
        <MapView label="Test map" center={{ lat: 0, lng: 0 }} zoom={16} layers={layers} onClick={onClick} drawing={{ active: true, polygon: square, onChange }} />
      </AppProvider>,
    );
    expect(region.dataset.drawing).toBe('true');
    fireEvent.click(region, { clientX: 0, clientY: 0 });
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
