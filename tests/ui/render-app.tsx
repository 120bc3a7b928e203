import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createAppActors } from '../../src/app/actors.ts';
import { ActorsProvider } from '../../src/lib/actors-context.tsx';
import { App } from '../../src/app/app.tsx';
import { AppProvider } from '../../src/app/provider.tsx';
import { createMemoryStorage, createSessionStore } from '../../src/lib/session-storage.ts';
import { createConfirmedAccount } from '../support/accounts.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { HttpClient } from '../support/http-client.ts';
import { createCookieJar } from '../lib/support/fake-api.ts';
import { createWhatIfHandler, solarEngine, type WhatIfAnswer, type WhatIfRequest } from '../../src/features/feasibility/what-if/what-if-protocol.ts';

// Screens load lazily (their own chunks, Leaflet among them) and wait on a real API process: on a busy machine the
// first findBy* of a screen takes seconds. A hang guard, not a speed check.
configure({ asyncUtilTimeout: 30_000 });

/** jsdom lacks these; Chakra's components ask for them. */
export function polyfillBrowser() {
  if (!('matchMedia' in window)) {
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
      }),
    });
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo = () => undefined;
}

/** The study page's what-if runs in a Web Worker, which jsdom lacks: this one never answers (the panel keeps preparing). */
export function stubWorker() {
  globalThis.Worker ??= class {
    onmessage = null;
    onerror = null;
    postMessage() {}
    terminate() {}
  } as unknown as typeof Worker;
}

/** A Worker that answers with the what-if protocol's handler over the real engine, after the current task. */
export function installInThreadWorker() {
  globalThis.Worker = class {
    onmessage: ((event: { data: WhatIfAnswer }) => void) | null = null;
    onerror = null;
    private readonly handle = createWhatIfHandler(solarEngine);
    postMessage(request: WhatIfRequest) {
      setTimeout(() => this.onmessage?.({ data: this.handle(request) }), 0);
    }
    terminate() {}
  } as unknown as typeof Worker;
}

/** The whole SPA at `path`, its actors talking to the API at `baseURL` with their own storage and cookies. */
/**
 * Every text a status region (the snackbar among them) showed since the last renderApp, recorded as the DOM changes:
 * on a loaded machine a 3.5 s snackbar can come and go between two polls of a waitFor.
 */
export const statusesSeen: string[] = [];
let statusObserver: MutationObserver | undefined;

function watchStatuses() {
  statusesSeen.length = 0;
  statusObserver?.disconnect();
  statusObserver = new MutationObserver(() => {
    for (const node of document.querySelectorAll('[role="status"]')) {
      const text = node.textContent ?? '';
      if (text !== '' && !statusesSeen.includes(text)) statusesSeen.push(text);
    }
  });
  statusObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** Waits until a status region has shown `text`, whether or not it still shows it. */
export const statusShown = (text: RegExp | string, timeout = 20_000) =>
  waitFor(() => expect(statusesSeen.some((seen) => (typeof text === 'string' ? seen.includes(text) : text.test(seen))), `no status "${String(text)}" among ${JSON.stringify(statusesSeen)}`).toBe(true), { timeout });

export function renderApp(path: string, baseURL: string, storage = createMemoryStorage()) {
  window.history.replaceState(null, '', path);
  watchStatuses();
  const jar = createCookieJar();
  const actors = createAppActors({ store: createSessionStore(storage), http: { baseURL, fetch: jar.fetch, readCookie: jar.readCookie } });
  const view = render(
    <AppProvider>
      <ActorsProvider actors={actors}>
        <App />
      </ActorsProvider>
    </AppProvider>,
  );
  return { ...view, actors, storage };
}

/** Types into the field with this label, once it is on screen. */
export const fillIn = async (label: RegExp | string, value: string) => fireEvent.change(await screen.findByLabelText(label), { target: { value } });

/**
 * A confirmed user logged in through the API: storage as the login screen leaves it, and a client holding the token.
 * `hasProject` sets the stored project flag for a user the test gives a project through the API before rendering.
 */
export async function signInThroughApi(api: AppProcess, options: { hasProject?: boolean } = {}) {
  const account = await createConfirmedAccount(api.baseUrl, api.dataDir);
  const client = new HttpClient(api.baseUrl);
  const login = await client.post<{ access: string; refresh: string; project: boolean }>('/api/user/login/', account);
  client.access = login.body.access;
  const storage = createMemoryStorage();
  storage.setItem('accessToken', login.body.access);
  storage.setItem('refreshToken', login.body.refresh);
  storage.setItem('project', String(options.hasProject ?? login.body.project));
  return { account, client, storage };
}

/**
 * The API as its own process for the describe block it is called in (server modules do not load inside jsdom): started
 * before the block's tests with `env` (a function when it is known only then), stopped after them; the screen is
 * cleaned up after each test. Returns the running process.
 */
export function apiProcessFor(env: Record<string, string> | (() => Record<string, string>) = {}): () => AppProcess {
  let api: AppProcess | undefined;
  beforeAll(async () => {
    polyfillBrowser();
    api = await startAppProcess(typeof env === 'function' ? env() : env, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());
  return () => {
    if (!api) throw new Error('the API process has not started');
    return api;
  };
}
