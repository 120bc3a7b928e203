import { useCallback, useEffect, useState } from 'react';
import { useActors } from './actors-context.tsx';
import { ProjectDetail } from '../contract/projects.ts';
import { isCancelled } from './api-client.ts';

/** One of the user's projects with its parcels; `missing` when it does not exist or is someone else's. */
export function useProject(id: string) {
  const { api } = useActors();
  const [project, setProject] = useState<ProjectDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/project/get/', { query: { id }, struct: ProjectDetail, signal: controller.signal })
      .then(setProject)
      .catch((error: unknown) => !isCancelled(error) && setMissing(true));
    return () => controller.abort();
  }, [api, id, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { project, missing, reload };
}
