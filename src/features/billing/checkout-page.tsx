import { Button, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { pathTo } from '../../../machines/route-guard.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { getSubscriptions } from './api/billing.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { BillingOff } from './billing-states.tsx';
import { CheckoutFailed, CheckoutProgress } from './checkout-progress.tsx';
import { EmbeddedCheckout } from './embedded-checkout.tsx';
import { useBillingData } from './use-billing-data.ts';
import { useCheckout } from './use-checkout.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';

/**
 * /stripe/{id}: buys plan `id`. Starts the session's checkout, shows Stripe's Embedded Checkout once the Checkout
 * Session exists, and on Stripe's onComplete goes on to /payment-success/{session} where the payment is verified.
 */
export function CheckoutPage({ params }: { params: { id: string } }) {
  const planId = params.id;
  const { session } = useActors();
  const [, navigate] = useLocation();
  const [subscriptions, reload] = useBillingData(getSubscriptions);
  const { checkout, view } = useCheckout();

  // The session's chart decides: a purchase of this plan already under way (back from another screen, React's double
  // effects) goes on; any other one is replaced.
  useEffect(() => session.send({ type: 'checkout.start', planId }), [session, planId]);

  const sessionId = view?.sessionId;
  const onComplete = useCallback(() => {
    if (!sessionId) return;
    session.send({ type: 'checkout.completed', sessionId });
    navigate(pathTo('paymentSuccess', { session_id: sessionId }));
  }, [session, sessionId, navigate]);

  const cancel = () => {
    session.send({ type: 'checkout.end' });
    navigate('/subscription');
  };

  const plan = subscriptions.status === 'ready' ? subscriptions.data.plans.find((candidate) => candidate.id === planId) : undefined;
  const ours = view && view.planId === planId ? view : undefined;
  return (
    <Stack gap={6} maxW="3xl">
      <PageHeader
        title={plan ? `Subscribe to ${plan.name}` : 'Payment'}
        actions={
          ours?.canCancel && (
            <Button variant="outline" size="sm" onClick={cancel}>
              Cancel
            </Button>
          )
        }
      />
      {plan && (
        <Text color="fg.muted">
          {plan.price}. You pay on Stripe's secure form below; your plan changes as soon as the payment is confirmed.
        </Text>
      )}
      {subscriptions.status === 'off' && <BillingOff />}
      {subscriptions.status === 'failed' && <LoadFailed detail={subscriptions.detail} onRetry={reload} />}
      {subscriptions.status !== 'off' && checkout && ours && (
        <>
          {ours.step === 'creatingSession' && <CheckoutProgress checkout={checkout} view={ours} busyText="Preparing your checkout…" />}
          {ours.step === 'paying' && subscriptions.status === 'ready' && ours.clientSecret && (
            <EmbeddedCheckout publishableKey={subscriptions.data.publishable_key} clientSecret={ours.clientSecret} onComplete={onComplete} />
          )}
          {ours.step === 'failed' && <CheckoutFailed view={ours} />}
        </>
      )}
    </Stack>
  );
}
