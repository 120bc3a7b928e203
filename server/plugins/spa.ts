import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiUrl } from '../../src/contract/endpoints.ts';
import { prerenderedFile, prerenderedPaths } from '../../src/contract/prerendered-pages.ts';
import { notFound } from '../platform/domain-error.ts';

/**
 * What a page answers while `npm start` still builds the web app (a first start, or sources changed): the server
 * listens meanwhile, so the API answers and the visitor learns why the page is not there yet. No script: it reloads.
 */
export const startingPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="2"><title>Sunplot is starting</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#faf9f7;color:#1c1917}main{max-width:28rem;padding:2rem}h1{font-size:1.5rem}@media (prefers-color-scheme:dark){body{background:#1c1917;color:#f5f5f4}}</style></head>
<body><main><h1>Sunplot is starting</h1><p>The server is building the web app for this start. This page reloads by itself in a moment.</p></main></body>
</html>
`;

// A `..` segment, as @fastify/send's UP_PATH_REGEXP finds it.
const upPath = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

/**
 * Serves the built SPA, precompressed, with history fallback; unknown /api and /media paths stay JSON 404s. The public
 * pages built as static HTML (src/prerender) answer with their own page, every other path with index.html. With
 * `built` (`npm start` building the web app while it listens) pages answer 503 with `startingPage` until it settles;
 * files are looked up at each request, so the ones the build writes later are served.
 */
export const spa = fp(async (app: FastifyInstance, options: { root?: string; built?: Promise<void> }) => {
  const root = options.root;
  if (!root) {
    app.setNotFoundHandler(async () => {
      throw notFound();
    });
    return;
  }
  let building = options.built !== undefined;
  let hasSpa = false;
  // A build without them (or a copy of dist/ without prerendered/, as the web benchmark serves) gets index.html there too.
  let prerendered = new Set<string>();
  const look = () => {
    building = false;
    hasSpa = existsSync(join(root, 'index.html'));
    prerendered = new Set(prerenderedPaths.map((path) => prerenderedFile(path)!).filter((file) => existsSync(join(root, file))));
  };
  if (options.built) options.built.then(look, () => (building = false));
  else look();
  await app.register(fastifyStatic, {
    root,
    index: false,
    // .br and .gz siblings (server/precompress.ts) are sent as they are, with Vary: Accept-Encoding. They are looked for
    // at each request: after a fresh `npm start` build they appear while the server runs, and until then a file goes
    // compressed on the fly by @fastify/compress (app.ts), as any other text answer.
    preCompressed: true,
    // Only file paths go to @fastify/send. Without an encoding to look for a .br/.gz sibling of, the plugin hands it a
    // directory path (`/`, `/assets/`) or a `..` segment as it is, and send answers those 403 (no index file, or a
    // "malicious" path); with one, the plugin finds no sibling and falls to the not-found handler below. Sent there
    // directly, a curl or an uptime monitor that asks no compression gets the page as a browser does.
    allowedPath: (pathname) => !pathname.endsWith('/') && !upPath.test(pathname),
    // Our cache-control, not send's default max-age=0: Vite puts a content hash in every asset name under /assets.
    cacheControl: false,
    setHeaders(response, path) {
      response.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // Every file may have a .br or .gz sibling, so a cache must key on the encoding asked for.
      response.setHeader('vary', 'accept-encoding');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiUrl(request.url) && !/^\/media(\/|$)/.test(request.url);
    if (!isPage) throw notFound();
    if (building) return reply.code(503).header('retry-after', '2').header('cache-control', 'no-store').type('text/html; charset=utf-8').send(startingPage);
    if (!hasSpa) throw notFound();
    const page = prerenderedFile(request.url);
    return reply.header('cache-control', 'no-cache').sendFile(page && prerendered.has(page) ? page : 'index.html');
  });
});
