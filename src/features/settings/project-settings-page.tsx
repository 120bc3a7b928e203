import { Card, Skeleton, Stack, Text } from '@chakra-ui/react';
import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ProjectDetail } from '../../contract/projects.ts';
import { Preset } from '../../contract/settings.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { assumptionsOf, builtinOf, formErrorsOf } from './assumption-fields.ts';
import { listPresets } from './api/presets.ts';
import { PresetBadges } from './preset-badges.tsx';
import { PresetForm } from './preset-form.tsx';

interface Loaded {
  project: ProjectDetail;
  presets: Preset[];
  last: Preset;
}

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
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [missing, setMissing] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saving, setSaving] = useState<'save' | 'copy' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  usePageTitle(loaded ? `${loaded.project.name} settings` : 'Project settings');

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const query = { project_id: params.id };
      const [project, list, last] = await Promise.all([
        api.get('/api/project/get/', { query: { id: params.id }, struct: ProjectDetail, signal }),
        listPresets(api, params.id, { signal }),
        api.get('/api/settings/last/get/', { query, struct: Preset, signal }),
      ]);
      setLoaded({ project, presets: list.results, last });
      return last;
    },
    [api, params.id],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((last) => setSelectedId((current) => current ?? last.id))
      .catch((error: unknown) => !isCancelled(error) && setMissing(true));
    return () => controller.abort();
  }, [load]);

  if (missing) return <Text>This project does not exist, or it is not yours.</Text>;
  if (!loaded || !selectedId) return <SettingsSkeleton />;
  const { project, presets, last } = loaded;
  const preset = presets.find((candidate) => candidate.id === selectedId) ?? last;

  const save = async (values: Record<string, string>, asNew: boolean) => {
    setSaving(asNew ? 'copy' : 'save');
    try {
      const assumptions = assumptionsOf(values);
      const name = values.name!.trim();
      const saved = asNew
        ? await api.post('/api/settings/update/v2/', { name, based_on: preset.id, project_id: project.id, assumptions }, { struct: Preset })
        : await api.patch('/api/settings/update/v2/', { id: preset.id, name, assumptions }, { struct: Preset });
      await load();
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
