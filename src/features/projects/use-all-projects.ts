import { useActors } from '../../lib/actors-context.tsx';
import { maxPageSize, type ProjectListItem } from '../../contract/projects.ts';
import { useResource } from '../../lib/use-resource.ts';
import { listProjects } from './api/projects.ts';

// The dashboard map stops here; a user with more projects finds the rest through search.
const mapLimit = 1000;

/** Every project of the user (up to a thousand), for the dashboard map; null while loading. */
export function useAllProjects(): ProjectListItem[] | null {
  const { api } = useActors();
  const { status, data } = useResource('every project', async (signal) => {
    const all: ProjectListItem[] = [];
    for (let page = 1; all.length < mapLimit; page++) {
      const answer = await listProjects(api, { page, page_size: maxPageSize }, { signal });
      all.push(...answer.results);
      if (answer.results.length < maxPageSize || all.length >= answer.count) break;
    }
    return all;
  });
  // A failure shows an empty map: the list beside it says what went wrong.
  return status === 'failed' ? [] : (data ?? null);
}

/** The projects whose name holds the search, as the list API matches it (anywhere, ignoring case). */
export function matchingProjects<P extends { name: string }>(projects: readonly P[], search: string): readonly P[] {
  const term = search.trim().toLowerCase();
  return term === '' ? projects : projects.filter((project) => project.name.toLowerCase().includes(term));
}
