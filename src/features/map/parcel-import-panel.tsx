import { Card, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { UploadStatus } from '../../components/ui/upload-progress.tsx';
import { maxParcelFileBytes, parcelFileExtensions, ParcelImportAnswer } from '../../contract/gis.ts';
import { formatInteger } from '../../lib/number-format.ts';
import { useUpload } from '../../lib/use-upload.ts';
import { getProject } from '../../lib/api/projects.ts';
import { parcelImportPath } from './api/parcels.ts';

/** Refusals listed one by one; the rest are counted. */
const listedRefusals = 100;

const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

/** Uploads a GeoJSON, zipped shapefile or KML file of parcels, attaches them to the project and shows what was refused. */
export function ParcelImportPanel({ projectId, onImported }: { projectId: string; onImported: () => void }) {
  const { api, store } = useActors();
  const upload = useUpload({
    path: parcelImportPath,
    struct: ParcelImportAnswer,
    store,
    refresh: () => getProject(api, projectId),
  });

  const [landUseField, setLandUseField] = useState('');
  const refused = upload.state.phase === 'failed' ? upload.state.errors.fields : {};

  const start = async (file: File) => {
    const form = new FormData();
    form.append('project_id', projectId);
    if (landUseField.trim() !== '') form.append('land_use_field', landUseField.trim());
    form.append('file', file);
    const report = await upload.start(form);
    if (report && (report.imported > 0 || report.attached > 0)) onImported();
  };

  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">Import parcels</Card.Title>
      </Card.Header>
      <Card.Body gap={3}>
        <Text fontSize="sm" color="fg.muted">
          GeoJSON, a zipped shapefile (.shp, .dbf and .prj) or KML. The parcels become yours and are attached to this project.
        </Text>
        <FormField label="Land-use property (optional)" helper="The file's property holding each parcel's land use, e.g. LAND_USE: the land-use criterion reads it" error={refused.land_use_field?.[0]}>
          <Input size="sm" value={landUseField} maxLength={100} onChange={(event) => setLandUseField(event.target.value)} />
        </FormField>
        <FilePicker
          label="Import parcels"
          accept={parcelFileExtensions}
          typesLabel="GeoJSON, zipped shapefile or KML"
          maxBytes={maxParcelFileBytes}
          disabled={upload.state.phase === 'sending'}
          onFile={(file) => void start(file)}
        />
        <UploadStatus state={upload.state} busyLabel="Reading the parcels…" />
        {upload.state.phase === 'done' && <ImportReport report={upload.state.answer} />}
      </Card.Body>
    </Card.Root>
  );
}

function ImportReport({ report }: { report: ParcelImportAnswer }) {
  const { imported, attached, refused, total } = report;
  return (
    <Stack gap={2} role="group" aria-label="Import report" fontSize="sm">
      <Text>
        {plural(total, 'feature', 'features')} read: {plural(imported, 'parcel', 'parcels')} imported, {formatInteger(attached)} attached to this project
        {refused.length > 0 ? `, ${formatInteger(refused.length)} refused.` : '.'}
      </Text>
      {refused.length > 0 && (
        <List.Root aria-label="Refused features" ps={4}>
          {refused.slice(0, listedRefusals).map(({ index, apn, reason }) => (
            <List.Item key={index}>
              Feature #{index + 1}
              {apn ? ` (${apn})` : ''}: {reason}
            </List.Item>
          ))}
          {refused.length > listedRefusals && <List.Item>… and {formatInteger(refused.length - listedRefusals)} more.</List.Item>}
        </List.Root>
      )}
    </Stack>
  );
}
