import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { feasibilityMachine } from '../../../machines/feasibility.machine.ts';
import { useActors, useNotify, useSession } from '../../lib/actors-context.tsx';

export type FeasibilityRef = ActorRefFrom<typeof feasibilityMachine>;
export type FeasibilitySnapshot = SnapshotFrom<typeof feasibilityMachine>;

/** Opens a project's studies in the session (its feasibility actor starts, or keeps running) and returns the actor. */
export function useFeasibility(projectId: string): FeasibilityRef | undefined {
  const { session } = useActors();
  useEffect(() => {
    session.send({ type: 'project.open', projectId });
  }, [session, projectId]);
  return useSession((s) => (s.context.openProjectId === projectId ? s.context.feasibility : undefined));
}

/** A narrow view of the feasibility actor, compared field by field; undefined until the project is open. */
export function useFeasibilitySelector<T>(ref: FeasibilityRef | undefined, selector: (snapshot: FeasibilitySnapshot) => T): T | undefined {
  return useSelector(ref, (snapshot) => (snapshot ? selector(snapshot) : undefined), shallowEqual);
}

const notices = { 'study.created': 'Study saved', 'study.renamed': 'Study renamed', 'study.deleted': 'Study deleted', 'study.primarySet': 'Primary study set' } as const;

/** Shows the feasibility actor's accepted changes in the snackbar, whichever project is open. */
export function FeasibilityNotices() {
  const ref = useSession((s) => s.context.feasibility);
  const notify = useNotify();
  useEffect(() => {
    if (!ref) return;
    const subscription = ref.on('*', (event) => notify(`${notices[event.type]}: ${event.name}`));
    return () => subscription.unsubscribe();
  }, [ref, notify]);
  return null;
}
