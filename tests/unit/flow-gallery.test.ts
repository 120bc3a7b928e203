// @vitest-environment jsdom
import ELK from 'elkjs/lib/elk.bundled.js';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { stateGraph } from '../../src/dev/inspector/state-graph.ts';
import { layoutStateGraph } from '../../src/dev/inspector/state-layout.ts';
import { shownStates, stateName, type GalleryManifest, type GalleryStep } from '../flows/manifest.ts';
import { renderGallery } from '../flows/site.ts';

/** A door: a compound state, a guarded transition, and a state no path reaches. */
const doorMachine = setup({
  types: { events: {} as { type: 'door.open' } | { type: 'door.close' } | { type: 'door.lock' } | { type: 'door.break' } },
  guards: { 'hasKey?': () => true },
}).createMachine({
  id: 'door',
  description: 'A door that opens, closes and locks.',
  initial: 'closed',
  states: {
    closed: {
      description: 'The door is shut.',
      initial: 'unlocked',
      states: {
        unlocked: { description: 'Anyone may open it.', on: { 'door.lock': { target: 'locked', guard: 'hasKey?' } } },
        locked: { description: 'Only a key opens it.' },
      },
      on: { 'door.open': 'opened' },
    },
    opened: { description: 'The door stands open.', on: { 'door.close': 'closed', 'door.break': 'broken' } },
    broken: { description: 'Nobody walks this far.', type: 'final' },
  },
});

const lampMachine = setup({}).createMachine({ id: 'lamp', initial: 'off', states: { off: { on: { 'lamp.switch': 'on' } }, on: { on: { 'lamp.switch': 'off' } } } });

const step = (event: string | null, state: string, view: string, shot: string | null): GalleryStep => ({
  event,
  state,
  view,
  shots: shot ? { wide: `shots/${shot}-1440.png`, narrow: `shots/${shot}-390.png` } : null,
});

