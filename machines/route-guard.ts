/**
 * The SPA's routes (spec §2) and the route guard: a pure function of the path and the stored session flags.
 * The router renders from `appRoutes` and asks `guardRoute` before every render; the tests walk the same list.
 */
import { parse as parsePattern } from 'regexparam';
import type { SessionContext } from './session.machine.ts';

export type RouteAccess = 'public' | 'authenticated';

export interface AppRoute {
  readonly name: string;
  /** wouter/regexparam syntax: literal segments and `:param` segments. */
  readonly pattern: string;
  readonly access: RouteAccess;
  /** Page title before ' | Sunplot'. */
  readonly title: string;
  /**
   * Reachable in every session state: no guard rule redirects it. Legal texts must stay readable while
   * signed in (checkout and footer link to them), and the /response screens are where the payment
   * provider and the error boundary send a signed-in user, whatever the project flag says.
   */
  readonly alwaysReachable?: true;
}

export const appRoutes = [
  { name: 'getStart', pattern: '/getstart', access: 'public', title: 'Welcome' },
  { name: 'login', pattern: '/auth/login', access: 'public', title: 'Log in' },
  { name: 'signup', pattern: '/auth/signup', access: 'public', title: 'Sign up' },
  { name: 'resetPassword', pattern: '/auth/reset-password', access: 'public', title: 'Reset password' },
  { name: 'forgotPassword', pattern: '/auth/forgot-password', access: 'public', title: 'Forgot password' },
  { name: 'verify', pattern: '/auth/verify/:token', access: 'public', title: 'Verify email' },
  { name: 'terms', pattern: '/terms', access: 'public', title: 'Terms and conditions', alwaysReachable: true },
  { name: 'policies', pattern: '/policies', access: 'public', title: 'Privacy policies', alwaysReachable: true },
  { name: 'paymentStatus', pattern: '/response/payment-status', access: 'public', title: 'Payment status', alwaysReachable: true },
  { name: 'responseError', pattern: '/response/error', access: 'public', title: 'Error', alwaysReachable: true },

  { name: 'home', pattern: '/', access: 'authenticated', title: 'Projects' },
  { name: 'projects', pattern: '/project', access: 'authenticated', title: 'Projects' },
  { name: 'subscription', pattern: '/subscription', access: 'authenticated', title: 'Subscription' },
  { name: 'invoices', pattern: '/subscription/invoices', access: 'authenticated', title: 'Invoices' },
  { name: 'stripe', pattern: '/stripe/:id', access: 'authenticated', title: 'Payment' },
  { name: 'paymentSuccess', pattern: '/payment-success/:session_id', access: 'authenticated', title: 'Payment verification' },
  { name: 'projectAdd', pattern: '/project/add', access: 'authenticated', title: 'Create project' },
  { name: 'projectEdit', pattern: '/project/edit/:id/:name', access: 'authenticated', title: 'Edit project' },
  { name: 'projectDetail', pattern: '/project/:id/:name', access: 'authenticated', title: 'Project' },
  { name: 'feasibilityDetail', pattern: '/project/:id/:name/feasibility/:feasibilityId', access: 'authenticated', title: 'Feasibility' },
  { name: 'studyCompare', pattern: '/project/:id/:name/compare', access: 'authenticated', title: 'Compare studies' },
  { name: 'taskDetail', pattern: '/project/detail/task/:id/', access: 'authenticated', title: 'Task' },
  { name: 'projectSettings', pattern: '/project/settings/:id/:name', access: 'authenticated', title: 'Project settings' },
  { name: 'projectMap', pattern: '/project/map/:id/:name', access: 'authenticated', title: 'Map' },
  { name: 'account', pattern: '/account', access: 'authenticated', title: 'Account' },
] as const satisfies readonly AppRoute[];

export type RouteName = (typeof appRoutes)[number]['name'];
type RouteOf<N extends RouteName> = Extract<(typeof appRoutes)[number], { name: N }>;
type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;
export type RouteParams<N extends RouteName> = Record<ParamNames<RouteOf<N>['pattern']>, string>;

export interface RouteMatch {
  route: AppRoute & { name: RouteName };
  params: Record<string, string>;
}

/** Flags the guard reads; `project` and `temp` are the raw localStorage strings (spec §3). */
export interface GuardSession {
  hasAccessToken: boolean;
  project: 'true' | 'false' | null;
  temp: 'true' | null;
}

