import { useCallback, useEffect, useRef, useState } from 'react';
import type { Struct } from 'superstruct';
import { toFormErrors, type FormErrors } from '../../machines/form-errors.ts';
import type { SessionStore } from './session-storage.ts';
import { uploadWithProgress } from './upload.ts';

export type UploadState<T> = { phase: 'idle' } | { phase: 'sending'; fraction: number } | { phase: 'done'; answer: T } | { phase: 'failed'; errors: FormErrors };

export interface UseUploadOptions<T> {
  path: string;
  struct: Struct<T, unknown>;
  store: SessionStore;
  method?: 'POST' | 'PATCH';
  /** One API client call, which renews an expired access token (the upload is then sent again). */
  refresh: () => Promise<unknown>;
}

/** One multipart upload at a time with its progress; a new one, or leaving the screen, cancels the previous. */
export function useUpload<T>(options: UseUploadOptions<T>) {
  const [state, setState] = useState<UploadState<T>>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (form: FormData): Promise<T | undefined> => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    const { path, struct, store, method, refresh } = latest.current;
    setState({ phase: 'sending', fraction: 0 });
    try {
      const answer = await uploadWithProgress(path, form, { struct, store, method, refresh, signal: own.signal, onProgress: (fraction) => setState({ phase: 'sending', fraction }) });
      setState({ phase: 'done', answer });
      return answer;
    } catch (error) {
      if (!own.signal.aborted) setState({ phase: 'failed', errors: toFormErrors(error) });
      return undefined;
    }
  }, []);

  return { state, start };
}

/** The first message to show for a failed upload: a field's message, else the detail. */
export const uploadFailure = (errors: FormErrors) => Object.values(errors.fields)[0]?.[0] ?? errors.detail ?? 'The upload failed.';
