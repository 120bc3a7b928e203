// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppActors } from '../../src/app/actors.ts';
import { ActorsProvider } from '../../src/lib/actors-context.tsx';
import { App } from '../../src/app/app.tsx';
import { AppProvider } from '../../src/app/provider.tsx';
import { geometryMessages } from '../../src/contract/gis.ts';
import { createSessionStore } from '../../src/lib/session-storage.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { createCookieJar } from '../lib/support/fake-api.ts';
import { polyfillBrowser, signInThroughApi } from './render-app.tsx';

// The API process answers in milliseconds, but a busy 2-core machine can stretch a navigation past the default 1 s.
configure({ asyncUtilTimeout: 45_000 });

const readBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(new Error(`Could not read the file: ${reader.error?.message}`));
    reader.readAsArrayBuffer(blob);
  });

/** A multipart body as a browser writes it, from jsdom's FormData (Node's fetch cannot read jsdom's). */
async function multipart(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  const boundary = `----sunplot${Math.random().toString(16).slice(2)}`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
      parts.push(await readBytes(value), encoder.encode('\r\n'));
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * jsdom's XMLHttpRequest would send a cross-origin request to the API process (its page lives on another origin) and
 * without the test's cookie jar; this one sends through the jar's fetch and reports upload progress halfway and at the end.
 */
function xhrThrough(baseUrl: string, jarFetch: typeof fetch) {
  return class {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private method = 'GET';
    private readonly headers = new Headers();
    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, baseUrl).href;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      void (async () => {
        const { body, type } = await multipart(form);
        this.headers.set('content-type', type);
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.length / 2, total: body.length });
        await new Promise((resolve) => setTimeout(resolve, 300));
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.length, total: body.length });
        try {
          const response = await jarFetch(this.url, { method: this.method, headers: this.headers, body });
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        } catch {
          this.onerror?.();
        }
      })();
    }
  };
}

describe('parcel import on the map screen, in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    api = await startAppProcess({}, { buildSpa: false });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => api?.stop());

  it('uploads a GeoJSON file with progress, reports what was imported and refused, and screens the imported parcel', async () => {
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    const project = (await client.post<{ id: string }>('/api/project/create/', { name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } })).body;

    window.history.replaceState(null, '', `/project/map/${project.id}/anacostia`);
    const jar = createCookieJar();
    const actors = createAppActors({ store: createSessionStore(storage), http: { baseURL: api.baseUrl, fetch: jar.fetch, readCookie: jar.readCookie } });
    vi.stubGlobal('XMLHttpRequest', xhrThrough(api.baseUrl, jar.fetch));
    render(
      <AppProvider>
        <ActorsProvider actors={actors}>
          <App />
        </ActorsProvider>
      </AppProvider>,
    );
    await screen.findByRole('heading', { name: 'Anacostia: map and screening' });
    expect(await screen.findByText(/No parcels to show/)).toBeTruthy();
    // The screening POST got the CSRF cookie into the jar; a browser would show it to the page's document.cookie.
    document.cookie = `csrftoken=${jar.readCookie('csrftoken')}`;

    const ring = [
      [-77.0102, 38.8455],
      [-77.0094, 38.8455],
      [-77.0094, 38.8461],
      [-77.0102, 38.8461],
      [-77.0102, 38.8455],
    ];
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { APN: 'IMPORT 1', LANDUSE: 'Vacant' }, geometry: { type: 'Polygon', coordinates: [ring] } },
        { type: 'Feature', properties: { APN: 'IMPORT 2' }, geometry: { type: 'Point', coordinates: [-77.01, 38.846] } },
      ],
    };
    const file = new File([JSON.stringify(geojson)], 'parcels.geojson', { type: 'application/geo+json' });
    const input = screen.getByLabelText<HTMLInputElement>('Import parcels');
    expect(input.accept).toBe('.geojson,.json,.zip,.kml');
    fireEvent.change(input, { target: { files: [file] } });

    expect(await screen.findByText('Uploading… 50%')).toBeTruthy();
    const report = await screen.findByRole('group', { name: 'Import report' });
    expect(report.textContent).toMatch(/2 features read: 1 parcel imported, 1 attached to this project, 1 refused\./);
    const refused = within(report).getByRole('list', { name: 'Refused features' });
    expect(within(refused).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`Feature #2 (IMPORT 2): ${geometryMessages.shape} (got Point)`]);

    // The map screens the project again, the imported parcel with it.
    const table = await screen.findByRole('table', { name: 'Screening reasons' });
    await waitFor(() => expect(table.textContent).toMatch(/IMPORT 1/));

    // A script renamed .geojson is refused with the server's reason.
    fireEvent.change(screen.getByLabelText('Import parcels'), { target: { files: [new File(['#!/bin/sh\nrm -rf /\n'], 'evil.geojson')] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This is not a parcel file/);
  });
});
