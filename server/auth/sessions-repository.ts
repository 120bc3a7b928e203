import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshFamilies, refreshTokens } from '../db/schema.ts';

export type RotationResult =
  | { status: 'rotated'; familyExpiresAt: Date }
  | { status: 'unknown' }
  | { status: 'revoked' }
  | { status: 'expired' }
  /** Another request rotated this token moments ago: a race, not theft. */
  | { status: 'raced' }
  /** The token had been rotated well before: someone replayed it. */
  | { status: 'reused' };

export function sessionsRepository(db: Db) {
  return {
    async createFamily(userId: string, expiresAt: Date) {
      const [family] = await db.insert(refreshFamilies).values({ userId, expiresAt }).returning({ id: refreshFamilies.id });
      if (!family) throw new Error('refresh family insert returned nothing');
      return family.id;
    },
    async addToken(familyId: string, tokenId: string, expiresAt: Date) {
      await db.insert(refreshTokens).values({ id: tokenId, familyId, expiresAt });
    },
    /** Marks the token used; a single conditional UPDATE, so of two concurrent callers exactly one wins. */
    async rotate(tokenId: string, familyId: string, raceWindowStart: Date): Promise<RotationResult> {
      const now = new Date();
      const [family] = await db.select().from(refreshFamilies).where(eq(refreshFamilies.id, familyId));
      if (!family) return { status: 'unknown' };
      if (family.revokedAt) return { status: 'revoked' };
      if (family.expiresAt <= now) return { status: 'expired' };
      const won = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.id, tokenId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.rotatedAt)))
        .returning({ id: refreshTokens.id });
      if (won.length === 1) return { status: 'rotated', familyExpiresAt: family.expiresAt };
      const [token] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, tokenId));
      if (!token?.rotatedAt) return { status: 'unknown' };
      return token.rotatedAt >= raceWindowStart ? { status: 'raced' } : { status: 'reused' };
    },
    async revokeFamily(familyId: string, reason: string) {
      await db
        .update(refreshFamilies)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(refreshFamilies.id, familyId), isNull(refreshFamilies.revokedAt)));
    },
    /** Revokes every login of the user but `keep` (the login that asked, when it stays signed in). */
    async revokeAllForUser(userId: string, reason: string, keep?: string) {
      await db
        .update(refreshFamilies)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt), keep === undefined ? undefined : ne(refreshFamilies.id, keep)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
