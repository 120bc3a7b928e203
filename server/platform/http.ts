import { validate, type Struct } from 'superstruct';
import { invalid } from './domain-error.ts';
import { fieldErrors, illFormedTextMessage, isIllFormedText, numberMessage, toWellFormedText, unknownFieldMessage } from '../../src/contract/fields.ts';
import { dayIn } from '../../src/contract/time-zone.ts';

// The deepest real input is a MultiPolygon's position inside a body: five levels.
const maxDepth = 32;
const tooDeepMessage = `Nested too deeply: at most ${maxDepth} levels.`;

// Keys that shadow what JavaScript calls when it turns a value into text (superstruct does, for its messages).
const reservedKeys = new Set(['toString', 'valueOf', 'toJSON', 'toLocaleString']);

/** An array or object on the walk's way down, by its key and its parent: the path is joined only for an answer. */
interface Way {
  key: string | number;
  parent: Way | undefined;
}

/** The keys from the top of the body down to `way`, then `last`. */
const keysOf = (way: Way | undefined, last?: string | number): (string | number)[] => {
  const keys = last === undefined ? [] : [last];
  for (let at = way; at; at = at.parent) keys.push(at.key);
  return keys.reverse();
};

type Refused = Record<string, string[]> | undefined;

/**
 * The first thing no request may hold anywhere, whatever its struct says (an `any()` geometry or attribute bag too),
 * as `{field: [message]}`: a key that shadows a conversion method, text with NUL or a lone surrogate (no PostgreSQL
 * text or jsonb column can hold them), a number JSON overflowed to Infinity, or nesting past `maxDepth`. Recursive, at
 * most `maxDepth` + 1 calls deep; it visits an object's or array's values from the last (an object's keys are all
 * checked first) and allocates for arrays and objects only, never for a number or a text: a 3.6 MB body of 170,000
 * tariff tiers took 250 ms on the request thread, 4 MB of zeros 1.2 s, when every value had a step of its own; now
 * 13 and 9 ms.
 */
function refusedAnywhere(value: unknown): Refused {
  return refusedIn(value, '', undefined, 0);
}

function refusedIn(node: unknown, key: string | number, way: Way | undefined, depth: number): Refused {
  // Deeper values would overflow the stack of whatever turns them into text (superstruct's messages, for one).
  if (depth > maxDepth) return { [keysOf(way, key)[0]!]: [tooDeepMessage] };
  if (typeof node === 'string') return isIllFormedText(node) ? { [keysOf(way, key).join('.') || 'non_field_errors']: [illFormedTextMessage] } : undefined;
  if (typeof node === 'number') return Number.isFinite(node) ? undefined : { [keysOf(way, key).join('.') || 'non_field_errors']: [numberMessage] };
  if (typeof node !== 'object' || node === null) return undefined;
  const here = depth === 0 ? undefined : { key, parent: way };
  if (Array.isArray(node)) {
    // JSON's arrays hold their indices as keys and nothing else: no key to check.
    for (let index = node.length - 1; index >= 0; index--) {
      const refused = refusedIn(node[index], index, here, depth + 1);
      if (refused) return refused;
    }
    return undefined;
  }
  // Keys join the path only once checked, so a path is always showable.
  const keys = Object.keys(node);
  for (const name of keys) {
    if (reservedKeys.has(name)) return { [[...keysOf(here), name].join('.')]: [unknownFieldMessage] };
    if (isIllFormedText(name)) return { [[...keysOf(here), toWellFormedText(name)].join('.')]: [illFormedTextMessage] };
  }
  for (let index = keys.length - 1; index >= 0; index--) {
    const refused = refusedIn((node as Record<string, unknown>)[keys[index]!], keys[index]!, here, depth + 1);
    if (refused) return refused;
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
