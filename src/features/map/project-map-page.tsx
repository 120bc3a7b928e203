import { Box, Button, Grid, Spinner, Stack } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { Feature } from 'geojson';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { pathTo } from '../../../machines/route-guard.ts';
import { useProjectActor } from '../../lib/project-actors.ts';
import { StatusPanel } from '../../components/ui/status-panel.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import type { ProjectDetail } from '../../contract/projects.ts';
import type { ScreeningCriteria } from '../../contract/gis.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { useResource } from '../../lib/use-resource.ts';
import { getProjectCriteria } from './api/criteria.ts';
import { bboxAround } from '../../lib/map/bounds.ts';
import { MapView } from '../../lib/map/map-view.tsx';
import { useProject } from '../../lib/use-project.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import type { AreaGeometry, Bbox, MapLayer, MapMarker } from '../../lib/map/map-types.ts';
import { DataAttributions } from './data-attributions.tsx';
import { ConstraintSources, ConstraintToggles, useConstraintLayers } from './constraint-layers.tsx';
import { ParcelAttachPanel } from './parcel-attach-panel.tsx';
import { ParcelImportPanel } from './parcel-import-panel.tsx';
import { OwnLayersPanel } from './own-layers-panel.tsx';
import { ParcelAside, ParcelDrawer } from './parcel-panel.tsx';
import { parcelTooltip, verdictStyle } from './screening-format.ts';
import { MapLegend } from './map-legend.tsx';
import { ScreeningForm } from './screening-form.tsx';
import { ScreeningJobPanel } from './screening-job-panel.tsx';
import { taskFromReason } from './reason-task.ts';
import { ScreeningResults } from './screening-results.tsx';
import { useParcelScreening } from './use-parcel-screening.ts';

const boundaryStyle = { color: '#c05621', weight: 3, fillOpacity: 0, dashArray: '6 4' };
const previewStyle = { color: '#2b6cb0', weight: 3, fillColor: '#4299e1', fillOpacity: 0.15, dashArray: '4 4' };
const selectedStyle = { color: '#dd6b20', weight: 4, fillOpacity: 0 };
/** The map and the panels beside it fill the window below the page heading on wide screens. */
const workspaceHeight = { base: '360px', lg: 'max(32rem, calc(100dvh - 11rem))' };

/** /project/map/{id}/{name}: the project's parcels screened on a map, coloured by verdict, with every reason and its sources. */
export function ProjectMapPage({ params }: { params: { id: string; name: string } }) {
  const { project, missing } = useProject(params.id);
  usePageTitle(missing ? 'Project not found' : project ? `${project.name} map` : 'Map');
  // The projects feature's not-found screen, worded the same (features do not import each other).
  if (missing) {
    return (
      <StatusPanel
        title="Project not found"
        message="There is no project at this address, or it belongs to another account. It may have been deleted, or the link may be mistyped."
        action={{ label: 'Back to your projects', href: '/project' }}
      />
    );
  }
  if (!project) return <Spinner aria-label="Loading the project" />;
  return <ProjectCriteriaGate project={project} slug={params.name} />;
}

/** The project's saved criteria come first: the map screens with them as it opens, and the form starts from them. */
function ProjectCriteriaGate({ project, slug }: { project: ProjectDetail; slug: string }) {
  const { api } = useActors();
  const criteria = useResource(`criteria:${project.id}`, (signal) => getProjectCriteria(api, project.id, { signal }));
  if (criteria.status === 'failed') {
    return <LoadFailed detail={criteria.error.detail ?? 'The screening criteria could not be loaded.'} onRetry={criteria.retry} />;
  }
  if (criteria.status === 'loading' || !criteria.data) return <Spinner aria-label="Loading the screening criteria" />;
  return <ProjectMap project={project} slug={slug} criteria={{ values: criteria.data.criteria, saved: criteria.data.saved }} />;
}

