import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'wouter';
import { useActors, useSession } from '../../lib/actors-context.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { SessionFeedback } from './session-feedback.tsx';

/** /auth/verify/:token: the link from the confirmation mail; confirms on arrival. */
export function VerifyPage({ params }: { params: { token: string } }) {
  const { session } = useActors();
  const verifying = useSession((s) => s.matches({ loggedOut: 'verifying' }));
  const verified = useSession((s) => s.context.notice?.kind === 'emailVerified');
  useEffect(() => {
    session.send({ type: 'email.verify', token: params.token });
  }, [session, params.token]);

  return (
    <AuthLayout title="Confirm your email address">
      {verifying ? (
        <Stack direction="row" align="center" gap={3}>
          <Spinner size="sm" />
          <Text>Confirming…</Text>
        </Stack>
      ) : (
        <SessionFeedback />
      )}
      {!verifying && (
        <Button asChild colorPalette="brand" variant={verified ? 'solid' : 'outline'}>
          <RouterLink href="/auth/login">{verified ? 'Log in' : 'Back to log in'}</RouterLink>
        </Button>
      )}
    </AuthLayout>
  );
}
