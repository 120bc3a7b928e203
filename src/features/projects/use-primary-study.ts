import { shallowEqual, useSelector } from '@xstate/react';
import { useProjectActor } from '../../lib/project-actors.ts';
import type { FeasibilityStudy } from '../../contract/feasibility.ts';

export interface PrimaryStudyView {
  loading: boolean;
  failed: boolean;
  primary: FeasibilityStudy | null;
}

/**
 * The project's primary study as its feasibility actor holds it, so the summary follows a new, deleted or re-marked
 * primary at once; opens the project's actors in the session (or keeps the running ones).
 */
export function usePrimaryStudy(projectId: string): PrimaryStudyView {
  const ref = useProjectActor(projectId, 'feasibility');
  return useSelector(
    ref,
    (snapshot): PrimaryStudyView =>
      snapshot
        ? { loading: snapshot.matches('loading'), failed: snapshot.matches('failed'), primary: snapshot.context.studies.find((study) => study.is_primary) ?? null }
        : { loading: true, failed: false, primary: null },
    shallowEqual,
  );
}
