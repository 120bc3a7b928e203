import { Badge, Button, DataList, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { askModal } from '../../../machines/modal.machine.ts';
import { useActors, useNotify } from '../../app/actors-context.tsx';
import { usePageTitle } from '../../app/use-page-title.ts';
import { ProjectDetail } from '../../contract/projects.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';

/** /project/{id}/{name}: the project's summary; studies, tasks and the map join it in later work. */
export function ProjectDetailPage({ params }: { params: { id: string } }) {
  const { api, modal } = useActors();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const [project, setProject] = useState<ProjectDetail | null>(null);
  const [missing, setMissing] = useState(false);
  usePageTitle(project?.name ?? 'Project');

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/project/get/', { query: { id: params.id }, struct: ProjectDetail, signal: controller.signal })
      .then(setProject)
      .catch((error: unknown) => !isCancelled(error) && setMissing(true));
    return () => controller.abort();
  }, [api, params.id]);

  const remove = async () => {
    if (!project) return;
    const confirmed = await askModal(modal, 'delete', { title: 'Delete project?', message: `"${project.name}" and its parcels, studies and tasks will be deleted. This cannot be undone.` });
    if (!confirmed) return;
    try {
      await api.delete('/api/project/delete/', { query: { id: project.id } });
      notify('Project deleted.');
      navigate('/project', { replace: true });
    } catch (error) {
      if (!isCancelled(error)) notify((error as ApiError).detail || 'The project could not be deleted.', 'error');
    }
  };

  if (missing) return <Text>This project does not exist, or it is not yours.</Text>;
  if (!project) return <Spinner />;
  return (
    <Stack gap={6}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h1" size="2xl">
          {project.name}
        </Heading>
        <HStack gap={2}>
          <Badge size="lg">{project.status.replace('_', ' ')}</Badge>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => void remove()}>
            Delete
          </Button>
        </HStack>
      </HStack>
      {project.description && <Text>{project.description}</Text>}
      <DataList.Root orientation="horizontal">
        {project.location && (
          <DataList.Item>
            <DataList.ItemLabel>Location</DataList.ItemLabel>
            <DataList.ItemValue>
              {project.location.lat.toFixed(5)}, {project.location.lng.toFixed(5)}
            </DataList.ItemValue>
          </DataList.Item>
        )}
        {project.address && (
          <DataList.Item>
            <DataList.ItemLabel>Address</DataList.ItemLabel>
            <DataList.ItemValue>{[project.address, project.postal_code].filter(Boolean).join(', ')}</DataList.ItemValue>
          </DataList.Item>
        )}
        {project.area && (
          <DataList.Item>
            <DataList.ItemLabel>Area</DataList.ItemLabel>
            <DataList.ItemValue>
              {project.area.ha.toFixed(2)} ha ({project.area.acres.toFixed(2)} acres)
            </DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>Parcels</DataList.ItemLabel>
          <DataList.ItemValue>{project.parcels.length}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Button asChild variant="outline" alignSelf="flex-start">
        <RouterLink href="/project">All projects</RouterLink>
      </Button>
    </Stack>
  );
}
