/**
 * Model-based UI tests: the shortest paths of each machine's graph (xstate/graph), walked in the real app in Chromium,
 * the view of every step asserted from tests/model/views.ts, every event caused as tests/model/actions.ts says.
 * `machinePaths` needs no browser; `walkPath` drives one path. docs/model-based-ui-tests.md explains the tables.
 */
import type { Locator, Page } from 'playwright-core';
import type { ActorLogic, AnyMachineSnapshot, StateNode } from 'xstate';
import { TestModel } from 'xstate/graph';
import { withFreshSystemPerStep } from '../machines/support/test-model.ts';
import { actions, isSkipped, type Variant } from './actions.ts';
import { activeLeaves, machineModels, type MachineName } from './machines.ts';
import { views, type Text, type View, type ViewInput } from './views.ts';
import { Walker, type ModelEvent, type WalkEnv } from './walker.ts';

export type { WalkEnv } from './walker.ts';

export interface WalkStep {
  event: string | null;
  /** JSON of the state value. */
  state: string;
  /** A one-line description of what the user sees. */
  view: string;
}
export interface WalkPath {
  machine: 'session' | 'feasibility' | 'taskBoard' | 'checkout' | 'modal';
  name: string;
  steps: WalkStep[];
}

/** A path as the model has it: every step's whole event and snapshot, and the machine's input. */
interface ModelPath {
  input: unknown;
  steps: { event: ModelEvent | null; snapshot: AnyMachineSnapshot }[];
}

const modelPathOf = new WeakMap<WalkPath, ModelPath>();
const computed = new Map<MachineName, WalkPath[]>();

/** The events the action table offers in a snapshot (skipped ones never), with their labels; only those the snapshot takes. */
function offered(machine: MachineName, snapshot: AnyMachineSnapshot): Variant[] {
  return Object.entries(actions[machine].events).flatMap(([type, entry]) => {
    if (isSkipped(entry)) return [];
    const variants = entry.variants ? entry.variants(snapshot) : [{ label: type, event: { type } }];
    return variants.filter((variant) => snapshot.can(variant.event));
  });
}

/** The events the walk leaves out because no user can cause them, with why: printed by every suite. */
export function skippedEvents(machine: MachineName): { event: string; reason: string }[] {
  return Object.entries(actions[machine].events).flatMap(([event, entry]) => (isSkipped(entry) ? [{ event, reason: entry.skip }] : []));
}

/**
 * The shortest path to every state and every transition of the graph (a snapshot is told apart by its value, the
 * context its guards read, and the event and state it came by), without the paths that are the start of a longer one:
 * walking the longer one shows every step of the shorter.
 */
function computePaths(machine: MachineName): WalkPath[] {
  const { machine: logic, inputs, guardContext } = machineModels[machine];
  const labels = new Map<string, string>();
  const paths: WalkPath[] = [];
  for (const { label: inputLabel, input } of inputs) {
    const model = new TestModel(withFreshSystemPerStep(logic) as ActorLogic<AnyMachineSnapshot, ModelEvent, unknown>, {
      events: (snapshot) =>
        offered(machine, snapshot).map((variant) => {
          labels.set(JSON.stringify(variant.event), variant.label);
          return variant.event;
        }),
      serializeState: (snapshot, event, previous) => {
        const state = JSON.stringify({ value: snapshot.value as unknown, context: guardContext(snapshot) });
        // The event is part of the key even when the value stays, and so is what the user sees: two ways to one key
        // would leave a path with one way's events and the other's snapshot.
        if (!event || !previous) return state;
        return `${state} via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)} showing ${shownKey(machine, { snapshot, event: event.type === 'xstate.init' ? null : event, previous })}`;
      },
    });
    const found = model.getShortestPaths(input === undefined ? undefined : { input });
    const keys = found.map((path) => path.steps.map((step) => JSON.stringify(step.event)));
    const leaves = found.filter((_, index) => !keys.some((other, at) => at !== index && other.length > keys[index]!.length && keys[index]!.every((key, i) => other[i] === key)));
    for (const path of leaves) {
      const steps = path.steps.map((step) => ({ event: step.event.type === 'xstate.init' ? null : step.event, snapshot: step.state }));
      const names = steps.slice(1).map((step) => labels.get(JSON.stringify(step.event)) ?? step.event!.type);
      const walk: WalkPath = {
        machine,
        name: `${inputLabel ? `${inputLabel}: ` : ''}${names.join(' › ')}`,
        steps: steps.map((step, index) => ({
          event: step.event?.type ?? null,
          state: JSON.stringify(step.snapshot.value),
          view: describeView(viewAt(machine, { snapshot: step.snapshot, event: step.event, previous: steps[index - 1]?.snapshot ?? null })),
        })),
      };
      modelPathOf.set(walk, { input, steps });
      paths.push(walk);
    }
  }
  // Two paths with the same labels (one label for several events) stay apart by number.
  const seen = new Map<string, number>();
  for (const path of paths) {
    const count = (seen.get(path.name) ?? 0) + 1;
    seen.set(path.name, count);
    if (count > 1) path.name = `${path.name} (${count})`;
  }
  return paths;
}

