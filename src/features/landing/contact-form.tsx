import { Button, Heading, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { email, indianPhoneOptional, irishPhone, notBlank, required } from '../../contract/validation.ts';
import { type ApiError, isCancelled } from '../../lib/api-client.ts';
import { useForm } from '../../lib/use-form.ts';
import { sendContact } from './api/contact.ts';

// Planners in India and Ireland write to us; either phone shape is fine.
const phone = (value: string) => (indianPhoneOptional(value) && irishPhone(value) ? indianPhoneOptional(value) : undefined);
const rules = { name: [required, notBlank], email: [required, email], phone: [phone], message: [required, notBlank] };
const empty = { name: '', email: '', phone: '', message: '' };

export function ContactForm() {
  const { api } = useActors();
  const notify = useNotify();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  const [sending, setSending] = useState(false);
  const form = useForm(empty, rules, serverErrors);

  const send = async (values: typeof empty) => {
    setSending(true);
    try {
      await sendContact(api, { ...values, phone: values.phone || undefined });
      form.reset();
      setServerErrors(undefined);
      notify('Your message was sent. Thank you, we will get back to you soon.');
    } catch (error) {
      if (isCancelled(error)) return;
      const data = (error as ApiError).data as { errors?: Record<string, string[]>; detail?: string } | undefined;
      setServerErrors(data?.errors);
      if (!data?.errors) notify(data?.detail ?? 'Your message could not be sent. Please try again.', 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    // POST: served as static HTML (src/prerender), a form sent with scripts off must not put the message in the address.
    <form method="post" noValidate onSubmit={form.onSubmit((values) => void send(values))} aria-label="Contact us">
      <Stack gap={4}>
        <Heading as="h3" size="md">
          Send us a message
        </Heading>
        <Stack direction={{ base: 'column', md: 'row' }} gap={4}>
          <FormField label="Name" error={form.errorOf('name')} required>
            <Input autoComplete="name" {...form.bind('name')} />
          </FormField>
          <FormField label="Email" error={form.errorOf('email')} required>
            <Input type="email" autoComplete="email" {...form.bind('email')} />
          </FormField>
        </Stack>
        <FormField label="Phone" error={form.errorOf('phone')}>
          <Input type="tel" autoComplete="tel" {...form.bind('phone')} />
        </FormField>
        <FormField label="Message" error={form.errorOf('message')} required>
          <Textarea rows={4} {...form.bind('message')} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={sending} alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          Send message
        </Button>
      </Stack>
    </form>
  );
}
