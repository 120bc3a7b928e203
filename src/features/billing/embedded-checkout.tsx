import { Alert, Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { StripeEmbeddedCheckout } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';

/**
 * Stripe allows one Embedded Checkout on a page at a time: each mount waits until the one before it is destroyed
 * (a remount, or React's development double effects, would otherwise start a second while the first initialises).
 */
let previousCheckout: Promise<void> = Promise.resolve();

/**
 * Stripe's Embedded Checkout for a Checkout Session. Stripe.js comes from js.stripe.com only now, at checkout
 * (`@stripe/stripe-js/pure` loads nothing until called); when it cannot load, the user is told and can retry.
 */
export function EmbeddedCheckout({ publishableKey, clientSecret, onComplete }: { publishableKey: string; clientSecret: string; onComplete: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const completed = useRef(onComplete);
  const [status, setStatus] = useState<'loading' | 'mounted' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    completed.current = onComplete;
  }, [onComplete]);

  useEffect(() => {
    let left = false;
    let embedded: StripeEmbeddedCheckout | undefined;
    let release!: () => void;
    const previous = previousCheckout;
    previousCheckout = new Promise<void>((resolve) => (release = resolve));
    const destroy = () => {
      embedded?.destroy();
      embedded = undefined;
      release();
    };

    previous
      .then(async () => {
        if (left) return release();
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = await loadStripe(publishableKey);
        if (!stripe) throw new Error('Stripe.js is not available here');
        // initEmbeddedCheckout() before Stripe.js "dahlia" (2026-03); the release train this package loads has only this name.
        const page = await stripe.createEmbeddedCheckoutPage({ fetchClientSecret: async () => clientSecret, onComplete: () => completed.current() });
        embedded = page;
        if (left || !container.current) return destroy();
        page.mount(container.current);
        setStatus('mounted');
      })
      .catch(() => {
        destroy();
        if (!left) setStatus('failed');
      });
    return () => {
      left = true;
      if (embedded) destroy();
    };
  }, [publishableKey, clientSecret, attempt]);

  return (
    <Stack gap={3}>
      {status === 'loading' && (
        <HStack gap={3} role="status">
          <Spinner size="sm" />
          <Text>Loading Stripe's secure payment form…</Text>
        </HStack>
      )}
      {status === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Stack gap={2}>
              <Alert.Title>The payment form could not be loaded</Alert.Title>
              <Alert.Description>Stripe's payment page did not load: check your connection, or whether something blocks js.stripe.com. Nothing was charged.</Alert.Description>
              <Button
                size="sm"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => {
                  setStatus('loading');
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            </Stack>
          </Alert.Content>
        </Alert.Root>
      )}
      <Box ref={container} data-testid="embedded-checkout" minH={status === 'mounted' ? '24' : undefined} />
    </Stack>
  );
}
