import { Card, Input, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useActors } from '../../app/actors-context.tsx';
import { maxParcelFileBytes, parcelFileExtensions, ParcelImportAnswer } from '../../contract/gis.ts';
import { ProjectDetail } from '../../contract/projects.ts';
import type { ApiError } from '../../lib/api-client.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

/** Refusals listed one by one; the rest are counted. */
const listedRefusals = 100;

type Upload = { phase: 'idle' } | { phase: 'sending'; fraction: number } | { phase: 'done'; report: ParcelImportAnswer } | { phase: 'failed'; message: string };

function failureMessage(error: unknown): string {
  const { status, data, detail } = error as ApiError;
  const errors = (data as { errors?: Record<string, string[]> } | null)?.errors;
  const first = errors && Object.values(errors)[0]?.[0];
  if (first) return first;
  if (detail && (status === 404 || status === 413 || status === 415)) return detail;
  if (status === 401) return 'Your session has ended: sign in again, then import the file.';
  return 'The file could not be imported. Please try again.';
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Uploads a GeoJSON, zipped shapefile or KML file of parcels, attaches them to the project and shows what was refused. */
export function ParcelImportPanel({ projectId, onImported }: { projectId: string; onImported: () => void }) {
  const { api, store } = useActors();
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > maxParcelFileBytes) return setUpload({ phase: 'failed', message: 'The file must be at most 20 MB.' });
    const form = new FormData();
    form.append('project_id', projectId);
    form.append('file', file);
    controller.current?.abort();
    controller.current = new AbortController();
    setUpload({ phase: 'sending', fraction: 0 });
    try {
      const report = await uploadWithProgress('/api/gis/parcels/import/', form, {
        struct: ParcelImportAnswer,
        store,
        signal: controller.current.signal,
        onProgress: (fraction) => setUpload({ phase: 'sending', fraction }),
        // One call through the API client renews an expired access token.
        refresh: () => api.get('/api/project/get/', { query: { id: projectId }, struct: ProjectDetail }),
      });
      setUpload({ phase: 'done', report });
      if (report.imported > 0 || report.attached > 0) onImported();
    } catch (error) {
      if (controller.current.signal.aborted) return;
      setUpload({ phase: 'failed', message: failureMessage(error) });
    } finally {
      // The same file can be chosen again.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">Import parcels</Card.Title>
      </Card.Header>
      <Card.Body gap={3}>
        <Text fontSize="sm" color="fg.muted">
          GeoJSON, a zipped shapefile (.shp, .dbf and .prj) or KML, at most 20 MB. The parcels become yours and are attached to this project.
        </Text>
        <Input
          ref={input}
          type="file"
          aria-label="Import parcels"
          accept={parcelFileExtensions.join(',')}
          disabled={upload.phase === 'sending'}
          onChange={(event) => void start(event)}
          p={1}
        />
        {upload.phase === 'sending' && (
          <Progress.Root value={Math.round(upload.fraction * 100)} size="sm" aria-label="Upload progress">
            <Progress.Label fontSize="sm">{upload.fraction < 1 ? `Uploading… ${Math.round(upload.fraction * 100)}%` : 'Reading the parcels…'}</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {upload.phase === 'failed' && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {upload.message}
          </Text>
        )}
        {upload.phase === 'done' && <ImportReport report={upload.report} />}
      </Card.Body>
    </Card.Root>
  );
}

function ImportReport({ report }: { report: ParcelImportAnswer }) {
  const { imported, attached, refused, total } = report;
  return (
    <Stack gap={2} role="group" aria-label="Import report" fontSize="sm">
      <Text>
        {plural(total, 'feature', 'features')} read: {plural(imported, 'parcel', 'parcels')} imported, {attached.toLocaleString()} attached to this project
        {refused.length > 0 ? `, ${refused.length.toLocaleString()} refused.` : '.'}
      </Text>
      {refused.length > 0 && (
        <List.Root aria-label="Refused features" ps={4}>
          {refused.slice(0, listedRefusals).map(({ index, apn, reason }) => (
            <List.Item key={index}>
              Feature #{index + 1}
              {apn ? ` (${apn})` : ''}: {reason}
            </List.Item>
          ))}
          {refused.length > listedRefusals && <List.Item>… and {(refused.length - listedRefusals).toLocaleString()} more.</List.Item>}
        </List.Root>
      )}
    </Stack>
  );
}
