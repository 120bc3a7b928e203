/** A JSON-safe copy of any value an actor holds: actor refs by name, errors by message, cycles and depth cut. */
export type DisplayJson = null | boolean | number | string | DisplayJson[] | { [key: string]: DisplayJson };

interface ActorLike {
  id: string;
  sessionId: string;
  send: unknown;
}

const isActorRef = (value: object): value is ActorLike => 'sessionId' in value && 'send' in value && typeof (value as ActorLike).send === 'function';

export function toDisplayJson(value: unknown, depth = 8, seen = new WeakSet<object>()): DisplayJson {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  if (isActorRef(value)) return `[actor ${value.id}]`;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) return '[circular]';
  if (depth === 0) return '[…]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => toDisplayJson(item, depth - 1, seen));
    if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [String(key), toDisplayJson(item, depth - 1, seen)]));
    if (value instanceof Set) return [...value].map((item) => toDisplayJson(item, depth - 1, seen));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toDisplayJson(item, depth - 1, seen)]));
  } finally {
    seen.delete(value);
  }
}
