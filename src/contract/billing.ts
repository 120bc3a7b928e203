import { array, boolean, enums, integer, nullable, number, object, string, type Infer } from 'superstruct';
import { maxLength, text } from './fields.ts';
import { required } from './validation.ts';

/** The plan every account starts on; its limits come from FREE_PROJECTS and FREE_STUDIES_PER_PROJECT. */
export const freePlanId = 'free';

/** Stripe replaces this in the return URL with the Checkout Session's id. */
export const checkoutSessionPlaceholder = '{CHECKOUT_SESSION_ID}';

export const billingMessages = {
  off: 'Billing is not enabled on this server.',
  unknownPlan: 'There is no such plan.',
  freePlan: 'The Free plan needs no checkout.',
  samePlan: 'You are already on this plan.',
  noCustomer: 'There is no subscription to manage yet: choose a plan first.',
  notPaid: 'This checkout has not been paid. Nothing was charged and your plan is unchanged.',
  expired: 'This checkout expired before it was paid. Choose the plan again to start a new one.',
  badSignature: 'The webhook signature is missing or does not match.',
  providerFailed: 'The payment provider could not be reached. Please try again in a moment.',
  tooManyVerifications: (limit: number, seconds: number) =>
    `Too many payment checks: the payment provider is asked at most ${limit} times per ${seconds} seconds for one account. Please try again in a moment.`,
  webhookIgnored: (reason: string) => `Ignored: ${reason}. The event is signed, but is not what Stripe sends; nothing was changed.`,
  projectLimit: (limit: number, plan: string, lifting: string | null) =>
    `The ${plan} plan allows ${limit} ${limit === 1 ? 'project' : 'projects'}.` +
    (lifting ? ` Upgrade to ${lifting} for more, or delete a project first.` : ' Delete a project before creating another.'),
  studyLimit: (limit: number, plan: string, lifting: string | null) =>
    `The ${plan} plan allows ${limit} feasibility ${limit === 1 ? 'study' : 'studies'} per project.` +
    (lifting ? ` Upgrade to ${lifting} for more, or delete one first.` : ' Delete one before creating another.'),
} as const;

/** Limits of a plan; null means unlimited. */
export const PlanLimits = object({ projects: nullable(integer()), studies_per_project: nullable(integer()) });

export const Plan = object({
  id: string(),
  name: string(),
  /** As shown to the user, e.g. "$49 / month"; "Free" for the free plan. */
  price: string(),
  paid: boolean(),
  limits: PlanLimits,
});

export const subscriptionStatuses = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'] as const;

export const CurrentPlan = object({
  plan_id: string(),
  /** Stripe's subscription status; 'active' for Free. */
  status: enums(subscriptionStatuses),
  /** ISO date-time the paid period ends; null on Free. */
  current_period_end: nullable(string()),
  cancel_at_period_end: boolean(),
});

/** GET /api/subscriptions_list/ */
export const SubscriptionsList = object({
  plans: array(Plan),
  current: CurrentPlan,
  usage: object({
    projects: integer(),
    /** The most studies any one of the user's projects holds (the figure the per-project limit is measured against). */
    most_studies_in_a_project: integer(),
  }),
  /** Stripe.js needs it to mount Embedded Checkout. */
  publishable_key: string(),
  /** Whether Stripe's customer portal can be opened (the user has a Stripe customer, made by their first checkout). */
  portal: boolean(),
});

/** POST /api/stripe/portal/: a Stripe Billing Portal session to go to; it returns to /subscription. */
export const BillingPortalSession = object({ url: string() });

/** GET /api/project/check_limit/: whether the plan allows another project; `limit` null is no limit; `detail` says why not. */
export const ProjectLimit = object({ allowed: boolean(), used: integer(), limit: nullable(integer()), plan: string(), detail: nullable(string()) });

/** POST /api/stripe/checkout/ */
export const CheckoutBody = object({ plan_id: text(required, maxLength(64)) });
export const CheckoutSession = object({ session_id: string(), client_secret: string() });

/** POST /api/stripe/verify-payment/ */
export const VerifyPaymentBody = object({ session_id: text(required, maxLength(255)) });
/** Answered the same to every call for the same paid session (and after its webhook). */
export const VerifiedPayment = object({ session_id: string(), plan_id: string(), plan_name: string() });

export const Invoice = object({
  id: string(),
  number: nullable(string()),
  /** ISO date-time. */
  created: string(),
  /** In the currency's smallest unit (cents). */
  amount_due: number(),
  amount_paid: number(),
  currency: string(),
  status: nullable(string()),
  hosted_invoice_url: nullable(string()),
  invoice_pdf: nullable(string()),
});
/** GET /api/invoices/ */
export const InvoiceList = object({ count: integer(), results: array(Invoice) });

export type PlanLimits = Infer<typeof PlanLimits>;
export type Plan = Infer<typeof Plan>;
export type CurrentPlan = Infer<typeof CurrentPlan>;
export type SubscriptionsList = Infer<typeof SubscriptionsList>;
export type CheckoutBody = Infer<typeof CheckoutBody>;
export type CheckoutSession = Infer<typeof CheckoutSession>;
export type VerifyPaymentBody = Infer<typeof VerifyPaymentBody>;
export type VerifiedPayment = Infer<typeof VerifiedPayment>;
export type Invoice = Infer<typeof Invoice>;
export type BillingPortalSession = Infer<typeof BillingPortalSession>;
export type ProjectLimit = Infer<typeof ProjectLimit>;
export type InvoiceList = Infer<typeof InvoiceList>;