/**
 * The guard's view of the session, from its context alone: the token, the project flag and the temp flag it
 * restored at boot (the screens never read storage to decide a route).
 */
export function guardSessionOf(context: Pick<SessionContext, 'accessToken' | 'hasProject' | 'temp'>): GuardSession {
  const hasAccessToken = context.accessToken !== null;
  return { hasAccessToken, project: hasAccessToken ? (context.hasProject ? 'true' : 'false') : null, temp: context.temp ? 'true' : null };
}

export interface GuardResult {
  /** Where to go instead; absent when the path may render. Always a path that itself needs no redirect. */
  redirect?: string;
}

const pathsTo = {
  getStart: '/getstart',
  login: '/auth/login',
  home: '/',
  projects: '/project',
  projectAdd: '/project/add',
} as const;

function segmentsOf(pattern: string): string[] {
  return pattern.split('/').filter((segment) => segment !== '');
}

// Literal segments beat parameters (/project/add is not a project called "add"), so a route with more
// literal segments is tried first; patterns of different lengths never compete.
const literalCount = (route: AppRoute) => segmentsOf(route.pattern).filter((s) => !s.startsWith(':')).length;
// wouter's own pattern parser (regexparam), made case-sensitive: /Project is not /project.
const compiledRoutes = [...appRoutes]
  .sort((a, b) => literalCount(b) - literalCount(a))
  .map((route) => {
    const { pattern, keys } = parsePattern(route.pattern);
    return { route, pattern: new RegExp(pattern.source), keys };
  });

/** The route a path shows, with its decoded params; undefined means the not-found screen. Ignores query, hash and a trailing slash. */
export function matchRoute(path: string): RouteMatch | undefined {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  for (const { route, pattern, keys } of compiledRoutes) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    try {
      return { route, params: Object.fromEntries(keys.map((key, index) => [key, decodeURIComponent(found[index + 1] ?? '')])) };
    } catch {
      return undefined; // a malformed escape: not a path we produced
    }
  }
  return undefined;
}

/** Builds a route's path from its params (each one URI-encoded), e.g. `pathTo('projectDetail', { id: '7', name: 'Farm A' })`. */
export function pathTo<N extends RouteName>(name: N, ...[params]: ParamNames<RouteOf<N>['pattern']> extends never ? [] : [RouteParams<N>]): string {
  const route = appRoutes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  const values: Record<string, string> = params ?? {};
  return route.pattern.replace(/:([A-Za-z_]+)/g, (_, param: string) => encodeURIComponent(values[param] ?? ''));
}

/**
 * One rule of spec §2, applied to one path. The rules, in order:
 * - /auth/signup always goes to /auth/login (signup is a tab of the login screen).
 * - Unknown paths render the not-found screen in every state, and `alwaysReachable` routes always render.
 * - Without an access token, authenticated routes go to /getstart.
 * - With a token and project "false", everything but /project/add goes there, unless temp is "true".
 * - With a token, / goes to /project.
 * - With a token and project "true", public pages go to /. This includes /auth/verify: being signed in
 *   means the address is already confirmed (login refuses unverified accounts), so the link has nothing to do.
 * - A missing project flag with a token (never written by our login) triggers neither project rule.
 */
function nextHop(path: string, session: GuardSession): string | undefined {
  const match = matchRoute(path);
  if (!match) return undefined;
  const { route } = match;
  if (route.name === 'signup') return pathsTo.login;
  if (route.alwaysReachable) return undefined;
  if (!session.hasAccessToken) return route.access === 'public' ? undefined : pathsTo.getStart;
  if (session.project === 'false' && session.temp !== 'true') return route.name === 'projectAdd' ? undefined : pathsTo.projectAdd;
  if (route.name === 'home') return pathsTo.projects;
  if (session.project === 'true' && route.access === 'public') return pathsTo.home;
  return undefined;
}

/**
 * Spec §2 route guard. Applies the rules until the destination is stable, so the router navigates once:
 * /auth/signup with a token and project "true" gives /project (signup → login → / → /project).
 */
export function guardRoute(path: string, session: GuardSession): GuardResult {
  let current = path;
  // Every chain of rules is at most three hops long; the bound only guards against a future rule cycle.
  for (let hop = 0; hop < 5; hop++) {
    const next = nextHop(current, session);
    if (next === undefined) return current === path ? {} : { redirect: current };
    current = next;
  }
  throw new Error(`Route guard loops on ${path}`);
}
