import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiPrefix } from '../../src/contract/endpoints.ts';

type HelmetMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers helmet sets for `options`, worked out once. @fastify/helmet runs `helmet(options)` on every request,
 * rebuilding every directive each time; none of ours depends on the request, so its output is the same every time.
 * The helmet used is the one @fastify/helmet itself depends on.
 */
function helmetHeaders(options: FastifyHelmetOptions): { set: [string, string][]; removed: string[] } {
  const fromFastifyHelmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromFastifyHelmet('helmet') as (options: FastifyHelmetOptions) => HelmetMiddleware;
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused the security header options');
  return { set, removed };
}

/** Security headers for every response; auth answers are never cached. */
export const security = fp(async (app: FastifyInstance, options: { googleSignIn: boolean; stripe: boolean }) => {
  const google = options.googleSignIn ? ['https://accounts.google.com/gsi/'] : [];
  // Stripe.js and Embedded Checkout, only with billing on (Stripe's CSP guide: docs.stripe.com/security/guide).
  const stripe = options.stripe
    ? {
        script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
        connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.googleSignIn ? ['https://accounts.google.com/gsi/client'] : []), ...stripe.script],
        // Chakra UI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google, ...stripe.connect],
        frameSrc: [...google, ...stripe.frame],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: options.googleSignIn ? 'same-origin-allow-popups' : 'same-origin' },
    hsts: false, // set by the TLS-terminating proxy, which knows whether HTTPS is in use
  });
  // Set on the raw response, as @fastify/helmet did, so they survive whatever answer the request ends in.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers.set) raw.setHeader(name, value);
    for (const name of headers.removed) raw.removeHeader(name);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(apiPrefix)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
