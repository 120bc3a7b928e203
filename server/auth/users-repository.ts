import { and, count, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { withCompiledRows } from '../db/prepared.ts';
import { projects, refreshFamilies, users } from '../db/schema.ts';

export type User = typeof users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Who a verified access token says is signed in, and the clock its login is checked against. */
export interface Login {
  userId: string;
  familyId: string;
  now: Date;
}

/**
 * Joined to `users` (with `users.id` = the `userId` placeholder), keeps the user only while the login family the token
 * names (`familyId`) is neither revoked nor expired at `now`: logout and password reset end every token of it at once.
 * A hot route's own query joins it, so one round trip both authenticates the request and reads its answer.
 */
export const activeLogin = {
  family: refreshFamilies,
  on: and(eq(refreshFamilies.userId, users.id), eq(refreshFamilies.id, sql.placeholder('familyId')), isNull(refreshFamilies.revokedAt), gt(refreshFamilies.expiresAt, sql.placeholder('now'))),
  user: eq(users.id, sql.placeholder('userId')),
};

export function usersRepository(db: Db) {
  // Prepared once: every authenticated request runs these (on PostgreSQL also parsed and planned once per connection),
  // their rows mapped by a mapper worked out once.
  const byId = withCompiledRows(db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('users_by_id'));
  const byActiveLogin = withCompiledRows(
    db.select(getTableColumns(users)).from(users).innerJoin(activeLogin.family, activeLogin.on).where(activeLogin.user).prepare('users_by_active_login'),
  );

  return {
    async findById(id: string): Promise<User | undefined> {
      const [user] = await byId.execute({ id });
      return user;
    },
    /** The user of a login family that is neither revoked nor expired: one query authenticates a request. */
    async findByActiveLogin(login: Login): Promise<User | undefined> {
      const [user] = await byActiveLogin.execute({ ...login });
      return user;
    },
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
      return user;
    },
    async findByGoogleSub(sub: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.googleSub, sub));
      return user;
    },
    /** Returns undefined when the email is taken (unique index), so races cannot create two accounts. */
    async create(values: { email: string; name: string; companyName?: string; passwordHash?: string; googleSub?: string; emailVerifiedAt?: Date }) {
      const [user] = await db
        .insert(users)
        .values({ ...values, email: normalizeEmail(values.email) })
        .onConflictDoNothing()
        .returning();
      return user;
    },
    async markVerified(id: string) {
      await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    },
    async linkGoogle(id: string, googleSub: string) {
      await db.update(users).set({ googleSub, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    },
    async setPassword(id: string, passwordHash: string) {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    },
    async updateProfile(id: string, values: { name?: string; companyName?: string; mediaPhoto?: string; mediaPreview?: string; stepperId?: number }) {
      const [user] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return user;
    },
    async hasProject(id: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.ownerId, id));
      return (row?.n ?? 0) > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
