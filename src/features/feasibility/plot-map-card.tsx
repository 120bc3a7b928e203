import { Box, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import { FeasibilityStudy, maxPlotMapBytes, plotMapTypes } from '../../contract/feasibility.ts';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { UploadStatus } from '../../components/ui/upload-progress.tsx';
import { useUpload } from '../../lib/use-upload.ts';
import { useResource } from '../../lib/use-resource.ts';
import { formatFileSize } from '../../lib/number-format.ts';
import { getPlotMap, getStudy, plotMapUploadPath } from './api/studies.ts';

/** The study's plot map: shown inline (an image, or a link to the PDF), and replaced by an upload with progress. */
export function PlotMapCard({ study, onChanged }: { study: FeasibilityStudy; onChanged: (study: FeasibilityStudy) => void }) {
  const { api, store } = useActors();
  const [url, setUrl] = useState<string | null>(null);
  const upload = useUpload({
    path: plotMapUploadPath,
    method: 'PATCH',
    struct: FeasibilityStudy,
    store,
    refresh: () => getStudy(api, study.id),
  });

  const map = study.plot_map;
  const { data: blob } = useResource(map ? `${study.id}|${map.uploaded_at}` : null, (signal) => getPlotMap(api, study.id, { signal }));
  // The object URL lives as long as the blob is shown.
  useEffect(() => {
    if (!blob) return setUrl(null);
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  const choose = async (file: File) => {
    const form = new FormData();
    form.append('id', study.id);
    form.append('file', file);
    const updated = await upload.start(form);
    if (updated) onChanged(updated);
  };

  return (
    <Stack gap={3}>
      {map && url && map.content_type !== 'application/pdf' && (
        <Box borderWidth="1px" rounded="md" overflow="hidden" maxW="3xl">
          <Image src={url} alt={`Plot map of ${study.name}`} w="100%" />
        </Box>
      )}
      {map && url && map.content_type === 'application/pdf' && (
        <Link href={url} target="_blank" rel="noopener" colorPalette="brand">
          Open the plot map (PDF, {formatFileSize(map.byte_size)})
        </Link>
      )}
      {map && (
        <Text fontSize="sm" color="fg.muted">
          {map.file_name} · uploaded {new Date(map.uploaded_at).toLocaleString()}
        </Text>
      )}
      {!map && <Text color="fg.muted">No plot map yet. Upload the site layout as an image or a PDF.</Text>}
      <Box maxW="xl">
        <FilePicker
          label={map ? 'Replace the plot map' : 'Upload a plot map'}
          accept={plotMapTypes}
          typesLabel="PNG, JPEG, WebP or PDF"
          maxBytes={maxPlotMapBytes}
          disabled={upload.state.phase === 'sending'}
          onFile={(file) => void choose(file)}
        />
      </Box>
      <UploadStatus state={upload.state} busyLabel="Checking the file…" done={() => 'Plot map saved.'} />
    </Stack>
  );
}
