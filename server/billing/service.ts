import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { array, boolean, integer, nullable, optional, pattern, size, string, type, union, unknown, validate, type Infer, type Struct } from 'superstruct';
import {
  billingMessages,
  checkoutSessionPlaceholder,
  freePlanId,
  subscriptionStatuses,
  type BillingPortalSession,
  type CheckoutSession,
  type CurrentPlan,
  type Invoice,
  type InvoiceList,
  type Plan,
  type ProjectLimit,
  type SubscriptionsList,
  type VerifiedPayment,
} from '../../src/contract/billing.ts';
import { feasibilityMessages } from '../../src/contract/feasibility.ts';
import { DomainError, invalid, notFound } from '../platform/domain-error.ts';
import type { Settings } from '../env.ts';
import { ProjectLimitReached, type BillingRepository, type PaidState, type StripeEventRef, type SubscriptionRow } from './repository.ts';
import type { ProjectsRepository, ProjectValues, ProjectWithCount } from '../projects/repository.ts';
import { secondsLeft, type Window } from '../platform/rate-limits-repository.ts';
import { defaultLimits } from '../platform/rate-limiter.ts';

// Stripe limits the whole account (100 requests/s live, 25 in test mode), so one user's reloads or a script must not
// reach it: every user's checkout and webhooks would fail with them (ADR 019).
/** A user's invoice list is asked of Stripe at most once in this many seconds per instance; a webhook about them drops it sooner. */
export const invoiceListSeconds = 30;
/**
 * Stripe is asked about one checkout at most once per this many seconds per instance: verifications arriving meanwhile
 * share the next ask, which waits for the rest of the interval. The client verifies once after Stripe's form
 * completes, retrying only after a network failure (1, 2 and 4 s later), so it waits 2 s at most, once; polling one
 * session costs 20 asks a minute, inside the window below.
 */
export const verifySpacingSeconds = 3;
/** The rate limiter's window for verifications that ask Stripe (`verifyPaymentPerUser` in services/rate-limiter.ts). */
export const verificationWindow = { bucket: 'verifyPaymentPerUser' as const, ...defaultLimits.verifyPaymentPerUser };

/** 429 for a verification past the user's window; Retry-After is the end of the window. */
export const verificationsRefused = (window: Window) =>
  new DomainError('tooMany', billingMessages.tooManyVerifications(window.limit, window.seconds), { retryAfterSeconds: secondsLeft(window.seconds) });

/** Why a billing request is refused. */
export type BillingRefusalReason = 'off' | 'unknownPlan' | 'freePlan' | 'samePlan' | 'noCustomer' | 'unknownCheckout' | 'notPaid' | 'expired' | 'badSignature';

