import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { toFormErrors } from '../../../../machines/form-errors.ts';
import { LoadFile, maxLoadFileBytes } from '../../../contract/behind-the-meter.ts';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { SessionStore } from '../../../lib/session-storage.ts';
import { formatEnergy } from '../../../lib/number-format.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { uploadFailure, useUpload } from '../../../lib/use-upload.ts';
import { firstWeekdayOf } from '../../../solar/behind-the-meter.ts';
import { LOAD_SHAPE_INFO, LOAD_SHAPES, loadFromShape, type LoadShape } from '../../../solar/load/shapes.ts';
import { loadSummary } from '../../../solar/load/summary.ts';
import { deleteLoadFile, listLoadFiles, loadUploadPath } from '../api/loads.ts';
import type { LoadChoices } from './behind-the-meter-choices.ts';
import { FieldMessages } from './energy-model-fields.tsx';
import { otherMessages } from './form-values.ts';
import { MonthlyBars } from './monthly-bars.tsx';
import { RadioChoices } from './radio-choices.tsx';
import { sendFile } from './send-file.ts';
import { withCommaMessage } from './tariff-fields.tsx';

const shapeOptions = LOAD_SHAPES.map((shape) => ({ value: shape, label: LOAD_SHAPE_INFO[shape].label }));
const shapeHelp = (shape: LoadShape) => `${LOAD_SHAPE_INFO[shape].description} Source: ${LOAD_SHAPE_INFO[shape].source}`;
const kindLabels: Record<LoadFile['kind'], string> = { hourly: '8,760 hourly values', quarter_hourly: '35,040 quarter-hourly values', monthly: '12 monthly totals' };
const loadWays = [
  ['shape', 'A typical shape scaled to the yearly consumption'],
  ['upload', "The site's meter data or monthly bills (a CSV file)"],
] as const;
const shownKeys = new Set(['load.shape', 'load.annual_kwh', 'load.upload_id', 'load.calendar_year', 'load.growth_pct']);

interface LoadFieldsProps {
  value: LoadChoices;
  onChange: (change: Partial<LoadChoices>) => void;
  /** South of the equator the shapes' seasons turn around, as the server builds them. */
  southern: boolean;
  fields: Record<string, string[]> | undefined;
  api: ApiClient;
  store: SessionStore;
}

/** The site's load: a typical shape scaled to the yearly kWh, or an uploaded meter file; its calendar year and growth. */
export function LoadFields({ value, onChange, southern, fields, api, store }: LoadFieldsProps) {
  const field = (key: string) => fields?.[`load.${key}`]?.[0];
  const annual = Number(value.annualKwh);
  const preview = useMemo(() => {
    if (value.way !== 'shape' || !(annual > 0) || !Number.isFinite(annual)) return null;
    const year = Number(value.calendarYear);
    const firstWeekday = Number.isInteger(year) && year >= 1900 && year <= 2100 ? firstWeekdayOf(year) : 0;
    return loadSummary(loadFromShape(value.shape, annual, { firstWeekday, southernHemisphere: southern })).monthlyKwh;
  }, [value.way, value.shape, annual, value.calendarYear, southern]);

  return (
    <Stack gap={3}>
      <Text fontWeight="semibold">Load</Text>
      <RadioChoices label="How the load is given" value={value.way} onChange={(way) => onChange({ way })} choices={loadWays} />
      {value.way === 'shape' ? (
        <Stack gap={3} ps={{ base: 0, sm: 6 }}>
          <SelectField label="Load shape" size="sm" error={field('shape')} helper={shapeHelp(value.shape)} value={value.shape} onChange={(shape) => onChange({ shape: shape as LoadShape })} options={shapeOptions} />
          <FormField label="Yearly consumption (kWh)" error={withCommaMessage(field('annual_kwh'), value.annualKwh)} helper="From the last twelve months of bills.">
            <Input size="sm" inputMode="decimal" maxW="40" value={value.annualKwh} onChange={(event) => onChange({ annualKwh: event.target.value })} />
          </FormField>
          {preview && <MonthlyBars label={`${LOAD_SHAPE_INFO[value.shape].label} shape, kWh a month`} monthlyKwh={preview} />}
        </Stack>
      ) : (
        <LoadUpload value={value} onChange={onChange} error={field('upload_id')} shapeError={field('shape')} api={api} store={store} />
      )}
      <HStack gap={3} wrap="wrap" align="flex-start">
        <FormField
          label="Calendar year of the load (optional)"
          error={field('calendar_year')}
          helper="The year the load was metered, for its weekdays. Without a calendar year the year starts on a Monday, as NREL SAM assumes."
        >
          <Input size="sm" inputMode="numeric" maxW="28" value={value.calendarYear} onChange={(event) => onChange({ calendarYear: event.target.value })} />
        </FormField>
        <FormField label="Load growth (% a year, optional)" error={withCommaMessage(field('growth_pct'), value.growthPct)} helper="How the load changes each year after the first; none when left blank.">
          <Input size="sm" inputMode="decimal" maxW="28" value={value.growthPct} onChange={(event) => onChange({ growthPct: event.target.value })} />
        </FormField>
      </HStack>
      {otherMessages(fields, 'load', (key) => shownKeys.has(key)).length > 0 && <FieldMessages messages={otherMessages(fields, 'load', (key) => shownKeys.has(key))} />}
    </Stack>
  );
}

