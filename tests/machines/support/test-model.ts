import { it } from 'vitest';
import { createEmptyActor, fromPromise, type ActorLogic, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import { serializeSnapshot, TestModel, type TestPath } from 'xstate/graph';

/**
 * createTestModel() for machines with effects. createTestModel() refuses any machine that invokes an actor or
 * has a delayed transition ("Invocations on test machines are not supported"), yet the graph handles them:
 * the traversal never starts invoked actors, and their outcome is just one more event to list
 * ('xstate.done.actor.<id>' with an output, 'xstate.error.actor.<id>' with an error, 'xstate.after.<delay>.<state>').
 * This builds the same TestModel with createTestModel()'s serialization: a snapshot is told apart by value and
 * context and, when the value changed, by the transition that led to it, so the shortest paths reach every
 * transition, not only every state.
 *
 * `events` may be a function of the snapshot, for effect outputs that answer what the effect was asked (a renamed
 * study has the typed name). `serializeContext` replaces the context in the serialization with what the guards
 * read, when the whole context would tell apart states no guard can (names, messages); the steps still carry the
 * whole snapshot to compare with.
 */
function createEffectTestModel(machine: AnyStateMachine, events: readonly ModelEvent[] | ((snapshot: AnyMachineSnapshot) => readonly ModelEvent[]), options: { serializeContext?: (snapshot: AnyMachineSnapshot) => unknown } = {}) {
  const { serializeContext } = options;
  const eventsOf = typeof events === 'function' ? events : () => events;
  return new TestModel(withFreshSystemPerStep(machine) as ActorLogic<AnyMachineSnapshot, ModelEvent, unknown>, {
    // Like createTestModel(): offer only the events the snapshot handles, so no path stands still.
    events: (snapshot) => eventsOf(snapshot).filter((event) => snapshot.can(event)),
    serializeState: (snapshot, event, previous) => {
      const valueChanged = previous !== undefined && JSON.stringify(previous.value) !== JSON.stringify(snapshot.value);
      const via = event && valueChanged ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : '';
      const state = serializeContext ? JSON.stringify({ value: snapshot.value as unknown, context: serializeContext(snapshot) }) : serializeSnapshot(snapshot);
      return state + via;
    },
  });
}

export type ModelPath<TMachine extends AnyStateMachine> = TestPath<SnapshotFrom<TMachine>, ModelEvent>;

/** One path's system under test, as runModelPaths drives it. */
export interface PathRun<TMachine extends AnyStateMachine> {
  /** Started by the path's first step ('xstate.init') and stopped after its last. */
  actor: { start(): unknown; stop(): unknown };
  /** Plays one model event on the system under test: send it, settle an effect double, move a clock. */
  step: (event: ModelEvent) => unknown;
  /** Compares the system under test with the model's snapshot, after the start and after every step. */
  check: (expected: SnapshotFrom<TMachine>) => void;
  /** Replaces the start, `actor.start()` then a flush, e.g. where fake timers would hold the flush. */
  start?: () => unknown;
  /** Runs after the actor stopped. */
  cleanup?: () => void;
}

/**
 * The model test of a machine: walks the shortest path to every transition of createEffectTestModel(), one vitest
 * test per path, named by the path, and prints how many paths it walked as `<name>: <n> paths`. Call it inside a
 * describe(); `run` builds each path's own system under test. Returns the paths, for tests about the whole set.
 */
export function runModelPaths<TMachine extends AnyStateMachine>(
  name: string,
  machine: TMachine,
  options: {
    events: readonly ModelEvent[] | ((snapshot: SnapshotFrom<TMachine>) => readonly ModelEvent[]);
    input?: InputFrom<TMachine>;
    serializeContext?: (snapshot: SnapshotFrom<TMachine>) => unknown;
    run: (path: ModelPath<TMachine>) => PathRun<TMachine>;
  },
): ModelPath<TMachine>[] {
  const { events, input, serializeContext, run } = options;
  const model = createEffectTestModel(machine, events as (snapshot: AnyMachineSnapshot) => readonly ModelEvent[], {
    serializeContext: serializeContext as ((snapshot: AnyMachineSnapshot) => unknown) | undefined,
  });
  const paths = model.getShortestPaths(input === undefined ? undefined : { input }) as ModelPath<TMachine>[];
  console.log(`${name}: ${paths.length} paths`);

  for (const path of paths) {
    it(path.description, async () => {
      const system = run(path);
      // Every event type of the path gets an executor: TestPath.test() skips a step it has none for, silently.
      const executors = Object.fromEntries(path.steps.map(({ event }) => [event.type, ({ event: step }: { event: ModelEvent }) => system.step(step)]));
      await path.test({
        events: {
          ...executors,
          'xstate.init': async () => {
            if (system.start) await system.start();
            else {
              system.actor.start();
              await flush();
            }
          },
        },
        states: { '*': (expected) => system.check(expected) },
      });
      system.actor.stop();
      system.cleanup?.();
    });
  }
  return paths;
}

/** The state values the paths pass through, as sorted JSON, for a "reaches every state" test. */
export function reachedStates(paths: readonly ModelPath<AnyStateMachine>[]): string[] {
  return [...new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))))].sort();
}

