import { describe, expect, it } from 'vitest';
import { appRoutes, guardRoute, guardSessionOf, matchRoute, pathTo, type GuardSession, type RouteName } from '../../machines/route-guard.ts';

const sampleParams: Record<string, string> = { id: '42', name: 'Solar Farm A', feasibilityId: '7', session_id: 'cs_test_123', token: 'abc.def' };

/** pathTo() with the same sample params for every route (its typed signature wants each route's own params). */
const samplePath = (name: RouteName) => (pathTo as (name: RouteName, params: Record<string, string>) => string)(name, sampleParams);

/**
 * The expected destination of every route in every session state, written out by hand from spec §2.
 * Columns: A no token (any flags) | B token, no project flag | C token, project "false" | D token, project "false",
 * temp "true" | E token, project "true". '.' means the page renders.
 */
type Column = 'A' | 'B' | 'C' | 'D' | 'E';
const table: Record<RouteName | 'notFound', [string, string, string, string, string]> = {
  getStart: ['.', '.', '/project/add', '.', '/project'],
  login: ['.', '.', '/project/add', '.', '/project'],
  signup: ['/auth/login', '/auth/login', '/project/add', '/auth/login', '/project'],
  resetPassword: ['.', '.', '/project/add', '.', '/project'],
  forgotPassword: ['.', '.', '/project/add', '.', '/project'],
  verify: ['.', '.', '/project/add', '.', '/project'],
  terms: ['.', '.', '.', '.', '.'],
  policies: ['.', '.', '.', '.', '.'],
  paymentStatus: ['.', '.', '.', '.', '.'],
  responseError: ['.', '.', '.', '.', '.'],
  home: ['/getstart', '/project', '/project/add', '/project', '/project'],
  projects: ['/getstart', '.', '/project/add', '.', '.'],
  subscription: ['/getstart', '.', '/project/add', '.', '.'],
  invoices: ['/getstart', '.', '/project/add', '.', '.'],
  stripe: ['/getstart', '.', '/project/add', '.', '.'],
  paymentSuccess: ['/getstart', '.', '/project/add', '.', '.'],
  projectAdd: ['/getstart', '.', '.', '.', '.'],
  projectEdit: ['/getstart', '.', '/project/add', '.', '.'],
  projectDetail: ['/getstart', '.', '/project/add', '.', '.'],
  feasibilityDetail: ['/getstart', '.', '/project/add', '.', '.'],
  studyCompare: ['/getstart', '.', '/project/add', '.', '.'],
  taskDetail: ['/getstart', '.', '/project/add', '.', '.'],
  projectSettings: ['/getstart', '.', '/project/add', '.', '.'],
  projectMap: ['/getstart', '.', '/project/add', '.', '.'],
  account: ['/getstart', '.', '/project/add', '.', '.'],
  notFound: ['.', '.', '.', '.', '.'],
};

function columnOf({ hasAccessToken, project, temp }: GuardSession): Column {
  if (!hasAccessToken) return 'A';
  if (project === null) return 'B';
  if (project === 'true') return 'E';
  return temp === 'true' ? 'D' : 'C';
}

const sessions: GuardSession[] = [true, false].flatMap((hasAccessToken) =>
  (['true', 'false', null] as const).flatMap((project) => (['true', null] as const).map((temp) => ({ hasAccessToken, project, temp }))),
);

const paths: Array<[RouteName | 'notFound', string]> = [
  ...appRoutes.map((route): [RouteName, string] => [route.name, samplePath(route.name)]),
  ['notFound', '/no/such/page'],
];

