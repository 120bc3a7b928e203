import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { waitFor } from 'xstate';
import { guardRoute, guardSessionOf, matchRoute } from '../../machines/route-guard.ts';
import { createAppActors } from '../app/actors.ts';
import { App } from '../app/app.tsx';
import { AppProvider } from '../app/provider.tsx';
import { ActorsProvider } from '../lib/actors-context.tsx';
import { createMemoryStorage, createSessionStore } from '../lib/session-storage.ts';

/** A page as a signed-out visitor first sees it: the markup of #root, the style tags for <head>, and the title. */
export interface RenderedPage {
  /** The path whose screen this is: the page's own, or where the route guard sends a visitor (/auth/signup → /auth/login). */
  shows: string;
  title: string;
  html: string;
  styles: string;
}

const refuse = () => Promise.reject(new Error('no requests while prerendering'));

/**
 * Emotion's critical styles as `@emotion/server` writes them: one tag per global style and one for the rest, marked
 * with the ids the browser's emotion cache (key `css`) reads at start, so the app neither inserts them again nor
 * moves nodes React hydrates.
 */
function styleTags(cache: EmotionCache): string {
  const globals: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) globals.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    else {
      ids.push(id);
      css += rules;
    }
  }
  return [...globals, `<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`].join('');
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * Renders the app at `path` for a visitor with no session, as the browser's first render will after the session has
 * settled (src/app/start-app.tsx hydrates it), with every lazy screen resolved and the styles extracted.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const actors = createAppActors({ store: createSessionStore(createMemoryStorage()), http: { baseURL: 'http://prerender.invalid', fetch: refuse } });
  try {
    const settled = await waitFor(actors.session, (s) => !s.hasTag('settling'));
    const shows = guardRoute(path, guardSessionOf(settled.context)).redirect ?? path;
    const route = matchRoute(shows)?.route;
    if (!route) throw new Error(`${path} is not one of the app's routes`);
    const cache = createCache({ key: 'css' });
    // What createEmotionServer does: keep the rules in the cache for extraction instead of writing <style> into the markup.
    cache.compat = true;
    const { prelude } = await prerender(
      <CacheProvider value={cache}>
        <AppProvider>
          <ActorsProvider actors={actors}>
            <Router ssrPath={shows}>
              <App />
            </Router>
          </ActorsProvider>
        </AppProvider>
      </CacheProvider>,
    );
    return { shows, title: `${route.title} | Sunplot`, html: await text(prelude), styles: styleTags(cache) };
  } finally {
    actors.session.stop();
  }
}
