import { Stack, Tabs } from '@chakra-ui/react';
import { useActors, useSession } from '../../lib/actors-context.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { GoogleSignIn } from './google-sign-in.tsx';
import { LoginForm } from './login-form.tsx';
import { SessionFeedback } from './session-feedback.tsx';
import { SignupForm } from './signup-form.tsx';

/** /auth/login: login and signup as two tabs of one container; the tab lives in the session machine. */
export function AuthPage() {
  const { session } = useActors();
  const tab = useSession((s) => s.context.authTab);
  return (
    <AuthLayout title={tab === 'login' ? 'Log in to Sunplot' : 'Create your account'}>
      <Tabs.Root value={tab} onValueChange={(details) => session.send({ type: 'authTab.select', tab: details.value === 'signup' ? 'signup' : 'login' })} fitted variant="enclosed" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="login">Log in</Tabs.Trigger>
          <Tabs.Trigger value="signup">Sign up</Tabs.Trigger>
        </Tabs.List>
        <Stack gap={4} pt={4}>
          <SessionFeedback />
          <Tabs.Content value="login" p={0}>
            <LoginForm />
          </Tabs.Content>
          <Tabs.Content value="signup" p={0}>
            <SignupForm />
          </Tabs.Content>
          <GoogleSignIn />
        </Stack>
      </Tabs.Root>
    </AuthLayout>
  );
}
