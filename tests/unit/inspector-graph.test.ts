import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise, setup, stopChild, type AnyActorRef } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { feasibilityMachine } from '../../machines/feasibility.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { taskBoardMachine } from '../../machines/task-board.machine.ts';
import { candidateEvents, eventChoices } from '../../src/dev/inspector/allowed-events.ts';
import { actorTree, createInspectorCollector, flattenTree } from '../../src/dev/inspector/collector.ts';
import { toDisplayJson } from '../../src/dev/inspector/display-json.ts';
import { activeStateIds, eventLabel, rootStateId, stateGraph, type StateGraph } from '../../src/dev/inspector/state-graph.ts';
import { layoutStateGraph, type Box } from '../../src/dev/inspector/state-layout.ts';

/** A door with a lock: every kind of state and transition the graph reads. */
const doorMachine = setup({
  types: { events: {} as { type: 'door.open' } | { type: 'door.close' } | { type: 'door.lock'; code: string } | { type: 'door.knock' } },
  guards: { 'rightCode?': ({ event }) => (event as { code: string }).code.length === 4 },
  actors: { alarm: fromPromise(async () => 'rung') },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      on: { 'door.open': 'opened', 'door.lock': { target: 'locked', guard: 'rightCode?' }, 'door.knock': { actions: () => undefined } },
    },
    opened: { after: { 5000: 'closed' }, on: { 'door.close': 'closed' } },
    locked: {
      type: 'parallel',
      states: {
        bolt: { initial: 'sliding', states: { sliding: { always: 'shut' }, shut: {} } },
        alarm: { initial: 'ringing', states: { ringing: { invoke: { src: 'alarm', onDone: 'done' } }, done: { type: 'final' } } },
      },
    },
  },
});

const byId = (graph: StateGraph) => new Map(graph.nodes.map((node) => [node.id, node]));
const edgeList = (graph: StateGraph) => graph.edges.map((edge) => `${edge.sourceId} -> ${edge.targetId} : ${edge.label}`);

describe('the statechart as a graph', () => {
  it("names XState's own events by what they mean", () => {
    expect(eventLabel('')).toBe('always');
    expect(eventLabel('xstate.after.5000.door.opened')).toBe('after 5000 ms');
    expect(eventLabel('xstate.after.retryDelay.checkout.paying')).toBe('after retryDelay');
    expect(eventLabel('xstate.done.actor.restoreSession')).toBe('done: restoreSession');
    expect(eventLabel('xstate.error.actor.authRequest')).toBe('error: authRequest');
    expect(eventLabel('xstate.done.state.door.locked')).toBe('done');
    expect(eventLabel('task.complete')).toBe('task.complete');
  });

  it('reads every state with its kind, parent, initial child and own events, and every transition with its guard', () => {
    const graph = stateGraph(doorMachine);
    const nodes = byId(graph);
    expect(graph.nodes.map((node) => node.id)).toEqual([
      rootStateId,
      'closed',
      'opened',
      'locked',
      'locked.bolt',
      'locked.bolt.sliding',
      'locked.bolt.shut',
      'locked.alarm',
      'locked.alarm.ringing',
      'locked.alarm.done',
    ]);
    expect(nodes.get(rootStateId)).toMatchObject({ key: 'door', parentId: null, kind: 'compound', initialId: 'closed' });
    expect(nodes.get('locked')).toMatchObject({ kind: 'parallel', initialId: null, region: false });
    expect(nodes.get('locked.bolt')).toMatchObject({ kind: 'compound', region: true, parentId: 'locked', initialId: 'locked.bolt.sliding' });
    expect(nodes.get('locked.alarm.done')).toMatchObject({ kind: 'final', region: false });
    expect(nodes.get('closed')?.selfEvents).toEqual(['door.knock']);
    expect(edgeList(graph)).toEqual([
      'closed -> opened : door.open',
      'closed -> locked : door.lock [rightCode?]',
      'opened -> closed : door.close',
      'opened -> closed : after 5000 ms',
      'locked.bolt.sliding -> locked.bolt.shut : always',
      'locked.alarm.ringing -> locked.alarm.done : done: alarm',
    ]);
  });

  it("reads the session's chart: every state once, every transition between states it has", () => {
    const graph = stateGraph(sessionMachine);
    const nodes = byId(graph);
    expect(nodes.size).toBe(graph.nodes.length);
    expect(graph.nodes).toHaveLength(20);
    for (const edge of graph.edges) {
      expect(nodes.has(edge.sourceId), edge.sourceId).toBe(true);
      expect(nodes.has(edge.targetId), edge.targetId).toBe(true);
    }
    expect(edgeList(graph)).toEqual(
      expect.arrayContaining([
        'enteringApp -> loggedOut : always [signedOut?]',
        'loggedOut.idle -> loggedOut.loggingIn : login.submit',
        'signedIn -> loggingOut : session.logout',
        'signedIn.token.refreshing -> loggedOut : error: refreshTokens',
      ]),
    );
    expect(nodes.get('signedIn')?.selfEvents).toEqual(expect.arrayContaining(['project.open [anotherProject?]', 'checkout.end', 'done: checkout [paid?]']));
    expect(nodes.get('signedIn.project')).toMatchObject({ region: true, initialId: 'signedIn.project.ready' });
  });

  it('marks the states a value is in, ancestors and parallel regions included', () => {
    expect([...activeStateIds('booting')]).toEqual([rootStateId, 'booting']);
    expect(activeStateIds({ signedIn: { project: 'ready', token: 'refreshing' } })).toEqual(
      new Set([rootStateId, 'signedIn', 'signedIn.project', 'signedIn.project.ready', 'signedIn.token', 'signedIn.token.refreshing']),
    );
  });
});

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const near = (point: { x: number; y: number }, box: Box) => point.x >= box.x - 1 && point.x <= box.x + box.width + 1 && point.y >= box.y - 1 && point.y <= box.y + box.height + 1;

