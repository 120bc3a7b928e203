// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import { foldedLegendQuery, MapLegend } from '../../src/features/map/map-legend.tsx';
import { polyfillBrowser } from './render-app.tsx';

/** A window as wide as `width` px: queries on max-width and min-width (in rem, 16 px) answer as a browser's would. */
function windowOfWidth(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => {
      const [, side, rem] = /\((max|min)-width: ([\d.]+)rem\)/.exec(query) ?? [];
      const limit = Number(rem) * 16;
      const matches = side === 'max' ? width <= limit : side === 'min' ? width >= limit : false;
      return { matches, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
    },
  });
}

function renderLegend() {
  render(
    <AppProvider>
      <MapLegend>
        <p>Flood zone</p>
      </MapLegend>
    </AppProvider>,
  );
  return screen.getByRole('group', { name: 'Legend' });
}

describe('the screening map legend', () => {
  // A phone's window first: polyfillBrowser keeps a matchMedia that is there, and adds what else Chakra asks for.
  beforeAll(() => {
    windowOfWidth(360);
    polyfillBrowser();
  });
  afterEach(cleanup);

  it('starts folded on a phone, so it does not cover the map, and opens and folds again on a tap', () => {
    expect(window.matchMedia(foldedLegendQuery).matches).toBe(true);
    const legend = renderLegend();
    const toggle = within(legend).getByRole('button', { name: 'Legend' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(legend).queryByText('Pass')).toBeNull();
    expect(within(legend).queryByText('Flood zone')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide legend');
    const content = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(content).getByText('Pass')).toBeTruthy();
    expect(within(content).getByText('Flood zone')).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(legend).queryByText('Flood zone')).toBeNull();
  });
});
