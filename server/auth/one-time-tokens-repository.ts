import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oneTimeTokens } from '../db/schema.ts';

export type OneTimePurpose = 'verify' | 'reset';

export function oneTimeTokensRepository(db: Db) {
  return {
    async create(userId: string, purpose: OneTimePurpose, tokenHash: string, expiresAt: Date) {
      await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash, expiresAt });
    },
    /** Uses the token once: the conditional UPDATE lets only one caller through. Returns its user id. */
    async consume(tokenHash: string, purpose: OneTimePurpose): Promise<string | undefined> {
      const now = new Date();
      const [row] = await db
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
        .returning({ userId: oneTimeTokens.userId });
      return row?.userId;
    },
    /** Spends every other open token of that purpose, so an older mailed link cannot be used later. */
    async spendAll(userId: string, purpose: OneTimePurpose) {
      await db
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
    },
  };
}