describe('the flow gallery (rendered from a manifest, no browser)', () => {
  let outDir: string;
  let manifest: GalleryManifest;
  const pages = new Map<string, Promise<Document>>();
  const page = (name: string) => {
    if (!pages.has(name)) pages.set(name, readFile(join(outDir, name), 'utf8').then((html) => new DOMParser().parseFromString(html, 'text/html')));
    return pages.get(name)!;
  };

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'flow-gallery-'));
    manifest = {
      title: 'Sunplot flows',
      createdAt: '2025-01-01',
      viewports: { wide: { width: 1440, height: 900 }, narrow: { width: 390, height: 844 } },
      machines: [
        {
          id: 'door',
          title: 'Door',
          chart: await layoutStateGraph(stateGraph(doorMachine), new ELK()),
          paths: [
            {
              name: 'open and close',
              steps: [step(null, 'closed.unlocked', 'heading "Door"', 'a'), step('door.open', 'opened', 'heading "Open"', 'b'), step('door.close', 'closed.unlocked', 'heading "Door"', 'c')],
            },
            {
              name: 'lock',
              steps: [step(null, 'closed.unlocked', 'heading "Door"', 'a'), step('door.lock', '{"closed":"locked"}', 'modal "Locked"', 'd'), step('door.open', 'opened', '', null)],
              failure: 'the Open button is disabled',
            },
          ],
        },
        { id: 'lamp', title: 'Lamp', chart: await layoutStateGraph(stateGraph(lampMachine), new ELK()), paths: [], failure: 'state "on" has no view' },
      ],
    };
    for (const name of ['a', 'b', 'c', 'd'].flatMap((shot) => [`shots/${shot}-1440.png`, `shots/${shot}-390.png`])) {
      await mkdir(dirname(join(outDir, name)), { recursive: true });
      await writeFile(join(outDir, name), 'png');
    }
    await renderGallery(manifest, outDir);
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('writes index.html and a page per machine that reference only files beside them, by relative paths, and ids that exist', async () => {
    let checked = 0;
    for (const name of ['index.html', 'door.html', 'lamp.html']) {
      const document = await page(name);
      expect(document.querySelectorAll('script, link, iframe').length, name).toBe(0);
      const references = [...document.querySelectorAll('[src], [href]')].map((element) => element.getAttribute('src') ?? element.getAttribute('href')!);
      checked += references.length;
      for (const reference of references) {
        expect(reference, `${name}: ${reference}`).not.toMatch(/^([a-z]+:|\/)/i);
        const [file, anchor] = reference.split('#');
        const target = file || name;
        expect(existsSync(join(outDir, target)), `${name} → ${target}`).toBe(true);
        if (anchor) expect((await page(target)).getElementById(anchor), `${name} → ${reference}`).not.toBeNull();
      }
    }
    // The shots (8 files, each an image and its link), the state links of two charts, the path lists, the back links.
    expect(checked).toBeGreaterThan(40);
  });

  it('draws each machine as an inline SVG with a node per state (its description as the tooltip) and an edge labelled per event', async () => {
    const graph = stateGraph(doorMachine);
    for (const name of ['index.html', 'door.html']) {
      const svg = (await page(name)).querySelector('svg[aria-label="Statechart of door"]')!;
      expect(svg, name).not.toBeNull();
      const nodes = [...svg.querySelectorAll('[data-state]')];
      expect(nodes.map((node) => node.getAttribute('data-state')).sort()).toEqual(graph.nodes.map((node) => node.id).sort());
      expect(svg.querySelector('[data-state="closed.locked"] title')?.textContent).toBe('closed.locked: Only a key opens it.');
      const labels = [...svg.querySelectorAll('[data-edge] text')].map((text) => text.textContent);
      expect(labels.sort()).toEqual(['door.break', 'door.close', 'door.lock [hasKey?]', 'door.open']);
    }
  });

  it('links each state of the chart to the first frame that shows it, and no state that no path reached', async () => {
    const linkOf = async (name: string, state: string) => (await page(name)).querySelector(`svg [data-state="${state}"]`)?.closest('a')?.getAttribute('href') ?? null;
    expect(await linkOf('index.html', 'closed')).toBe('door.html#door-path-1-step-1');
    expect(await linkOf('index.html', 'opened')).toBe('door.html#door-path-1-step-2');
    expect(await linkOf('door.html', 'closed.locked')).toBe('#door-path-2-step-2');
    // The second path stopped before `opened`, and nothing reaches `broken`.
    expect(await linkOf('door.html', 'broken')).toBeNull();
    const rows = [...(await page('door.html')).querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows).toContain('brokenNobody walks this far.on no path');
  });

  it('shows each path as a storyboard in its order: the state above each frame, both screenshots, the event under each arrow', async () => {
    const document = await page('door.html');
    const captions = [
      ['closed.unlocked', 'opened', 'closed.unlocked'],
      ['closed.unlocked', 'closed.locked', 'opened'],
    ];
    manifest.machines[0]!.paths.forEach((path, index) => {
      const board = document.getElementById(`door-path-${index + 1}`)!;
      expect(board.querySelector('h3')?.textContent).toBe(`Path ${index + 1}: ${path.name}`);
      const frames = [...board.querySelectorAll('figure')];
      expect(frames.map((frame) => frame.querySelector('figcaption')?.textContent)).toEqual(captions[index]);
      expect(frames.map((frame) => [...frame.querySelectorAll('img')].map((img) => img.getAttribute('src')))).toEqual(
        path.steps.map((each) => (each.shots ? [each.shots.wide, each.shots.narrow] : [])),
      );
      const sequence = [...board.querySelectorAll('.board > *')].map((element) => (element.tagName === 'FIGURE' ? `[${element.id}]` : element.querySelector('.event')?.textContent));
      expect(sequence).toEqual(path.steps.flatMap((each, stepIndex) => [...(each.event ? [each.event] : []), `[door-path-${index + 1}-step-${stepIndex + 1}]`]));
    });
    expect(document.getElementById('door-path-2')?.textContent).toContain('The walk stopped: the Open button is disabled');
    expect(document.getElementById('door-path-2-step-3')?.textContent).toContain('not reached');
  });

  it('says why a machine has no paths, and still draws its chart', async () => {
    const lamp = (await page('index.html')).getElementById('lamp')!;
    expect(lamp.textContent).toContain('The paths could not be computed: state "on" has no view');
    expect(lamp.querySelectorAll('svg [data-state]')).toHaveLength(3);
    expect(lamp.querySelectorAll('svg a')).toHaveLength(0);
  });

  it("reads a step's state as dotted paths or as a state value in JSON, and names it by its active leaves", () => {
    expect([...shownStates('closed.locked')]).toEqual(['closed', 'closed.locked']);
    expect(shownStates('{"signedIn":{"project":"ready","token":"valid"}}')).toEqual(
      new Set(['', 'signedIn', 'signedIn.project', 'signedIn.project.ready', 'signedIn.token', 'signedIn.token.valid']),
    );
    expect([...shownStates('a.b, c')]).toEqual(['a', 'a.b', 'c']);
    expect(stateName('{"signedIn":{"project":"ready","token":"valid"}}')).toBe('signedIn.project.ready + signedIn.token.valid');
    expect(stateName('"paying"')).toBe('paying');
    expect(stateName('{"closed":"locked"}')).toBe('closed.locked');
  });
});