type MachineScope = Parameters<AnyStateMachine['transition']>[2];

/**
 * The traversal runs every step in one mock actor scope whose stopChild does nothing, so a child spawned with a
 * systemId on one path would still hold it on the next ("Actor with system ID … already exists"). A real actor
 * frees the id when it stops the child; here each step gets a system of its own.
 */
export function withFreshSystemPerStep(machine: AnyStateMachine): AnyStateMachine {
  return Object.create(machine, {
    transition: {
      value: (snapshot: AnyMachineSnapshot, event: EventObject, scope: MachineScope) => {
        const self = createEmptyActor();
        return machine.transition(snapshot, event, { ...scope, self, system: self.system } as MachineScope);
      },
    },
  }) as AnyStateMachine;
}

/** A model event: a machine event, or an effect's outcome with its `output` / `error`. */
export type ModelEvent = EventObject & Record<string, unknown>;

export interface PendingEffect {
  src: string;
  input: unknown;
}

/**
 * Test doubles for a machine's named promise actors: each start waits until the path settles it with the
 * output or error of its 'xstate.done.actor.*' / 'xstate.error.actor.*' step.
 */
export class EffectDoubles {
  readonly started: PendingEffect[] = [];
  private readonly open = new Map<string, { effect: PendingEffect; resolve: (value: unknown) => void; reject: (error: unknown) => void }>();

  /** A fromPromise double for `src`, to pass to machine.provide({ actors }). */
  actor<TOutput, TInput>(src: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const effect = { src, input };
          this.started.push(effect);
          this.open.set(src, { effect, resolve: resolve as (value: unknown) => void, reject });
          // A stopped invocation (its state was left) can never settle.
          signal.addEventListener('abort', () => this.open.delete(src));
        }),
    );
  }

  /** The running effects, by src, with their inputs. */
  pending(): PendingEffect[] {
    return [...this.open.values()].map(({ effect }) => effect);
  }

  settle(src: string, outcome: 'done' | 'error', value: unknown) {
    const entry = this.open.get(src);
    if (!entry) throw new Error(`No running '${src}' effect to settle; running: ${[...this.open.keys()].join(', ') || 'none'}`);
    this.open.delete(src);
    if (outcome === 'done') entry.resolve(value);
    else entry.reject(value);
  }
}

const donePrefix = 'xstate.done.actor.';
const errorPrefix = 'xstate.error.actor.';

/** Settles the double an 'xstate.done.actor.<id>' or 'xstate.error.actor.<id>' step stands for; false for other events. */
export function settleEffectEvent(doubles: EffectDoubles, event: ModelEvent): boolean {
  if (event.type.startsWith(donePrefix)) {
    doubles.settle(event.type.slice(donePrefix.length), 'done', event.output);
    return true;
  }
  if (event.type.startsWith(errorPrefix)) {
    doubles.settle(event.type.slice(errorPrefix.length), 'error', event.error);
    return true;
  }
  return false;
}

/** Lets settled promises reach the actor (a fromPromise result arrives a few microtasks later). */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
