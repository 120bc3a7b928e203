import { Button, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'wouter';
import { useActors } from '../../lib/actors-context.tsx';
import { CheckoutFailed, CheckoutProgress } from './checkout-progress.tsx';
import { useCheckout } from './use-checkout.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';

/**
 * /payment-success/{session_id}: where Embedded Checkout's onComplete (and Stripe's return URL, after a redirect)
 * lands. The server verifies the payment with Stripe; the screen shows the new plan, or why it did not change.
 * Coming from /stripe the checkout actor is already verifying this session; after a page load it is resumed.
 */
export function PaymentSuccessPage({ params }: { params: { session_id: string } }) {
  const sessionId = params.session_id;
  const { session } = useActors();
  const { checkout, view } = useCheckout();

  // Coming from /stripe the running checkout already verifies this session and the chart keeps it; after a page load
  // a new one resumes it.
  useEffect(() => {
    session.send({ type: 'checkout.resume', sessionId });
    return () => session.send({ type: 'checkout.end' });
  }, [session, sessionId]);

  const ours = view && view.sessionId === sessionId ? view : undefined;
  return (
    <Stack gap={6} maxW="3xl">
      <PageHeader title={ours?.step === 'verified' ? 'Payment confirmed' : ours?.step === 'failed' ? 'Payment not confirmed' : 'Confirming your payment'} />
      {checkout && ours && (ours.step === 'verifying' || ours.step === 'paying') && <CheckoutProgress checkout={checkout} view={ours} busyText="Checking your payment with Stripe…" />}
      {ours?.step === 'verified' && ours.payment && (
        <Card.Root variant="outline" borderColor="border.success" bg="bg.panel">
          <Card.Body>
            <Stack gap={4} align="flex-start">
              <Icon asChild boxSize="8" color="fg.success">
                <CircleCheck aria-hidden />
              </Icon>
              <Text fontSize="lg">
                You are now on the <strong>{ours.payment.plan_name}</strong> plan. Thank you!
              </Text>
              <Text color="fg.muted">Its limits apply at once; the invoice is on the invoices page.</Text>
              <HStack gap={3} wrap="wrap">
                <Button asChild colorPalette="brand">
                  <RouterLink href="/project">Go to your projects</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink href="/subscription">See your plan</RouterLink>
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      {ours?.step === 'failed' && <CheckoutFailed view={ours} />}
    </Stack>
  );
}
