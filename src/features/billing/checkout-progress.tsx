import { Alert, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import type { CheckoutRef, CheckoutView } from './use-checkout.ts';

/**
 * A request step of the checkout (creating the session, verifying the payment): under way, or waiting to retry after
 * a network failure, with "Try now" / "Try again" sending 'checkout.retry'.
 */
export function CheckoutProgress({ checkout, view, busyText }: { checkout: CheckoutRef; view: CheckoutView; busyText: string }) {
  if (view.retry === null) {
    return (
      <HStack gap={3} role="status">
        <Spinner size="sm" />
        <Text>{busyText}</Text>
      </HStack>
    );
  }
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Stack gap={2}>
          <Alert.Description>
            {view.failure?.detail} {view.retry === 'soon' ? 'Trying again in a moment.' : ''}
          </Alert.Description>
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => checkout.send({ type: 'checkout.retry' })}>
            {view.retry === 'soon' ? 'Try now' : 'Try again'}
          </Button>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The checkout's end when it failed: the server's reason and the way back to the plans. */
export function CheckoutFailed({ view }: { view: CheckoutView }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Stack gap={2}>
          <Alert.Description>{view.failure?.detail}</Alert.Description>
          <Button asChild size="sm" variant="outline" alignSelf="flex-start">
            <RouterLink href="/subscription">Back to plans</RouterLink>
          </Button>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
