/** Time zones a viewer sends (the project report's `tz`), and dates as a clock there shows them. */
import { maxLength, text } from './fields.ts';
import type { Rule } from './validation.ts';

export const timeZoneMessage = 'Unknown time zone: use an IANA name such as America/New_York.';

let known: Set<string> | undefined;

/**
 * An IANA time zone this runtime knows: one `Intl.supportedValuesOf('timeZone')` lists, or a name that resolves to
 * one. Browsers and Node name some zones differently (Asia/Kolkata is Asia/Calcutta to Node 20's ICU), and both lists
 * leave out UTC, which every runtime has.
 */
export function isKnownTimeZone(name: string): boolean {
  known ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (known.has(name)) return true;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved === 'UTC' || known.has(resolved);
  } catch {
    return false;
  }
}

const knownTimeZone: Rule = (value) => (typeof value === 'string' && !isKnownTimeZone(value) ? timeZoneMessage : undefined);

/** A field holding an IANA time zone. */
export const TimeZoneField = text(maxLength(64), knownTimeZone);

/** The parts of `date` as a clock in `timeZone` shows them. */
function clock(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** The day `date` falls on in `timeZone`, as YYYY-MM-DD. */
export const dayIn = (date: Date, timeZone: string) => clock(date, timeZone).day;

/** `date` as YYYY-MM-DD HH:MM in `timeZone`. */
export function dayAndTimeIn(date: Date, timeZone: string) {
  const { day, time } = clock(date, timeZone);
  return `${day} ${time}`;
}
