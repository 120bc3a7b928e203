import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { signedIn, unauthorized } from '../auth/request-user.ts';
import type { Login, User, UsersRepository } from '../auth/users-repository.ts';
import type { AnswerCache } from '../platform/answer-cache.ts';
import { InvalidTokenError, type TokenSigner } from '../auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for authenticated routes: sets `request.user` or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * The handler's first query joins `activeLogin` and hands what it read (nothing once the login has ended) to
     * `signedIn`, so a hot route authenticates and reads its answer in one round trip; `authenticate` then only verifies
     * the token (and sets `request.user` only for a login the answer cache remembers), so the route reads what it needs
     * of the user in its own query.
     */
    loginInQuery?: boolean;
  }
}

/**
 * Every authenticated request checks the user and its login family, so logout and reset take effect at once;
 * one query does both, the route's own query on `loginInQuery` routes. With the answer cache on, a login found active
 * is remembered until the user's data (logins included) changes, and later requests with it need no query.
 */
export const auth = fp(async (app: FastifyInstance, options: { signer: TokenSigner; users: UsersRepository; cache?: AnswerCache<User> }) => {
  async function verifiedLogin(request: FastifyRequest): Promise<Login> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Authentication credentials were not provided.');
    try {
      const { userId, familyId } = await options.signer.verify('access', match[1]);
      return { userId, familyId, now: new Date() };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(`Given token not valid: ${error.message}`);
      throw error;
    }
  }

  const checkLogin = async (request: FastifyRequest, login: Login) => {
    request.user = signedIn(request, await options.users.findByActiveLogin(login));
  };

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const login = await verifiedLogin(request);
    request.login = { ...login, checked: false };
    // Taken before the query, so a change that lands meanwhile drops what the query read (server/platform/answer-cache.ts).
    const bucket = options.cache?.bucket(login.userId);
    const known = bucket?.login(login.familyId);
    if (known) {
      request.user = known;
      request.login.checked = true;
      return;
    }
    if (request.routeOptions.config.loginInQuery) return;
    await checkLogin(request, login);
    if (request.user) bucket?.keepLogin(login.familyId, request.user);
  });

  // A loginInQuery handler that ends before its query read the login (invalid input, a malformed id, a bug) still
  // answers 401 for an ended session, as every other authenticated route does: the login is checked on its own first.
  app.addHook('onRoute', (route) => {
    if (!route.config?.loginInQuery) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (request, reply) {
      try {
        const answer: unknown = await handler.call(this, request, reply);
        if (request.login && !request.login.checked) await checkLogin(request, request.login);
        return answer;
      } catch (error) {
        if (request.login && !request.login.checked) await checkLogin(request, request.login);
        throw error;
      }
    };
  });
});
