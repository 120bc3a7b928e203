import { Badge, Box, Button, Grid, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { ArrowLeft, CalendarClock, Grid2x2Check, LandPlot, Layers, MapIcon, MapPin, Pencil, SlidersHorizontal, SunMedium, Trash2 } from 'lucide-react';
import type { Feature } from 'geojson';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { askModal } from '../../../machines/modal.machine.ts';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import type { ProjectDetail } from '../../contract/projects.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { deleteProject } from './api/projects.ts';
import { formatArea } from '../../lib/map/area.ts';
import { bboxAround } from '../../lib/map/bounds.ts';
import { MapView } from '../../lib/map/map-view.tsx';
import type { AreaGeometry, MapLayer, MapMarker } from '../../lib/map/map-types.ts';
import { formatLatLng } from '../../lib/number-format.ts';
import { ParcelTable } from './parcel-table.tsx';
import { boundaryStyle } from './project-site-map.tsx';
import { projectEditPath, projectMapPath, projectSettingsPath } from '../../lib/project-path.ts';
import { statusLabel, statusPalette } from './project-values.ts';
import { annualEnergyText, dcSizeText } from './figures.ts';
import { StatCard } from './stat-card.tsx';
import { usePrimaryStudy } from './use-primary-study.ts';
import { ReportButton } from './report-button.tsx';
import { useScreenedParcels, type ScreenedParcels } from './use-screened-parcels.ts';
import { useProject } from '../../lib/use-project.ts';
import { ProjectNotFound } from './project-not-found.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

const parcelStyle = { color: '#2b6cb0', weight: 1.5, fillColor: '#4299e1', fillOpacity: 0.3 };

type ProjectSlot = (project: ProjectDetail) => ReactNode;

/** /project/{id}/{name}: the project's summary, its site and parcels on a map, the report and the way to every project screen. */
export function ProjectDetailPage({ params, studies, tasks }: { params: { id: string }; studies?: ProjectSlot; tasks?: ProjectSlot }) {
  const { project, missing } = useProject(params.id);
  usePageTitle(missing ? 'Project not found' : (project?.name ?? 'Project'));
  if (missing) return <ProjectNotFound />;
  if (!project) return <ProjectSkeleton />;
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
  const screening = useScreenedParcels(project);

  return (
    <Stack gap={{ base: 6, md: 8 }}>
      <ProjectHeader project={project} />
      <SimpleGrid as="section" aria-label="Summary" columns={{ base: 2, xl: 4 }} gap={{ base: 3, md: 4 }}>
        <StatCard label="Boundary" icon={LandPlot} value={project.area ? formatArea(project.area) : 'Not drawn'} help={project.area ? 'Geodesic area of the drawn site' : 'Draw it on the edit screen'} />
        <StatCard label="Attached parcels" icon={Layers} value={String(project.parcels.length)} help="Added by number, drawing or import" />
        <StatCard label="Parcels screened" icon={Grid2x2Check} value={screenedValue(screening)} help={screening.failed ? 'Not known: see the map screen' : 'Attached or inside the boundary'} />
        <PrimaryStudyCard projectId={project.id} />
      </SimpleGrid>
      <ProjectWork project={project} studies={studies} tasks={tasks} />
      <Grid as="section" aria-labelledby="site-heading" templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap={{ base: 4, md: 6 }} alignItems="start">
        <Stack gap={3}>
          <Heading as="h2" size="lg" id="site-heading">
            Site and parcels
          </Heading>
          <ProjectSite project={project} shapes={screening.attachedShapes} />
        </Stack>
        <Stack gap={3} pt={{ xl: 10 }}>
          <ParcelTable parcels={project.parcels} />
          <Text fontSize="sm" color="fg.muted">
            Attach parcels by their number and screen them on the{' '}
            <Link asChild color="fg" textDecoration="underline">
              <RouterLink href={projectMapPath(project)}>project map</RouterLink>
            </Link>
            .
          </Text>
        </Stack>
      </Grid>
    </Stack>
  );
}

const placeOf = (project: ProjectDetail) =>
  [[project.address, project.postal_code, project.country].filter(Boolean).join(', '), project.location && formatLatLng(project.location.lat, project.location.lng)]
    .filter(Boolean)
    .join(' · ');

/** Name, status and place, and every action on the project. */
function ProjectHeader({ project }: { project: ProjectDetail }) {
  const { api, modal } = useActors();
  const notify = useNotify();
  const [, navigate] = useLocation();

  const remove = async () => {
    const confirmed = await askModal(modal, 'delete', { title: 'Delete project?', message: `"${project.name}" and its parcels, studies and tasks will be deleted. This cannot be undone.` });
    if (!confirmed) return;
    try {
      await deleteProject(api, project.id);
      notify('Project deleted.');
      navigate('/project', { replace: true });
    } catch (error) {
      if (!isCancelled(error)) notify((error as ApiError).detail || 'The project could not be deleted.', 'error');
    }
  };

  return (
    <Stack gap={3}>
      <Button asChild variant="ghost" size="xs" alignSelf="flex-start" ms={-2} color="fg.muted">
        <RouterLink href="/project">
          <ArrowLeft aria-hidden /> All projects
        </RouterLink>
      </Button>
      <PageHeader
        title={project.name}
        badge={
          <Badge size="lg" colorPalette={statusPalette[project.status]}>
            {statusLabel(project.status)}
          </Badge>
        }
        description={
          <Stack gap={1} mt={1}>
            <HStack gap={1.5} color="fg.muted" fontSize="sm" align="flex-start">
              <Box as="span" mt={0.5} flexShrink={0}>
                <MapPin size={14} aria-hidden />
              </Box>
              <Text wordBreak="break-word">{placeOf(project) || 'No location'}</Text>
            </HStack>
            <HStack gap={1.5} color="fg.muted" fontSize="sm">
              <CalendarClock size={14} aria-hidden />
              <Text>Updated {new Date(project.updated_at).toLocaleDateString()}</Text>
            </HStack>
          </Stack>
        }
        actions={
          <>
            <Button asChild size="sm" variant="outline">
              <RouterLink href={projectEditPath(project)}>
                <Pencil aria-hidden /> Edit
              </RouterLink>
            </Button>
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink href={projectMapPath(project)}>
                <MapIcon aria-hidden /> Map and screening
              </RouterLink>
            </Button>
            <Button asChild size="sm" variant="outline">
              <RouterLink href={projectSettingsPath(project)}>
                <SlidersHorizontal aria-hidden /> Assumptions
              </RouterLink>
            </Button>
            <ReportButton project={project} />
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => void remove()}>
              <Trash2 aria-hidden /> Delete
            </Button>
          </>
        }
      />
      {project.description && (
        <Text whiteSpace="pre-line" color="fg.muted" maxW="4xl">
          {project.description}
        </Text>
      )}
    </Stack>
  );
}

