import type { CSSProperties } from 'react';
import { toDisplayJson, type DisplayJson } from './display-json.ts';
import { colors, monospace } from './theme.ts';

const keyStyle: CSSProperties = { color: colors.key };
const summaryStyle: CSSProperties = { cursor: 'pointer', color: colors.muted };

function Scalar({ value }: { value: Exclude<DisplayJson, object> | null }) {
  const color = value === null ? colors.muted : typeof value === 'string' ? colors.string : colors.number;
  return <span style={{ color }}>{JSON.stringify(value)}</span>;
}

function Entries({ value, depth }: { value: DisplayJson[] | { [key: string]: DisplayJson }; depth: number }) {
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  const brackets = Array.isArray(value) ? '[]' : '{}';
  if (entries.length === 0) return <span style={{ color: colors.muted }}>{brackets}</span>;
  return (
    <details open={depth < 1}>
      <summary style={summaryStyle}>
        {brackets[0]} {entries.length} {Array.isArray(value) ? 'items' : 'keys'} {brackets[1]}
      </summary>
      <div style={{ paddingLeft: 14 }}>
        {entries.map(([key, item]) => (
          <div key={key}>
            <span style={keyStyle}>{key}</span>: <JsonNode value={item} depth={depth + 1} />
          </div>
        ))}
      </div>
    </details>
  );
}

function JsonNode({ value, depth }: { value: DisplayJson; depth: number }) {
  return value !== null && typeof value === 'object' ? <Entries value={value} depth={depth} /> : <Scalar value={value} />;
}

/** Any value as collapsible JSON: the first level open (or none, `collapsed`), deeper ones a click away. */
export function JsonView({ value, collapsed = false }: { value: unknown; collapsed?: boolean }) {
  return (
    <div style={{ fontFamily: monospace, fontSize: 12, lineHeight: 1.5 }}>
      <JsonNode value={toDisplayJson(value)} depth={collapsed ? 1 : 0} />
    </div>
  );
}
