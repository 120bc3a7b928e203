import { useEffect, useRef, useState } from 'react';
import { toFormErrors } from '../../../machines/form-errors.ts';
import type { ScreeningCriteria } from '../../contract/gis.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { isCancelled } from '../../lib/api-client.ts';
import { saveProjectCriteria } from './api/criteria.ts';

export type AutosaveStatus = { state: 'idle' | 'saving' | 'saved' } | { state: 'failed'; message: string };

/** Typing pauses this long before the criteria are saved, so a number typed digit by digit is saved once. */
const pauseMs = 600;

/**
 * Saves the project's screening criteria whenever they change (valid ones only, `criteria` null otherwise), after a
 * pause in typing; what is still waiting is saved when the screen closes, so leaving never loses a change.
 */
export function useCriteriaAutosave(projectId: string, criteria: ScreeningCriteria | null, saved: ScreeningCriteria): AutosaveStatus {
  const { api } = useActors();
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const last = useRef(JSON.stringify(saved));
  const pending = useRef<ScreeningCriteria | null>(null);

  const save = (next: ScreeningCriteria, report: boolean) => {
    pending.current = null;
    const text = JSON.stringify(next);
    if (text === last.current) return;
    last.current = text;
    if (report) setStatus({ state: 'saving' });
    saveProjectCriteria(api, projectId, next).then(
      () => report && setStatus({ state: 'saved' }),
      (error: unknown) => {
        if (isCancelled(error)) return;
        // Not kept: the next change tries again.
        last.current = '';
        if (report) setStatus({ state: 'failed', message: toFormErrors(error).detail ?? 'The criteria could not be saved.' });
      },
    );
  };
  const latestSave = useRef(save);
  latestSave.current = save;

  const key = criteria ? JSON.stringify(criteria) : null;
  useEffect(() => {
    if (!criteria || key === last.current) return;
    pending.current = criteria;
    const timer = setTimeout(() => latestSave.current(criteria, true), pauseMs);
    return () => clearTimeout(timer);
    // key stands for criteria's values: a new object with the same criteria is no change.
  }, [key]);

  // Leaving the screen saves what is still waiting (the request outlives the screen; nothing reads its answer).
  useEffect(
    () => () => {
      if (pending.current) latestSave.current(pending.current, false);
    },
    [],
  );
  return status;
}
