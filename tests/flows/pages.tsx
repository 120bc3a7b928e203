import { Fragment, type ReactNode } from 'react';
import { StatechartSvg } from '../../src/dev/inspector/statechart-view.tsx';
import { colors } from '../../src/dev/inspector/theme.ts';
import {
  firstFrames,
  machinePage,
  pathAnchor,
  stateName,
  stepAnchor,
  type GalleryMachine,
  type GalleryManifest,
  type GalleryPath,
  type GalleryStep,
  type Viewport,
} from './manifest.ts';

/** Both screenshots of a frame are shown this tall, side by side. */
const shotHeight = 240;

const css = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 24px 48px; color: #1f2328; background: #f6f7f9; }
h1 { margin: 24px 0 4px; } h2 { margin: 32px 0 4px; } h3 { margin: 24px 0 8px; }
a { color: #0b5cad; }
.lead { color: #57606a; margin: 0 0 12px; max-width: 70em; }
.chart { overflow: auto; max-height: 80vh; background: ${colors.panel}; border-radius: 6px; padding: 8px; }
.chart a:hover rect, .chart a:focus rect { stroke: ${colors.active}; stroke-width: 2; }
table { border-collapse: collapse; margin: 12px 0; }
td, th { text-align: left; vertical-align: top; padding: 3px 12px 3px 0; border-bottom: 1px solid #d8dee4; }
td code { white-space: nowrap; }
.unreached { color: #8c959f; }
.board { display: flex; align-items: flex-start; gap: 8px; overflow-x: auto; padding: 8px 0 16px; }
.frame { flex: none; margin: 0; padding: 8px; background: #fff; border: 1px solid #d8dee4; border-radius: 6px; }
.frame:target { outline: 3px solid ${colors.active}; }
.frame .state { font: 600 13px ui-monospace, monospace; margin-bottom: 6px; }
.frame .shots { display: flex; gap: 6px; align-items: flex-start; }
.frame img { display: block; border: 1px solid #d8dee4; background: #eee; }
.frame .view { white-space: pre-line; font-size: 12px; color: #57606a; margin: 6px 0 0; max-width: 520px; }
.frame.missing .shots { height: ${shotHeight}px; width: 200px; align-items: center; justify-content: center; color: #8c959f; background: #f0f1f3; }
.arrow { flex: none; align-self: center; text-align: center; min-width: 80px; max-width: 160px; }
.arrow .head { font-size: 28px; line-height: 1; color: #57606a; }
.arrow .event { display: block; font: 12px ui-monospace, monospace; overflow-wrap: anywhere; }
.failure { color: #b3261e; white-space: pre-wrap; }
`;

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style>{css}</style>
      </head>
      <body>{children}</body>
    </html>
  );
}

const rootOf = (machine: GalleryMachine) => machine.chart.states.find((placed) => placed.state.parentId === null)?.state;

/** The chart, each state a link to the first frame that shows it (on the machine's page, `page` is ''). */
function Chart({ machine, page }: { machine: GalleryMachine; page: string }) {
  const first = firstFrames(machine);
  const href = (stateId: string) => {
    const anchor = first.get(stateId);
    return anchor ? `${page}#${anchor}` : undefined;
  };
  return (
    <div className="chart">
      <StatechartSvg machineId={machine.id} layout={machine.chart} active={new Set()} fit={false} stateHref={href} />
    </div>
  );
}

function StateTable({ machine, page }: { machine: GalleryMachine; page: string }) {
  const first = firstFrames(machine);
  return (
    <table>
      <thead>
        <tr>
          <th>State</th>
          <th>What it means</th>
          <th>First seen</th>
        </tr>
      </thead>
      <tbody>
        {machine.chart.states
          .filter((placed) => placed.state.parentId !== null)
          .map(({ state }) => {
            const anchor = first.get(state.id);
            return (
              <tr key={state.id}>
                <td>
                  <code>{state.id}</code>
                </td>
                <td>{state.description ?? ''}</td>
                <td>{anchor ? <a href={`${page}#${anchor}`}>{anchor.slice(machine.id.length + 1)}</a> : <span className="unreached">on no path</span>}</td>
              </tr>
            );
          })}
      </tbody>
    </table>
  );
}

const reached = (path: GalleryPath) => path.steps.filter((step) => step.shots).length;

function PathList({ machine, page }: { machine: GalleryMachine; page: string }) {
  return (
    <ol>
      {machine.paths.map((path, index) => (
        <li key={index}>
          <a href={`${page}#${pathAnchor(machine, index)}`}>{path.name}</a> ({path.steps.length} steps
          {path.failure ? <span className="failure">, stopped after {reached(path)}</span> : null})
        </li>
      ))}
    </ol>
  );
}

function MachineIntro({ machine, page }: { machine: GalleryMachine; page: string }) {
  return (
    <>
      <p className="lead">{rootOf(machine)?.description}</p>
      {machine.failure && <p className="failure">The paths could not be computed: {machine.failure}</p>}
      <p className="lead">
        {machine.paths.length} paths, {machine.paths.reduce((sum, path) => sum + reached(path), 0)} frames. Hover a state for what it means; click it
        for the first frame that shows it.
      </p>
      <Chart machine={machine} page={page} />
    </>
  );
}

/** index.html: every machine's chart, its states and its paths. */
export function IndexPage({ manifest }: { manifest: GalleryManifest }) {
  return (
    <Page title={manifest.title}>
      <h1>{manifest.title}</h1>
      <p className="lead">
        Made {manifest.createdAt}. Each machine&apos;s statechart, then each of its paths as a storyboard of the screens a user meets, at {manifest.viewports.wide.width} and{' '}
        {manifest.viewports.narrow.width} px.
      </p>
      <ul>
        {manifest.machines.map((machine) => (
          <li key={machine.id}>
            <a href={`#${machine.id}`}>{machine.title}</a> (<a href={machinePage(machine)}>storyboards</a>)
          </li>
        ))}
      </ul>
      {manifest.machines.map((machine) => (
        <section key={machine.id} id={machine.id}>
          <h2>{machine.title}</h2>
          <MachineIntro machine={machine} page={machinePage(machine)} />
          <h3>Paths</h3>
          <PathList machine={machine} page={machinePage(machine)} />
        </section>
      ))}
    </Page>
  );
}

function Shot({ src, viewport, label }: { src: string; viewport: Viewport; label: string }) {
  return (
    <a href={src}>
      <img src={src} alt={label} loading="lazy" height={shotHeight} width={Math.round((shotHeight * viewport.width) / viewport.height)} />
    </a>
  );
}

function Frame({ manifest, step, id }: { manifest: GalleryManifest; step: GalleryStep; id: string }) {
  const { wide, narrow } = manifest.viewports;
  return (
    <figure className={step.shots ? 'frame' : 'frame missing'} id={id} data-state={step.state}>
      <figcaption className="state">{stateName(step.state)}</figcaption>
      <div className="shots">
        {step.shots ? (
          <>
            <Shot src={step.shots.wide} viewport={wide} label={`${stateName(step.state)} at ${wide.width} px`} />
            <Shot src={step.shots.narrow} viewport={narrow} label={`${stateName(step.state)} at ${narrow.width} px`} />
          </>
        ) : (
          'not reached'
        )}
      </div>
      <p className="view">{step.view}</p>
    </figure>
  );
}

function Arrow({ event }: { event: string }) {
  return (
    <div className="arrow" data-event={event}>
      <div className="head">→</div>
      <span className="event">{event}</span>
    </div>
  );
}

function Storyboard({ manifest, machine, path, index }: { manifest: GalleryManifest; machine: GalleryMachine; path: GalleryPath; index: number }) {
  return (
    <section id={pathAnchor(machine, index)}>
      <h3>
        Path {index + 1}: {path.name}
      </h3>
      {path.failure && <p className="failure">The walk stopped: {path.failure}</p>}
      <div className="board">
        {path.steps.map((step, stepIndex) => (
          <Fragment key={stepIndex}>
            {step.event !== null && <Arrow event={step.event} />}
            <Frame manifest={manifest} step={step} id={stepAnchor(machine, index, stepIndex)} />
          </Fragment>
        ))}
      </div>
    </section>
  );
}

/** `<machine>.html`: the machine's chart again, then one storyboard per path. */
export function MachinePage({ manifest, machine }: { manifest: GalleryManifest; machine: GalleryMachine }) {
  return (
    <Page title={`${machine.title} · ${manifest.title}`}>
      <p>
        <a href="index.html">← All machines</a>
      </p>
      <h1>{machine.title}</h1>
      <MachineIntro machine={machine} page="" />
      <h2>States</h2>
      <StateTable machine={machine} page="" />
      <h2>Paths</h2>
      <PathList machine={machine} page="" />
      {machine.paths.map((path, index) => (
        <Storyboard key={index} manifest={manifest} machine={machine} path={path} index={index} />
      ))}
    </Page>
  );
}
