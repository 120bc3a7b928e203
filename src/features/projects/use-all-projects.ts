import { useEffect, useState } from 'react';
import { useActors } from '../../app/actors-context.tsx';
import { maxPageSize, ProjectList, type Project } from '../../contract/projects.ts';
import { isCancelled } from '../../lib/api-client.ts';

// The dashboard map stops here; a user with more projects finds the rest through search.
const mapLimit = 1000;

/** Every project of the user (up to a thousand), for the dashboard map; null while loading. */
export function useAllProjects(): Project[] | null {
  const { api } = useActors();
  const [projects, setProjects] = useState<Project[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      const all: Project[] = [];
      for (let page = 1; all.length < mapLimit; page++) {
        const answer = await api.get('/api/project/list/', { query: { page, page_size: maxPageSize }, struct: ProjectList, signal: controller.signal });
        all.push(...answer.results);
        if (answer.results.length < maxPageSize || all.length >= answer.count) break;
      }
      setProjects(all);
    };
    load().catch((error: unknown) => void (isCancelled(error) || setProjects([])));
    return () => controller.abort();
  }, [api]);

  return projects;
}
