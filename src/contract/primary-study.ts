/**
 * One primary study per project, one copy for the feasibility machine and the server: a project with studies has
 * exactly one; the first study is it, and when the primary is deleted the newest remaining study takes its place.
 */
export interface StudyStanding {
  id: string;
  /** When the study was saved, ms since 1970. */
  created: number;
  primary: boolean;
}

/** Newest first, ties by the larger id: the order studies are listed in and the order the primary passes on. */
export const newerStudyFirst = (a: StudyStanding, b: StudyStanding): number => b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The primary among `studies`: the one flagged, else the newest; undefined for none. */
export function primaryStudyOf<T>(studies: readonly T[], standing: (study: T) => StudyStanding): T | undefined {
  const flagged = studies.find((study) => standing(study).primary);
  if (flagged) return flagged;
  return [...studies].sort((a, b) => newerStudyFirst(standing(a), standing(b)))[0];
}
