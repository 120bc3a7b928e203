// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import type { Feature } from 'geojson';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import GoogleMapView from '../../src/lib/map/google-map-view.tsx';

// The Maps JavaScript API cannot load offline: the loader is replaced by one that says LOADED, and the API by fakes
// that record what the view asks of them.
const map = {
  div: document.createElement('div'),
  getDiv() {
    return this.div;
  },
  setCenter: () => undefined,
  setZoom: () => undefined,
  fitBounds: () => undefined,
  getBounds: () => undefined,
  addListener: () => ({ remove: () => undefined }),
};
vi.mock('@vis.gl/react-google-maps', () => ({
  APILoadingStatus: { LOADED: 'LOADED' },
  APIProvider: ({ children }: { children: ReactNode }) => children,
  Map: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  useApiLoadingStatus: () => 'LOADED',
  useMap: () => map,
}));

type Handler = (event: { feature: { getProperty(name: string): unknown }; latLng: null }) => void;
/** The layer's mouse events, each as if the pointer were over its one feature. */
let handlers: Record<string, () => void>;
let calls: [string, unknown][];

class FakeData {
  private features: { properties: Record<string, unknown> }[] = [];
  addGeoJson(collection: { features: { properties: Record<string, unknown> }[] }) {
    this.features.push(...collection.features);
  }
  setStyle() {}
  addListener(event: string, handler: Handler) {
    handlers[event] = () => handler({ feature: { getProperty: (name) => this.features[0]!.properties[name] }, latLng: null });
    return { remove: () => undefined };
  }
  setMap() {}
}
class FakeInfoWindow {
  setOptions(options: unknown) {
    calls.push(['setOptions', options]);
  }
  setContent(content: HTMLElement) {
    calls.push(['setContent', content]);
  }
  setPosition() {}
  open() {
    calls.push(['open', null]);
  }
  close() {
    calls.push(['close', null]);
  }
}

const parcel: Feature = { type: 'Feature', properties: { apn: 'PAR 01890022' }, geometry: { type: 'Point', coordinates: [-76.912, 38.891] } };
const layers = [{ id: 'parcels', data: parcel, tooltip: () => tooltip }];
const tooltip = 'PAR 01890022 · Fail\nFlood zone 60.3 % (DC special flood hazard areas, FEMA zone AE, 2016-08-16) · buildable 0.89 ha (2.21 acres), 39.7 %';

function showTooltipOnMapOf(width: number) {
  Object.defineProperty(map.div, 'clientWidth', { configurable: true, value: width });
  render(
    <AppProvider>
      <GoogleMapView apiKey="test" fallback={null} label="Parcels" center={{ lat: 38.891, lng: -76.912 }} zoom={16} layers={layers} />
    </AppProvider>,
  );
  calls = [];
  handlers.mouseover!();
  return calls;
}

describe('the Google map view', () => {
  beforeEach(() => {
    handlers = {};
    calls = [];
    Object.assign(window, { google: { maps: { Data: FakeData, InfoWindow: FakeInfoWindow, Marker: class {}, SymbolPath: { CIRCLE: 0 } } } });
  });
  afterEach(cleanup);

  it('caps the info window at the width the map allows, set before it opens, with text that wraps', () => {
    const wide = showTooltipOnMapOf(1120);
    expect(wide.map(([name]) => name)).toEqual(['close', 'setOptions', 'setContent', 'open']);
    expect(wide[1]![1]).toEqual({ maxWidth: 352 });
    const content = wide[2]![1] as HTMLElement;
    expect(content.textContent).toBe(tooltip);
    expect(content.style.whiteSpace).toBe('pre-line');
    expect(content.style.overflowWrap).toBe('anywhere');
    cleanup();
    expect(showTooltipOnMapOf(328)[1]![1]).toEqual({ maxWidth: 312 });
  });
});
