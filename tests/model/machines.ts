import type { AnyMachineSnapshot, AnyStateMachine, StateNode } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { feasibilityMachine } from '../../machines/feasibility.machine.ts';
import { modalMachine } from '../../machines/modal.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { taskBoardMachine } from '../../machines/task-board.machine.ts';

export type MachineName = 'session' | 'feasibility' | 'taskBoard' | 'checkout' | 'modal';
export const machineNames: readonly MachineName[] = ['session', 'feasibility', 'taskBoard', 'checkout', 'modal'];

/**
 * How the graph tells two snapshots apart: the state value and only what the machine's guards read, so the shortest
 * paths reach every state and every transition without walking every name or message a context can hold.
 */
export interface MachineModel {
  machine: AnyStateMachine;
  /** One graph per input (the checkout is bought or resumed); its label prefixes the paths' names. */
  inputs: { label: string; input: unknown }[];
  guardContext: (snapshot: AnyMachineSnapshot) => unknown;
}

const purchaseOf = (snapshot: AnyMachineSnapshot) => {
  const purchase = (snapshot.context as { purchase: { planId: string | null; sessionId: string | null; finished: boolean } | null }).purchase;
  return purchase && { ...purchase };
};

export const machineModels: Record<MachineName, MachineModel> = {
  session: {
    machine: sessionMachine,
    inputs: [{ label: '', input: undefined }],
    guardContext: (snapshot) => {
      const { accessToken, hasProject, openProjectId } = snapshot.context as { accessToken: string | null; hasProject: boolean; openProjectId: string | null };
      return { signedIn: accessToken !== null, hasProject, openProjectId, purchase: purchaseOf(snapshot) };
    },
  },
  // The studies and the board change with every step, but no state the user sees depends on which ones are there
  // (the events name studies and tasks the start makes): telling them apart would only multiply the same paths.
  feasibility: {
    machine: feasibilityMachine,
    inputs: [{ label: '', input: { projectId: 'project' } }],
    guardContext: (snapshot) => ({ allowed: (snapshot.context as { limit: { allowed: boolean } | null }).limit?.allowed ?? null }),
  },
  taskBoard: {
    machine: taskBoardMachine,
    inputs: [{ label: '', input: { projectId: 'project' } }],
    guardContext: (snapshot) => {
      const { taskModal } = snapshot.context as { taskModal: { id: string | null } | null };
      return { taskModal: taskModal ? (taskModal.id ?? 'new') : null };
    },
  },
  checkout: {
    machine: checkoutMachine,
    inputs: [
      { label: 'a purchase', input: { planId: 'pro' } },
      { label: 'a resumed checkout', input: { sessionId: 'checkout-session' } },
    ],
    guardContext: (snapshot) => {
      const { planId, retries } = snapshot.context as { planId: string | null; retries: number };
      return { resuming: planId === null, retries };
    },
  },
  modal: { machine: modalMachine, inputs: [{ label: '', input: undefined }], guardContext: () => null },
};

/** Every atomic or final state of a machine, as its dotted path from the root ('loggedOut.loggingIn'). */
export function leafStates(machine: AnyStateMachine): string[] {
  const leaves: string[] = [];
  const visit = (node: StateNode<never, never>) => {
    const children = Object.values<StateNode<never, never>>(node.states);
    if (children.length === 0) {
      if (node.type !== 'history') leaves.push(node.path.join('.'));
      return;
    }
    children.forEach(visit);
  };
  visit(machine.root as unknown as StateNode<never, never>);
  return leaves.sort();
}

/** Every event type a machine handles, effects' outcomes and timers included ('xstate.done.actor.login', 'xstate.after.…'). */
export function eventTypes(machine: AnyStateMachine): string[] {
  return [...new Set<string>(machine.root.events as string[])].filter((type) => type !== '*' && !type.startsWith('xstate.done.state.')).sort();
}

/** The active leaves of a state value, as dotted paths: `{ signedIn: { project: 'ready', token: 'valid' } }` → two. */
export function activeLeaves(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => activeLeaves(child, [...prefix, key]));
}
