import type { Feature } from 'geojson';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { Project } from '../../contract/projects.ts';
import { formatArea } from '../../lib/map/area.ts';
import { bboxAround } from '../../lib/map/bounds.ts';
import { MapView } from '../../lib/map/map-view.tsx';
import type { MapLayer, MapMarker } from '../../lib/map/map-types.ts';
import { projectPath } from '../../lib/project-path.ts';
import { boundaryStyle } from './project-site-map.tsx';
import { statusLabel } from './project-values.ts';

const describe = (project: Project) => [project.name, statusLabel(project.status), project.area ? formatArea(project.area) : null].filter(Boolean).join('\n');

/**
 * The dashboard map: the projects given (those the search matches) as markers, and their boundaries where drawn,
 * framed to fit them; clicking opens the project.
 */
export function ProjectsMap({ projects, height }: { projects: readonly Project[]; height: Record<string, string> }) {
  const [, navigate] = useLocation();
  const markers = useMemo<MapMarker[]>(
    () => projects.flatMap((project) => (project.location ? [{ id: project.id, position: project.location, label: describe(project), onClick: () => navigate(projectPath(project)) }] : [])),
    [projects, navigate],
  );
  const boundaries = useMemo(() => projects.filter((project) => project.boundary), [projects]);
  const layers = useMemo<MapLayer[]>(() => {
    if (boundaries.length === 0) return [];
    const features: Feature[] = boundaries.map((project) => ({ type: 'Feature', id: project.id, geometry: project.boundary as Feature['geometry'], properties: { id: project.id } }));
    const byId = new Map(boundaries.map((project) => [project.id, project]));
    return [
      {
        id: 'boundaries',
        data: { type: 'FeatureCollection', features },
        style: boundaryStyle,
        tooltip: (feature) => describe(byId.get(String(feature.id))!),
        onFeatureClick: (feature) => navigate(projectPath(byId.get(String(feature.id))!)),
      },
    ];
  }, [boundaries, navigate]);
  const fit = useMemo(
    () => bboxAround(boundaries.map((project) => project.boundary as Feature['geometry']), projects.flatMap((project) => (project.location ? [project.location] : []))),
    [boundaries, projects],
  );

  return <MapView label="Map of all projects" center={{ lat: 20, lng: 0 }} zoom={2} fitBounds={fit} markers={markers} layers={layers} height={height} />;
}
