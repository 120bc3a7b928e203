import { useEffect, useState } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import { maxPageSize, ProjectList, type ProjectListItem } from '../../contract/projects.ts';
import { isCancelled } from '../../lib/api-client.ts';

// The dashboard map stops here; a user with more projects finds the rest through search.
const mapLimit = 1000;

/** Every project of the user (up to a thousand), for the dashboard map; null while loading. */
export function useAllProjects(): ProjectListItem[] | null {
  const { api } = useActors();
  const [projects, setProjects] = useState<ProjectListItem[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      const all: ProjectListItem[] = [];
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

/** The projects whose name holds the search, as the list API matches it (anywhere, ignoring case). */
export function matchingProjects<P extends { name: string }>(projects: readonly P[], search: string): readonly P[] {
  const term = search.trim().toLowerCase();
  return term === '' ? projects : projects.filter((project) => project.name.toLowerCase().includes(term));
}
