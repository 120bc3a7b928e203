/** Form text to request values, twelve-month rows and the month-named errors of the new-study form. */
import { monthLongNames, splitRow } from '../../../lib/months.ts';

export const blankMonths = () => Array.from({ length: 12 }, () => '');

/** A typed number as a number, blank text as it is: the API then answers with the contract's "This is Required.". */
export const numberOrText = (value: string) => (value.trim() === '' ? value : Number(value));

/**
 * The row after pasting `text` into month `index`: a row of 12 values fills the twelve months from January wherever it
 * is pasted, a shorter row of several fills from that month on; a single value is left to the box (null).
 */
export function pasteIntoMonths(row: readonly string[], index: number, text: string): string[] | null {
  const values = splitRow(text);
  if (values.length === 12) return values;
  if (values.length < 2) return null;
  return row.map((old, i) => (i >= index && i - index < values.length ? values[i - index]! : old));
}

export const sameRow = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value.trim() === b[i]!.trim());

/**
 * The server's messages for a twelve-month field (`key.0` … `key.11`, or `key` for the whole row), each named by its
 * month: "January GHI: This is Required.".
 */
export function monthErrors(fields: Record<string, string[]> | undefined, key: string, what: string) {
  const byMonth = monthLongNames.map((_, i) => fields?.[`${key}.${i}`]?.[0]);
  const messages = [
    ...(fields?.[key] ?? []),
    ...byMonth.flatMap((message, i) => (message ? [`${monthLongNames[i]} ${what}: ${message}`] : [])),
  ];
  return { byMonth, messages };
}

/**
 * The server's messages under `prefix` that no field of the form shows (`shown` says which it does), each named by its
 * field: "calendar_year: …"; a message on `prefix` itself as it is. Nothing the server says is lost.
 */
export function otherMessages(fields: Record<string, string[]> | undefined, prefix: string, shown: (key: string) => boolean): string[] {
  return Object.entries(fields ?? {})
    .filter(([key]) => (key === prefix || key.startsWith(`${prefix}.`)) && !shown(key))
    .flatMap(([key, messages]) => messages.map((message) => (key === prefix ? message : `${key.slice(prefix.length + 1)}: ${message}`)));
}
