import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiUrl } from '../../src/contract/endpoints.ts';
import { prerenderedFile, prerenderedPaths } from '../../src/contract/prerendered-pages.ts';
import { notFound } from '../platform/domain-error.ts';

/**
 * Serves the built SPA, precompressed, with history fallback; unknown /api and /media paths stay JSON 404s. The public
 * pages built as static HTML (src/prerender/pages.ts) answer with their own page, every other path with index.html.
 */
export const spa = fp(async (app: FastifyInstance, options: { root?: string }) => {
  const root = options.root;
  const hasSpa = !!root && existsSync(join(root, 'index.html'));
  // A build without them (or a copy of dist/ without prerendered/, as the web benchmark serves) gets index.html there too.
  const built = new Set(prerenderedPaths.map((path) => prerenderedFile(path)!).filter((file) => !!root && existsSync(join(root, file))));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // .br and .gz siblings (server/precompress.ts) are sent as they are, with Vary: Accept-Encoding. They are looked for
      // at each request: after a fresh `npm start` build they appear while the server runs, and until then a file goes
      // compressed on the fly by @fastify/compress (app.ts), as any other text answer.
      preCompressed: true,
      // Our cache-control, not send's default max-age=0: Vite puts a content hash in every asset name under /assets.
      cacheControl: false,
      setHeaders(response, path) {
        response.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Every file may have a .br or .gz sibling, so a cache must key on the encoding asked for.
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiUrl(request.url) && !/^\/media(\/|$)/.test(request.url);
    if (!hasSpa || !isPage) throw notFound();
    const page = prerenderedFile(request.url);
    return reply.header('cache-control', 'no-cache').sendFile(page && built.has(page) ? page : 'index.html');
  });
});