/** Chakra's `lg` breakpoint (64rem): panels beside the map from there on, stacked below. */
const wideQuery = '(min-width: 64rem)';

const isUsableBbox = (bbox: Bbox | null): bbox is Bbox => !!bbox && bbox[0] < bbox[2] && bbox[1] < bbox[3];

/**
 * The project's task board (the session's taskBoard actor, started for this project), and a way to add a task to it
 * from a screening reason; undefined while the board cannot take one.
 */
function useAddTaskFromReason(projectId: string) {
  const board = useProjectActor(projectId, 'taskBoard');
  const ready = useSelector(board, (s) => !!s?.can({ type: 'taskModal.open', id: null, category: null, last_task: null }));
  if (!board || !ready) return undefined;
  return (parcelId: string, apn: string, reason: Parameters<typeof taskFromReason>[2]) => {
    const task = taskFromReason(parcelId, apn, reason);
    // A new task goes through the board's task modal (spec: task modal state), filled in from the reason.
    board.send({ type: 'taskModal.open', id: null, category: task.category ?? null, last_task: null });
    board.send({ type: 'task.create', task });
  };
}

function ProjectMap({ project, slug, criteria }: { project: ProjectDetail; slug: string; criteria: { values: ScreeningCriteria; saved: boolean } }) {
  const actor = useParcelScreening(project.id, criteria.values);
  const addTask = useAddTaskFromReason(project.id);
  const result = useSelector(actor, (s) => s.context.result);
  const found = useSelector(actor, (s) => s.context.found);
  // "Pick a parcel on the map" (the attach panel): a click on the map looks up the parcel there instead of selecting one.
  const picking = useSelector(actor, (s) => s.hasTag('picking'));
  const scope = useSelector(actor, (s) => ('projectId' in s.context.request.scope ? 'project' : 'view'));
  const wide = useMediaQuery(wideQuery);
  const boundary = (project.boundary as AreaGeometry | null) ?? null;
  const [view, setView] = useState<Bbox | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [fit, setFit] = useState<Bbox | null>(() => bboxAround([boundary], project.location ? [project.location] : []));
  const selected = result?.features.find((feature) => feature.id === selectedId) ?? null;
  const constraints = useConstraintLayers(isUsableBbox(view) ? view : null, fit);

  // The first parcels screened frame the map, unless a parcel found already moved it there.
  const [framed, setFramed] = useState(false);
  useEffect(() => {
    if (found) {
      setFramed(true);
      setFit(found.bbox);
    }
  }, [found]);
  useEffect(() => {
    // `found` too: a parcel found in the same render as the first results keeps the frame.
    if (framed || found || !result || result.features.length === 0) return;
    setFramed(true);
    setFit(bboxAround([boundary, result as unknown as Feature]));
  }, [framed, found, result, boundary]);

  const layers = useMemo<MapLayer[]>(() => {
    const list: MapLayer[] = [];
    if (boundary) list.push({ id: 'boundary', data: boundary, style: boundaryStyle });
    if (result && result.features.length > 0) {
      const byId = new Map(result.features.map((feature) => [feature.id, feature]));
      list.push({
        id: 'screened',
        data: result as unknown as Feature,
        style: (feature) => verdictStyle(byId.get(String(feature.id))?.properties.verdict ?? 'unknown'),
        tooltip: (feature) => parcelTooltip(byId.get(String(feature.id))!),
        onFeatureClick: (feature) => {
          if (!actor.getSnapshot().hasTag('picking')) setSelectedId(String(feature.id));
        },
      });
    }
    // Over the parcels, so where a zone lies inside one shows; they take no clicks, so the parcels under them still do.
    list.push(...constraints.drawn);
    if (found) list.push({ id: 'found', data: found.geometry as AreaGeometry, style: previewStyle, tooltip: () => `APN ${found.apn} (not attached yet)` });
    return list;
  }, [boundary, result, found, constraints.drawn]);
  // The selected parcel's outline, drawn over the others (a layer of its own, so selecting does not redraw them all).
  const shown = useMemo<MapLayer[]>(() => (selected ? [...layers, { id: 'selected', data: selected.geometry as AreaGeometry, style: selectedStyle }] : layers), [layers, selected]);
  // Imported parcels are attached to the project: the current screening runs again to show them.
  const rescreen = () => actor.send({ type: 'screening.run', request: actor.getSnapshot().context.request });
  const markers = useMemo<MapMarker[]>(() => (project.location ? [{ id: 'site', position: project.location, label: project.name }] : []), [project.location, project.name]);
  // A parcel picked in the table is brought into view; one clicked on the map already is.
  const selectFromTable = (id: string) => {
    setSelectedId(id);
    const feature = result?.features.find((candidate) => candidate.id === id);
    if (feature) setFit(bboxAround([feature.geometry as AreaGeometry]));
  };
  const close = () => setSelectedId(null);
  // A parcel just attached is shown on the map: on a phone the map is above the panel, so it comes back into view.
  const mapBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const subscription = actor.on('parcel.attached', () => mapBox.current?.scrollIntoView?.({ block: 'nearest' }));
    return () => subscription.unsubscribe();
  }, [actor]);

  return (
    <Stack gap={5}>
      <PageHeader
        title={`${project.name}: map and screening`}
        actions={
          <Button asChild size="sm" variant="outline">
            <RouterLink href={pathTo('projectDetail', { id: project.id, name: slug })}>
              <ArrowLeft aria-hidden />
              Back to the project
            </RouterLink>
          </Button>
        }
      />
      {/* Wide screens: the filters beside the map, and a selected parcel in their place until it is closed (the filters
          stay mounted, so what was typed is kept). Phones: the map, then the filters; a selected parcel in a drawer.
          The side panel comes first in the DOM, so Tab reaches the filters before the map as a wide screen shows them. */}
      <Grid gap={4} templateColumns={{ base: 'minmax(0, 1fr)', lg: '22rem minmax(0, 1fr)' }} templateAreas={{ base: '"map" "side"', lg: '"side map"' }}>
        <Box gridArea="side" minW={0} h={{ lg: workspaceHeight.lg }}>
          {selected && wide && <ParcelAside parcel={selected} onClose={close} onAddTask={addTask} />}
          <Stack gap={4} h="full" overflowY={{ lg: 'auto' }} display={selected && wide ? 'none' : 'flex'}>
            <ParcelAttachPanel actor={actor} />
            <ScreeningForm actor={actor} projectId={project.id} view={isUsableBbox(view) ? view : null} criteria={criteria} />
            <ScreeningJobPanel projectId={project.id} actor={actor} />
            <ParcelImportPanel projectId={project.id} onImported={rescreen} />
            <OwnLayersPanel onChanged={rescreen} />
          </Stack>
        </Box>
        <Box gridArea="map" minW={0} ref={mapBox}>
          <MapView
            label="Screening map"
            center={project.location ?? { lat: 20, lng: 0 }}
            zoom={project.location ? 15 : 2}
            fitBounds={fit}
            layers={shown}
            markers={markers}
            onViewChange={setView}
            onClick={picking ? ({ lng, lat }) => actor.send({ type: 'parcel.findAt', lng, lat }) : undefined}
            height={workspaceHeight}
          >
            <MapLegend>
              <ConstraintToggles layers={constraints.layers} hidden={constraints.hidden} onToggle={constraints.toggle} />
            </MapLegend>
          </MapView>
          <ConstraintSources layers={constraints.layers} />
        </Box>
      </Grid>
      {selected && !wide && <ParcelDrawer parcel={selected} onClose={close} onAddTask={addTask} />}
      {result && <ScreeningResults result={result} scope={scope} boundary={boundary !== null} fileName={`${slug}-screening`} selected={selectedId} onSelect={selectFromTable} onAddTask={addTask} />}
      {result && <DataAttributions result={result} />}
    </Stack>
  );
}
