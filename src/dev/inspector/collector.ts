import { isMachineSnapshot, type AnyActorRef, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';

/** One event an actor received, as the log shows it. */
export interface LoggedEvent {
  seq: number;
  /** The receiving actor's session id (unique in the system) and name. */
  sessionId: string;
  actor: string;
  /** Who sent it: another actor's name, or null when it came from outside (a screen, the panel). */
  source: string | null;
  type: string;
  /** The event without its `type`. */
  payload: Record<string, unknown>;
}

/** An actor of the live tree: a root, or a child of an actor's snapshot, with its own children. */
export interface ActorNode {
  ref: AnyActorRef;
  /** `systemId` when it has one (the app's session, snackbar, modal, feasibility…), else its id. */
  name: string;
  systemId: string | undefined;
  machine: AnyMachineSnapshot | null;
  children: ActorNode[];
}

/** What the panel reads: a version that changes with every inspection event, the roots, and the log. */
export interface InspectorState {
  version: number;
  roots: AnyActorRef[];
  log: LoggedEvent[];
}

/** The log keeps the newest events; older ones go. */
export const logLimit = 500;

const systemIdOf = (ref: AnyActorRef): string | undefined => (ref as { systemId?: string }).systemId;
export const actorName = (ref: AnyActorRef) => systemIdOf(ref) ?? ref.id;

/**
 * Collects an actor system through XState's `inspect` hook (`createActor(logic, { inspect })`): the root actors as
 * they are created, every event delivered (newest first) and a version that moves with every snapshot, for React's
 * `useSyncExternalStore`. The tree itself is read from the live actors (`actorTree`), so a child stopped with
 * `stopChild` leaves it at the next snapshot of its parent.
 */
export function createInspectorCollector() {
  let state: InspectorState = { version: 0, roots: [], log: [] };
  let seq = 0;
  const listeners = new Set<() => void>();
  let notifying = false;
  // Listeners hear of a burst of inspection events once, after the actors have finished the step: an event sent while
  // React renders (a screen's first send) must not make the panel render in the middle of it.
  const change = (next: Partial<InspectorState>) => {
    state = { ...state, ...next, version: state.version + 1 };
    if (notifying) return;
    notifying = true;
    queueMicrotask(() => {
      notifying = false;
      for (const listener of listeners) listener();
    });
  };

  const inspect = (inspection: InspectionEvent) => {
    const ref = inspection.actorRef as AnyActorRef;
    switch (inspection.type) {
      case '@xstate.actor':
        if (ref.sessionId === inspection.rootId) change({ roots: [...state.roots, ref] });
        return;
      case '@xstate.event': {
        const { type, ...payload } = inspection.event;
        const source = inspection.sourceRef ? actorName(inspection.sourceRef as AnyActorRef) : null;
        const entry: LoggedEvent = { seq: ++seq, sessionId: ref.sessionId, actor: actorName(ref), source, type, payload };
        change({ log: [entry, ...state.log].slice(0, logLimit) });
        return;
      }
      case '@xstate.snapshot':
        change({});
        return;
      default:
        return;
    }
  };

  return {
    inspect,
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type InspectorCollector = ReturnType<typeof createInspectorCollector>;

/** The live tree under an actor: the children its snapshot holds now (spawned and invoked alike). */
export function actorTree(ref: AnyActorRef): ActorNode {
  const snapshot: unknown = ref.getSnapshot();
  const machine = isMachineSnapshot(snapshot) ? snapshot : null;
  const children = Object.values((machine?.children ?? {}) as Record<string, AnyActorRef | undefined>).filter((child): child is AnyActorRef => child !== undefined);
  return { ref, name: actorName(ref), systemId: systemIdOf(ref), machine, children: children.map(actorTree) };
}

/** Every actor of the trees, depth first. */
export function flattenTree(nodes: ActorNode[]): ActorNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}
