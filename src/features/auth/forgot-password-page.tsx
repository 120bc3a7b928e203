import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import { useActors, useSession } from '../../lib/actors-context.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { email, required } from '../../contract/validation.ts';
import { useForm } from '../../lib/use-form.ts';
import { AuthLayout } from './auth-layout.tsx';
import { SessionFeedback } from './session-feedback.tsx';

const rules = { email: [required, email] };

export function ForgotPasswordPage() {
  const { session } = useActors();
  const busy = useSession((s) => s.matches({ loggedOut: 'requestingReset' }));
  const form = useForm({ email: '' }, rules, useSession((s) => s.context.errors?.fields));
  return (
    <AuthLayout title="Forgot your password?">
      <Text>Enter the email address of your account and we will send you a link to choose a new password.</Text>
      <SessionFeedback />
      <form noValidate onSubmit={form.onSubmit((values) => session.send({ type: 'passwordReset.request', email: values.email.trim() }))}>
        <Stack gap={4}>
          <FormField label="Email" error={form.errorOf('email')} required>
            <Input type="email" autoComplete="email" {...form.bind('email')} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={busy}>
            Send reset link
          </Button>
          <Link asChild fontSize="sm">
            <RouterLink href="/auth/login">Back to log in</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