describe('the layout (ELK, offline)', () => {
  const elk = new ELK();

  for (const machine of [doorMachine, sessionMachine, checkoutMachine, feasibilityMachine, taskBoardMachine]) {
    it(`nests every state of ${machine.id} in its parent, keeps siblings apart and routes every transition between its states`, async () => {
      const graph = stateGraph(machine);
      const layout = await layoutStateGraph(graph, elk);
      const boxes = new Map(layout.states.map((placed) => [placed.state.id, placed]));
      expect(boxes.size).toBe(graph.nodes.length);
      for (const placed of layout.states) {
        expect(placed.width, placed.state.id).toBeGreaterThan(0);
        if (placed.state.parentId !== null) expect(inside(placed, boxes.get(placed.state.parentId)!), placed.state.id).toBe(true);
        for (const sibling of layout.states.filter((other) => other.state.parentId === placed.state.parentId && other !== placed)) {
          expect(overlap(placed, sibling), `${placed.state.id} / ${sibling.state.id}`).toBe(false);
        }
      }
      expect(layout.edges).toHaveLength(graph.edges.length);
      for (const { edge, points, label } of layout.edges) {
        expect(points.length, edge.id).toBeGreaterThanOrEqual(2);
        expect(near(points[0]!, boxes.get(edge.sourceId)!), `${edge.id} starts at ${edge.sourceId}`).toBe(true);
        expect(near(points.at(-1)!, boxes.get(edge.targetId)!), `${edge.id} ends at ${edge.targetId}`).toBe(true);
        expect(label?.text).toBe(edge.label);
      }
      // One dot and arrow into each compound state's first child.
      expect(layout.initials).toHaveLength(graph.nodes.filter((node) => node.initialId !== null).length);
      expect(layout.width).toBeGreaterThan(0);
    });
  }
});

describe('the events a person may send', () => {
  it("lists the current state's events (its own and its ancestors'), without XState's own, and checks each with can()", () => {
    const actor = createActor(doorMachine).start();
    expect(candidateEvents(actor.getSnapshot())).toEqual(['door.open', 'door.lock', 'door.knock']);
    // The lock's guard reads `code`: without it the guard throws, so the event needs a payload.
    expect(eventChoices(actor.getSnapshot())).toEqual([
      { type: 'door.open', allowed: true, needsPayload: false },
      { type: 'door.lock', allowed: false, needsPayload: true },
      { type: 'door.knock', allowed: true, needsPayload: false },
    ]);
    expect(eventChoices(actor.getSnapshot(), { 'door.lock': { code: '12' } })[1]).toEqual({ type: 'door.lock', allowed: false, needsPayload: false });
    expect(eventChoices(actor.getSnapshot(), { 'door.lock': { code: '1234' } })[1]).toEqual({ type: 'door.lock', allowed: true, needsPayload: false });
    actor.send({ type: 'door.open' });
    expect(candidateEvents(actor.getSnapshot())).toEqual(['door.close']);
    actor.stop();
  });
});

describe('what the panel shows of values', () => {
  it('shows actor refs by name, errors by message, and cuts cycles', () => {
    const actor = createActor(doorMachine, { id: 'frontDoor' });
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const shared = { a: 1 };
    expect(toDisplayJson({ door: actor, error: new Error('refused'), cyclic, twice: [shared, shared], nothing: undefined, big: Infinity })).toEqual({
      door: '[actor frontDoor]',
      error: { name: 'Error', message: 'refused' },
      cyclic: { name: 'loop', self: '[circular]' },
      twice: [{ a: 1 }, { a: 1 }],
      nothing: null,
      big: 'Infinity',
    });
  });
});

describe('the collector', () => {
  const child = createMachine({ id: 'child', initial: 'on', states: { on: {} } });
  const parent = setup({ types: { context: {} as { kid: AnyActorRef | undefined }, events: {} as { type: 'kid.add' } | { type: 'kid.drop' } }, actors: { child } }).createMachine({
    id: 'parent',
    context: { kid: undefined },
    on: {
      'kid.add': { actions: assign({ kid: ({ spawn }) => spawn('child', { id: 'kid', systemId: 'kid' }) }) },
      'kid.drop': { actions: [stopChild(({ context }) => context.kid!), assign({ kid: undefined })] },
    },
  });

  it('sees the root, children appearing and leaving, and logs every event newest first with who sent it', async () => {
    const collector = createInspectorCollector();
    let heard = 0;
    collector.subscribe(() => heard++);
    const actor = createActor(parent, { inspect: collector.inspect, systemId: 'root' }).start();
    const names = () => flattenTree(collector.getState().roots.map(actorTree)).map((node) => node.name);
    expect(names()).toEqual(['root']);
    actor.send({ type: 'kid.add' });
    expect(names()).toEqual(['root', 'kid']);
    actor.send({ type: 'kid.drop' });
    expect(names()).toEqual(['root']);
    expect(collector.getState().log.slice(0, 3).map((entry) => `${entry.actor} ${entry.type} from ${entry.source}`)).toEqual([
      'root kid.drop from null',
      'kid xstate.init from root',
      'root kid.add from null',
    ]);
    // Listeners hear of a burst once, after the step.
    expect(heard).toBe(0);
    await Promise.resolve();
    expect(heard).toBe(1);
    actor.stop();
  });
});
