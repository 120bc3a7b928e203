import { CreditCard } from 'lucide-react';
import { useActors, useSession } from '../../lib/actors-context.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { StatusPanel } from '../../components/ui/status-panel.tsx';
import { billingMessages, type SubscriptionsList } from '../../contract/billing.ts';
import { useResource } from '../../lib/use-resource.ts';
import { getCurrentPlan } from './api/plan.ts';

type Outcome = Parameters<typeof StatusPanel>[0];

const toPlans = { label: 'See your plan', href: '/subscription' };
const outcomes = {
  signedOut: { title: 'Payment status', message: 'Log in to see your plan and your payments.', action: { label: 'Log in', href: '/auth/login' } },
  billingOff: { title: 'Billing is not enabled', message: `${billingMessages.off} Nothing can be bought or charged here.`, action: { label: 'Back to projects', href: '/project' } },
  unknown: { title: 'Payment status', message: 'Your plan could not be loaded just now, so its status is unknown. Nothing is charged without a confirmation.', action: toPlans },
} satisfies Record<string, Outcome>;

/** The current plan as the server has it: what the payment status is, whatever page or provider sent the user here. */
function currentPlanOutcome({ plans, current }: SubscriptionsList): Outcome {
  const name = plans.find((plan) => plan.id === current.plan_id)?.name ?? current.plan_id;
  const good = current.status === 'active' || current.status === 'trialing';
  return {
    title: good ? `You are on the ${name} plan` : `Your ${name} plan needs attention`,
    message: good ? 'Your plan is active. Its invoices are on the subscription page.' : `Its payment status is "${current.status.replace('_', ' ')}". The subscription page shows what to do next.`,
    action: toPlans,
  };
}

/**
 * /response/payment-status: nothing in the app links here with an outcome, so the screen claims none; it shows what
 * the server says now: the current plan and its status, billing being off, or that the status is unknown.
 */
export function PaymentStatusPage() {
  const { api } = useActors();
  const signedIn = useSession((s) => s.context.accessToken !== null);
  const plan = useResource(signedIn ? 'current plan' : null, (signal) => getCurrentPlan(api, { signal }));

  if (!signedIn) return <StatusPanel icon={CreditCard} {...outcomes.signedOut} />;
  if (plan.status === 'loading') return <PageSkeleton standalone />;
  if (plan.status === 'failed') {
    const billingOff = plan.error?.status === 404 && plan.error.detail === billingMessages.off;
    return <StatusPanel icon={CreditCard} {...(billingOff ? outcomes.billingOff : outcomes.unknown)} />;
  }
  return <StatusPanel icon={CreditCard} {...currentPlanOutcome(plan.data)} />;
}
