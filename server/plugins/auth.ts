import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http.ts';
import type { User, UsersRepository } from '../repositories/users.ts';
import { InvalidTokenError, type TokenSigner } from '../services/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: User;
  }
  interface FastifyInstance {
    /** preHandler for authenticated routes: sets `request.user` or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const unauthorized = (detail: string) => new ApiError(401, detail, undefined, { 'www-authenticate': 'Bearer' });

/**
 * Every authenticated request checks the user and its login family, so logout and reset take effect at once;
 * one query does both.
 */
export const auth = fp(async (app: FastifyInstance, options: { signer: TokenSigner; users: UsersRepository }) => {
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Authentication credentials were not provided.');
    let claims;
    try {
      claims = await options.signer.verify('access', match[1]);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(`Given token not valid: ${error.message}`);
      throw error;
    }
    const user = await options.users.findByActiveLogin(claims.userId, claims.familyId);
    if (!user) throw unauthorized('Given token not valid: the session has ended.');
    request.user = user;
  });
});

export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized('Authentication credentials were not provided.');
  return request.user;
}
