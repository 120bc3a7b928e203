import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { feasibilityMachine } from '../../../machines/feasibility.machine.ts';
import { useProjectActor, useProjectActorSelector } from '../../lib/project-actors.ts';

export type FeasibilityRef = ActorRefFrom<typeof feasibilityMachine>;
export type FeasibilitySnapshot = SnapshotFrom<typeof feasibilityMachine>;

/** Opens a project's studies in the session (its feasibility actor starts, or keeps running) and returns the actor. */
export const useFeasibility = (projectId: string): FeasibilityRef | undefined => useProjectActor(projectId, 'feasibility');

/** A narrow view of the feasibility actor, compared field by field; undefined until the project is open. */
export const useFeasibilitySelector = <T>(ref: FeasibilityRef | undefined, selector: (snapshot: FeasibilitySnapshot) => T): T | undefined =>
  useProjectActorSelector(ref, selector);
