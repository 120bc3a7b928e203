import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { useActors, useSession, type SessionSnapshot } from './actors-context.tsx';

/** The actors the session runs for the open project. */
type ProjectActorKey = 'feasibility' | 'taskBoard';
type ProjectActor<K extends ProjectActorKey> = NonNullable<SessionSnapshot['context'][K]>;

/** Opens a project in the session (its actors start, or keep running) and returns one of them once it is that project's. */
export function useProjectActor<K extends ProjectActorKey>(projectId: string, key: K): ProjectActor<K> | undefined {
  const { session } = useActors();
  useEffect(() => {
    session.send({ type: 'project.open', projectId });
  }, [session, projectId]);
  return useSession((s) => (s.context.openProjectId === projectId ? (s.context[key] as ProjectActor<K> | undefined) : undefined));
}

/** A narrow view of a project actor, compared field by field; undefined until the project is open. */
export function useProjectActorSelector<TRef extends AnyActorRef, T>(ref: TRef | undefined, selector: (snapshot: SnapshotFrom<TRef>) => T): T | undefined {
  return useSelector(ref, (snapshot) => (snapshot ? selector(snapshot as SnapshotFrom<TRef>) : undefined), shallowEqual);
}
