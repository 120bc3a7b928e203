import { Alert, Button, HStack } from '@chakra-ui/react';

/** A load that failed: the server's message (or what could not be loaded) and a retry. */
export function LoadFailed({ detail, onRetry }: { detail: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <HStack justify="space-between" wrap="wrap" gap={3} w="full">
          <Alert.Description>{detail}</Alert.Description>
          <Button size="xs" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
