import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import {
  billingMessages,
  checkoutSessionPlaceholder,
  freePlanId,
  subscriptionStatuses,
  type CheckoutSession,
  type CurrentPlan,
  type Invoice,
  type InvoiceList,
  type Plan,
  type SubscriptionsList,
  type VerifiedPayment,
} from '../../src/contract/billing.ts';
import { feasibilityMessages } from '../../src/contract/feasibility.ts';
import { DomainError, invalid, notFound } from '../domain-error.ts';
import type { Settings } from '../env.ts';
import { ProjectLimitReached, type BillingRepository, type PaidState, type StripeEventRef, type SubscriptionRow } from '../repositories/billing.ts';
import type { ProjectsRepository, ProjectValues, ProjectWithCount } from '../repositories/projects.ts';

/** Why a billing request is refused. */
export type BillingRefusalReason = 'off' | 'unknownPlan' | 'freePlan' | 'samePlan' | 'unknownCheckout' | 'notPaid' | 'expired' | 'badSignature';

const refusalOf: Record<BillingRefusalReason, () => DomainError> = {
  off: () => new DomainError('notFound', billingMessages.off),
  unknownPlan: () => invalid({ plan_id: [billingMessages.unknownPlan] }),
  freePlan: () => invalid({ plan_id: [billingMessages.freePlan] }),
  samePlan: () => new DomainError('conflict', billingMessages.samePlan),
  unknownCheckout: notFound,
  notPaid: () => new DomainError('paymentRequired', billingMessages.notPaid),
  expired: () => new DomainError('paymentRequired', billingMessages.expired),
  badSignature: () => new DomainError('invalid', billingMessages.badSignature),
};
export const billingRefusal = (reason: BillingRefusalReason) => refusalOf[reason]();

/** A plan limit is reached; the message says which plan allows what and which plan lifts it. */
export class PlanLimitReached extends DomainError {
  constructor(detail: string) {
    super('forbidden', detail);
  }
}

/** A user's plan and the limits it sets (null: unlimited). */
export interface Limits {
  plan: Plan;
  projects: number | null;
  studiesPerProject: number | null;
}

type Status = (typeof subscriptionStatuses)[number];
// Stripe keeps retrying a past_due subscription's payment; its plan holds until Stripe gives up (unpaid or canceled).
const paidStatuses = new Set<Status>(['active', 'trialing', 'past_due']);
const paidCheckout = new Set<Stripe.Checkout.Session.PaymentStatus>(['paid', 'no_payment_required']);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const dateOf = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const statusOf = (status: string): Status => (subscriptionStatuses as readonly string[]).includes(status) ? (status as Status) : 'incomplete';

/** The Stripe client, built once; STRIPE_API_URL points it at a stand-in (tests) instead of api.stripe.com. */
function stripeClient(secretKey: string, apiUrl: string | undefined) {
  const url = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url && { host: url.hostname, port: url.port || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'https:' ? 'https' : 'http' }),
  });
}

