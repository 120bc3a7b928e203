import { Heading, Spinner, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useActors, useNotify } from '../../app/actors-context.tsx';
import { usePageTitle } from '../../app/use-page-title.ts';
import { Project } from '../../contract/projects.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import type { AreaGeometry } from '../../lib/map/map-types.ts';
import { ProjectForm } from './project-form.tsx';
import { projectPath } from '../../lib/project-path.ts';
import { formFieldErrors, projectBody, valuesOf, type ProjectValues } from './project-values.ts';
import { useProject } from '../../lib/use-project.ts';
import { ProjectNotFound } from './project-not-found.tsx';

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
      const saved = await api.patch('/api/project/edit/', { id: params.id, ...projectBody(values, boundary) }, { struct: Project });
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
  if (!project) return <Spinner aria-label="Loading the project" />;
  return (
    <Stack gap={6} maxW="3xl">
      <Heading as="h1" size="2xl">
        Edit {project.name}
      </Heading>
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
