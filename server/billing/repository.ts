import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { freePlanId } from '../../src/contract/billing.ts';
import type { Db } from '../db/client.ts';
import { checkoutSessions, feasibilityStudies, projects, stripeEvents, subscriptions, users } from '../db/schema.ts';
import { isUuid } from '../platform/ids.ts';
import { projectsRepository, type ProjectValues, type ProjectWithCount } from '../projects/repository.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;
/** What Stripe says about a user's paid subscription. */
export type PaidState = Pick<SubscriptionRow, 'planId' | 'stripeSubscriptionId' | 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>;
/** A Stripe event being applied: recorded in the transaction that applies it. */
export interface StripeEventRef {
  id: string;
  type: string;
}
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Refused inside the creating transaction, so concurrent creates cannot pass the plan's limit together. */
export class ProjectLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`project limit ${limit} reached`);
  }
}

const freeState = { planId: freePlanId, stripeSubscriptionId: null, status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false } satisfies PaidState;

/**
 * Subscriptions, checkout sessions and applied Stripe events. Every query is scoped to one user, named by the caller or
 * by the Stripe ids recorded for that user (a webhook carries no session).
 */
export function billingRepository(db: Db) {
  /**
   * Runs `work` in a transaction that first records the event; a redelivered event (its id already recorded) runs
   * nothing and answers 'replayed'.
   */
  async function once<T>(event: StripeEventRef | undefined, work: (tx: Tx) => Promise<T>): Promise<T | 'replayed'> {
    return db.transaction(async (tx) => {
      if (event) {
        const recorded = await tx.insert(stripeEvents).values(event).onConflictDoNothing().returning({ id: stripeEvents.id });
        if (recorded.length === 0) return 'replayed' as const;
      }
      return work(tx);
    });
  }

  return {
    async subscription(userId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
    },

    /** The user's projects, and the most studies any one of them holds. */
    async usage(userId: string): Promise<{ projects: number; mostStudiesInAProject: number }> {
      const perProject = db
        .select({ n: count().as('n') })
        .from(feasibilityStudies)
        .where(eq(feasibilityStudies.ownerId, userId))
        .groupBy(feasibilityStudies.projectId)
        .as('per_project');
      const [[owned], [most]] = await Promise.all([
        db.select({ n: count() }).from(projects).where(eq(projects.ownerId, userId)),
        db.select({ n: sql<number>`coalesce(max(${perProject.n}), 0)::int` }).from(perProject),
      ]);
      return { projects: owned?.n ?? 0, mostStudiesInAProject: most?.n ?? 0 };
    },

    /**
     * Creates a project unless the user already holds `limit`. The user's row is locked first (FOR NO KEY UPDATE, which
     * the project's foreign key check does not wait for), so one user's concurrent creates count one after another.
     */
    async createProjectWithinLimit(userId: string, limit: number, values: ProjectValues): Promise<ProjectWithCount> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const [owned] = await tx.select({ n: count() }).from(projects).where(eq(projects.ownerId, userId));
        if ((owned?.n ?? 0) >= limit) throw new ProjectLimitReached(limit);
        return projectsRepository(tx).create(userId, values);
      });
    },

    /** Stores the user's Stripe customer; when two checkouts raced, the first one stored wins and is answered. */
    async saveCustomer(userId: string, customerId: string): Promise<string> {
      const [row] = await db
        .insert(subscriptions)
        .values({ userId, stripeCustomerId: customerId })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, excluded.stripe_customer_id)` } })
        .returning({ customerId: subscriptions.stripeCustomerId });
      return row!.customerId!;
    },

    async recordCheckout(userId: string, sessionId: string, planId: string): Promise<void> {
      await db.insert(checkoutSessions).values({ id: sessionId, userId, planId });
    },

    async findCheckout(userId: string, sessionId: string): Promise<CheckoutRow | undefined> {
      if (!isUuid(userId)) return undefined;
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
      return row;
    },

    /**
     * Puts the user on the plan their checkout was started for, once: the checkout row is locked and marked activated in the same
     * transaction (and the event recorded, when a webhook brought it). Answers 'activated' with the Stripe subscription
     * this one replaces (if any), 'already' when verify-payment or the webhook came first, 'unknown' when the checkout
     * is not this user's, or 'replayed'.
     */
    async activateCheckout(
      userId: string,
      sessionId: string,
      state: Omit<PaidState, 'planId'> & { stripeCustomerId: string },
      event?: StripeEventRef,
    ): Promise<{ outcome: 'activated'; replaced: string | null } | { outcome: 'already' | 'unknown' | 'replayed' }> {
      const result = await once(event, async (tx) => {
        if (!isUuid(userId)) return { outcome: 'unknown' as const };
        const [checkout] = await tx
          .select({ planId: checkoutSessions.planId, activatedAt: checkoutSessions.activatedAt })
          .from(checkoutSessions)
          .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)))
          .for('update');
        if (!checkout) return { outcome: 'unknown' as const };
        if (checkout.activatedAt) return { outcome: 'already' as const };
        const [previous] = await tx.select({ id: subscriptions.stripeSubscriptionId }).from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
        const values = { ...state, planId: checkout.planId, updatedAt: new Date() };
        await tx
          .insert(subscriptions)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: subscriptions.userId, set: values });
        await tx.update(checkoutSessions).set({ activatedAt: new Date() }).where(eq(checkoutSessions.id, sessionId));
        const replaced = previous?.id && previous.id !== state.stripeSubscriptionId ? previous.id : null;
        return { outcome: 'activated' as const, replaced };
      });
      return result === 'replayed' ? { outcome: 'replayed' } : result;
    },

    /**
     * Applies a change Stripe reports for a subscription to the user holding it (or, before its checkout is activated,
     * to the user holding its customer and no subscription yet). False when no user holds it.
     */
    async subscriptionChanged(
      match: { subscriptionId: string; customerId: string | null },
      changes: Partial<PaidState>,
      event: StripeEventRef,
    ): Promise<boolean | 'replayed'> {
      return once(event, async (tx) => {
        const holder = match.customerId
          ? or(eq(subscriptions.stripeSubscriptionId, match.subscriptionId), and(isNull(subscriptions.stripeSubscriptionId), eq(subscriptions.stripeCustomerId, match.customerId)))
          : eq(subscriptions.stripeSubscriptionId, match.subscriptionId);
        const rows = await tx
          .update(subscriptions)
          .set({ ...changes, updatedAt: new Date() })
          .where(holder)
          .returning({ userId: subscriptions.userId });
        return rows.length > 0;
      });
    },

    /** The subscription ended: its holder is back on Free (the customer is kept for the next checkout and the invoices). */
    async subscriptionEnded(subscriptionId: string, event: StripeEventRef): Promise<boolean | 'replayed'> {
      return once(event, async (tx) => {
        const rows = await tx
          .update(subscriptions)
          .set({ ...freeState, updatedAt: new Date() })
          .where(eq(subscriptions.stripeSubscriptionId, subscriptionId))
          .returning({ userId: subscriptions.userId });
        return rows.length > 0;
      });
    },

    /** Records an event that changes nothing here, so its redelivery is recognised too. */
    async recordEvent(event: StripeEventRef): Promise<void> {
      await db.insert(stripeEvents).values(event).onConflictDoNothing();
    },
  };
}

export type BillingRepository = ReturnType<typeof billingRepository>;
