import { useActors } from '../../lib/actors-context.tsx';
import type { ScreenedParcel } from '../../contract/gis.ts';
import { useResource } from '../../lib/use-resource.ts';
import { getScreenedParcels } from './api/projects.ts';
import type { ProjectDetail } from '../../contract/projects.ts';

export interface ScreenedParcels {
  /** The shapes of the attached parcels: project reads give parcel summaries only, the screening answer has geometry. */
  attachedShapes: ScreenedParcel[];
  /**
   * How many parcels the map screen and the report screen: the attached ones and the store's parcels inside the
   * boundary. Null while the answer is on its way or when it could not be had (`failed`).
   */
  screened: number | null;
  failed: boolean;
}

const nothing: ScreenedParcels = { attachedShapes: [], screened: 0, failed: false };

/** The project's parcels as the map screen and the report screen them (the same request, with the default criteria). */
export function useScreenedParcels(project: ProjectDetail): ScreenedParcels {
  const { api } = useActors();
  const attachedKey = project.parcels.map((parcel) => parcel.id).join(',');
  const hasBoundary = project.boundary !== null;
  const empty = attachedKey === '' && !hasBoundary;
  // A saved boundary changes updated_at: the parcels inside it may have changed too.
  const key = empty ? null : `${project.id}|${project.updated_at}|${attachedKey}`;
  // The shapes already shown stay while a new answer is on its way.
  const { status, data } = useResource(key, (signal) => getScreenedParcels(api, project.id, { signal }), { keepPrevious: true });
  if (empty) return nothing;
  // The parcel list still shows; only the map lacks the shapes and the count says it is not known.
  if (status === 'failed') return { attachedShapes: [], screened: null, failed: true };
  const attached = new Set(attachedKey.split(','));
  const attachedShapes = data?.features.filter((feature) => attached.has(feature.id)) ?? [];
  return { attachedShapes, screened: status === 'ready' ? data.screened : null, failed: false };
}
