import { useActors } from './actors-context.tsx';
import { getProject } from './api/projects.ts';
import { useResource } from './use-resource.ts';

/** One of the user's projects with its parcels; `missing` when it does not exist or is someone else's. */
export function useProject(id: string) {
  const { api } = useActors();
  const read = useResource(`project|${id}`, (signal) => getProject(api, id, { signal }));
  return { project: read.data ?? null, missing: read.status === 'failed', reload: read.reload };
}
