import { Alert, chakra, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useActors, useNotify, useSession } from '../../lib/actors-context.tsx';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';
import { checkProjectLimit, createProject } from './api/projects.ts';
import { ProjectLimitReached, ProjectUsage } from './project-limit.tsx';
import type { AreaGeometry } from '../../lib/map/map-types.ts';
import { attachParcels, attachSummary } from './attach-parcels.ts';
import { ProjectForm } from './project-form.tsx';
import { projectPath } from '../../lib/project-path.ts';
import { apnsOf, emptyProject, formFieldErrors, projectBody, type ProjectValues } from './project-values.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** /project/add: a new project, placed and outlined on the map; every new project, the first one too, then opens on its page. */
export function ProjectAddPage() {
  const { api, session } = useActors();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const firstProject = useSession((s) => s.hasTag('needsFirstProject'));
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>();
  const [saving, setSaving] = useState(false);
  // Opened directly at the plan's limit: said here as on the dashboard, rather than by a refused create.
  const allowance = useResource('project limit', (signal) => checkProjectLimit(api, { signal })).data;
  const atLimit = allowance?.allowed === false;

  const create = async (values: ProjectValues, boundary: AreaGeometry | null) => {
    setSaving(true);
    try {
      const project = await createProject(api, projectBody(values, boundary));
      session.send({ type: 'project.created' });
      const parcels = attachSummary(await attachParcels(api, project.id, apnsOf(values.apns)));
      notify(`Project "${project.name}" created. ${parcels.text}`.trim(), parcels.complete ? 'success' : 'warning');
      navigate(projectPath(project), { replace: true });
    } catch (error) {
      if (isCancelled(error)) return;
      const failure = error as ApiError;
      const errors = (failure.data as { errors?: Record<string, string[]> } | undefined)?.errors;
      setServerErrors(formFieldErrors(errors));
      if (!errors) notify(failure.detail ?? 'The project could not be created.', 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap={6}>
      <PageHeader
        title="Create a project"
        description={
          // On phones the map is what matters: it comes up higher without the line.
          <Text color="fg.muted" display={{ base: 'none', md: 'block' }}>
            Find the place, click the map to set the location and draw the site's boundary.
          </Text>
        }
        actions={<ProjectUsage allowance={allowance} />}
      />
      {atLimit && <ProjectLimitReached detail={allowance.detail} />}
      {firstProject && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Welcome to Sunplot. Start by creating your first project.</Alert.Title>
        </Alert.Root>
      )}
      {/* A disabled fieldset turns off every field and the submit button inside it. */}
      <chakra.fieldset disabled={atLimit} border="none" p={0} m={0} minW={0}>
        <ProjectForm initial={emptyProject} initialBoundary={null} purpose="create" saving={saving} serverErrors={serverErrors} onSubmit={(values, boundary) => void create(values, boundary)} />
      </chakra.fieldset>
    </Stack>
  );
}
