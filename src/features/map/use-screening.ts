import { useCallback, useRef, useState } from 'react';
import { useActors } from '../../app/actors-context.tsx';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { ReasonedParcels } from '../../lib/map/gis-responses.ts';
import type { Bbox } from '../../lib/map/map-types.ts';

export type ScreeningScope = { projectId: string } | { bbox: Bbox };

export interface ScreeningRequest {
  scope: ScreeningScope;
  filters: Record<string, unknown>;
}

/** Runs get_reasoned_geo_json; remembers the last request so it can run again after a parcel is attached. */
export function useScreening() {
  const { api } = useActors();
  const [result, setResult] = useState<ReasonedParcels | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>();
  const last = useRef<ScreeningRequest | null>(null);

  const run = useCallback(
    async (request: ScreeningRequest) => {
      last.current = request;
      setRunning(true);
      setError(null);
      const { scope, filters } = request;
      try {
        const body = { ...('projectId' in scope ? { project_id: scope.projectId } : { bbox: scope.bbox }), filters: Object.keys(filters).length > 0 ? filters : undefined };
        setResult(await api.post('/api/gis/get_reasoned_geo_json/', body, { struct: ReasonedParcels }));
        setFieldErrors(undefined);
      } catch (failure) {
        if (isCancelled(failure)) return;
        const { detail, data } = failure as ApiError;
        const errors = (data as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
        // Criteria messages come back as filters.<field>; a bbox message (too many parcels) is for the whole request.
        setFieldErrors(Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field.replace(/^filters\./, ''), messages])));
        setError(detail ?? errors.bbox?.[0] ?? (Object.keys(errors).length > 0 ? 'Check the criteria.' : 'The screening did not run. Please try again.'));
      } finally {
        setRunning(false);
      }
    },
    [api],
  );

  const rerun = useCallback(() => (last.current ? run(last.current) : Promise.resolve()), [run]);

  return { result, running, error, fieldErrors, run, rerun };
}
