import { Card, Skeleton, Stack, Text } from '@chakra-ui/react';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useProject } from '../../lib/use-project.ts';
import { useResource } from '../../lib/use-resource.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { assumptionsOf, builtinOf, formErrorsOf } from '../../lib/assumption-fields.ts';
import { getLastPreset, listPresets } from '../../lib/api/presets.ts';
import { savePreset } from './api/presets.ts';
import { PresetBadges } from './preset-badges.tsx';
import { PresetForm } from './preset-form.tsx';

function SettingsSkeleton() {
  return (
    <Stack gap={6} maxW="4xl" role="status" aria-busy="true" aria-label="Loading the settings">
      <Skeleton h="9" w={{ base: 'full', md: 'lg' }} />
      <Skeleton h="4" w="full" />
      <Skeleton h="24" rounded="lg" />
      <Skeleton h="72" rounded="lg" />
    </Stack>
  );
}

/** /project/settings/{id}/{name}: the assumption presets a project's studies start from, edited with the spec's checks. */
export function ProjectSettingsPage({ params }: { params: { id: string } }) {
  const { api } = useActors();
  const notify = useNotify();
  const { project, missing } = useProject(params.id);
  const settings = useResource(params.id, async (signal) => {
    const [list, last] = await Promise.all([listPresets(api, params.id, { signal }), getLastPreset(api, params.id, { signal })]);
    return { presets: list.results, last };
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saving, setSaving] = useState<'save' | 'copy' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  usePageTitle(project ? `${project.name} settings` : 'Project settings');

  // A failed reload after a save keeps the page; only a first load that failed means there is nothing to show.
  if (missing || (settings.status === 'failed' && !settings.data)) return <Text>This project does not exist, or it is not yours.</Text>;
  if (!project || !settings.data) return <SettingsSkeleton />;
  const { presets, last } = settings.data;
  const preset = presets.find((candidate) => candidate.id === (selectedId ?? last.id)) ?? last;

  const save = async (values: Record<string, string>, asNew: boolean) => {
    setSaving(asNew ? 'copy' : 'save');
    try {
      const assumptions = assumptionsOf(values);
      const name = values.name!.trim();
      const saved = await savePreset(api, asNew ? { name, based_on: preset.id, project_id: project.id, assumptions } : { id: preset.id, name, assumptions });
      await settings.reload();
      setSelectedId(saved.id);
      setServerErrors(undefined);
      notify(asNew ? `Preset "${saved.name}" saved.` : 'Preset saved.');
    } catch (error) {
      if (isCancelled(error)) return;
      const failure = error as ApiError;
      const errors = (failure.data as { errors?: Record<string, string[]> } | undefined)?.errors;
      setServerErrors(formErrorsOf(errors));
      if (!errors) notify(failure.detail ?? 'The preset could not be saved.', 'error');
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap={6} maxW="4xl">
      <PageHeader
        icon={SlidersHorizontal}
        title={`Assumptions for ${project.name}`}
        description="New feasibility studies start from the preset saved or used last. Every default cites its source and year."
      />
      <Card.Root size="sm">
        <Card.Body gap={3}>
          <SelectField
            label="Preset"
            helper={preset.id === last.id ? 'This is the preset new studies start from.' : undefined}
            value={preset.id}
            onChange={(id) => {
              setServerErrors(undefined);
              setSelectedId(id);
            }}
            options={presets.map((candidate) => ({
              value: candidate.id,
              label: `${candidate.name}${candidate.builtin ? ' (built-in)' : ''}${candidate.id === last.id ? ' (current)' : ''}`,
            }))}
          />
          <PresetBadges preset={preset} projectId={project.id} />
        </Card.Body>
      </Card.Root>
      <PresetForm key={`${preset.id}|${preset.updated_at ?? ''}`} preset={preset} builtin={builtinOf(preset, presets)} saving={saving} serverErrors={serverErrors} onSave={(values, asNew) => void save(values, asNew)} />
    </Stack>
  );
}
