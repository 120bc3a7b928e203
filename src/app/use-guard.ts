import { shallowEqual } from '@xstate/react';
import { useCallback } from 'react';
import { guardRoute, guardSessionOf, matchRoute, type GuardSession } from '../../machines/route-guard.ts';
import { useSession } from '../lib/actors-context.tsx';

/** The guard's inputs from the session snapshot alone: its tags and context (the temp flag is restored at boot). */
function useGuardSession(): { settling: boolean; session: GuardSession } {
  return useSession(
    (s) => ({ settling: s.hasTag('settling'), session: guardSessionOf(s.context) }),
    // A new object each time; compared field by field so a screen re-renders only when a flag changes.
    (a, b) => a.settling === b.settling && shallowEqual(a.session, b.session),
  );
}

/**
 * The route decision for a path (spec §2): the matched route, and where to go instead while the guard says so.
 * While the session settles (reading storage at boot) nothing is decided yet.
 */
export function useGuard(path: string) {
  const { settling, session } = useGuardSession();
  const { redirect } = guardRoute(path, session);
  return { settling, redirect, match: matchRoute(path), signedIn: session.hasAccessToken };
}

/**
 * Whether the guard lets the user open a path now. While a first project is required it sends every screen but
 * /project/add back there, so a link to one of them would only bounce.
 */
export function useReachable(): (path: string) => boolean {
  const { session } = useGuardSession();
  return useCallback((path: string) => guardRoute(path, session).redirect === undefined, [session]);
}
