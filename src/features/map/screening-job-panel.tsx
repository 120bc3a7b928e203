import { Badge, Button, Card, HStack, Progress, Stack, Text, Wrap } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toFormErrors } from '../../../machines/form-errors.ts';
import { askModal } from '../../../machines/modal.machine.ts';
import { isTooManyParcels, unfinishedJobStatuses, type ScreeningJob, type ScreeningJobExportFormat } from '../../contract/screening-jobs.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { formatInteger, formatPercent } from '../../lib/number-format.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useResource } from '../../lib/use-resource.ts';
import { cancelScreeningJob, exportScreeningJob, listScreeningJobs, startScreeningJob } from './api/screening-jobs.ts';
import { verdictLabels, verdictPalettes } from './screening-format.ts';
import type { ParcelScreeningActor } from './use-parcel-screening.ts';

/** How often a running job's progress is read. */
const pollMs = 2000;

const isRunning = (job: ScreeningJob) => unfinishedJobStatuses.includes(job.status);

/** "about 3 min left", "about 1 h 20 min left", "less than a minute left". */
export function etaText(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `about ${minutes} min left` : `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** Where a job stands, in a line: "Screened 12,500 of 50,000 parcels (25%), about 3 min left". */
export function progressText(job: ScreeningJob): string {
  if (job.parcels_total === null) return job.status === 'queued' ? 'Waiting for its turn…' : 'Finding the parcels to screen…';
  const eta = etaText(job.eta_seconds);
  return `Screened ${formatInteger(job.parcels_done)} of ${formatInteger(job.parcels_total)} parcels (${formatPercent(job.percent, 1, { minDigits: 0 })})${eta ? `, ${eta}` : ''}`;
}

/** What cancelling loses: the parcels screened so far are dropped with the job. */
export function cancelQuestion(job: ScreeningJob): string {
  const done = job.parcels_total === null ? 'No parcel is screened yet' : `${formatInteger(job.parcels_done)} of ${formatInteger(job.parcels_total)} parcels are screened`;
  return `${done}. A cancelled job stops for good and its results are not kept: screening again starts from the first parcel.`;
}

interface ScreeningJobPanelProps {
  projectId: string;
  /** The map screen's screening: its criteria are the job's, and a screening refused as too large offers a job. */
  actor: ParcelScreeningActor;
}

/**
 * The project's latest background screening: start one with the current criteria (offered first when the map's
 * screening has too many parcels), its progress while it runs (read from the server, so it survives a reload), cancel,
 * and once done its tally and exports.
 */
export function ScreeningJobPanel({ projectId, actor }: ScreeningJobPanelProps) {
  const { api, modal } = useActors();
  const jobs = useResource(`screening-jobs:${projectId}`, (signal) => listScreeningJobs(api, projectId, { signal }));
  const latest = jobs.data?.results[0];
  const tooLarge = useSelector(actor, (s) => isTooManyParcels(s.context.screeningErrors?.fields.bbox?.[0]));
  const [busy, setBusy] = useState<'start' | 'cancel' | ScreeningJobExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  // While the latest job runs, it is read again pollMs after each answer; the last answer stays on screen meanwhile.
  const { reload } = jobs;
  const running = !!latest && isRunning(latest);
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const next = () => {
      timer = setTimeout(() => void reload().then(() => !stopped && next()), pollMs);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, latest?.id, reload]);

  async function act(what: NonNullable<typeof busy>, work: () => Promise<unknown>) {
    setBusy(what);
    setError(null);
    try {
      await work();
    } catch (failure) {
      const errors = toFormErrors(failure);
      setError(errors.detail ?? Object.values(errors.fields).flat()[0] ?? 'That did not work. Please try again.');
    } finally {
      setBusy(null);
    }
  }
  const start = () =>
    act('start', async () => {
      await startScreeningJob(api, projectId, actor.getSnapshot().context.request.filters);
      await reload();
    });
  const cancel = async (job: ScreeningJob) => {
    const confirmed = await askModal(modal, 'confirm', { title: 'Cancel the background screening?', message: cancelQuestion(job), confirmLabel: 'Cancel the job', dismissLabel: 'Keep it running' });
    if (!confirmed) return;
    await act('cancel', async () => {
      try {
        await cancelScreeningJob(api, job.id);
      } finally {
        // Also when it is refused: a job that ended while the question was open shows as it ended.
        await reload();
      }
    });
  };
  const download = (id: string, format: ScreeningJobExportFormat) => act(format, async () => saveFile(await exportScreeningJob(api, id, format), `screening.${format}`));

  return (
    <Card.Root size="sm" as="section" aria-labelledby="screening-job-title">
      <Card.Header>
        <Card.Title as="h2" id="screening-job-title">
          Background screening
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap={3}>
          {tooLarge && !running && (
            <Text fontSize="sm" role="status">
              Too many parcels for one screening: screen all of them as a background job.
            </Text>
          )}
          {!latest && !tooLarge && (
            <Text fontSize="sm" color="fg.muted">
              A county-sized screening runs in the background with the criteria above: it keeps going if you leave this page, and its results can be exported.
            </Text>
          )}
          {latest && <ScreeningJobState job={latest} />}
          {error && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {error}
            </Text>
          )}
          <Wrap gap={2}>
            {latest && running ? (
              <Button size="sm" variant="outline" loading={busy === 'cancel'} onClick={() => void cancel(latest)}>
                Cancel the job
              </Button>
            ) : (
              <Button size="sm" colorPalette={tooLarge ? 'brand' : undefined} variant={tooLarge ? 'solid' : 'outline'} loading={busy === 'start'} onClick={() => void start()}>
                {latest ? 'Screen in the background again' : 'Screen in the background'}
              </Button>
            )}
            {latest?.status === 'done' &&
              (['geojson', 'csv'] as const).map((format) => (
                <Button key={format} size="sm" variant="outline" loading={busy === format} onClick={() => void download(latest.id, format)}>
                  <Download aria-hidden />
                  Export {format === 'csv' ? 'CSV' : 'GeoJSON'}
                </Button>
              ))}
          </Wrap>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A job's progress bar while it runs, its tally once done, or why it ended otherwise. */
export function ScreeningJobState({ job }: { job: ScreeningJob }) {
  if (isRunning(job)) {
    return (
      <Progress.Root value={job.parcels_total === null ? null : job.percent} size="sm">
        <Progress.Label fontSize="sm" fontWeight="normal">
          {progressText(job)}
        </Progress.Label>
        <Progress.Track aria-label="Background screening progress" aria-valuetext={progressText(job)}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    );
  }
  if (job.status === 'done') {
    return (
      <Stack gap={1}>
        <Text fontSize="sm">
          {formatInteger(job.parcels_done)} {job.parcels_done === 1 ? 'parcel' : 'parcels'} screened in the background:
        </Text>
        <HStack gap={2} aria-label="Background screening summary" wrap="wrap">
          {(['pass', 'fail', 'unknown'] as const).map((verdict) => (
            <Badge key={verdict} colorPalette={verdictPalettes[verdict]}>
              {formatInteger(job.summary[verdict])} {verdictLabels[verdict].toLowerCase()}
            </Badge>
          ))}
        </HStack>
      </Stack>
    );
  }
  return (
    <Text fontSize="sm" color={job.status === 'failed' ? 'fg.error' : 'fg.muted'}>
      {job.status === 'failed' ? `The last background screening failed: ${job.error ?? 'no reason given'}` : 'The last background screening was cancelled.'}
    </Text>
  );
}
