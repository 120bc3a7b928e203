import { Progress, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UploadState } from '../../lib/use-upload.ts';
import { uploadFailure } from '../../lib/use-upload.ts';
import { formatPercent } from '../../lib/number-format.ts';

/** Upload progress, then `busyLabel` while the server reads what it received. */
export function UploadProgress({ fraction, busyLabel }: { fraction: number; busyLabel: string }) {
  const pct = Math.round(fraction * 100);
  return (
    <Progress.Root value={pct} size="sm" aria-label="Upload progress">
      <Progress.Label fontSize="sm">{fraction < 1 ? `Uploading… ${formatPercent(pct, 0)}` : busyLabel}</Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/**
 * Where an upload stands: its progress, why it was refused, or `done` (what the answer says) once accepted. Without
 * `done` the caller shows the answer itself (a report too rich for one line).
 */
export function UploadStatus<T>({ state, busyLabel, done }: { state: UploadState<T>; busyLabel: string; done?: (answer: T) => ReactNode }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'sending':
      return <UploadProgress fraction={state.fraction} busyLabel={busyLabel} />;
    case 'failed':
      return (
        <Text color="fg.error" fontSize="sm" role="alert">
          {uploadFailure(state.errors)}
        </Text>
      );
    case 'done':
      return (
        done && (
        <Text fontSize="sm" color="fg.success" role="status">
            {done(state.answer)}
          </Text>
        )
      );
  }
}
