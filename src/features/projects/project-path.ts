import { pathTo } from '../../../machines/route-guard.ts';

/** The name segment of project URLs (/project/{id}/{name}): readable, URL-safe. */
export const nameSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'project';

export const projectPath = (project: { id: string; name: string }) => pathTo('projectDetail', { id: project.id, name: nameSlug(project.name) });
