import { billingMessages, type CurrentPlan, type Plan, type PlanLimits, type SubscriptionsList } from '../../contract/billing.ts';
import { currencyDigits, formatCurrency, formatInteger } from '../../lib/number-format.ts';

/** An invoice amount from Stripe's minor units (cents; none for JPY) in the invoice's currency. */
export const formatAmount = (minorUnits: number, currency: string) => formatCurrency(minorUnits / 10 ** currencyDigits(currency), currency);

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A plan limit; null is no limit. */
export const formatLimit = (limit: number | null) => (limit === null ? 'Unlimited' : formatInteger(limit));

/** Usage against a limit: "2 of 3", or "2 · Unlimited". */
export const formatUsage = (used: number, limit: number | null) => (limit === null ? `${formatInteger(used)} · Unlimited` : `${formatInteger(used)} of ${formatInteger(limit)}`);

export const limitLines = (limits: PlanLimits) => [
  { label: 'Projects', value: formatLimit(limits.projects) },
  { label: 'Studies per project', value: formatLimit(limits.studies_per_project) },
];

const statusLabels: Record<CurrentPlan['status'], string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Payment incomplete',
  incomplete_expired: 'Payment expired',
  paused: 'Paused',
};
export const subscriptionStatusLabel = (status: CurrentPlan['status']) => statusLabels[status];

/** When a paid period ends: renewal, or the end of a subscription cancelled at period end. */
export function periodLine(current: CurrentPlan): string | null {
  if (!current.current_period_end) return null;
  const date = formatDate(current.current_period_end);
  return current.cancel_at_period_end ? `Ends on ${date}` : `Renews on ${date}`;
}

/** The first paid plan (the server lists them cheapest first) that allows more than `plan`; the server's 403 names the same. */
function liftingPlan(plans: readonly Plan[], plan: Plan, limit: keyof PlanLimits): Plan | null {
  const current = plan.limits[limit];
  if (current === null) return null;
  return plans.find((candidate) => candidate.paid && (candidate.limits[limit] === null || candidate.limits[limit] > current)) ?? null;
}

/**
 * Each limit of the current plan the user has reached, in the words of the server's refusal: the limit, the plan, and
 * the plan that lifts it or, when none does, deleting to make room.
 */
export function reachedLimits({ plans, current, usage }: SubscriptionsList): { limit: keyof PlanLimits; message: string; lifting: Plan | null }[] {
  const plan = plans.find((candidate) => candidate.id === current.plan_id);
  if (!plan) return [];
  const used: Record<keyof PlanLimits, number> = { projects: usage.projects, studies_per_project: usage.most_studies_in_a_project };
  const message = { projects: billingMessages.projectLimit, studies_per_project: billingMessages.studyLimit };
  return (['projects', 'studies_per_project'] as const).flatMap((limit) => {
    const allowed = plan.limits[limit];
    if (allowed === null || used[limit] < allowed) return [];
    const lifting = liftingPlan(plans, plan, limit);
    return [{ limit, message: message[limit](allowed, plan.name, lifting?.name ?? null), lifting }];
  });
}