describe('route guard', () => {
  it('has a row for every route', () => {
    expect(Object.keys(table).sort()).toEqual([...appRoutes.map((route) => route.name), 'notFound'].sort());
  });

  const cases = paths.flatMap(([name, path]) => sessions.map((session) => ({ name, path, session })));
  console.log(`route guard: ${cases.length} cases (${paths.length} paths x ${sessions.length} session states)`);

  it.each(cases)('$name $path with $session', ({ name, path, session }) => {
    const expected = table[name]['ABCDE'.indexOf(columnOf(session))];
    const result = guardRoute(path, session);
    expect(result).toEqual(expected === '.' ? {} : { redirect: expected });
    // The answer is final: the destination renders without another redirect.
    if (result.redirect) expect(guardRoute(result.redirect, session)).toEqual({});
  });

  it('ignores query, hash and a trailing slash', () => {
    const signedOut: GuardSession = { hasAccessToken: false, project: null, temp: null };
    const signedIn: GuardSession = { hasAccessToken: true, project: 'true', temp: null };
    expect(guardRoute('/account/?tab=profile#photo', signedOut)).toEqual({ redirect: '/getstart' });
    expect(guardRoute('/auth/login?next=/account', signedIn)).toEqual({ redirect: '/project' });
    expect(guardRoute('/project/detail/task/9', signedIn)).toEqual({});
    expect(guardRoute('/project/detail/task/9/', signedOut)).toEqual({ redirect: '/getstart' });
  });
});

describe('route table', () => {
  it('lists the spec §2 authenticated routes with their patterns, and ours after them', () => {
    expect(appRoutes.filter((route) => route.access === 'authenticated').map((route) => route.pattern)).toEqual([
      '/',
      '/project',
      '/subscription',
      '/subscription/invoices',
      '/stripe/:id',
      '/payment-success/:session_id',
      '/project/add',
      '/project/edit/:id/:name',
      '/project/:id/:name',
      '/project/:id/:name/feasibility/:feasibilityId',
      // Not in the spec: studies side by side (issue 22).
      '/project/:id/:name/compare',
      '/project/detail/task/:id/',
      '/project/settings/:id/:name',
      '/project/map/:id/:name',
      '/account',
    ]);
  });

  it.each(paths.filter(([name]) => name !== 'notFound'))('%s: its sample path matches it and no other route', (name, path) => {
    expect(matchRoute(path)?.route.name).toBe(name);
  });

  it('decodes params and builds paths with encoded params', () => {
    const path = pathTo('feasibilityDetail', { id: '42', name: 'Solar Farm A/B', feasibilityId: '7' });
    expect(path).toBe('/project/42/Solar%20Farm%20A%2FB/feasibility/7');
    expect(matchRoute(path)?.route.name).toBe('feasibilityDetail');
    expect(matchRoute(path)?.params).toEqual({ id: '42', name: 'Solar Farm A/B', feasibilityId: '7' });
    expect(pathTo('account')).toBe('/account');
    expect(pathTo('taskDetail', { id: '9' })).toBe('/project/detail/task/9/');
    expect(matchRoute('/project/%E0%A4%A/x')).toBeUndefined();
  });

  it('gives literal segments priority over params', () => {
    expect(matchRoute('/project/add')?.route.name).toBe('projectAdd');
    expect(matchRoute('/project/detail/task/5')?.route.name).toBe('taskDetail');
    expect(matchRoute('/project/edit/5/x')?.route.name).toBe('projectEdit');
    expect(matchRoute('/project/5/x')?.route.name).toBe('projectDetail');
  });

  it("matches with wouter's parser, case-sensitively, and only whole segments", () => {
    expect(matchRoute('/Project/add')).toBeUndefined();
    expect(matchRoute('/project/add/')?.route.name).toBe('projectAdd');
    expect(matchRoute('/project/add/extra/more/and-more')).toBeUndefined();
    expect(matchRoute('/accounts')).toBeUndefined();
  });
});

describe("the guard's view of the session", () => {
  it('reads the token, the project flag and the temp flag from the context alone', () => {
    expect(guardSessionOf({ accessToken: null, hasProject: false, temp: false })).toEqual({ hasAccessToken: false, project: null, temp: null });
    expect(guardSessionOf({ accessToken: 'a', hasProject: false, temp: true })).toEqual({ hasAccessToken: true, project: 'false', temp: 'true' });
    expect(guardSessionOf({ accessToken: 'a', hasProject: true, temp: false })).toEqual({ hasAccessToken: true, project: 'true', temp: null });
    // The temp flag lets a user without a project move around (spec §2).
    expect(guardRoute('/account', guardSessionOf({ accessToken: 'a', hasProject: false, temp: true }))).toEqual({});
    expect(guardRoute('/account', guardSessionOf({ accessToken: 'a', hasProject: false, temp: false }))).toEqual({ redirect: '/project/add' });
  });
});
