import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { StateGraph, StateGraphEdge, StateGraphNode } from './state-graph.ts';

/** What the layout needs of ELK (elkjs's `new ELK()` in the app; the same in the tests). */
export interface ElkLike {
  layout(graph: ElkNode): Promise<ElkNode>;
}

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

export interface PlacedState extends Box {
  state: StateGraphNode;
}

export interface PlacedEdge {
  edge: StateGraphEdge;
  points: Point[];
  label: (Box & { text: string }) | null;
}

/** The dot and arrow into a compound state's initial child. */
export interface PlacedInitial {
  dot: Point;
  points: Point[];
}

export interface StateLayout {
  width: number;
  height: number;
  states: PlacedState[];
  edges: PlacedEdge[];
  initials: PlacedInitial[];
}

/** Text is drawn in a monospace font, so its width is known without measuring it in a DOM. */
export const fontSize = 11;
export const lineHeight = 14;
const charWidth = fontSize * 0.6;
const textWidth = (text: string) => Math.ceil(text.length * charWidth);
const dotSize = 8;
/** Below a compound state's name, its own events (`selfEvents`) take one line each. */
export const stateHeaderHeight = (state: StateGraphNode) => 22 + lineHeight * state.selfEvents.length;

const elkId = (id: string) => `s:${id}`;
const initialId = (id: string) => `i:${id}`;

/** The text lines of a state: its name, then the events it handles without leaving. */
export const stateLines = (state: StateGraphNode) => [state.key, ...state.selfEvents];

function elkNode(state: StateGraphNode, children: Map<string | null, StateGraphNode[]>): ElkNode {
  const inner = children.get(state.id) ?? [];
  const minWidth = Math.max(...stateLines(state).map(textWidth)) + 20;
  if (inner.length === 0) {
    return { id: elkId(state.id), width: Math.max(minWidth, 60), height: 10 + lineHeight * stateLines(state).length };
  }
  const nodes = inner.map((child) => elkNode(child, children));
  if (state.initialId !== null) nodes.unshift({ id: initialId(state.id), width: dotSize, height: dotSize });
  return {
    id: elkId(state.id),
    layoutOptions: {
      'elk.padding': `[top=${stateHeaderHeight(state) + 6},left=12,bottom=12,right=12]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${minWidth}, ${stateHeaderHeight(state) + 20})`,
    },
    children: nodes,
  };
}

const rootOptions = {
  'elk.algorithm': 'layered',
  // Left to right: a state's many exits stack instead of spreading sideways, and the app's charts take less room than
  // top to bottom (the session 2140×690 against 2471×1094, the task board 1398×694 against 2771×727).
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.nodeNode': '24',
  'elk.spacing.edgeLabel': '4',
  'elk.edgeLabels.placement': 'CENTER',
  // Every shape and edge point in the root's coordinates, so drawing needs no offsets.
  'org.eclipse.elk.json.shapeCoords': 'ROOT',
  'org.eclipse.elk.json.edgeCoords': 'ROOT',
};

/** Lays a statechart out with ELK's layered algorithm: states nested in their parents, transitions routed between. */
export async function layoutStateGraph(graph: StateGraph, elk: ElkLike): Promise<StateLayout> {
  const children = new Map<string | null, StateGraphNode[]>();
  for (const state of graph.nodes) children.set(state.parentId, [...(children.get(state.parentId) ?? []), state]);
  const root = graph.nodes.find((state) => state.parentId === null);
  if (!root) throw new Error(`the chart of ${graph.machineId} has no root state`);

  const edges: ElkExtendedEdge[] = graph.edges.map((edge) => ({
    id: edge.id,
    sources: [elkId(edge.sourceId)],
    targets: [elkId(edge.targetId)],
    labels: [{ text: edge.label, width: textWidth(edge.label) + 4, height: lineHeight }],
  }));
  for (const state of graph.nodes) {
    if (state.initialId !== null) edges.push({ id: `initial:${state.id}`, sources: [initialId(state.id)], targets: [elkId(state.initialId)] });
  }
  const laidOut = await elk.layout({ id: 'chart', layoutOptions: rootOptions, children: [elkNode(root, children)], edges });

  const boxes = new Map<string, Box>();
  const collect = (node: ElkNode) => {
    boxes.set(node.id, { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 });
    node.children?.forEach(collect);
  };
  laidOut.children?.forEach(collect);
  const boxOf = (id: string) => {
    const box = boxes.get(id);
    if (!box) throw new Error(`ELK left ${id} unplaced`);
    return box;
  };
  const pointsOf = (edge: ElkExtendedEdge) => (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
  const byId = new Map(graph.edges.map((edge) => [edge.id, edge]));

  const placedEdges: PlacedEdge[] = [];
  const initials: PlacedInitial[] = [];
  for (const edge of laidOut.edges ?? []) {
    const stateEdge = byId.get(edge.id);
    if (!stateEdge) {
      const dot = boxOf(edge.sources[0]!);
      initials.push({ dot: { x: dot.x + dotSize / 2, y: dot.y + dotSize / 2 }, points: pointsOf(edge) });
      continue;
    }
    const label = edge.labels?.[0];
    placedEdges.push({
      edge: stateEdge,
      points: pointsOf(edge),
      label: label ? { text: stateEdge.label, x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null,
    });
  }
  return {
    width: laidOut.width ?? 0,
    height: laidOut.height ?? 0,
    states: graph.nodes.map((state) => ({ state, ...boxOf(elkId(state.id)) })),
    edges: placedEdges,
    initials,
  };
}