const refusalOf: Record<BillingRefusalReason, () => DomainError> = {
  off: () => new DomainError('notFound', billingMessages.off),
  unknownPlan: () => invalid({ plan_id: [billingMessages.unknownPlan] }),
  freePlan: () => invalid({ plan_id: [billingMessages.freePlan] }),
  samePlan: () => new DomainError('conflict', billingMessages.samePlan),
  noCustomer: () => new DomainError('conflict', billingMessages.noCustomer),
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
const paidCheckout = new Set<string>(['paid', 'no_payment_required'] satisfies Stripe.Checkout.Session.PaymentStatus[]);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const dateOf = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const statusOf = (status: string): Status => (subscriptionStatuses as readonly string[]).includes(status) ? (status as Status) : 'incomplete';

// What is read of Stripe's objects, checked before anything is applied: a signed webhook is Stripe's, but its object
// may still be one no code here expects (a null, a NUL in an id, an invoice without lines, a date of 1e300).
/** Stripe's ids are short printable ASCII ('cs_test_a1B2…', 'sub_…'). */
const StripeId = pattern(string(), /^[\x21-\x7e]{1,255}$/);
/** Seconds since 1970 that a Date and PostgreSQL both hold: to the end of year 9999. */
const EpochSeconds = size(integer(), 0, 253_402_300_799);
/** An id, or the object it names when the request expanded it. */
const Expandable = union([StripeId, type({ id: StripeId })]);
const maybe = <T, S>(struct: Struct<T, S>) => optional(nullable(struct));

const StripeEvent = type({ id: StripeId, type: pattern(string(), /^[a-z0-9_.]{1,100}$/), data: type({ object: unknown() }) });
const CheckoutSessionObject = type({
  id: StripeId,
  status: nullable(string()),
  payment_status: string(),
  client_reference_id: maybe(string()),
  customer: maybe(Expandable),
  subscription: maybe(Expandable),
});
const SubscriptionObject = type({
  id: StripeId,
  customer: Expandable,
  status: string(),
  cancel_at_period_end: boolean(),
  cancel_at: maybe(EpochSeconds),
  items: type({ data: array(type({ current_period_end: EpochSeconds, price: type({ id: StripeId }) })) }),
});
/** The page the browser is sent to: Stripe's, so http(s) and nothing a browser would run. */
const PortalSessionObject = type({ url: pattern(string(), /^https?:\/\/[^\s]+$/) });
const EndedSubscription = type({ id: StripeId, customer: maybe(Expandable) });
const InvoiceObject = type({
  customer: maybe(Expandable),
  parent: maybe(type({ subscription_details: maybe(type({ subscription: maybe(Expandable) })) })),
  lines: type({ data: array(type({ period: type({ end: EpochSeconds }) })) }),
});
type CheckoutSessionObject = Infer<typeof CheckoutSessionObject>;
type SubscriptionObject = Infer<typeof SubscriptionObject>;

/** A signed webhook whose event is not what Stripe sends: answered 200 with the reason, so that Stripe does not retry it. */
class MalformedEvent extends Error {}

/** `value` as `struct` reads it, or the first place it differs, named without its value (which may hold anything). */
function checked<T, S>(value: unknown, struct: Struct<T, S>, what: string): { ok: true; value: T } | { ok: false; reason: string } {
  const [error, valid] = validate(value, struct);
  if (!error) return { ok: true, value: valid };
  const path = error.path.join('.');
  return { ok: false, reason: path ? `${what} has no valid \`${path}\`` : `${what} is not an object` };
}

/** Reads a webhook's part, throwing MalformedEvent when it differs. */
function fromEvent<T, S>(value: unknown, struct: Struct<T, S>, what: string): T {
  const result = checked(value, struct, what);
  if (!result.ok) throw new MalformedEvent(result.reason);
  return result.value;
}

/** Reads Stripe's own answer to a request; one that differs is the provider failing (502). */
function fromStripe<T, S>(value: unknown, struct: Struct<T, S>, log: FastifyBaseLogger): T {
  const result = checked(value, struct, 'the answer');
  if (result.ok) return result.value;
  log.warn({ reason: result.reason }, 'Stripe answered an object that differs from what is read of it');
  throw new DomainError('upstreamFailed', billingMessages.providerFailed);
}

/** Wraps a Stripe-facing call so that Stripe's own failures answer as a provider that failed (logged: they are ours to look at). */
function stripeFailures<A extends unknown[], T>(log: FastifyBaseLogger, call: (...args: A) => Promise<T>) {
  return async (...args: A): Promise<T> => {
    try {
      return await call(...args);
    } catch (error) {
      if (sdk && error instanceof sdk.errors.StripeError) {
        log.warn({ err: { type: error.type, code: error.code, statusCode: error.statusCode, message: error.message } }, 'a Stripe request failed');
        throw new DomainError('upstreamFailed', billingMessages.providerFailed);
      }
      throw error;
    }
  };
}

/**
 * Shares one run of `work` per key among the requests that ask meanwhile and keeps what it found for `seconds` (a
 * failure is not kept). One lifetime for all, so entries expire in the order they were made: the front ones go first.
 */
function shortLived<T>(seconds: number) {
  const entries = new Map<string, { promise: Promise<T>; until: number }>();
  return {
    get(key: string, work: () => Promise<T>): Promise<T> {
      const now = Date.now();
      for (const [old, entry] of entries) {
        if (entry.until > now) break;
        entries.delete(old);
      }
      const kept = entries.get(key);
      if (kept) return kept.promise;
      const entry = { promise: work(), until: now + seconds * 1000 };
      entries.set(key, entry);
      entry.promise.catch(() => entries.get(key) === entry && entries.delete(key));
      return entry.promise;
    },
    /** The data behind `key` changed: the next request asks again. */
    forget(key: string | null) {
      if (key !== null) entries.delete(key);
    },
  };
}

/**
 * At most one run of `work` per key at a time and per `seconds`: requests arriving while one is waiting to start or
 * under way share it; a request after it ended waits until `seconds` after its start, then runs it again. An answer is
 * never older than the request (nothing is reused, so a payment shows at the next run), and nothing is refused here.
 */
function spaced<T>(seconds: number) {
  const runs = new Map<string, { started: number; pending: Promise<T> | null }>();
  return (key: string, work: () => Promise<T>): Promise<T> => {
    const last = runs.get(key);
    if (last?.pending) return last.pending;
    const wait = last ? Math.max(0, last.started + seconds * 1000 - Date.now()) : 0;
    const run: { started: number; pending: Promise<T> | null } = { started: Date.now() + wait, pending: null };
    const pending = (async () => {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return work();
    })().finally(() => {
      run.pending = null;
      // Its start no longer holds the next run back after `seconds`: forget it then.
      setTimeout(() => runs.get(key) === run && runs.delete(key), seconds * 1000).unref();
    });
    run.pending = pending;
    runs.set(key, run);
    return pending;
  };
}

/** The Stripe SDK, loaded by the first Stripe-facing call: most servers run without billing, and it took ~0.15 s of every start. */
let sdk: typeof Stripe | undefined;

/** The Stripe client; STRIPE_API_URL points it at a stand-in (tests) instead of api.stripe.com. */
async function stripeClient(secretKey: string, apiUrl: string | undefined): Promise<Stripe> {
  const url = apiUrl ? new URL(apiUrl) : undefined;
  sdk ??= (await import('stripe')).default;
  return new sdk(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url && { host: url.hostname, port: url.port || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'https:' ? 'https' : 'http' }),
  });
}

