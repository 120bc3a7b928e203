import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { apiPrefix } from '../../src/contract/endpoints.ts';
import { DomainError } from '../platform/domain-error.ts';

export const csrfCookie = 'csrftoken';
export const csrfHeader = 'x-csrftoken';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection: the API sets a signed, script-readable `csrftoken` cookie and every
 * unsafe request must echo it in `X-CSRFTOKEN`. A cookie planted by a sibling domain fails the signature.
 * Needs @fastify/cookie registered with a secret.
 */
export const csrf = fp(async (app: FastifyInstance, options: { secure: boolean; exempt?: string[] }) => {
  const exempt = new Set(options.exempt ?? []);
  // Cookies whose signature checked out: a browser sends the same one with every request, and checking its HMAC each
  // time cost more than finding a cached answer. Only valid ones are kept, the least recently used going first.
  const verified = new LRUCache<string, true>({ max: 10_000 });
  const isValid = (request: FastifyRequest, raw: string) => {
    if (verified.get(raw)) return true;
    if (!request.unsignCookie(raw).valid) return false;
    verified.set(raw, true);
    return true;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(apiPrefix)) return;
    const raw = request.cookies[csrfCookie];
    const signed = raw !== undefined && isValid(request, raw);
    if (!signed) {
      reply.setCookie(csrfCookie, randomBytes(24).toString('base64url'), {
        signed: true,
        path: '/',
        sameSite: 'lax',
        secure: options.secure,
        httpOnly: false,
        maxAge: 365 * 24 * 3600,
      });
    }
    if (safeMethods.has(request.method) || exempt.has(request.routeOptions.url ?? '')) return;
    if (!signed || request.headers[csrfHeader] !== raw) {
      throw new DomainError('forbidden', 'CSRF Failed: CSRF token missing or incorrect.');
    }
  });
});
