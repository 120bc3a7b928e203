import { validate, type Struct } from 'superstruct';
import { invalid } from './domain-error.ts';
import { fieldErrors, illFormedTextMessage, isIllFormedText, numberMessage, toWellFormedText, unknownFieldMessage } from '../../src/contract/fields.ts';
import { dayIn } from '../../src/contract/time-zone.ts';

// The deepest real input is a MultiPolygon's position inside a body: five levels.
const maxDepth = 32;
const tooDeepMessage = `Nested too deeply: at most ${maxDepth} levels.`;

// Keys that shadow what JavaScript calls when it turns a value into text (superstruct does, for its messages).
const reservedKeys = new Set(['toString', 'valueOf', 'toJSON', 'toLocaleString']);

/** A value met on the walk and the key that leads to it: the path is joined only for an answer. */
interface Step {
  node: unknown;
  key: string | number;
  parent: Step | undefined;
  depth: number;
}

const pathOf = (step: Step): (string | number)[] => {
  const keys: (string | number)[] = [];
  for (let at: Step | undefined = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse();
};

/**
 * The first thing no request may hold anywhere, whatever its struct says (an `any()` geometry or attribute bag too),
 * as `{field: [message]}`: a key that shadows a conversion method, text with NUL or a lone surrogate (no PostgreSQL
 * text or jsonb column can hold them), a number JSON overflowed to Infinity, or nesting past `maxDepth`. Iterative;
 * each step keeps its parent rather than a copy of its path (a 3.6 MB body of 170,000 tariff tiers took a second
 * when every value copied its path).
 */
function refusedAnywhere(value: unknown): Record<string, string[]> | undefined {
  const stack: Step[] = [{ node: value, key: '', parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { node, depth } = step;
    // Keys join the path only once checked, so a path is always showable.
    const field = () => pathOf(step).join('.') || 'non_field_errors';
    // Deeper values would overflow the stack of whatever turns them into text (superstruct's messages, for one).
    if (depth > maxDepth) return { [pathOf(step)[0]!]: [tooDeepMessage] };
    if (typeof node === 'string') {
      if (isIllFormedText(node)) return { [field()]: [illFormedTextMessage] };
    } else if (typeof node === 'number') {
      if (!Number.isFinite(node)) return { [field()]: [numberMessage] };
    } else if (Array.isArray(node)) {
      // JSON's arrays hold their indices as keys and nothing else: no key to check.
      for (let index = 0; index < node.length; index++) stack.push({ node: node[index], key: index, parent: step, depth: depth + 1 });
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (reservedKeys.has(key)) return { [[...pathOf(step), key].join('.')]: [unknownFieldMessage] };
        if (isIllFormedText(key)) return { [[...pathOf(step), toWellFormedText(key)].join('.')]: [illFormedTextMessage] };
        stack.push({ node: child, key, parent: step, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * Runs superstruct's coercion and validation without capturing stack traces. superstruct builds a StructError (a
 * TypeError, so V8 records a stack) for every failure, and also for every probe a coercer makes with `is()`: `numeric()`
 * probes each absent number that way, so a list query without `page` built two on every request. None of those stacks is
 * ever read (failures become field messages), and recording them was most of the cost of parsing. A rule that throws
 * (a bug) is run again with stacks on, so the logged 500 shows where.
 */
function validateWithoutStacks<T, S>(struct: Struct<T, S>, value: unknown) {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return validate(value, struct, { coerce: true });
  } catch {
    Error.stackTraceLimit = stackTraceLimit;
    return validate(value, struct, { coerce: true });
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** Validates (and coerces) untrusted input against a contract struct, or throws a 400 with field messages. */
export function parse<T, S>(struct: Struct<T, S>, value: unknown): T {
  const refused = refusedAnywhere(value);
  if (refused) throw invalid(refused);
  const [error, parsed] = validateWithoutStacks(struct, value ?? {});
  if (error) throw invalid(fieldErrors(error));
  return parsed;
}

/**
 * A download's name: what it is (project, study...) and the day it is of in `timeZone` (UTC unless the viewer's is
 * known), readable in a file list, e.g. "Greensboro Solar - Study A 2026-11-27.xlsx". The client saves it under this
 * name (api-client reads the header).
 */
export const datedFileName = (parts: readonly string[], day: Date, extension: string, timeZone = 'UTC') => `${parts.join(' - ')} ${dayIn(day, timeZone)}.${extension}`;

/** An ASCII file name for old clients, the real one (RFC 6266 / 5987) for the rest. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string, fallback: string) {
  const ascii = fileName.replace(/[^\w.-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '') || fallback;
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