/** What a view asserts, as a key (a state no view is written for yet shows as its error, for the coverage test to name). */
function shownKey(machine: MachineName, input: ViewInput): string {
  try {
    return JSON.stringify(viewAt(machine, input), (_, value: unknown) => (value instanceof RegExp ? String(value) : value));
  } catch (error) {
    return (error as Error).message;
  }
}

/** The paths of one machine, computed from its graph (no browser needed). */
export function machinePaths(machine: WalkPath['machine']): WalkPath[] {
  if (!computed.has(machine)) computed.set(machine, computePaths(machine));
  return computed.get(machine)!;
}

/** What the user sees after a step, from the view table: each active state's entry, parallel regions combined. */
export type StepView = { view: View | null; reasons: string[] };

export function viewAt(machine: MachineName, input: ViewInput): StepView {
  const table = views[machine];
  const found: View[] = [];
  const reasons: string[] = [];
  for (const leaf of activeLeaves(input.snapshot.value)) {
    const entry = table[leaf];
    if (entry === undefined) throw new Error(`${machine}: state "${leaf}" has no view in tests/model/views.ts: say what the user sees there`);
    const resolved = typeof entry === 'function' ? entry(input) : entry;
    if ('unreached' in resolved) throw new Error(`${machine}: the walk rests in "${leaf}", which views.ts says is never reached (${resolved.unreached})`);
    if ('none' in resolved) reasons.push(resolved.none);
    else found.push(resolved);
  }
  if (found.length === 0) return { view: null, reasons };
  const view: View = { says: found.map((one) => one.says).join('; '), texts: found.flatMap((one) => one.texts ?? []) };
  for (const one of found) {
    view.route ??= one.route;
    view.heading ??= one.heading;
    view.status ??= one.status;
    view.busy ??= one.busy;
    if (one.dialog !== undefined && (view.dialog === undefined || view.dialog === null)) view.dialog = one.dialog;
  }
  return { view, reasons };
}

const describeView = ({ view, reasons }: StepView) => view?.says ?? `no visible change: ${reasons.join('; ')}`;

const viewTimeout = 20_000;
const matchesText = (text: Text, actual: string) => (typeof text === 'string' ? actual.trim() === text : text.test(actual));

async function visible(locator: Locator, what: string) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: viewTimeout });
  } catch {
    throw new Error(`not on screen: ${what}`);
  }
}

/** Waits until the page shows the view (never a fixed sleep), or fails naming what is missing. */
export async function expectView(page: Page, view: View) {
  if (view.route) {
    const route = view.route;
    const deadline = Date.now() + viewTimeout;
    while (!route.test(new URL(page.url()).pathname)) {
      if (Date.now() > deadline) throw new Error(`the URL is ${new URL(page.url()).pathname}, expected ${route}`);
      await page.waitForURL((url) => route.test(url.pathname), { timeout: 1000 }).catch(() => undefined);
    }
  }
  if (view.heading) await visible(page.getByRole('heading', { level: 1, name: view.heading, exact: typeof view.heading === 'string' }), `the heading ${String(view.heading)}`);
  if (view.dialog) {
    const { role = 'dialog', name, buttons } = view.dialog;
    const open = page.getByRole(role, { name, exact: typeof name === 'string' });
    await visible(open, `the ${role} ${String(name)}`);
    for (const label of buttons) await visible(open.getByRole('button', { name: label, exact: typeof label === 'string' }), `the button ${String(label)} in the ${role} ${String(name)}`);
  } else if (view.dialog === null) {
    const anyOpen = page.locator('[role=dialog]:visible, [role=alertdialog]:visible');
    const deadline = Date.now() + viewTimeout;
    while ((await anyOpen.count()) > 0) {
      if (Date.now() > deadline) throw new Error(`a dialog is open where none should be: ${await anyOpen.first().getAttribute('aria-label').catch(() => null) ?? (await anyOpen.first().textContent())?.slice(0, 80)}`);
      await anyOpen.first().waitFor({ state: 'hidden', timeout: 1000 }).catch(() => undefined);
    }
  }
  if (view.status) {
    const text = view.status;
    const live = page.getByRole('status').or(page.getByRole('alert'));
    const deadline = Date.now() + viewTimeout;
    for (;;) {
      const found = await live.evaluateAll(
        (elements) => elements.map((element) => [element.getAttribute('aria-label') ?? '', element.textContent ?? ''] as const),
      );
      if (found.some(([name, content]) => matchesText(text, name) || matchesText(text, content) || (typeof text === 'string' && content.includes(text)))) break;
      if (Date.now() > deadline) throw new Error(`no status or alert says ${String(text)}; they say: ${found.map(([name, content]) => name || content).join(' | ') || 'nothing'}`);
      await live.first().waitFor({ timeout: 500 }).catch(() => undefined);
      await page.waitForFunction(() => true, undefined, { timeout: 250 }).catch(() => undefined);
    }
  }
  for (const text of view.texts ?? []) await visible(page.getByText(text, { exact: typeof text === 'string' }), `the text ${String(text)}`);
  if (view.busy) await visible(page.locator('[data-loading]'), 'a button waiting for the server');
}

