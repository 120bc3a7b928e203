import { Avatar, Box, Button, DataList, Input, Stack, Text } from '@chakra-ui/react';
import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useActors, useNotify, useSession } from '../../lib/actors-context.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import type { Account } from '../../contract/auth.ts';
import { notBlank, required } from '../../contract/validation.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { useForm } from '../../lib/use-form.ts';
import { useResource } from '../../lib/use-resource.ts';
import { editAccount, getAccount } from './api/account.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { PasswordForm } from './password-form.tsx';

const maxPhotoBytes = 5 * 1024 * 1024;
const photoTypes = ['image/png', 'image/jpeg', 'image/webp'];
const rules = { name: [required, notBlank], company_name: [] };

/** /account: the account's details, edited in place; the photo is previewed before it is saved. */
export function AccountPage() {
  const { api, session } = useActors();
  const account = useSession((s) => s.context.user);
  const { status, data: fresh } = useResource('account', (signal) => getAccount(api, { signal }));
  // The session holds the account the header shows too: the fresh read goes there.
  useEffect(() => {
    if (fresh) session.send({ type: 'account.update', account: fresh });
  }, [session, fresh]);

  if (!account) return status === 'failed' ? <Text color="fg.error">Your account could not be loaded. Please try again.</Text> : <PageSkeleton />;
  return <AccountForm key={`${account.name}|${account.company_name}|${account.media_photo ?? ''}`} account={account} />;
}

function AccountForm({ account }: { account: Account }) {
  const { api, session } = useActors();
  const notify = useNotify();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm({ name: account.name, company_name: account.company_name }, rules, serverErrors);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  // The picker refuses a file over the size limit itself.
  const choosePhoto = (file: File) => {
    setPhotoError(undefined);
    if (!photoTypes.includes(file.type)) return setPhotoError('Choose a PNG, JPEG or WebP image.');
    setPhoto(file);
  };

  const save = async (values: { name: string; company_name: string }) => {
    if (photoError) return;
    setSaving(true);
    const body = new FormData();
    body.append('name', values.name.trim());
    body.append('company_name', values.company_name.trim());
    if (photo) body.append('media_photo', photo);
    try {
      const updated = await editAccount(api, body);
      session.send({ type: 'account.update', account: updated });
      notify('Your account has been saved.');
    } catch (error) {
      if (isCancelled(error)) return;
      const failure = error as ApiError;
      const data = failure.data as { errors?: Record<string, string[]> } | undefined;
      setServerErrors(data?.errors);
      setPhotoError(data?.errors?.media_photo?.[0] ?? (failure.status === 413 || failure.status === 415 ? (failure.detail ?? undefined) : undefined));
      if (!data?.errors && failure.status !== 413 && failure.status !== 415) notify(failure.detail || 'Your account could not be saved.', 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap={{ base: 6, md: 8 }} maxW="3xl">
      <PageHeader title="Account" description="Your profile, how you log in, and your plan." />
      <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
        <SectionCard title="Profile" description="Shown beside your name in Sunplot.">
          <Stack direction={{ base: 'column', sm: 'row' }} gap={5} align={{ base: 'flex-start', sm: 'center' }}>
            <Avatar.Root size="2xl" colorPalette="brand">
              <Avatar.Fallback name={account.name} />
              {(preview ?? account.media_preview) && <Avatar.Image src={preview ?? account.media_preview ?? undefined} alt="Profile photo" />}
            </Avatar.Root>
            <Box flex="1" minW={0} w="full">
              <FilePicker label="Photo" accept={photoTypes} typesLabel="PNG, JPEG or WebP" maxBytes={maxPhotoBytes} onFile={choosePhoto} />
              {photoError && (
                <Text color="fg.error" fontSize="sm" mt={1} role="alert">
                  {photoError}
                </Text>
              )}
            </Box>
          </Stack>
          <Stack direction={{ base: 'column', md: 'row' }} gap={5}>
            <FormField label="Name" error={form.errorOf('name')} required>
              <Input autoComplete="name" {...form.bind('name')} />
            </FormField>
            <FormField label="Company" error={form.errorOf('company_name')}>
              <Input autoComplete="organization" {...form.bind('company_name')} />
            </FormField>
          </Stack>
          <Button type="submit" colorPalette="brand" loading={saving} alignSelf="flex-start">
            Save
          </Button>
        </SectionCard>
      </form>
      <SectionCard title="Login" description="The address you log in with.">
        <Stack gap={2}>
          <DataList.Root>
            <DataList.Item>
              <DataList.ItemLabel>Email</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all" fontWeight="medium">
                {account.email}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Text fontSize="sm" color="fg.muted">
            You log in with this address, and password reset links are sent to it. It cannot be changed here.
          </Text>
        </Stack>
      </SectionCard>
      <PasswordForm email={account.email} />
      {account.show_subscription && (
        <SectionCard title="Subscription" description="Your plan, its limits and your invoices.">
          <Button asChild variant="outline" alignSelf="flex-start">
            <RouterLink href="/subscription">
              <CreditCard size={16} aria-hidden="true" />
              Your subscription and invoices
            </RouterLink>
          </Button>
        </SectionCard>
      )}
    </Stack>
  );
}