interface LoadUploadProps {
  value: LoadChoices;
  onChange: (change: Partial<LoadChoices>) => void;
  /** The server's word on load.upload_id and load.shape. */
  error: string | undefined;
  shapeError: string | undefined;
  api: ApiClient;
  store: SessionStore;
}

/** The user's load files, a new upload with every "Line N: reason" the server finds, and the chosen file's months. */
function LoadUpload({ value, onChange, error, shapeError, api, store }: LoadUploadProps) {
  const read = useResource('load files', (signal) => listLoadFiles(api, { signal }));
  // Uploaded in the form since the list was read, newest first; dropped once deleted.
  const [uploaded, setUploaded] = useState<LoadFile[]>([]);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const listed = read.data?.results ?? [];
  const files = [...uploaded, ...listed.filter((file) => !uploaded.some((added) => added.id === file.id))];
  const chosen = value.file;
  const upload = useUpload({ path: loadUploadPath, struct: LoadFile, store, refresh: () => listLoadFiles(api) });

  const uploadFile = async (file: File) => {
    const answer = await sendFile(upload, file);
    if (answer) {
      setUploaded((current) => [answer, ...current]);
      onChange({ file: answer });
    }
  };
  const remove = (file: LoadFile) => {
    setDeleteError(null);
    deleteLoadFile(api, file.id)
      .then(async () => {
        setUploaded((current) => current.filter((added) => added.id !== file.id));
        onChange({ file: null });
        await read.reload();
      })
      .catch((failure: unknown) => setDeleteError(toFormErrors(failure).detail ?? 'The file could not be deleted.'));
  };
  const refused = upload.state.phase === 'failed' ? upload.state.errors : null;

  return (
    <Stack gap={3} ps={{ base: 0, sm: 6 }}>
      {files.length > 0 && (
        <SelectField
          label="Load file"
          size="sm"
          error={error}
          value={chosen?.id ?? ''}
          onChange={(id) => onChange({ file: files.find((file) => file.id === id) ?? null })}
          options={[{ value: '', label: 'Choose a file' }, ...files.map((file) => ({ value: file.id, label: `${file.name} (${kindLabels[file.kind]})` }))]}
        />
      )}
      <FilePicker
        label={files.length > 0 ? 'Or upload another load file' : 'Upload a load file'}
        typesLabel="CSV of 8,760 hourly or 35,040 quarter-hourly kWh, or 12 monthly totals, January first; a header and timestamp columns are fine"
        accept={['.csv', '.txt', 'text/csv', 'text/plain']}
        maxBytes={maxLoadFileBytes}
        disabled={upload.state.phase === 'sending'}
        onFile={(file) => void uploadFile(file)}
      />
      {upload.state.phase === 'sending' && <UploadProgress fraction={upload.state.fraction} busyLabel="Reading the load file…" />}
      {refused && <FieldMessages messages={refused.fields.file ?? [uploadFailure(refused)]} />}
      {files.length === 0 && error && <FieldMessages messages={[error]} />}
      {chosen && (
        <Stack gap={2} data-testid="load-file-summary">
          <Text fontSize="sm">
            {chosen.name}: {formatEnergy(chosen.annual_kwh, 'kWh')} a year ({kindLabels[chosen.kind]}).
          </Text>
          {chosen.notes.map((note) => (
            <Text key={note} fontSize="xs" color="fg.muted">
              {note}
            </Text>
          ))}
          <MonthlyBars label={`${chosen.name}, kWh a month`} monthlyKwh={chosen.monthly_kwh} />
          {chosen.kind === 'monthly' && (
            <SelectField
              label="Shape to spread the monthly totals on"
              size="sm"
              error={shapeError}
              helper={`Each month keeps its total; its hours follow the shape. ${shapeHelp(value.spreadShape)}`}
              value={value.spreadShape}
              onChange={(shape) => onChange({ spreadShape: shape as LoadShape })}
              options={shapeOptions}
            />
          )}
          <Button size="xs" variant="ghost" colorPalette="red" alignSelf="flex-start" onClick={() => remove(chosen)}>
            Delete {chosen.name} from my load files
          </Button>
          {deleteError && <FieldMessages messages={[deleteError]} />}
        </Stack>
      )}
    </Stack>
  );
}
