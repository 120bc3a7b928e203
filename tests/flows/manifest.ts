import { activeStateIds } from '../../src/dev/inspector/state-graph.ts';
import type { StateLayout } from '../../src/dev/inspector/state-layout.ts';

/** One step of a path as the gallery shows it: the event that led here, the state, what the user sees, two screenshots. */
export interface GalleryStep {
  event: string | null;
  state: string;
  view: string;
  /** Screenshot files relative to the gallery's folder; null for a step the walk did not reach. */
  shots: { wide: string; narrow: string } | null;
}

export interface GalleryPath {
  name: string;
  steps: GalleryStep[];
  /** Why the walk stopped before its last step. */
  failure?: string;
}

export interface GalleryMachine {
  id: string;
  title: string;
  /** The statechart laid out by the inspector's layout (src/dev/inspector/state-layout.ts); drawn inline as SVG. */
  chart: StateLayout;
  paths: GalleryPath[];
  /** Why the machine's paths could not be computed. */
  failure?: string;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface GalleryManifest {
  title: string;
  createdAt: string;
  /** The window sizes of the two screenshots of a step. */
  viewports: { wide: Viewport; narrow: Viewport };
  machines: GalleryMachine[];
}

/**
 * The chart states a step's `state` shows, each with its ancestors: a state value as JSON (`{"signedIn":{…}}`), or one
 * or more dotted paths (`loggedOut.idle`, `signedIn.project.ready, signedIn.token.valid`).
 */
export function shownStates(state: string): Set<string> {
  try {
    return activeStateIds(JSON.parse(state) as Parameters<typeof activeStateIds>[0]);
  } catch {
    const shown = new Set<string>();
    for (const dotted of state.split(/[\s,+]+/).filter(Boolean)) {
      const keys = dotted.split('.');
      keys.forEach((_, index) => shown.add(keys.slice(0, index + 1).join('.')));
    }
    return shown;
  }
}

/** A step's state as a person reads it: its active leaves as dotted paths (`signedIn.project.ready + signedIn.token.valid`). */
export function stateName(state: string): string {
  const shown = [...shownStates(state)];
  const leaves = shown.filter((id) => id !== '' && !shown.some((other) => other.startsWith(`${id}.`)));
  return leaves.length > 0 ? leaves.join(' + ') : state;
}

export const machinePage = (machine: Pick<GalleryMachine, 'id'>) => `${machine.id}.html`;
export const pathAnchor = (machine: Pick<GalleryMachine, 'id'>, pathIndex: number) => `${machine.id}-path-${pathIndex + 1}`;
export const stepAnchor = (machine: Pick<GalleryMachine, 'id'>, pathIndex: number, stepIndex: number) => `${pathAnchor(machine, pathIndex)}-step-${stepIndex + 1}`;

/** For each chart state, the anchor of the first storyboard frame (in path order) that shows it. */
export function firstFrames(machine: GalleryMachine): Map<string, string> {
  const first = new Map<string, string>();
  machine.paths.forEach((path, pathIndex) =>
    path.steps.forEach((step, stepIndex) => {
      if (!step.shots) return;
      for (const state of shownStates(step.state)) if (!first.has(state)) first.set(state, stepAnchor(machine, pathIndex, stepIndex));
    }),
  );
  return first;
}