/** Stripe's view of a subscription, as stored here. */
function subscriptionState(subscription: Stripe.Subscription): Omit<PaidState, 'planId'> {
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  return {
    stripeSubscriptionId: subscription.id,
    status: statusOf(subscription.status),
    currentPeriodEnd: periodEnds.length > 0 ? dateOf(Math.min(...periodEnds)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function invoiceView(invoice: Stripe.Invoice): Invoice {
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    created: new Date(invoice.created * 1000).toISOString(),
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    status: invoice.status ?? null,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
  };
}

/**
 * Plans, limits and payments. Billing is on when STRIPE_SECRET_KEY is set; off, everyone has Free's study limit and no
 * project limit, and every Stripe-facing call is refused as 'off'.
 */
export function createBilling({ settings, repository, projects, log }: { settings: Settings; repository: BillingRepository; projects: ProjectsRepository; log: FastifyBaseLogger }) {
  const stripe = settings.STRIPE_SECRET_KEY ? stripeClient(settings.STRIPE_SECRET_KEY, settings.STRIPE_API_URL) : null;
  const enabled = stripe !== null;
  const configured = settings.BILLING_PLANS ?? [];
  const freePlan: Plan = {
    id: freePlanId,
    name: 'Free',
    price: 'Free',
    paid: false,
    limits: { projects: enabled ? settings.FREE_PROJECTS : null, studies_per_project: settings.FREE_STUDIES_PER_PROJECT },
  };
  const paidPlans: Plan[] = configured.map((plan) => ({
    id: plan.id,
    name: plan.name,
    price: plan.price,
    paid: true,
    limits: { projects: plan.projects, studies_per_project: plan.studies_per_project },
  }));
  const priceOfPlan = new Map(configured.map((plan) => [plan.id, plan.price_id]));
  const planOfPrice = new Map(configured.map((plan) => [plan.price_id, plan.id]));
  const planById = (id: string) => paidPlans.find((plan) => plan.id === id);

  function client(): Stripe {
    if (!stripe) throw billingRefusal('off');
    return stripe;
  }

  /** The plan whose limits apply: a paid plan while Stripe still collects for it, else Free (also for a plan no longer configured). */
  const planOf = (row: SubscriptionRow | undefined): Plan => (row && paidStatuses.has(row.status) ? planById(row.planId) : undefined) ?? freePlan;

  const currentOf = (row: SubscriptionRow | undefined): CurrentPlan =>
    row && row.planId !== freePlanId
      ? { plan_id: row.planId, status: row.status, current_period_end: row.currentPeriodEnd?.toISOString() ?? null, cancel_at_period_end: row.cancelAtPeriodEnd }
      : { plan_id: freePlanId, status: 'active', current_period_end: null, cancel_at_period_end: false };

  /** The first listed paid plan (they are listed cheapest first) that allows more than `plan` does. */
  function liftingPlan(plan: Plan, limit: keyof Plan['limits']): Plan | null {
    const current = plan.limits[limit];
    if (current === null) return null;
    return paidPlans.find((candidate) => candidate.limits[limit] === null || candidate.limits[limit] > current) ?? null;
  }

  /** Cancels the subscription a new checkout replaced, so the user is not charged for two plans. */
  async function cancelReplaced(subscriptionId: string) {
    try {
      await client().subscriptions.cancel(subscriptionId);
    } catch (error) {
      log.error({ err: error, subscriptionId }, 'cancelling the subscription a new plan replaced failed; cancel it in the Stripe dashboard');
    }
  }

  /** Activates a paid checkout for its user, once; the webhook passes its event so that it is recorded with the change. */
  async function activate(userId: string, session: Stripe.Checkout.Session, event?: StripeEventRef) {
    const subscriptionId = idOf(session.subscription);
    const customerId = idOf(session.customer);
    if (!subscriptionId || !customerId) throw billingRefusal('notPaid');
    const subscription = await client().subscriptions.retrieve(subscriptionId);
    const result = await repository.activateCheckout(userId, session.id, { ...subscriptionState(subscription), stripeCustomerId: customerId }, event);
    if (result.outcome === 'activated' && result.replaced) await cancelReplaced(result.replaced);
    return result.outcome;
  }

  async function limitsFor(userId: string): Promise<Limits> {
    const plan = enabled ? planOf(await repository.subscription(userId)) : freePlan;
    return { plan, projects: plan.limits.projects, studiesPerProject: plan.limits.studies_per_project };
  }

  /** The 403 message for a reached limit: billing's (naming the plan that lifts it) when on, the study limit's of old when off. */
  function limitMessage(limits: Limits, limit: keyof Plan['limits']): string {
    const allowed = limits.plan.limits[limit] ?? 0;
    if (!enabled) return feasibilityMessages.limit(allowed);
    const message = limit === 'projects' ? billingMessages.projectLimit : billingMessages.studyLimit;
    return message(allowed, limits.plan.name, liftingPlan(limits.plan, limit)?.name ?? null);
  }

  const isPaid = (session: Stripe.Checkout.Session) => session.status === 'complete' && paidCheckout.has(session.payment_status);

  return {
    enabled,

    limitsFor,
    limitMessage,

    /** Creates a project within the user's plan; throws PlanLimitReached at the limit. */
    async createProject(userId: string, values: ProjectValues): Promise<ProjectWithCount> {
      const limits = await limitsFor(userId);
      if (limits.projects === null) return projects.create(userId, values);
      try {
        return await repository.createProjectWithinLimit(userId, limits.projects, values);
      } catch (error) {
        if (error instanceof ProjectLimitReached) throw new PlanLimitReached(limitMessage(limits, 'projects'));
        throw error;
      }
    },

    async overview(userId: string): Promise<SubscriptionsList> {
      const publishableKey = settings.STRIPE_PUBLISHABLE_KEY;
      if (!enabled || !publishableKey) throw billingRefusal('off');
      const [row, usage] = await Promise.all([repository.subscription(userId), repository.usage(userId)]);
      return {
        plans: [freePlan, ...paidPlans],
        current: currentOf(row),
        usage: { projects: usage.projects, most_studies_in_a_project: usage.mostStudiesInAProject },
        publishable_key: publishableKey,
      };
    },

    /** Starts an Embedded Checkout for a paid plan, making the user's Stripe customer the first time. */
    async startCheckout(user: { id: string; email: string; name: string }, planId: string): Promise<CheckoutSession> {
      const stripe = client();
      if (planId === freePlanId) throw billingRefusal('freePlan');
      const plan = planById(planId);
      const price = priceOfPlan.get(planId);
      if (!plan || !price) throw billingRefusal('unknownPlan');
      const row = await repository.subscription(user.id);
      if (planOf(row).id === plan.id) throw billingRefusal('samePlan');
      const customer =
        row?.stripeCustomerId ??
        (await repository.saveCustomer(user.id, (await stripe.customers.create({ email: user.email, name: user.name, metadata: { user_id: user.id } })).id));
      const session = await stripe.checkout.sessions.create({
        ui_mode: 'embedded_page',
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        customer,
        client_reference_id: user.id,
        metadata: { user_id: user.id, plan_id: plan.id },
        redirect_on_completion: 'if_required',
        return_url: `${settings.PUBLIC_URL}/payment-success/${checkoutSessionPlaceholder}`,
      });
      if (!session.client_secret) throw new Error('Stripe answered an embedded Checkout Session without a client_secret');
      await repository.recordCheckout(user.id, session.id, plan.id);
      return { session_id: session.id, client_secret: session.client_secret };
    },

    /** Activates the plan of a paid checkout of this user; answers the same however often it is asked (and after the webhook). */
    async verifyPayment(userId: string, sessionId: string): Promise<VerifiedPayment> {
      const stripe = client();
      const checkout = await repository.findCheckout(userId, sessionId);
      if (!checkout) throw billingRefusal('unknownCheckout');
      if (!checkout.activatedAt) {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'expired') throw billingRefusal('expired');
        if (!isPaid(session)) throw billingRefusal('notPaid');
        await activate(userId, session);
      }
      return { session_id: checkout.id, plan_id: checkout.planId, plan_name: planById(checkout.planId)?.name ?? checkout.planId };
    },

    /** Verifies and applies one webhook delivery; each event id is applied once. */
    async webhook(payload: Buffer | undefined, signature: string | undefined): Promise<void> {
      const stripe = client();
      const secret = settings.STRIPE_WEBHOOK_SECRET;
      if (!payload || payload.length === 0 || !signature || !secret) throw billingRefusal('badSignature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, secret);
      } catch {
        throw billingRefusal('badSignature');
      }
      const ref = { id: event.id, type: event.type };
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          if (session.client_reference_id && isPaid(session)) await activate(session.client_reference_id, session, ref);
          else await repository.recordEvent(ref);
          return;
        }
        case 'invoice.paid': {
          const invoice = event.data.object;
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          if (!subscriptionId) return repository.recordEvent(ref);
          const periodEnds = invoice.lines.data.map((line) => line.period.end);
          const changes = { status: 'active' as const, ...(periodEnds.length > 0 && { currentPeriodEnd: dateOf(Math.max(...periodEnds)) }) };
          await repository.subscriptionChanged({ subscriptionId, customerId: null }, changes, ref);
          return;
        }
        case 'customer.subscription.updated': {
          const subscription = event.data.object;
          const price = subscription.items.data[0]?.price.id;
          const planId = price ? planOfPrice.get(price) : undefined;
          if (price && !planId) log.warn({ price, subscriptionId: subscription.id }, 'a subscription moved to a price no plan in BILLING_PLANS names; its plan is kept');
          const changes = { ...subscriptionState(subscription), ...(planId && { planId }) };
          await repository.subscriptionChanged({ subscriptionId: subscription.id, customerId: idOf(subscription.customer) }, changes, ref);
          return;
        }
        case 'customer.subscription.deleted':
          await repository.subscriptionEnded(event.data.object.id, ref);
          return;
        default:
          await repository.recordEvent(ref);
      }
    },

    /** The user's invoices from Stripe, newest first (none before their first checkout). */
    async invoices(userId: string): Promise<InvoiceList> {
      const stripe = client();
      const customer = (await repository.subscription(userId))?.stripeCustomerId;
      if (!customer) return { count: 0, results: [] };
      const list = await stripe.invoices.list({ customer, limit: 100 });
      return { count: list.data.length, results: list.data.map(invoiceView) };
    },
  };
}

export type Billing = ReturnType<typeof createBilling>;
