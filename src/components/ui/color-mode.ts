/**
 * Light or dark: the `dark` class on <html> (Chakra's dark condition) and the browser's own colour scheme. The choice
 * is kept in localStorage under `colorMode`; without one the system preference decides. src/main.tsx applies it
 * before the first render, since the Content-Security-Policy allows no inline script in index.html.
 */
export type ColorMode = 'light' | 'dark';

export const colorModeKey = 'colorMode';

function storedColorMode(): ColorMode | null {
  try {
    const stored = localStorage.getItem(colorModeKey);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

const systemColorMode = (): ColorMode => (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

export const initialColorMode = (): ColorMode => storedColorMode() ?? systemColorMode();

export function applyColorMode(mode: ColorMode) {
  const html = document.documentElement;
  html.classList.toggle('dark', mode === 'dark');
  html.classList.toggle('light', mode === 'light');
  html.style.colorScheme = mode;
}

/** Applies the mode and remembers it as the user's choice. */
export function chooseColorMode(mode: ColorMode) {
  applyColorMode(mode);
  try {
    localStorage.setItem(colorModeKey, mode);
  } catch {
    // Storage may be unavailable (private mode, quota): the choice then lasts for this page only.
  }
}

export const currentColorMode = (): ColorMode => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');
