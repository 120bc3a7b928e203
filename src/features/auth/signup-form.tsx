import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import { useActors, useSession } from '../../lib/actors-context.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { passwordLength } from '../../contract/auth.ts';
import { email, notBlank, required } from '../../contract/validation.ts';
import { useForm } from '../../lib/use-form.ts';

const rules = { name: [required, notBlank], email: [required, email], password: [required, passwordLength], company_name: [] };

export function SignupForm() {
  const { session } = useActors();
  const busy = useSession((s) => s.matches({ loggedOut: 'signingUp' }));
  const serverErrors = useSession((s) => s.context.errors?.fields);
  const form = useForm({ name: '', email: '', password: '', company_name: '' }, rules, serverErrors);

  return (
    // POST: served as static HTML (src/prerender), a form sent with scripts off must not put the password in the address.
    <form
      method="post"
      noValidate
      onSubmit={form.onSubmit((values) =>
        session.send({
          type: 'signup.submit',
          name: values.name.trim(),
          email: values.email.trim(),
          password: values.password,
          ...(values.company_name.trim() ? { company_name: values.company_name.trim() } : {}),
        }),
      )}
    >
      <Stack gap={4}>
        <FormField label="Name" error={form.errorOf('name')} required>
          <Input autoComplete="name" {...form.bind('name')} />
        </FormField>
        <FormField label="Email" error={form.errorOf('email')} required>
          <Input type="email" autoComplete="email" {...form.bind('email')} />
        </FormField>
        <FormField label="Password" error={form.errorOf('password')} required helper="At least 8 characters; a few words make a strong one.">
          <Input type="password" autoComplete="new-password" {...form.bind('password')} />
        </FormField>
        <FormField label="Company" error={form.errorOf('company_name')}>
          <Input autoComplete="organization" {...form.bind('company_name')} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={busy}>
          Create account
        </Button>
        <Text fontSize="sm" color="fg.muted">
          By signing up you accept the{' '}
          <Link asChild>
            <RouterLink href="/terms">terms</RouterLink>
          </Link>{' '}
          and the{' '}
          <Link asChild>
            <RouterLink href="/policies">privacy policy</RouterLink>
          </Link>
          .
        </Text>
      </Stack>
    </form>
  );
}
