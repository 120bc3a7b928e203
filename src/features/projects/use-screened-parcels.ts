import { useEffect, useState } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import { isCancelled } from '../../lib/api-client.ts';
import { ReasonedParcels, type ScreenedParcel } from '../../contract/gis.ts';
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
  const [answer, setAnswer] = useState<ScreenedParcels>(empty ? nothing : { attachedShapes: [], screened: null, failed: false });

  useEffect(() => {
    if (empty) return setAnswer(nothing);
    const attached = new Set(attachedKey.split(','));
    const controller = new AbortController();
    setAnswer((current) => ({ ...current, screened: null, failed: false }));
    api
      .post('/api/gis/get_reasoned_geo_json/', { project_id: project.id }, { struct: ReasonedParcels, signal: controller.signal, cancelPrevious: false })
      .then((result) => setAnswer({ attachedShapes: result.features.filter((feature) => attached.has(feature.id)), screened: result.screened, failed: false }))
      // The parcel list still shows; only the map lacks the shapes and the count says it is not known.
      .catch((error: unknown) => void (isCancelled(error) || setAnswer({ attachedShapes: [], screened: null, failed: true })));
    return () => controller.abort();
    // A saved boundary changes updated_at: the parcels inside it may have changed too.
  }, [api, project.id, project.updated_at, attachedKey, empty]);

  return answer;
}
