// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import { ColorModeToggle } from '../../src/components/ui/color-mode-toggle.tsx';
import { colorModeKey } from '../../src/components/ui/color-mode.ts';
import { polyfillBrowser } from './render-app.tsx';

describe('the dark-mode toggle', () => {
  beforeAll(polyfillBrowser);
  afterEach(() => {
    cleanup();
    localStorage.clear();
    document.documentElement.classList.remove('dark');
  });

  it('keeps its name for screen readers, says On or Off on screen, and remembers the choice', () => {
    render(
      <AppProvider>
        <ColorModeToggle />
      </AppProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.textContent).toBe('Dark modeOff');

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Dark mode' })).toBe(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Dark modeOn');
    expect(localStorage.getItem(colorModeKey)).toBe('dark');
  });
});
