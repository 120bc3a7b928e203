/** How many studies one comparison holds: fewer is nothing to compare, more no longer fits side by side. */
export const minCompared = 2;
export const maxCompared = 4;

/** The studies a comparison opens with: the primary and the newest other one (the list is newest first). */
export function firstToCompare(studies: readonly { id: string; is_primary: boolean }[]): string[] {
  const primary = studies.find((study) => study.is_primary) ?? studies[0];
  const other = studies.find((study) => study !== primary);
  return primary && other ? [primary.id, other.id] : [];
}

/** The ids in the query string, each once, in their order; null when it names none (the page then picks for the user). */
export function comparedIds(search: string): string[] | null {
  const value = new URLSearchParams(search).get('studies');
  if (value === null) return null;
  return [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}