/** The effects a step starts: those invoked by the states it enters, each with the request it sends. */
function startedEffects(machine: MachineName, before: AnyMachineSnapshot | null, after: AnyMachineSnapshot) {
  const nodesOf = (snapshot: AnyMachineSnapshot | null) => ((snapshot as unknown as { _nodes?: StateNode<never, never>[] } | null)?._nodes ?? []);
  const was = new Set(nodesOf(before).map((node) => node.id));
  const routes = actions[machine].effects;
  return nodesOf(after)
    .filter((node) => !was.has(node.id))
    .flatMap((node) => node.invoke)
    .flatMap((invoke) => {
      const route = typeof invoke.src === 'string' ? routes[invoke.src] : undefined;
      return route ? [{ id: invoke.id, path: typeof route.path === 'function' ? route.path(after) : route.path, method: route.method }] : [];
    });
}

/** How a stood-in server answers an effect the model says failed: the API's error, or a checkout failure's status. */
function modelAnswer(event: ModelEvent): { status: number; body?: unknown } {
  if (event.type.startsWith('xstate.done.actor.')) return { status: 200, body: event.output };
  const error = event.error as { status?: number; data?: unknown; kind?: string; detail?: string };
  if (error.kind) return { status: error.kind === 'network' ? 503 : 400, body: { detail: error.detail } };
  return { status: error.status ?? 500, body: error.data };
}

/** Drives one path in a fresh browser context of the running app; after each step (first: the start) it asserts the view, then awaits onStep. */
export async function walkPath(env: WalkEnv, path: WalkPath, onStep?: (page: Page, stepIndex: number) => Promise<void>): Promise<void> {
  const model = modelPathOf.get(path) ?? machinePaths(path.machine).map((candidate) => modelPathOf.get(candidate)).find((_, index) => machinePaths(path.machine)[index]!.name === path.name);
  if (!model) throw new Error(`${path.machine}: no path named "${path.name}" in the machine's graph`);
  const table = actions[path.machine];
  const page = await env.newPage();
  const walker = new Walker(page, env);
  walker.data.input = model.input;
  try {
    for (const [index, step] of model.steps.entries()) {
      const before = model.steps[index - 1]?.snapshot ?? null;
      walker.before = before;
      walker.next = model.steps[index + 1]?.event ?? undefined;
      for (const effect of startedEffects(path.machine, before, step.snapshot)) await walker.hold(effect.id, effect.path, effect.method);
      const where = `step ${index} (${step.event?.type ?? 'start'}) of ${path.machine} "${path.name}"`;
      try {
        if (step.event === null) await table.start.run(walker);
        else await play(walker, path.machine, step.event);
        const { view } = viewAt(path.machine, { snapshot: step.snapshot, event: step.event, previous: before });
        if (view) await expectView(page, view);
      } catch (error) {
        throw new Error(`${where}, in state ${JSON.stringify(step.snapshot.value)}: ${(error as Error).message}`, { cause: error });
      }
      await onStep?.(page, index);
    }
  } finally {
    await page.context().close();
  }
}

async function play(walker: Walker, machine: MachineName, event: ModelEvent) {
  const entry = actions[machine].events[event.type];
  if (entry === undefined) throw new Error(`${machine}: event "${event.type}" has no action in tests/model/actions.ts: say what a user does to cause it`);
  if (isSkipped(entry)) throw new Error(`${machine}: event "${event.type}" is skipped (${entry.skip}) yet the path has it`);
  if (entry.run) return entry.run(walker, event);
  const effect = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)?.[2];
  if (!effect) throw new Error(`${machine}: event "${event.type}" has neither a run nor an effect to answer`);
  await walker.release(effect, entry.answer === 'server' && event.type.startsWith('xstate.done.') ? 'server' : modelAnswer(event));
}
