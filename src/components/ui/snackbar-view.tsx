import { Alert, Box, CloseButton } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useActors } from '../../lib/actors-context.tsx';

/** The snackbar (spec §3, §9): bottom right, 3500 ms; the machine keeps time and the queue. */
export function SnackbarView() {
  const { snackbar } = useActors();
  const current = useSelector(snackbar, (s) => (s.matches('visible') ? s.context.current : null));
  if (!current) return null;
  return (
    <Box position="fixed" bottom={{ base: 3, md: 6 }} right={{ base: 3, md: 6 }} left={{ base: 3, md: 'auto' }} zIndex="toast" maxW={{ md: 'sm' }}>
      <Alert.Root status={current.color} variant="solid" role="status" boxShadow="lg">
        <Alert.Indicator />
        <Alert.Title flex="1">{current.message}</Alert.Title>
        <CloseButton size="sm" aria-label="Dismiss" onClick={() => snackbar.send({ type: 'snackbar.close' })} />
      </Alert.Root>
    </Box>
  );
}
