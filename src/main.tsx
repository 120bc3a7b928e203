import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toObserver, type InspectionEvent, type Observer } from 'xstate';
import { createAppActors, type Inspect } from './app/actors.ts';
import { ActorsProvider } from './lib/actors-context.tsx';
import { App } from './app/app.tsx';
import { AppProvider } from './app/provider.tsx';
import { applyColorMode, initialColorMode } from './components/ui/color-mode.ts';

// Before anything renders, so the first paint is already in the chosen colour mode.
applyColorMode(initialColorMode());

/**
 * The inspectors, only in development and only when asked for: `?inspect=local` opens the offline panel beside the app
 * (src/dev/inspector), `?inspect` or VITE_INSPECT=1 the Stately inspector at stately.ai; both may watch at once. Both
 * load by dynamic import behind `import.meta.env.DEV`, so a production build drops them.
 */
async function devInspector(): Promise<Inspect> {
  if (!import.meta.env.DEV) return undefined;
  const asked = new URLSearchParams(window.location.search).get('inspect');
  const observers: Observer<InspectionEvent>[] = [];
  if (asked === 'local') observers.push(toObserver((await import('./dev/inspector/start.tsx')).startLocalInspector().inspect));
  if ((asked !== null && asked !== 'local') || import.meta.env.VITE_INSPECT === '1') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    observers.push(toObserver(createBrowserInspector().inspect));
  }
  if (observers.length === 0) return undefined;
  return (event) => observers.forEach((observer) => observer.next?.(event));
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
