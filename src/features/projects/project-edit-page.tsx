import { Button, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { editProject } from './api/projects.ts';
import type { AreaGeometry } from '../../lib/map/map-types.ts';
import { ProjectForm } from './project-form.tsx';
import { projectPath } from '../../lib/project-path.ts';
import { formFieldErrors, projectBody, valuesOf, type ProjectValues } from './project-values.ts';
import { useProject } from '../../lib/use-project.ts';
import { ProjectNotFound } from './project-not-found.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** /project/edit/{id}/{name}: the project form, filled in; saving goes back to the project. */
export function ProjectEditPage({ params }: { params: { id: string } }) {
  const { api } = useActors();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const { project, missing } = useProject(params.id);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  const [saving, setSaving] = useState(false);
  usePageTitle(missing ? 'Project not found' : project ? `Edit ${project.name}` : 'Edit project');

  const save = async (values: ProjectValues, boundary: AreaGeometry | null) => {
    setSaving(true);
    try {
      const saved = await editProject(api, { id: params.id, ...projectBody(values, boundary) });
      notify('Project saved.');
      navigate(projectPath(saved), { replace: true });
    } catch (error) {
      if (isCancelled(error)) return;
      const failure = error as ApiError;
      const errors = (failure.data as { errors?: Record<string, string[]> } | undefined)?.errors;
      setServerErrors(formFieldErrors(errors));
      if (!errors) notify(failure.detail ?? 'The project could not be saved.', 'error');
    } finally {
      setSaving(false);
    }
  };

  if (missing) return <ProjectNotFound />;
  if (!project) return <FormSkeleton />;
  return (
    <Stack gap={6}>
      <Stack gap={2}>
        <Button asChild variant="ghost" size="xs" alignSelf="flex-start" ms={-2} color="fg.muted">
          <RouterLink href={projectPath(project)}>
            <ArrowLeft aria-hidden /> Back to the project
          </RouterLink>
        </Button>
        <PageHeader title={`Edit ${project.name}`} />
      </Stack>
      <ProjectForm
        initial={valuesOf(project)}
        initialBoundary={(project.boundary as AreaGeometry | null) ?? null}
        purpose="edit"
        saving={saving}
        serverErrors={serverErrors}
        onSubmit={(values, boundary) => void save(values, boundary)}
      />
    </Stack>
  );
}

/** The edit screen's outline while the project loads: the title, then the fields beside the map. */
function FormSkeleton() {
  return (
    <Stack gap={6} role="status" aria-label="Loading the project" aria-busy="true">
      <Skeleton h="9" w={{ base: '60', md: '96' }} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(20rem, 2fr) minmax(0, 3fr)' }} gap={6}>
        <Skeleton h={{ base: '40', lg: '96' }} rounded="l3" />
        <Skeleton h={{ base: '72', lg: '540px' }} rounded="l3" />
      </Grid>
    </Stack>
  );
}
