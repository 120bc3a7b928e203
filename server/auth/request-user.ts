/** The signed-in user of a request, as the auth plugin (server/plugins/auth.ts) found it; routes read it here. */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../platform/domain-error.ts';
import type { Login, User } from './users-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: User;
    /** The login a verified access token names; `checked` once a query found it active (on `loginInQuery` routes, the route's own). */
    login?: Login & { checked: boolean };
  }
}

// The error plugin adds `WWW-Authenticate: Bearer` to every 'unauthenticated' answer.
export const unauthorized = (detail: string) => new DomainError('unauthenticated', detail);
const sessionEnded = () => unauthorized('Given token not valid: the session has ended.');

export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized('Authentication credentials were not provided.');
  return request.user;
}

/** The login of a `loginInQuery` route, for its query to join. */
export function currentLogin(request: FastifyRequest): Login {
  if (!request.login) throw unauthorized('Authentication credentials were not provided.');
  return request.login;
}

/** Gives back what a query joined to `activeLogin` read, the login now checked, or answers 401 when the login has ended (nothing read). */
export function signedIn<T extends object>(request: FastifyRequest, read: T | undefined): T {
  if (request.login) request.login.checked = true;
  if (!read) throw sessionEnded();
  return read;
}
