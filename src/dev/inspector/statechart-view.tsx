import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnyStateMachine, StateValue } from 'xstate';
import { activeStateIds, stateGraph, type StateGraphNode } from './state-graph.ts';
import { fontSize, layoutStateGraph, lineHeight, stateHeaderHeight, stateLines, type ElkLike, type Point, type StateLayout } from './state-layout.ts';
import { buttonStyle, colors, monospace } from './theme.ts';

/** One layout per machine: charts do not change while the app runs, and switching actors should not lay out again. */
const layouts = new WeakMap<AnyStateMachine, Promise<StateLayout>>();

function useLayout(machine: AnyStateMachine, elk: ElkLike) {
  const [layout, setLayout] = useState<{ machine: AnyStateMachine; layout: StateLayout } | { machine: AnyStateMachine; error: string } | null>(null);
  useEffect(() => {
    let current = true;
    let pending = layouts.get(machine);
    if (!pending) {
      pending = layoutStateGraph(stateGraph(machine), elk);
      layouts.set(machine, pending);
    }
    pending.then(
      (laidOut) => current && setLayout({ machine, layout: laidOut }),
      (error: unknown) => current && setLayout({ machine, error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [machine, elk]);
  return layout?.machine === machine ? layout : null;
}

const path = (points: Point[]) => points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');

function StateBox({ x, y, width, height, state, active }: { x: number; y: number; width: number; height: number; state: StateGraphNode; active: boolean }) {
  const [name, ...events] = stateLines(state);
  const compound = state.kind === 'compound' || state.kind === 'parallel';
  // The machine itself is always "active": only the states inside it are marked.
  const marked = active && state.parentId !== null;
  return (
    <g data-state={state.id} data-active={active ? 'true' : 'false'}>
      <title>{[state.id || state.key, state.description].filter(Boolean).join(': ')}</title>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={6}
        fill={compound ? 'transparent' : marked ? colors.activeFill : colors.raised}
        stroke={marked ? colors.active : colors.border}
        strokeWidth={marked ? 2 : 1}
        strokeDasharray={state.region ? '5 3' : undefined}
      />
      {state.kind === 'final' && <rect x={x + 3} y={y + 3} width={width - 6} height={height - 6} rx={4} fill="none" stroke={marked ? colors.active : colors.border} />}
      <text x={x + 8} y={y + (compound ? 15 : 16)} fill={marked ? colors.active : colors.text} fontWeight={marked ? 700 : 400}>
        {name}
      </text>
      {events.map((event, index) => (
        <text key={event} x={x + 8} y={y + (compound ? 15 : 16) + lineHeight * (index + 1)} fill={colors.muted}>
          {event}
        </text>
      ))}
      {compound && <line x1={x} x2={x + width} y1={y + stateHeaderHeight(state)} y2={y + stateHeaderHeight(state)} stroke={colors.border} strokeOpacity={0.5} />}
    </g>
  );
}

/**
 * A machine's statechart, laid out by ELK and drawn as SVG: states nested in their parents (parallel regions dashed,
 * final states double), transitions with their event and guard, the states the actor is in now highlighted.
 */
export function StatechartView({ machine, value, elk }: { machine: AnyStateMachine; value: StateValue; elk: ElkLike }) {
  const laidOut = useLayout(machine, elk);
  const [fit, setFit] = useState(false);
  const active = useMemo(() => activeStateIds(value), [value]);
  const viewport = useRef<HTMLDivElement>(null);
  const layout = laidOut && 'layout' in laidOut ? laidOut.layout : null;
  // At full size the chart is larger than the panel: bring the innermost state the actor is in to the middle.
  useEffect(() => {
    const box = viewport.current;
    if (!box || !layout || fit) return;
    const deepest = layout.states.filter((placed) => active.has(placed.state.id)).at(-1);
    if (!deepest) return;
    box.scrollLeft = deepest.x + deepest.width / 2 - box.clientWidth / 2;
    box.scrollTop = deepest.y + deepest.height / 2 - box.clientHeight / 2;
  }, [layout, active, fit]);
  if (!laidOut) return <p style={{ color: colors.muted }}>Laying out the {machine.id} chart…</p>;
  if (!layout) return <p style={{ color: colors.danger }}>The chart could not be laid out: {'error' in laidOut ? laidOut.error : ''}</p>;
  return (
    <div>
      <button type="button" onClick={() => setFit(!fit)} style={{ ...buttonStyle, float: 'right', marginBottom: 4 }} aria-pressed={fit}>
        Fit to panel
      </button>
      <div ref={viewport} style={{ overflow: 'auto', maxHeight: fit ? undefined : 420, clear: 'both', border: `1px solid ${colors.border}`, borderRadius: 4 }}>
        <StatechartSvg machineId={machine.id} layout={layout} active={active} fit={fit} />
      </div>
    </div>
  );
}

/**
 * The drawing of a laid-out chart, without hooks so that Node can render it to markup too (the flow gallery,
 * tests/flows): the states in `active` highlighted, each state a link when `stateHref` gives it one.
 */
export function StatechartSvg({
  machineId,
  layout,
  active,
  fit,
  stateHref = () => undefined,
}: {
  machineId: string;
  layout: StateLayout;
  active: ReadonlySet<string>;
  fit: boolean;
  stateHref?: (stateId: string) => string | undefined;
}) {
  const marker = `arrow-${machineId}`;
  return (
    <svg
      role="img"
      aria-label={`Statechart of ${machineId}`}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={fit ? '100%' : layout.width}
      height={fit ? undefined : layout.height}
      style={{ fontFamily: monospace, fontSize, display: 'block' }}
    >
      <defs>
        <marker id={marker} viewBox="0 0 10 10" refX={9} refY={5} markerWidth={7} markerHeight={7} orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill={colors.edge} />
        </marker>
      </defs>
      {layout.states.map((placed) => {
        const box = <StateBox key={placed.state.id} {...placed} active={active.has(placed.state.id)} />;
        const href = stateHref(placed.state.id);
        return href ? (
          <a key={placed.state.id} href={href}>
            {box}
          </a>
        ) : (
          box
        );
      })}
      {layout.initials.map((initial, index) => (
        <g key={index}>
          <circle cx={initial.dot.x} cy={initial.dot.y} r={4} fill={colors.text} />
          <path d={path(initial.points)} fill="none" stroke={colors.edge} markerEnd={`url(#${marker})`} />
        </g>
      ))}
      {layout.edges.map(({ edge, points, label }) => (
        <g key={edge.id} data-edge={edge.label}>
          <path d={path(points)} fill="none" stroke={colors.edge} markerEnd={`url(#${marker})`} />
          {label && (
            <>
              <rect x={label.x} y={label.y} width={label.width} height={label.height} fill={colors.panel} opacity={0.85} rx={2} />
              <text x={label.x + 2} y={label.y + label.height - 3} fill={colors.key}>
                {label.text}
              </text>
            </>
          )}
        </g>
      ))}
    </svg>
  );
}