/**
 * Stripe's view of a subscription, as stored here. A cancellation is scheduled either by `cancel_at_period_end` or,
 * as the customer portal does under flexible billing, by a `cancel_at` date with `cancel_at_period_end` false: both
 * are stored as a paid time that ends (`cancelAtPeriodEnd`) at the earlier of the period's end and `cancel_at`.
 */
function subscriptionState(subscription: SubscriptionObject): Omit<PaidState, 'planId'> {
  const ends = [...subscription.items.data.map((item) => item.current_period_end), ...(typeof subscription.cancel_at === 'number' ? [subscription.cancel_at] : [])];
  return {
    stripeSubscriptionId: subscription.id,
    status: statusOf(subscription.status),
    currentPeriodEnd: ends.length > 0 ? dateOf(ends.reduce((a, b) => Math.min(a, b))) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || typeof subscription.cancel_at === 'number',
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
 * project limit, and every Stripe-facing call is refused as 'off'. Stripe's own failures in those calls answer as a
 * provider that failed, so Stripe retries a webhook it could not get applied.
 */
export function createBilling({ settings, repository, projects, log }: { settings: Settings; repository: BillingRepository; projects: ProjectsRepository; log: FastifyBaseLogger }) {
  const secretKey = settings.STRIPE_SECRET_KEY;
  const enabled = !!secretKey;
  let stripe: Promise<Stripe> | undefined;
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

  /** The client, built at the first call. */
  function client(): Promise<Stripe> {
    if (!secretKey) throw billingRefusal('off');
    return (stripe ??= stripeClient(secretKey, settings.STRIPE_API_URL));
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
      await (await client()).subscriptions.cancel(subscriptionId);
    } catch (error) {
      log.error({ err: error, subscriptionId }, 'cancelling the subscription a new plan replaced failed; cancel it in the Stripe dashboard');
    }
  }

  // Per instance: another instance keeps its own for as long, so a new invoice may show there up to invoiceListSeconds later.
  const invoiceLists = shortLived<InvoiceList>(invoiceListSeconds);
  const askAboutCheckout = spaced<void>(verifySpacingSeconds);
  const viaStripe = <A extends unknown[], T>(call: (...args: A) => Promise<T>) => stripeFailures(log, call);

  /** Activates a paid checkout for its user, once; the webhook passes its event so that it is recorded with the change. */
  async function activate(userId: string, session: CheckoutSessionObject, event?: StripeEventRef) {
    const subscriptionId = idOf(session.subscription);
    const customerId = idOf(session.customer);
    if (!subscriptionId || !customerId) throw billingRefusal('notPaid');
    const subscription = fromStripe(await (await client()).subscriptions.retrieve(subscriptionId), SubscriptionObject, log);
    const result = await repository.activateCheckout(userId, session.id, { ...subscriptionState(subscription), stripeCustomerId: customerId }, event);
    invoiceLists.forget(customerId);
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

  const isPaid = (session: CheckoutSessionObject) => session.status === 'complete' && paidCheckout.has(session.payment_status);

  /** Applies one signed event; throws MalformedEvent, before changing anything, when a part it reads is not Stripe's shape. */
  async function apply(raw: unknown): Promise<void> {
    const event = fromEvent(raw, StripeEvent, 'the event');
    const ref = { id: event.id, type: event.type };
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = fromEvent(object, CheckoutSessionObject, 'the session');
        const userId = session.client_reference_id;
        // Only a checkout recorded for that user, and not yet activated, is worth asking Stripe about.
        const checkout = userId && isPaid(session) ? await repository.findCheckout(userId, session.id) : undefined;
        if (userId && checkout && !checkout.activatedAt) await activate(userId, session, ref);
        else await repository.recordEvent(ref);
        return;
      }
      case 'invoice.paid': {
        const invoice = fromEvent(object, InvoiceObject, 'the invoice');
        invoiceLists.forget(idOf(invoice.customer));
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        if (!subscriptionId) return repository.recordEvent(ref);
        const periodEnds = invoice.lines.data.map((line) => line.period.end);
        const changes = { status: 'active' as const, ...(periodEnds.length > 0 && { currentPeriodEnd: dateOf(periodEnds.reduce((a, b) => Math.max(a, b))) }) };
        await repository.subscriptionChanged({ subscriptionId, customerId: null }, changes, ref);
        return;
      }
      case 'customer.subscription.updated': {
        const subscription = fromEvent(object, SubscriptionObject, 'the subscription');
        const customerId = idOf(subscription.customer);
        invoiceLists.forget(customerId);
        const price = subscription.items.data[0]?.price.id;
        const planId = price ? planOfPrice.get(price) : undefined;
        if (price && !planId) log.warn({ price, subscriptionId: subscription.id }, 'a subscription moved to a price no plan in BILLING_PLANS names; its plan is kept');
        const changes = { ...subscriptionState(subscription), ...(planId && { planId }) };
        await repository.subscriptionChanged({ subscriptionId: subscription.id, customerId }, changes, ref);
        return;
      }
      case 'customer.subscription.deleted': {
        const subscription = fromEvent(object, EndedSubscription, 'the subscription');
        invoiceLists.forget(idOf(subscription.customer));
        await repository.subscriptionEnded(subscription.id, ref);
        return;
      }
      default:
        await repository.recordEvent(ref);
    }
  }

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

    /** Whether the plan allows another project, for the place where one is created; also while billing is off. */
    async projectAllowance(userId: string): Promise<ProjectLimit> {
      const [limits, usage] = await Promise.all([limitsFor(userId), repository.usage(userId)]);
      const allowed = limits.projects === null || usage.projects < limits.projects;
      return { allowed, used: usage.projects, limit: limits.projects, plan: limits.plan.name, detail: allowed ? null : limitMessage(limits, 'projects') };
    },

    overview: viaStripe(async (userId: string): Promise<SubscriptionsList> => {
      const publishableKey = settings.STRIPE_PUBLISHABLE_KEY;
      if (!enabled || !publishableKey) throw billingRefusal('off');
      const [row, usage] = await Promise.all([repository.subscription(userId), repository.usage(userId)]);
      return {
        plans: [freePlan, ...paidPlans],
        current: currentOf(row),
        usage: { projects: usage.projects, most_studies_in_a_project: usage.mostStudiesInAProject },
        publishable_key: publishableKey,
        portal: !!row?.stripeCustomerId,
      };
    }),

    /**
     * A Stripe Billing Portal session for the user's customer, where they cancel, change plan or update their card (as
     * the portal's configuration in the Stripe dashboard allows); it returns to /subscription. The changes come back
     * as customer.subscription.updated and .deleted webhooks.
     */
    portal: viaStripe(async (userId: string): Promise<BillingPortalSession> => {
      const stripe = await client();
      const customer = (await repository.subscription(userId))?.stripeCustomerId;
      if (!customer) throw billingRefusal('noCustomer');
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${settings.PUBLIC_URL}/subscription` });
      return { url: fromStripe(session, PortalSessionObject, log).url };
    }),

    /** Starts an Embedded Checkout for a paid plan, making the user's Stripe customer the first time. */
    startCheckout: viaStripe(async (user: { id: string; email: string; name: string }, planId: string): Promise<CheckoutSession> => {
      const stripe = await client();
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
    }),

    /**
     * Activates the plan of a paid checkout of this user; answers the same however often it is asked (and after the
     * webhook). Stripe is asked only about a checkout not yet activated, as `verifySpacingSeconds` allows;
     * `askingStripe` runs first (the caller's rate window).
     */
    verifyPayment: viaStripe(async (userId: string, sessionId: string, askingStripe: () => Promise<void>): Promise<VerifiedPayment> => {
      const stripe = await client();
      const checkout = await repository.findCheckout(userId, sessionId);
      if (!checkout) throw billingRefusal('unknownCheckout');
      if (!checkout.activatedAt) {
        await askAboutCheckout(sessionId, async () => {
          await askingStripe();
          const session = fromStripe(await stripe.checkout.sessions.retrieve(sessionId), CheckoutSessionObject, log);
          if (session.status === 'expired') throw billingRefusal('expired');
          if (!isPaid(session)) throw billingRefusal('notPaid');
          await activate(userId, session);
        });
      }
      return { session_id: checkout.id, plan_id: checkout.planId, plan_name: planById(checkout.planId)?.name ?? checkout.planId };
    }),

    /**
     * Verifies and applies one webhook delivery; each event id is applied once. A signed event that is not Stripe's
     * shape is logged and answered with `ignored` (Stripe retries anything but a 2xx for days, and a retry is the same).
     */
    webhook: viaStripe(async (payload: Buffer | undefined, signature: string | undefined): Promise<{ ignored?: string }> => {
      const stripe = await client();
      const secret = settings.STRIPE_WEBHOOK_SECRET;
      if (!payload || payload.length === 0 || !signature || !secret) throw billingRefusal('badSignature');
      let raw: unknown;
      try {
        raw = stripe.webhooks.constructEvent(payload, signature, secret);
      } catch (error) {
        // Signed, but not JSON (or not an event the SDK accepts): ignored below like any malformed event.
        if (sdk && error instanceof sdk.errors.StripeSignatureVerificationError) throw billingRefusal('badSignature');
      }
      try {
        if (raw === undefined) throw new MalformedEvent('the body is not a JSON event');
        await apply(raw);
        return {};
      } catch (error) {
        if (!(error instanceof MalformedEvent)) throw error;
        const { id, type } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
        const excerpt = (value: unknown) => (typeof value === 'string' ? value.slice(0, 255) : undefined);
        log.warn({ eventId: excerpt(id), eventType: excerpt(type), reason: error.message }, 'a signed Stripe webhook was malformed and is ignored');
        return { ignored: billingMessages.webhookIgnored(error.message) };
      }
    }),

    /** The user's invoices from Stripe, newest first (none before their first checkout); see `invoiceListSeconds`. */
    invoices: viaStripe(async (userId: string): Promise<InvoiceList> => {
      const stripe = await client();
      const customer = (await repository.subscription(userId))?.stripeCustomerId;
      if (!customer) return { count: 0, results: [] };
      return invoiceLists.get(customer, async () => {
        const list = await stripe.invoices.list({ customer, limit: 100 });
        return { count: list.data.length, results: list.data.map(invoiceView) };
      });
    }),
  };
}

export type Billing = ReturnType<typeof createBilling>;
