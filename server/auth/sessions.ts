import { randomUUID } from 'node:crypto';
import type { TokenPair } from '../../src/contract/auth.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { SessionsRepository } from './sessions-repository.ts';
import { InvalidTokenError, type TokenSigner } from './tokens.ts';

export interface SessionLifetimes {
  accessSeconds: number;
  refreshDays: number;
  /** Absolute lifetime of a login: no rotation extends it. */
  maxAgeDays: number;
}

const day = 24 * 3600 * 1000;
// A token rotated this recently was most likely raced by a concurrent request of the same client
// (two calls hitting 401 at once), not replayed by a thief: that request is refused, the login lives on.
const concurrentRefreshGraceMs = 2000;
const refreshRefused = (detail: string) => new DomainError('unauthenticated', detail);

/** A rotated refresh token presented again: the family is revoked as stolen. */
export class RefreshReuseError extends DomainError {
  constructor() {
    super('unauthenticated', 'Token has already been used; every session of this login is now closed.');
  }
}

/** Login sessions: a family of refresh tokens per login, rotated on every refresh. */
export function createSessionService(signer: TokenSigner, sessions: SessionsRepository, lifetimes: SessionLifetimes) {
  async function pair(userId: string, familyId: string, familyExpiresAt: Date): Promise<TokenPair> {
    const now = Date.now();
    const refreshExpiresAt = new Date(Math.min(now + lifetimes.refreshDays * day, familyExpiresAt.getTime()));
    const accessExpiresAt = new Date(Math.min(now + lifetimes.accessSeconds * 1000, familyExpiresAt.getTime()));
    const refreshId = randomUUID();
    await sessions.addToken(familyId, refreshId, refreshExpiresAt);
    const [access, refresh] = await Promise.all([
      signer.sign('access', { userId, familyId, tokenId: randomUUID(), expiresAt: accessExpiresAt }),
      signer.sign('refresh', { userId, familyId, tokenId: refreshId, expiresAt: refreshExpiresAt }),
    ]);
    return { access, refresh };
  }

  return {
    async start(userId: string): Promise<TokenPair> {
      const familyExpiresAt = new Date(Date.now() + lifetimes.maxAgeDays * day);
      const familyId = await sessions.createFamily(userId, familyExpiresAt);
      return pair(userId, familyId, familyExpiresAt);
    },

    /** Rotates a refresh token. A replay of an already rotated token revokes the whole family. */
    async refresh(token: string): Promise<{ userId: string; tokens: TokenPair }> {
      let claims;
      try {
        claims = await signer.verify('refresh', token);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw refreshRefused(`Token is invalid or expired: ${error.message}`);
        throw error;
      }
      const result = await sessions.rotate(claims.tokenId, claims.familyId, new Date(Date.now() - concurrentRefreshGraceMs));
      switch (result.status) {
        case 'rotated':
          return { userId: claims.userId, tokens: await pair(claims.userId, claims.familyId, result.familyExpiresAt) };
        case 'reused':
          await sessions.revokeFamily(claims.familyId, 'refresh token reused');
          throw new RefreshReuseError();
        case 'raced':
          // 409, not 401: the login is fine; the client should pick up the pair the other request got.
          throw new DomainError('conflict', 'Token has just been refreshed by another request of this login.');
        case 'expired':
          throw refreshRefused('Session has reached its maximum age; please log in again.');
        case 'revoked':
        case 'unknown':
          throw refreshRefused('Token is invalid or expired.');
      }
    },

    async end(token: string) {
      const claims = await signer.verify('refresh', token).catch(() => undefined);
      if (!claims) throw refreshRefused('Token is invalid or expired.');
      await sessions.revokeFamily(claims.familyId, 'logout');
      return claims.userId;
    },

    /** Ends every login of the user, or every one but `keep`. */
    endAll: (userId: string, reason: string, keep?: string) => sessions.revokeAllForUser(userId, reason, keep),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
