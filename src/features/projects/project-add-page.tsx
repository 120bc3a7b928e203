import { Alert, Button, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useActors, useNotify, useSession } from '../../app/actors-context.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { latitudeMessage, longitudeMessage } from '../../contract/gis.ts';
import { Project } from '../../contract/projects.ts';
import { notBlank, pincode, required, type Rule } from '../../contract/validation.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { useForm } from '../../lib/use-form.ts';

const between = (low: number, high: number, message: string): Rule => (value) => {
  if (value === '' || value === undefined) return undefined;
  const n = Number(value);
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) && n >= low && n <= high ? undefined : message;
};
const rules = {
  name: [required, notBlank],
  lat: [required, between(-90, 90, latitudeMessage)],
  lng: [required, between(-180, 180, longitudeMessage)],
  description: [],
  address: [],
  pincode: [pincode],
};
const empty = { name: '', lat: '', lng: '', description: '', address: '', pincode: '' };

/** /project/add: name and location of a new project (the map picker arrives with the projects work). */
export function ProjectAddPage() {
  const { api, session } = useActors();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const firstProject = useSession((s) => s.matches('needsFirstProject'));
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  const [saving, setSaving] = useState(false);
  const form = useForm(empty, rules, serverErrors);

  const create = async (values: typeof empty) => {
    setSaving(true);
    try {
      const project = await api.post(
        '/api/project/create/',
        {
          name: values.name.trim(),
          location: { lat: Number(values.lat), lng: Number(values.lng) },
          description: values.description.trim() || undefined,
          address: values.address.trim() || undefined,
          pincode: values.pincode.trim() || undefined,
        },
        { struct: Project },
      );
      session.send({ type: 'project.created' });
      notify(`Project "${project.name}" created.`);
      navigate('/project', { replace: true });
    } catch (error) {
      if (isCancelled(error)) return;
      const data = (error as ApiError).data as { errors?: Record<string, string[]> } | undefined;
      const errors = data?.errors ?? {};
      // The API nests the location's messages under location.lat / location.lng.
      setServerErrors({ ...errors, lat: errors['location.lat'] ?? [], lng: errors['location.lng'] ?? [] });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap={6} maxW="2xl">
      <Heading as="h1" size="2xl">
        Create a project
      </Heading>
      {firstProject && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Welcome to Sunplot. Start by creating your first project.</Alert.Title>
        </Alert.Root>
      )}
      <form noValidate onSubmit={form.onSubmit((values) => void create(values))}>
        <Stack gap={4}>
          <FormField label="Project name" error={form.errorOf('name')} required>
            <Input {...form.bind('name')} />
          </FormField>
          <Text fontWeight="medium">Location of the site</Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={4}>
            <FormField label="Latitude" error={form.errorOf('lat')} required helper="Degrees, north positive">
              <Input inputMode="decimal" {...form.bind('lat')} />
            </FormField>
            <FormField label="Longitude" error={form.errorOf('lng')} required helper="Degrees, east positive">
              <Input inputMode="decimal" {...form.bind('lng')} />
            </FormField>
          </Stack>
          <FormField label="Address" error={form.errorOf('address')}>
            <Input autoComplete="street-address" {...form.bind('address')} />
          </FormField>
          <FormField label="Pincode" error={form.errorOf('pincode')} helper="Indian PIN code, if the site is in India">
            <Input inputMode="numeric" {...form.bind('pincode')} />
          </FormField>
          <FormField label="Description" error={form.errorOf('description')}>
            <Textarea rows={3} {...form.bind('description')} />
          </FormField>
          <Button type="submit" colorPalette="orange" loading={saving} alignSelf="flex-start">
            Create project
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
