import { describe, expect, it } from 'vitest';
import { actions } from '../model/actions.ts';
import { eventTypes, leafStates, machineModels, machineNames } from '../model/machines.ts';
import { views } from '../model/views.ts';
import { machinePaths, skippedEvents } from '../model/walk.ts';

// The model-based UI tests (tests/e2e/model-ui-*.test.ts) walk these tables in Chromium; this checks, without a
// browser, that no state of a machine lacks a view and no event lacks an action, so a new one cannot go unseen.
describe.each(machineNames)('the %s machine in the model-based UI tables', (name) => {
  const { machine } = machineModels[name];

  it('has a view for every state', () => {
    const missing = leafStates(machine).filter((state) => !(state in views[name]));
    expect(missing, `states without a view in tests/model/views.ts`).toEqual([]);
    const stale = Object.keys(views[name]).filter((state) => !leafStates(machine).includes(state));
    expect(stale, 'views of states the machine no longer has').toEqual([]);
  });

  it('has an action (or a reason it cannot be caused) for every event', () => {
    const missing = eventTypes(machine).filter((type) => !(type in actions[name].events));
    expect(missing, 'events without an action in tests/model/actions.ts').toEqual([]);
    const stale = Object.keys(actions[name].events).filter((type) => !eventTypes(machine).includes(type));
    expect(stale, 'actions of events the machine no longer handles').toEqual([]);
  });

  it('has paths whose every step has a view, and reaches every state a user can reach', () => {
    const paths = machinePaths(name);
    expect(paths.length).toBeGreaterThan(0);
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state)));
    const steps = paths.reduce((sum, path) => sum + path.steps.length, 0);
    console.log(`${name}: ${paths.length} paths, ${steps} steps, ${reached.size} state values; skipped events: ${skippedEvents(name).map((skip) => skip.event).join(', ') || 'none'}`);
    for (const path of paths) for (const step of path.steps) expect(step.view, `${path.name}: ${step.state}`).not.toBe('');
    const unreached = Object.entries(views[name]).filter(([, entry]) => typeof entry !== 'function' && 'unreached' in entry).map(([state]) => state);
    const leavesReached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => leavesOf(JSON.parse(step.state) as unknown))));
    const neither = leafStates(machine).filter((state) => !leavesReached.has(state) && !unreached.includes(state));
    expect(neither, 'states no path reaches and views.ts does not call unreached').toEqual([]);
  });
});

function leavesOf(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leavesOf(child, [...prefix, key]));
}
