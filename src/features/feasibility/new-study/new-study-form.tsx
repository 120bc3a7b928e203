import { Box, Button, Grid, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { FormErrors } from '../../../../machines/form-errors.ts';
import { WeatherFile, maxWeatherFileBytes } from '../../../contract/energy.ts';
import type { StudyCreateBody } from '../../../contract/feasibility.ts';
import type { ProjectDetail } from '../../../contract/projects.ts';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { UploadStatus } from '../../../components/ui/upload-progress.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { SessionStore } from '../../../lib/session-storage.ts';
import { useActors } from '../../../lib/actors-context.tsx';
import { useUpload } from '../../../lib/use-upload.ts';
import { DEFAULT_SIZING, dcKwFromArea } from '../../../solar/sizing.ts';
import { monthNames } from '../study-format.ts';
import type { NewStudyData } from './new-study-data.ts';

type WeatherChoice = 'upload' | 'pvgis' | 'monthly';

export interface NewStudyFormProps {
  project: ProjectDetail;
  data: NewStudyData;
  api: ApiClient;
  store: SessionStore;
  onWeatherUploaded: (file: WeatherFile) => void;
  onSubmit: (body: StudyCreateBody) => void;
  onCancel: () => void;
  submitting: boolean;
  /** The server's refusal of the last submit. */
  errors: FormErrors | null;
}

const blankMonths = () => Array.from({ length: 12 }, () => '');
const numberOrText = (value: string) => (value.trim() === '' ? value : Number(value));

/**
 * The new-study form: the weather (an uploaded file, one uploaded on the spot, PVGIS at the project's location or
 * twelve monthly means), the preset, and the size from the boundary (usable share × GCR × module W/m², shown and
 * editable, or a DC size typed over it).
 */
export function NewStudyForm({ project, data, api, store, onWeatherUploaded, onSubmit, onCancel, submitting, errors }: NewStudyFormProps) {
  const { modal } = useActors();
  const [name, setName] = useState('');
  const [choice, setChoice] = useState<WeatherChoice>('upload');
  const [weatherId, setWeatherId] = useState(data.weatherFiles[0]?.id ?? '');
  const [ghi, setGhi] = useState(blankMonths);
  const [temp, setTemp] = useState(blankMonths);
  const [presetId, setPresetId] = useState(data.lastPresetId);
  const preset = data.presets.find((p) => p.id === presetId) ?? data.presets[0]!;
  const tracker = preset.assumptions.system.mount === 'single_axis';
  const [usablePct, setUsablePct] = useState(String(DEFAULT_SIZING.usableFraction * 100));
  const [gcr, setGcr] = useState('');
  const [moduleW, setModuleW] = useState('');
  const [dcKw, setDcKw] = useState('');
  const areaM2 = project.area?.m2 ?? null;

  const shownGcr = gcr || String(tracker ? preset.assumptions.system.gcr : DEFAULT_SIZING.gcrFixed);
  const shownModuleW = moduleW || String(preset.assumptions.system.module_efficiency_pct * 10);
  const sizedKw = useMemo(
    () => (areaM2 ? dcKwFromArea({ areaM2, usableFraction: Number(usablePct) / 100, gcr: Number(shownGcr), moduleWPerM2: Number(shownModuleW) }) : null),
    [areaM2, usablePct, shownGcr, shownModuleW],
  );

  const upload = useUpload({ path: '/api/gis/weather/upload/', struct: WeatherFile, store, refresh: () => api.get('/api/gis/weather/list/') });
  const uploadFile = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const uploaded = await upload.start(form);
    if (uploaded) {
      onWeatherUploaded(uploaded);
      setWeatherId(uploaded.id);
      setChoice('upload');
    }
  };

  const field = (key: string) => errors?.fields[key]?.[0];
  const weatherError = errors ? Object.entries(errors.fields).find(([key]) => key.startsWith('weather'))?.[1][0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const weather: StudyCreateBody['weather'] =
      choice === 'upload'
        ? { source: 'upload', weather_id: weatherId }
        : choice === 'pvgis'
          ? { source: 'pvgis' }
          : { source: 'monthly', ghi_kwh_m2_per_day: ghi.map(numberOrText) as number[], temp_air_c: temp.map(numberOrText) as number[] };
    const typedDc = dcKw.trim() !== '';
    onSubmit({
      project_id: project.id,
      ...(name.trim() ? { name } : {}),
      weather,
      preset_id: preset.id,
      ...(typedDc ? { system: { dc_kw: numberOrText(dcKw) as number } } : {}),
      ...(!typedDc && areaM2 ? { sizing: { usable_pct: numberOrText(usablePct) as number, gcr: numberOrText(shownGcr) as number, module_w_per_m2: numberOrText(shownModuleW) as number } } : {}),
    });
  };

  return (
    <form onSubmit={submit} aria-label="New feasibility study" noValidate>
      <Stack gap={5}>
      <FormField label="Name" error={field('name')} helper="Optional: “Study N” when left empty.">
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
      </FormField>

      <Stack gap={2}>
        <Text fontWeight="semibold">Weather</Text>
        <RadioGroup.Root value={choice} onValueChange={(details) => setChoice(details.value as WeatherChoice)} size="sm">
          <Stack gap={2}>
            {(
              [
                ['upload', 'A weather file (TMY3, TMY2, EPW, NSRDB or SAM CSV, or PVGIS)'],
                ['pvgis', "PVGIS typical year at the project's location"],
                ['monthly', 'Twelve monthly means (lower confidence)'],
              ] as const
            ).map(([value, label]) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {choice === 'upload' && (
          <Stack gap={2} ps={6}>
            {data.weatherFiles.length > 0 && (
              <SelectField
                label="Weather file"
                size="sm"
                value={weatherId}
                onChange={setWeatherId}
                options={data.weatherFiles.map((file) => ({ value: file.id, label: `${file.name} (${file.format.toUpperCase()}, ${Math.round(file.annual_ghi_kwh_m2)} kWh/m²)` }))}
              />
            )}
            <FilePicker
              label={data.weatherFiles.length > 0 ? 'Or upload another weather file' : 'Upload a weather file'}
              typesLabel="TMY3, TMY2, EPW, NSRDB or SAM CSV, or PVGIS; judged by its content"
              maxBytes={maxWeatherFileBytes}
              disabled={upload.state.phase === 'sending'}
              onFile={(file) => void uploadFile(file)}
            />
            <UploadStatus
              state={upload.state}
              busyLabel="Reading the weather file…"
              done={(file) => `Read ${file.name}: ${Math.round(file.annual_ghi_kwh_m2).toLocaleString('en-US')} kWh/m² a year.`}
            />
          </Stack>
        )}
        {choice === 'pvgis' && (
          <Text ps={6} fontSize="sm" color="fg.muted">
            {project.location ? `Fetched by the server for ${project.location.lat.toFixed(3)}, ${project.location.lng.toFixed(3)} (EU JRC PVGIS).` : 'The project has no location yet.'}
          </Text>
        )}
        {choice === 'monthly' && (
          <Grid ps={6} templateColumns="auto 1fr 1fr" gap={1} alignItems="center" maxW="sm" fontSize="sm">
            <span />
            <Text fontWeight="medium">GHI kWh/m²/day</Text>
            <Text fontWeight="medium">Air °C</Text>
            {monthNames.map((month, i) => (
              <MonthRow key={month} month={month} ghi={ghi[i]!} temp={temp[i]!} onGhi={(v) => setGhi((all) => all.map((old, j) => (j === i ? v : old)))} onTemp={(v) => setTemp((all) => all.map((old, j) => (j === i ? v : old)))} />
            ))}
          </Grid>
        )}
        {weatherError && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {weatherError}
          </Text>
        )}
      </Stack>

      <Stack gap={2}>
        <SelectField
          label="Assumptions preset"
          error={field('preset_id')}
          helper="System, costs, tariff and finance; change them on the project's Assumptions screen."
          value={preset.id}
          onChange={setPresetId}
          options={data.presets.map((p) => ({ value: p.id, label: p.builtin ? `${p.name} (built-in)` : p.name }))}
        />
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => modal.send({ type: 'settingModal.open', id: preset.id })}>
          View preset
        </Button>
      </Stack>

      <Stack gap={2}>
        <Text fontWeight="semibold">Size</Text>
        {areaM2 ? (
          <Box fontSize="sm" color="fg.muted">
            Boundary {(areaM2 / 10_000).toFixed(2)} ha × usable share × ground coverage ratio × module power per m².
          </Box>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No boundary drawn: type the DC size, or draw the boundary on the project's edit screen to size from it.
          </Text>
        )}
        {areaM2 !== null && (
          <HStack gap={3} wrap="wrap" align="flex-start">
            <FormField label="Usable %" error={field('sizing.usable_pct')}>
              <Input inputMode="decimal" w="24" value={usablePct} onChange={(event) => setUsablePct(event.target.value)} />
            </FormField>
            <FormField label="GCR" error={field('sizing.gcr')}>
              <Input inputMode="decimal" w="24" value={shownGcr} onChange={(event) => setGcr(event.target.value)} />
            </FormField>
            <FormField label="Module W/m²" error={field('sizing.module_w_per_m2')}>
              <Input inputMode="decimal" w="28" value={shownModuleW} onChange={(event) => setModuleW(event.target.value)} />
            </FormField>
          </HStack>
        )}
        <FormField
          label="DC size (kW)"
          error={field('system.dc_kw')}
          helper={sizedKw !== null && dcKw.trim() === '' ? `${(sizedKw / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} MWdc from the boundary; type a size to override it.` : undefined}
        >
          <Input inputMode="decimal" maxW="xs" value={dcKw} placeholder={sizedKw !== null ? String(Math.round(sizedKw * 10) / 10) : '1000'} onChange={(event) => setDcKw(event.target.value)} />
        </FormField>
      </Stack>

      {errors?.detail && (
        <Text color="fg.error" role="alert">
          {errors.detail}
        </Text>
      )}
      <HStack gap={2}>
        <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Running the study" disabled={choice === 'upload' && !weatherId}>
          Run and save study
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
      </Stack>
    </form>
  );
}

function MonthRow({ month, ghi, temp, onGhi, onTemp }: { month: string; ghi: string; temp: string; onGhi: (value: string) => void; onTemp: (value: string) => void }) {
  return (
    <>
      <Text>{month}</Text>
      <Input size="xs" inputMode="decimal" aria-label={`${month} GHI`} value={ghi} onChange={(event) => onGhi(event.target.value)} />
      <Input size="xs" inputMode="decimal" aria-label={`${month} air temperature`} value={temp} onChange={(event) => onTemp(event.target.value)} />
    </>
  );
}
