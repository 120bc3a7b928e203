import { Progress } from '@chakra-ui/react';

/** Upload progress, then `busyLabel` while the server reads what it received. */
export function UploadProgress({ fraction, busyLabel }: { fraction: number; busyLabel: string }) {
  const pct = Math.round(fraction * 100);
  return (
    <Progress.Root value={pct} size="sm" aria-label="Upload progress">
      <Progress.Label fontSize="sm">{fraction < 1 ? `Uploading… ${pct}%` : busyLabel}</Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
