import { useMemo, useState, useSyncExternalStore, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { getStateNodes, type AnyActorRef, type AnyMachineSnapshot, type StateValue } from 'xstate';
import { eventChoices, type EventChoice } from './allowed-events.ts';
import { actorTree, flattenTree, type ActorNode, type InspectorCollector, type LoggedEvent } from './collector.ts';
import { JsonView } from './json-view.tsx';
import { inspectorMarker } from './marker.ts';
import { StatechartView } from './statechart-view.tsx';
import type { ElkLike } from './state-layout.ts';
import { buttonStyle, colors, monospace } from './theme.ts';

const sectionTitle: CSSProperties = { fontSize: 11, textTransform: 'uppercase', letterSpacing: 1, color: colors.muted, margin: '14px 0 6px' };

/** A state value in one line: `signedIn.{project.ready, token.valid}`. */
function valueText(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, inner]) => (inner && (typeof inner === 'string' || Object.keys(inner).length > 0) ? `${key}.${valueText(inner)}` : key));
  return parts.length === 1 ? parts[0]! : `{${parts.join(', ')}}`;
}

function ActorTree({ nodes, selected, onSelect }: { nodes: ActorNode[]; selected: string | undefined; onSelect: (sessionId: string) => void }) {
  return (
    <ul role="group" style={{ listStyle: 'none', margin: 0, paddingLeft: 14 }}>
      {nodes.map((node) => {
        const snapshot = node.ref.getSnapshot() as { status?: string };
        return (
          <li key={node.ref.sessionId} role="treeitem" aria-selected={node.ref.sessionId === selected}>
            <button
              type="button"
              onClick={() => onSelect(node.ref.sessionId)}
              style={{ ...buttonStyle, background: 'transparent', border: 'none', padding: '1px 4px', color: node.ref.sessionId === selected ? colors.active : colors.text }}
            >
              {node.name}
            </button>
            <span style={{ color: colors.muted, fontSize: 11 }}>
              {node.machine ? valueText(node.machine.value as StateValue) : ''}
              {snapshot.status && snapshot.status !== 'active' ? ` (${snapshot.status})` : ''}
            </span>
            {node.children.length > 0 && <ActorTree nodes={node.children} selected={selected} onSelect={onSelect} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The payload last seen for an event of this type sent to an actor of this name, as the JSON input starts with it. */
function lastPayload(log: LoggedEvent[], actor: string, type: string): string {
  const seen = log.find((entry) => entry.actor === actor && entry.type === type && Object.keys(entry.payload).length > 0);
  return seen ? JSON.stringify(seen.payload) : '';
}

function parsePayload(text: string): { payload: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { payload: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { error: 'a JSON object, e.g. {"projectId": "1"}' };
    return { payload: parsed as Record<string, unknown> };
  } catch {
    return { error: 'not valid JSON' };
  }
}

/**
 * The events the selected machine takes in its current state (its transitions, checked with `snapshot.can`): one button
 * each. An event whose guard needs fields, or that was seen with a payload, has a JSON input (another opens with `{}`).
 */
function EventButtons({ node, snapshot, log }: { node: ActorNode; snapshot: AnyMachineSnapshot; log: LoggedEvent[] }) {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [opened, setOpened] = useState<Record<string, boolean>>({});
  const textOf = (type: string) => texts[type] ?? lastPayload(log, node.name, type);
  const parsed = (type: string) => parsePayload(textOf(type));
  const payloads = Object.fromEntries(
    [...new Set([...Object.keys(texts), ...log.filter((entry) => entry.actor === node.name).map((entry) => entry.type)])].flatMap((type) => {
      const result = parsed(type);
      return 'payload' in result ? [[type, result.payload]] : [];
    }),
  );
  const choices = eventChoices(snapshot, payloads);
  // An event stays listed while its payload is being typed, even when the guard refuses what is there so far.
  const listed = (choice: EventChoice) => choice.allowed || choice.needsPayload || texts[choice.type] !== undefined;
  const allowed = choices.filter(listed);
  const refused = choices.filter((choice) => !listed(choice));
  if (choices.length === 0) return <p style={{ color: colors.muted, margin: 0 }}>No event moves {node.name} from here.</p>;
  return (
    <div>
      {allowed.map(({ type, needsPayload, allowed: can }) => {
        const result = parsed(type);
        const showInput = needsPayload || opened[type] || textOf(type) !== '';
        return (
          <div key={type} style={{ display: 'flex', gap: 6, alignItems: 'center', marginBottom: 4, flexWrap: 'wrap' }}>
            <button
              type="button"
              disabled={!can || 'error' in result}
              title={can ? `Send ${type} to ${node.name}` : 'Refused with this payload: give the fields its guard reads'}
              onClick={() => 'payload' in result && node.ref.send({ ...result.payload, type })}
              style={{ ...buttonStyle, borderColor: colors.active, opacity: can ? 1 : 0.5 }}
            >
              {type}
            </button>
            {showInput ? (
              <input
                aria-label={`${type} payload`}
                value={textOf(type)}
                placeholder='{"field": "value"}'
                onChange={(change) => setTexts({ ...texts, [type]: change.target.value })}
                style={{ ...buttonStyle, cursor: 'text', flex: '1 1 160px', minWidth: 120, borderColor: 'error' in result ? colors.danger : colors.border }}
              />
            ) : (
              <button type="button" aria-label={`Add a payload to ${type}`} onClick={() => setOpened({ ...opened, [type]: true })} style={{ ...buttonStyle, color: colors.muted }}>
                {'{}'}
              </button>
            )}
            {'error' in result && <span style={{ color: colors.danger, fontSize: 11 }}>{result.error}</span>}
          </div>
        );
      })}
      {refused.length > 0 && (
        <details>
          <summary style={{ color: colors.muted, cursor: 'pointer', fontSize: 12 }}>Refused now by a guard ({refused.length})</summary>
          <p style={{ color: colors.muted, fontFamily: monospace, fontSize: 12, margin: '4px 0' }}>{refused.map((choice) => choice.type).join(', ')}</p>
        </details>
      )}
    </div>
  );
}

function EventLog({ log }: { log: LoggedEvent[] }) {
  return (
    <ol aria-label="Event log" style={{ listStyle: 'none', margin: 0, padding: 0, fontFamily: monospace, fontSize: 12 }}>
      {log.map((entry) => (
        <li key={entry.seq} style={{ borderBottom: `1px solid ${colors.border}`, padding: '3px 0' }}>
          <span style={{ color: colors.muted }}>#{entry.seq} </span>
          <span style={{ color: colors.active }}>{entry.actor}</span>
          <span style={{ color: colors.muted }}> ← {entry.source ?? 'outside'} </span>
          <strong style={{ color: entry.type.startsWith('xstate.') ? colors.muted : colors.text }}>{entry.type}</strong>
          {Object.keys(entry.payload).length > 0 && <JsonView value={entry.payload} collapsed />}
        </li>
      ))}
    </ol>
  );
}

const clampWidth = (width: number) => Math.round(Math.min(Math.max(width, 300), window.innerWidth * 0.9));

/**
 * The offline inspector (`?inspect=local` in development): a panel on the right, resizable by its left edge and
 * collapsible, with the live actor tree, the selected actor's chart with its current states, the events it takes now,
 * its context and the event log.
 */
export function InspectorPanel({ collector, elk }: { collector: InspectorCollector; elk: ElkLike }) {
  const state = useSyncExternalStore(collector.subscribe, collector.getState);
  const [selected, setSelected] = useState<string | undefined>();
  const [open, setOpen] = useState(true);
  const [width, setWidth] = useState(() => clampWidth(Math.min(560, window.innerWidth * 0.45)));
  // The tree is read from the live actors whenever anything in the system moved (the version says so).
  const trees = useMemo(() => state.roots.map((root: AnyActorRef) => actorTree(root)), [state]);
  const actors = flattenTree(trees);
  const current = actors.find((node) => node.ref.sessionId === selected) ?? actors[0];

  const startResize = (down: ReactPointerEvent) => {
    down.preventDefault();
    const move = (event: PointerEvent) => setWidth(clampWidth(window.innerWidth - event.clientX));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const frame: CSSProperties = {
    position: 'fixed',
    top: 0,
    right: 0,
    bottom: 0,
    zIndex: 2147483000,
    background: colors.panel,
    color: colors.text,
    borderLeft: `1px solid ${colors.border}`,
    boxShadow: '0 0 24px rgba(0,0,0,0.35)',
    font: '13px system-ui, sans-serif',
    display: 'flex',
  };
  if (!open) {
    return (
      <aside {...{ [inspectorMarker]: '' }} aria-label="Actor inspector" style={{ ...frame, bottom: 'auto', top: 80, borderRadius: '6px 0 0 6px' }}>
        <button type="button" aria-expanded={false} onClick={() => setOpen(true)} style={{ ...buttonStyle, writingMode: 'vertical-rl', padding: '10px 4px', border: 'none' }}>
          Inspector
        </button>
      </aside>
    );
  }
  const snapshot = current?.machine;
  return (
    <aside {...{ [inspectorMarker]: '' }} aria-label="Actor inspector" style={{ ...frame, width }}>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the inspector"
        onPointerDown={startResize}
        style={{ width: 6, cursor: 'ew-resize', flex: '0 0 auto', background: colors.raised }}
      />
      <div style={{ overflow: 'auto', flex: 1, padding: '10px 14px' }}>
        <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <strong>Actors (local inspector)</strong>
          <button type="button" aria-expanded onClick={() => setOpen(false)} style={buttonStyle}>
            Hide
          </button>
        </header>
        <nav aria-label="Actor tree" role="tree" style={{ marginLeft: -14 }}>
          <ActorTree nodes={trees} selected={current?.ref.sessionId} onSelect={setSelected} />
        </nav>
        {current && (
          <section aria-label={`Actor ${current.name}`}>
            <h3 style={{ ...sectionTitle, textTransform: 'none', letterSpacing: 0, fontSize: 13, color: colors.text }}>
              {current.name} {snapshot ? `· ${valueText(snapshot.value as StateValue)}` : `· ${String((current.ref.getSnapshot() as { status?: string }).status)}`}
            </h3>
            {snapshot ? (
              <>
                <StatechartView machine={snapshot.machine} value={snapshot.value as StateValue} elk={elk} />
                <ActiveDescriptions snapshot={snapshot} />
                <h3 style={sectionTitle}>Send an event</h3>
                <EventButtons key={current.ref.sessionId} node={current} snapshot={snapshot} log={state.log} />
                <h3 style={sectionTitle}>Context</h3>
                <JsonView value={snapshot.context as unknown} />
              </>
            ) : (
              <p style={{ color: colors.muted }}>Not a state machine (a promise or callback actor): no chart.</p>
            )}
          </section>
        )}
        <h3 style={sectionTitle}>Event log (newest first)</h3>
        <EventLog log={state.log} />
      </div>
    </aside>
  );
}

/** What each state the actor is in means, from the charts' `description`s. */
function ActiveDescriptions({ snapshot }: { snapshot: AnyMachineSnapshot }) {
  const leaves = getStateNodes(snapshot.machine.root, snapshot.value as StateValue).filter((node) => node.type === 'atomic' || node.type === 'final');
  return (
    <ul style={{ margin: '6px 0 0', paddingLeft: 18, color: colors.muted, fontSize: 12 }}>
      {leaves.map((node) => (
        <li key={node.id}>
          <span style={{ color: colors.active, fontFamily: monospace }}>{node.path.join('.')}</span> {node.description ?? ''}
        </li>
      ))}
    </ul>
  );
}
