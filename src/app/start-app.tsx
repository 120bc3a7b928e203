import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { toObserver, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { guardRoute, guardSessionOf, matchRoute } from '../../machines/route-guard.ts';
import { ActorsProvider } from '../lib/actors-context.tsx';
import { prerenderedAttribute } from '../contract/prerendered-pages.ts';
import { replayTypedValues, whenHydrated } from '../prerender/hydration.ts';
import { createAppActors, type Inspect } from './actors.ts';
import { App } from './app.tsx';
import { AppProvider } from './provider.tsx';
import { screens } from './routes.tsx';

/**
 * The inspectors, only in development and only when asked for: `?inspect=local` opens the offline panel beside the app
 * (src/dev/inspector), `?inspect` or VITE_INSPECT=1 the Stately inspector at stately.ai; both may watch at once. Both
 * load by dynamic import behind `import.meta.env.DEV`, so a production build drops them.
 */
async function devInspector(): Promise<Inspect> {
  if (!import.meta.env.DEV) return undefined;
  const asked = new URLSearchParams(window.location.search).get('inspect');
  const observers: Observer<InspectionEvent>[] = [];
  if (asked === 'local') observers.push(toObserver((await import('../dev/inspector/start.tsx')).startLocalInspector().inspect));
  if ((asked !== null && asked !== 'local') || import.meta.env.VITE_INSPECT === '1') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    observers.push(toObserver(createBrowserInspector().inspect));
  }
  if (observers.length === 0) return undefined;
  return (event) => observers.forEach((observer) => observer.next?.(event));
}

/** Calls `onCommit` once React has first committed the tree (for a hydration, its shell: see whenHydrated). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Starts the app in `root` and resolves once it is in the page (a prerendered page's forms hydrated, with what was
 * typed into them). A prerendered page (src/prerender) is hydrated when the settled session's route decision shows the
 * screen its HTML holds: a visitor on /getstart, or on /auth/signup, which the guard sends to the login screen the page
 * holds. Otherwise (a signed-in user on /getstart) the app renders afresh and the guard redirects as ever.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const actors = createAppActors({ inspect: await devInspector() });
  const prerendered = root.getAttribute(prerenderedAttribute);
  let hydrate = false;
  if (prerendered !== null) {
    const settled = await waitFor(actors.session, (s) => !s.hasTag('settling'));
    const path = window.location.pathname;
    const shows = guardRoute(path, guardSessionOf(settled.context)).redirect ?? path;
    hydrate = shows === prerendered;
    if (hydrate) {
      if (shows !== path) navigate(shows, { replace: true });
      // Loaded first, a lazy screen hydrates as soon as React reaches it, without suspending.
      const match = matchRoute(shows);
      if (match) await screens[match.route.name].preload?.();
    }
  }
  await new Promise<void>((resolve) => {
    const app = (
      <StrictMode>
        <AppProvider>
          <ActorsProvider actors={actors}>
            <Committed onCommit={resolve}>
              <App />
            </Committed>
          </ActorsProvider>
        </AppProvider>
      </StrictMode>
    );
    if (hydrate) hydrateRoot(root, app);
    else {
      root.replaceChildren();
      root.removeAttribute(prerenderedAttribute);
      createRoot(root).render(app);
    }
  });
  if (hydrate) {
    await whenHydrated();
    replayTypedValues(root);
  }
}
