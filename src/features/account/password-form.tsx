import { Alert, Button, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { toFormErrors } from '../../../machines/form-errors.ts';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { passwordLength } from '../../contract/auth.ts';
import { sameAs } from '../../contract/password-change.ts';
import { required } from '../../contract/validation.ts';
import { isCancelled } from '../../lib/api-client.ts';
import { useForm, type FieldRules } from '../../lib/use-form.ts';
import { changePassword } from './api/account.ts';

const empty = { current_password: '', new_password: '', confirm: '' };
const rules: FieldRules<keyof typeof empty> = { current_password: [required], new_password: [required, passwordLength], confirm: [required, sameAs('new_password')] };

/** The account's password, changed with the current one; the other sessions end, this one stays signed in. */
export function PasswordForm({ email }: { email: string }) {
  const { api } = useActors();
  const notify = useNotify();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  const [refusal, setRefusal] = useState<string>();
  const [saving, setSaving] = useState(false);
  const form = useForm(empty, rules, serverErrors);

  const save = async ({ current_password, new_password }: typeof empty) => {
    setSaving(true);
    setRefusal(undefined);
    try {
      const { detail } = await changePassword(api, { current_password, new_password });
      setServerErrors(undefined);
      form.reset();
      notify(detail);
    } catch (error) {
      if (isCancelled(error)) return;
      const { fields, detail, retryAfterSeconds } = toFormErrors(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setRefusal(`${detail ?? ''}${retryAfterSeconds ? ` Try again in ${retryAfterSeconds} s.` : ''}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
      <SectionCard title="Password" description="Changing it logs out every other session of your account; this one stays logged in, and we mail you a notice.">
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{refusal}</Alert.Title>
          </Alert.Root>
        )}
        <Stack gap={5} maxW="md">
          <FormField label="Current password" error={form.errorOf('current_password')} required>
            <Input type="password" autoComplete="current-password" {...form.bind('current_password')} />
          </FormField>
          <FormField label="New password" error={form.errorOf('new_password')} required helper="At least 8 characters; a few words make a strong one.">
            <Input type="password" autoComplete="new-password" {...form.bind('new_password')} />
          </FormField>
          <FormField label="New password again" error={form.errorOf('confirm')} required>
            <Input type="password" autoComplete="new-password" {...form.bind('confirm')} />
          </FormField>
        </Stack>
        <Button type="submit" colorPalette="brand" loading={saving} alignSelf="flex-start">
          Change password
        </Button>
      </SectionCard>
    </form>
  );
}
