// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyColorMode, chooseColorMode, colorModeKey, currentColorMode, initialColorMode } from '../../src/components/ui/color-mode.ts';

const prefersDark = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)', media: query }));

describe('the colour mode', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    applyColorMode('light');
  });

  it('follows the system preference until the user chooses', () => {
    prefersDark(true);
    expect(initialColorMode()).toBe('dark');
    prefersDark(false);
    expect(initialColorMode()).toBe('light');
  });

  it('keeps the user\'s choice under colorMode, over the system preference', () => {
    prefersDark(false);
    chooseColorMode('dark');
    expect(localStorage.getItem(colorModeKey)).toBe('dark');
    expect(initialColorMode()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(currentColorMode()).toBe('dark');
  });

  it('ignores a stored value that is not a mode', () => {
    prefersDark(false);
    localStorage.setItem(colorModeKey, 'sepia');
    expect(initialColorMode()).toBe('light');
  });

  it('switches the class on <html> both ways', () => {
    applyColorMode('dark');
    applyColorMode('light');
    expect(document.documentElement.className).toBe('light');
    expect(currentColorMode()).toBe('light');
  });
});
