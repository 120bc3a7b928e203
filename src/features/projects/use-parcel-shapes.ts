import { useEffect, useState } from 'react';
import { useActors } from '../../app/actors-context.tsx';
import { isCancelled } from '../../lib/api-client.ts';
import { ReasonedParcels, type ScreenedParcel } from '../../contract/gis.ts';

/**
 * The shapes of a project's attached parcels. Project reads give parcel summaries only; the screening answer is
 * the one that carries their geometry (it also screens the store's parcels inside the boundary, left out here).
 */
export function useParcelShapes(projectId: string, parcelIds: readonly string[]): ScreenedParcel[] {
  const { api } = useActors();
  const [shapes, setShapes] = useState<ScreenedParcel[]>([]);
  const key = parcelIds.join(',');

  useEffect(() => {
    if (key === '') return setShapes([]);
    const wanted = new Set(key.split(','));
    const controller = new AbortController();
    api
      .post('/api/gis/get_reasoned_geo_json/', { project_id: projectId }, { struct: ReasonedParcels, signal: controller.signal, cancelPrevious: false })
      .then((answer) => setShapes(answer.features.filter((feature) => wanted.has(feature.id))))
      // The parcel list still shows; only the map lacks the shapes.
      .catch((error: unknown) => void (isCancelled(error) || setShapes([])));
    return () => controller.abort();
  }, [api, projectId, key]);

  return shapes;
}
