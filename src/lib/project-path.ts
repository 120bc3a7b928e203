import { pathTo } from '../../machines/route-guard.ts';

/** The name segment of project URLs (/project/{id}/{name}): readable, URL-safe. */
export const nameSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'project';

const paramsOf = (project: { id: string; name: string }) => ({ id: project.id, name: nameSlug(project.name) });

export const projectPath = (project: { id: string; name: string }) => pathTo('projectDetail', paramsOf(project));
export const projectEditPath = (project: { id: string; name: string }) => pathTo('projectEdit', paramsOf(project));
export const projectMapPath = (project: { id: string; name: string }) => pathTo('projectMap', paramsOf(project));
export const projectSettingsPath = (project: { id: string; name: string }) => pathTo('projectSettings', paramsOf(project));
export const studyPath = (project: { id: string; name: string }, studyId: string) => pathTo('feasibilityDetail', { ...paramsOf(project), feasibilityId: studyId });
/** /project/{id}/{name}/compare?studies=12,15: the studies side by side, in the order given. */
export const comparePath = (project: { id: string; name: string }, ids: readonly string[]) =>
  `${pathTo('studyCompare', paramsOf(project))}?studies=${ids.map(encodeURIComponent).join(',')}`;
