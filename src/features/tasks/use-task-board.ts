import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { taskBoardMachine } from '../../../machines/task-board.machine.ts';
import { useProjectActor, useProjectActorSelector } from '../../lib/project-actors.ts';

export type TaskBoardRef = ActorRefFrom<typeof taskBoardMachine>;
export type TaskBoardSnapshot = SnapshotFrom<typeof taskBoardMachine>;

/** Opens a project in the session (its task-board actor starts, or keeps running) and returns the actor. */
export const useTaskBoard = (projectId: string): TaskBoardRef | undefined => useProjectActor(projectId, 'taskBoard');

/** A narrow view of the task-board actor, compared field by field; undefined until the project is open. */
export const useTaskBoardSelector = <T>(ref: TaskBoardRef | undefined, selector: (snapshot: TaskBoardSnapshot) => T): T | undefined =>
  useProjectActorSelector(ref, selector);
