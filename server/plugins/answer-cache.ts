import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Listening } from '../db/client.ts';
import type { AnswerBucket, AnswerCache, CachedAnswer } from '../platform/answer-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An authenticated GET whose answer depends only on the URL and the caller's own rows, in tables the change feed
     * covers (migration 0006): its answers are served from the answer cache until the caller's data changes.
     */
    answerCache?: boolean;
  }
}

/** The answer compression app.ts gives @fastify/compress; cached answers are compressed the same way, once. */
export interface Compression {
  threshold: number;
  encodings: ('br' | 'gzip')[];
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const json = 'application/json; charset=utf-8';
// @fastify/compress's own brotli quality: a small answer compresses in about a tenth of a millisecond.
const compress = {
  br: (body: string) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body: string) => gzipSync(body),
};

/**
 * Serves `answerCache` routes from memory. An answer is kept per login (the access token's family) and URL, and only
 * after the route's own query found the login active; logout, a password reset or any change to the user's rows drops
 * it through the change feed, and a write drops what it may have made stale before it answers, so a client reads its
 * own writes at once. Compressed forms are kept beside the text, so a browser's repeated read is not compressed again.
 */
export const answerCache = fp(async (app: FastifyInstance, options: { cache: AnswerCache; listening: Listening; compression: Compression }) => {
  const { cache, listening, compression } = options;

  function send(request: FastifyRequest, reply: FastifyReply, bucket: AnswerBucket, key: string, answer: CachedAnswer) {
    void reply.type(json);
    const accepted = request.headers['accept-encoding'];
    const encoding = answer.body.length >= compression.threshold && typeof accepted === 'string' ? negotiate(accepted, compression.encodings) : null;
    if (!encoding || request.headers['x-no-compression'] !== undefined) return reply.send(answer.body);
    let encoded = answer.encoded[encoding];
    if (!encoded) {
      encoded = compress[encoding](answer.body);
      if (bucket.get(key) === answer) bucket.set(key, { body: answer.body, encoded: { ...answer.encoded, [encoding]: encoded } });
    }
    // Set here, @fastify/compress leaves the answer as it is.
    return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(encoded);
  }

  // Added after the auth plugin's, so this wrapper runs first: a cached answer needs no login check, a miss gets the
  // route's usual one.
  app.addHook('onRoute', (route) => {
    if (!route.config?.answerCache || route.method !== 'GET') return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (request, reply) {
      const login = request.login;
      const bucket = login && cache.bucket(login.userId);
      if (!login || !bucket) return handler.call(this, request, reply);
      const key = `${login.familyId} ${request.url}`;
      const cached = bucket.get(key);
      if (cached) return send(request, reply, bucket, key, cached);
      const answer: unknown = await handler.call(this, request, reply);
      if (reply.sent || reply.statusCode !== 200) return answer;
      const made = { body: JSON.stringify(answer), encoded: {} };
      if (made.body.length <= cache.maxAnswerBytes) bucket.set(key, made);
      return send(request, reply, bucket, key, made);
    };
  });

  // A write answers only once this server's cache holds nothing it made stale. A signed-in user's requests change
  // only that user's answers, so theirs are dropped here and then; any other request (logout, a password reset, a
  // webhook) waits until its notifications have arrived.
  app.addHook('onSend', async (request) => {
    if (safeMethods.has(request.method)) return;
    if (request.login) cache.changed(request.login.userId);
    else await listening.sync();
  });
  app.addHook('onClose', () => listening.close());
});
