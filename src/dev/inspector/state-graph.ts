import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** One state of a statechart, named by its path (`signedIn.project.ready`); the machine itself is the root, `''`. */
export interface StateGraphNode {
  id: string;
  key: string;
  parentId: string | null;
  kind: StateKind;
  /** A region of a parallel state: drawn dashed, and never a target of the parent's initial arrow. */
  region: boolean;
  description: string | undefined;
  tags: string[];
  /** The child a compound state enters first. */
  initialId: string | null;
  /** Transitions without a target: handled here, the state stays (their actions and guards only). */
  selfEvents: string[];
}

/** A transition from one state to another (or to itself), labelled with its event and guard. */
export interface StateGraphEdge {
  id: string;
  sourceId: string;
  targetId: string;
  label: string;
}

export interface StateGraph {
  machineId: string;
  nodes: StateGraphNode[];
  edges: StateGraphEdge[];
}

export const rootStateId = '';

const stateId = (node: AnyStateNode) => node.path.join('.');

/**
 * How an event type reads on a diagram: XState's own events (`xstate.after.…`, `xstate.done.actor.…`) by what they
 * mean, `always` for eventless transitions.
 */
export function eventLabel(eventType: string, actorNames: ReadonlyMap<string, string> = new Map()): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]} ms` : `after ${after[1]}`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${actorNames.get(actor[2]!) ?? actor[2]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** A guard's name: a named guard (`'signedOut?'` or `{ type, params }`), or an inline function's name. */
function guardName(guard: AnyTransitionDefinition['guard']): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  return guard.type;
}

function transitionLabel(transition: AnyTransitionDefinition, actorNames: ReadonlyMap<string, string>): string {
  const event = eventLabel(String(transition.eventType), actorNames);
  const guard = guardName(transition.guard);
  return guard ? `${event} [${guard}]` : event;
}

/** An invoked actor without an `id` gets one like `0.door.locked.ringing`: its events read better by its `src`. */
function invokedActorNames(machine: AnyStateMachine): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (node: AnyStateNode) => {
    for (const invoke of node.invoke) if (typeof invoke.src === 'string' && /^\d+\./.test(invoke.id)) names.set(invoke.id, invoke.src);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return names;
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** Every state and transition of a machine, as plain data for the layout and the tests. */
export function stateGraph(machine: AnyStateMachine): StateGraph {
  const nodes: StateGraphNode[] = [];
  const edges: StateGraphEdge[] = [];
  const actorNames = invokedActorNames(machine);
  const visit = (node: AnyStateNode) => {
    const id = stateId(node);
    const children = Object.values(node.states);
    const selfEvents: string[] = [];
    transitionsOf(node).forEach((transition, index) => {
      const targets = transition.target ?? [];
      if (targets.length === 0) selfEvents.push(transitionLabel(transition, actorNames));
      targets.forEach((target, targetIndex) =>
        edges.push({ id: `${id}#${index}.${targetIndex}`, sourceId: id, targetId: stateId(target), label: transitionLabel(transition, actorNames) }),
      );
    });
    const initial = node.type === 'compound' ? node.initial.target[0] : undefined;
    nodes.push({
      id,
      key: node.parent ? node.key : machine.id,
      parentId: node.parent ? stateId(node.parent) : null,
      kind: node.type,
      region: node.parent?.type === 'parallel',
      description: node.description,
      tags: node.tags,
      initialId: initial ? stateId(initial) : null,
      selfEvents,
    });
    children.forEach(visit);
  };
  visit(machine.root);
  return { machineId: machine.id, nodes, edges };
}

/** The states a snapshot's value is in, the root and every ancestor included (ids as in `stateGraph`). */
export function activeStateIds(value: StateValue): Set<string> {
  const active = new Set<string>([rootStateId]);
  const walk = (prefix: string, value: StateValue) => {
    const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
    if (typeof value === 'string') {
      active.add(join(value));
      return;
    }
    for (const [key, inner] of Object.entries(value)) {
      active.add(join(key));
      if (inner !== undefined) walk(join(key), inner);
    }
  };
  walk('', value);
  return active;
}
