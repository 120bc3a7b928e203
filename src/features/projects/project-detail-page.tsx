import { Badge, Button, DataList, Heading, HStack, Spinner, Stack, Tabs, Text, Wrap } from '@chakra-ui/react';
import type { Feature } from 'geojson';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { askModal } from '../../../machines/modal.machine.ts';
import { useActors, useNotify } from '../../app/actors-context.tsx';
import { usePageTitle } from '../../app/use-page-title.ts';
import type { ProjectDetail } from '../../contract/projects.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { formatArea } from '../../lib/map/area.ts';
import { bboxAround } from '../../lib/map/bounds.ts';
import { MapView } from '../../lib/map/map-view.tsx';
import type { AreaGeometry, MapLayer, MapMarker } from '../../lib/map/map-types.ts';
import { ParcelTable } from './parcel-table.tsx';
import { boundaryStyle } from './project-site-map.tsx';
import { projectEditPath, projectMapPath, projectSettingsPath } from '../../lib/project-path.ts';
import { statusLabel } from './project-values.ts';
import { ReportButton } from './report-button.tsx';
import { useScreenedParcels, type ScreenedParcels } from './use-screened-parcels.ts';
import { useProject } from '../../lib/use-project.ts';
import { ProjectNotFound } from './project-not-found.tsx';

const parcelStyle = { color: '#2b6cb0', weight: 1.5, fillColor: '#4299e1', fillOpacity: 0.3 };

type ProjectSlot = (project: ProjectDetail) => ReactNode;

/** /project/{id}/{name}: the project's summary, its site and parcels on a map, the report and the way to every project screen. */
export function ProjectDetailPage({ params, studies, tasks }: { params: { id: string }; studies?: ProjectSlot; tasks?: ProjectSlot }) {
  const { project, missing } = useProject(params.id);
  usePageTitle(missing ? 'Project not found' : (project?.name ?? 'Project'));
  if (missing) return <ProjectNotFound />;
  if (!project) return <Spinner aria-label="Loading the project" />;
  return <ProjectSummary project={project} studies={studies} tasks={tasks} />;
}

/**
 * The studies and the task board as two tabs; the open one is in the address (`?tab=tasks`), so a reload or a link
 * back from a task comes back to it.
 */
function ProjectWork({ project, studies, tasks }: { project: ProjectDetail; studies?: ProjectSlot; tasks?: ProjectSlot }) {
  const [location, navigate] = useLocation();
  const tab = new URLSearchParams(useSearch()).get('tab') === 'tasks' && tasks ? 'tasks' : 'studies';
  if (!studies || !tasks) return <>{studies?.(project) ?? tasks?.(project)}</>;
  return (
    <Tabs.Root value={tab} onValueChange={(details) => navigate(details.value === 'tasks' ? `${location}?tab=tasks` : location, { replace: true })} variant="line" lazyMount>
      <Tabs.List>
        <Tabs.Trigger value="studies">Feasibility studies</Tabs.Trigger>
        <Tabs.Trigger value="tasks">Tasks</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="studies">{studies(project)}</Tabs.Content>
      <Tabs.Content value="tasks">{tasks(project)}</Tabs.Content>
    </Tabs.Root>
  );
}

