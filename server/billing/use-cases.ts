/**
 * Billing's use cases beyond the Stripe adapter (service.ts): the check that billing is on, and verifying a payment
 * within the caller's rate window. The plans overview and the invoices are the adapter's own.
 */
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { billingRefusal, verificationsRefused, type Billing } from './service.ts';

/** What the billing use cases work with; the app's context gives all of it. */
export interface BillingDeps {
  billing: Billing;
  rateLimiter: RateLimiter;
}

export function requireBillingOn(ctx: Pick<BillingDeps, 'billing'>) {
  if (!ctx.billing.enabled) throw billingRefusal('off');
}

export const startCheckout = (ctx: Pick<BillingDeps, 'billing'>, user: { id: string; email: string; name: string }, planId: string) =>
  ctx.billing.startCheckout(user, planId.trim());

/** A checkout's payment, verified with Stripe only within the caller's window of verifications (checked just before Stripe is asked). */
export function verifyPayment(ctx: BillingDeps, userId: string, sessionId: string) {
  const askingStripe = async () => {
    if (!(await ctx.rateLimiter.allow('verifyPaymentPerUser', userId))) throw verificationsRefused(ctx.rateLimiter.limits.verifyPaymentPerUser);
  };
  return ctx.billing.verifyPayment(userId, sessionId.trim(), askingStripe);
}

/** One webhook delivery, verified by its signature and applied once. */
export async function receiveWebhook(ctx: Pick<BillingDeps, 'billing'>, payload: Buffer | undefined, signature: string | undefined) {
  return { received: true, ...(await ctx.billing.webhook(payload, signature)) };
}
