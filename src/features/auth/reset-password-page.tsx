import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'wouter';
import { useActors, useSession } from '../../lib/actors-context.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { passwordLength } from '../../contract/auth.ts';
import { sameAs } from '../../contract/password-change.ts';
import { required } from '../../contract/validation.ts';
import { useForm, type FieldRules } from '../../lib/use-form.ts';
import { AuthLayout } from './auth-layout.tsx';
import { SessionFeedback } from './session-feedback.tsx';

const rules: FieldRules<'password' | 'confirm'> = { password: [required, passwordLength], confirm: [required, sameAs('password')] };

/** /auth/reset-password?token=…: the link from the reset mail. */
export function ResetPasswordPage() {
  const { session } = useActors();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const busy = useSession((s) => s.matches({ loggedOut: 'resettingPassword' }));
  const done = useSession((s) => s.context.notice?.kind === 'passwordReset');
  const serverErrors = useSession((s) => s.context.errors?.fields);
  const form = useForm({ password: '', confirm: '' }, rules, serverErrors);
  const tokenError = serverErrors?.token?.[0];

  if (!token) {
    return (
      <AuthLayout title="Reset your password">
        <Text>This page needs the link from the password reset email.</Text>
        <Link asChild>
          <RouterLink href="/auth/forgot-password">Ask for a new link</RouterLink>
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password">
      <SessionFeedback />
      {tokenError && (
        <Text color="fg.error" role="alert">
          {tokenError}{' '}
          <Link asChild>
            <RouterLink href="/auth/forgot-password">Ask for a new link.</RouterLink>
          </Link>
        </Text>
      )}
      {done ? (
        <Button asChild colorPalette="brand">
          <RouterLink href="/auth/login">Log in</RouterLink>
        </Button>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => session.send({ type: 'passwordReset.submit', token, password: values.password }))}>
          <Stack gap={4}>
            <FormField label="New password" error={form.errorOf('password')} required helper="At least 8 characters.">
              <Input type="password" autoComplete="new-password" {...form.bind('password')} />
            </FormField>
            <FormField label="New password again" error={form.errorOf('confirm')} required>
              <Input type="password" autoComplete="new-password" {...form.bind('confirm')} />
            </FormField>
            <Button type="submit" colorPalette="brand" loading={busy}>
              Set new password
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
