import { Button, Input, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import { useActors, useSession } from '../../lib/actors-context.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { email, required } from '../../contract/validation.ts';
import { useForm } from '../../lib/use-form.ts';

const rules = { email: [required, email], password: [required] };

export function LoginForm() {
  const { session } = useActors();
  const busy = useSession((s) => s.matches({ loggedOut: 'loggingIn' }));
  const serverErrors = useSession((s) => s.context.errors?.fields);
  const needsVerification = useSession((s) => s.context.errors?.status === 403);
  const form = useForm({ email: '', password: '' }, rules, serverErrors);

  return (
    // POST: served as static HTML (src/prerender), a form sent with scripts off must not put the password in the address.
    <form method="post" noValidate onSubmit={form.onSubmit((values) => session.send({ type: 'login.submit', email: values.email.trim(), password: values.password }))}>
      <Stack gap={4}>
        <FormField label="Email" error={form.errorOf('email')} required>
          <Input type="email" autoComplete="username" {...form.bind('email')} />
        </FormField>
        <FormField label="Password" error={form.errorOf('password')} required>
          <Input type="password" autoComplete="current-password" {...form.bind('password')} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={busy}>
          Log in
        </Button>
        {needsVerification && (
          <Button variant="outline" onClick={() => session.send({ type: 'verification.resend', email: form.values.email.trim() })}>
            Send the confirmation email again
          </Button>
        )}
        <Link asChild fontSize="sm" alignSelf="flex-end">
          <RouterLink href="/auth/forgot-password">Forgot your password?</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