/** `studies` and `tasks` render the project's feasibility studies and task board (the app composes those features in). */
function ProjectSummary({ project, studies, tasks }: { project: ProjectDetail; studies?: ProjectSlot; tasks?: ProjectSlot }) {
  const { api, modal } = useActors();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const screening = useScreenedParcels(project);

  const remove = async () => {
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

  return (
    <Stack gap={6}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {project.name}
        </Heading>
        <Badge size="lg">{statusLabel(project.status)}</Badge>
      </HStack>
      <Wrap gap={2}>
        <Button asChild size="sm" colorPalette="orange">
          <RouterLink href={projectMapPath(project)}>Map and screening</RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink href={projectEditPath(project)}>Edit</RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink href={projectSettingsPath(project)}>Assumptions</RouterLink>
        </Button>
        <ReportButton project={project} />
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => void remove()}>
          Delete
        </Button>
      </Wrap>
      {project.description && <Text whiteSpace="pre-line">{project.description}</Text>}
      <DataList.Root orientation="horizontal">
        {project.location && (
          <DataList.Item>
            <DataList.ItemLabel>Location</DataList.ItemLabel>
            <DataList.ItemValue>
              {project.location.lat.toFixed(5)}, {project.location.lng.toFixed(5)}
            </DataList.ItemValue>
          </DataList.Item>
        )}
        {(project.address || project.postal_code) && (
          <DataList.Item>
            <DataList.ItemLabel>Address</DataList.ItemLabel>
            <DataList.ItemValue>{[project.address, project.postal_code, project.country].filter(Boolean).join(', ')}</DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>Boundary</DataList.ItemLabel>
          <DataList.ItemValue>{project.area ? formatArea(project.area) : 'Not drawn'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Attached parcels</DataList.ItemLabel>
          <DataList.ItemValue>{project.parcels.length}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Parcels screened</DataList.ItemLabel>
          <DataList.ItemValue>
            <ScreenedCount screening={screening} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Updated</DataList.ItemLabel>
          <DataList.ItemValue>{new Date(project.updated_at).toLocaleDateString()}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <ProjectWork project={project} studies={studies} tasks={tasks} />
      <ProjectSite project={project} shapes={screening.attachedShapes} />
      <Stack gap={3}>
        <Heading as="h2" size="lg">
          Parcels
        </Heading>
        <ParcelTable parcels={project.parcels} />
        <Text fontSize="sm" color="fg.muted">
          Attach parcels by their number and screen them on the{' '}
          <RouterLink href={projectMapPath(project)} style={{ textDecoration: 'underline' }}>
            project map
          </RouterLink>
          .
        </Text>
      </Stack>
      <Button asChild variant="outline" alignSelf="flex-start">
        <RouterLink href="/project">All projects</RouterLink>
      </Button>
    </Stack>
  );
}

/** The figure the map screen and the report give, named as they name it. */
function ScreenedCount({ screening }: { screening: ScreenedParcels }) {
  if (screening.failed) return <>Not known: see the map screen</>;
  if (screening.screened === null) return <Spinner size="xs" aria-label="Counting the parcels screened" />;
  return <>{screening.screened} (attached or inside the boundary)</>;
}

function ProjectSite({ project, shapes }: { project: ProjectDetail; shapes: ScreenedParcels['attachedShapes'] }) {
  const boundary = (project.boundary as AreaGeometry | null) ?? null;
  const layers = useMemo<MapLayer[]>(() => {
    const list: MapLayer[] = [];
    if (boundary) list.push({ id: 'boundary', data: boundary, style: boundaryStyle, tooltip: () => `Project boundary${project.area ? `\n${formatArea(project.area)}` : ''}` });
    if (shapes.length > 0) {
      list.push({
        id: 'parcels',
        data: { type: 'FeatureCollection', features: shapes as unknown as Feature[] },
        style: parcelStyle,
        tooltip: (feature) => {
          const p = feature.properties as { apn: string; area_acres: number; area_ha: number };
          return `APN ${p.apn}\n${formatArea({ ha: p.area_ha, acres: p.area_acres })}`;
        },
      });
    }
    return list;
  }, [boundary, shapes, project.area]);
  const markers = useMemo<MapMarker[]>(() => (project.location ? [{ id: 'site', position: project.location, label: project.name }] : []), [project.location, project.name]);
  const fit = useMemo(() => bboxAround([boundary, ...(shapes as unknown as Feature[])], project.location ? [project.location] : []), [boundary, shapes, project.location]);
  const center = project.location ?? { lat: 20, lng: 0 };

  return <MapView label="Project map" center={center} zoom={project.location ? 15 : 2} fitBounds={fit} layers={layers} markers={markers} height={{ base: '280px', md: '380px' }} />;
}
