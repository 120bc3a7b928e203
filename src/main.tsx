import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppActors, type Inspect } from './app/actors.ts';
import { ActorsProvider } from './lib/actors-context.tsx';
import { App } from './app/app.tsx';
import { AppProvider } from './app/provider.tsx';
import { applyColorMode, initialColorMode } from './components/ui/color-mode.ts';

// Before anything renders, so the first paint is already in the chosen colour mode.
applyColorMode(initialColorMode());

/** The Stately inspector, only in development and only when asked for (`?inspect` or VITE_INSPECT=1). */
async function devInspector(): Promise<Inspect> {
  if (!import.meta.env.DEV) return undefined;
  if (!new URLSearchParams(window.location.search).has('inspect') && import.meta.env.VITE_INSPECT !== '1') return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const actors = createAppActors({ inspect: await devInspector() });
createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <ActorsProvider actors={actors}>
        <App />
      </ActorsProvider>
    </AppProvider>
  </StrictMode>,
);