/** The figure the map screen and the report give, named as they name it; null (a skeleton) while counting. */
const screenedValue = (screening: ScreenedParcels) => (screening.failed ? '—' : screening.screened === null ? null : String(screening.screened));

/** The primary study's P50 energy and size, following the studies tab as it changes them. */
function PrimaryStudyCard({ projectId }: { projectId: string }) {
  const { loading, failed, primary } = usePrimaryStudy(projectId);
  const value = failed ? '—' : loading ? null : primary ? annualEnergyText(primary.headline.p50_annual_kwh) : '—';
  const help = failed ? 'The studies could not be loaded' : primary ? `${primary.name} · ${dcSizeText(primary.headline.dc_kw)}` : loading ? undefined : 'No study yet: start one below';
  return <StatCard label="Energy (P50, primary study)" icon={SunMedium} value={value} help={help} />;
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

/** The page's outline while the project loads: header, four figures, the tabs and the map. */
function ProjectSkeleton() {
  return (
    <Stack gap={{ base: 6, md: 8 }} role="status" aria-label="Loading the project" aria-busy="true">
      <Stack gap={3}>
        <Skeleton h="4" w="24" />
        <Skeleton h="9" w={{ base: '60', md: '96' }} />
        <Skeleton h="4" w="56" />
      </Stack>
      <SimpleGrid columns={{ base: 2, xl: 4 }} gap={{ base: 3, md: 4 }}>
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} h="28" rounded="l3" />
        ))}
      </SimpleGrid>
      <Skeleton h="10" w="64" />
      <Skeleton h={{ base: '48', md: '72' }} rounded="l3" />
    </Stack>
  );
}
