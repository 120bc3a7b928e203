import { Alert, Box, Button, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import type { FormErrors } from '../../../../machines/form-errors.ts';
import { WeatherFile, maxWeatherFileBytes } from '../../../contract/energy.ts';
import type { StudyCreateBody } from '../../../contract/feasibility.ts';
import type { ProjectDetail } from '../../../contract/projects.ts';
import type { FinanceStructure } from '../../../contract/settings.ts';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { UploadStatus } from '../../../components/ui/upload-progress.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { ApiClient } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import type { SessionStore } from '../../../lib/session-storage.ts';
import { useActors } from '../../../lib/actors-context.tsx';
import { formatKm } from '../../../solar/geo-distance.ts';
import { formatArea, formatDecimal, formatInteger, formatLatLng } from '../../../lib/number-format.ts';
import { monthLongNames } from '../../../lib/months.ts';
import { useUpload } from '../../../lib/use-upload.ts';
import { listWeatherFiles, nsrdbWeather, nsrdbYearChoices, weatherUploadPath, type NsrdbYear } from '../api/weather-sources.ts';
import { mountOfArrayType } from '../../../solar/array-types.ts';
import { dcKwFromArea } from '../../../solar/sizing.ts';
import { sizingDefaults } from '../../../contract/sizing-defaults.ts';
import { monthNames } from '../study-format.ts';
import { annualLoadKwh, behindTheMeterSections, defaultBehindTheMeter, withTariffPreset, type Owner } from './behind-the-meter-choices.ts';
import { BehindTheMeterFields } from './behind-the-meter-fields.tsx';
import { CreditDatesFields, creditDatesInput, noCreditDates } from './credit-dates-fields.tsx';
import { EnergyModelFields, FieldMessages } from './energy-model-fields.tsx';
import { blankMonths, monthErrors, numberOrText, pasteIntoMonths } from './form-values.ts';
import { loadMonthlyMeans, prefillStudy, type NewStudyData } from './new-study-data.ts';
import { RadioChoices } from './radio-choices.tsx';
import { sendFile } from './send-file.ts';
import { SizingHelp } from './sizing-help.tsx';
import { presetChoices, systemChanges, type SystemChoices } from './system-choices.ts';
import { tariffPresetById, tariffPresetFor } from './tariff-choices.ts';
import { readableDetail, weatherDistance, type WeatherPlace } from './weather-notes.ts';

type WeatherChoice = 'upload' | 'pvgis' | 'nsrdb' | 'monthly';
/** What the study values: the power it sells, on the preset's structure, or the bills it saves behind the meter. */
type Valuation = 'sold' | 'behind_the_meter';

const structureLabels: Record<FinanceStructure, string> = {
  pre_tax: 'pre-tax project cash flows',
  single_owner: 'single owner, after tax',
  // A preset valued behind the meter sells its power as a single owner.
  behind_the_meter: 'single owner, after tax',
};

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

/** Where the monthly means came from: prefilled from a study's weather, none to prefill from, or still reading it. */
type Prefill = { status: 'idle' | 'loading' | 'none' | 'failed' } | { status: 'done'; from: string };

const formatsWithoutSnow = new Set<WeatherFile['format']>(['tmy3', 'tmy2', 'pvgis-json', 'pvgis-csv', 'pvgis-epw', 'monthly-means']);
const monthlyKeys = { ghi: 'weather.ghi_kwh_m2_per_day', temp: 'weather.temp_air_c' } as const;
const validNumber = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/**
 * The new-study form: the weather (an uploaded file, one uploaded on the spot, PVGIS at the project's location or
 * twelve monthly means, prefilled from weather the project's studies ran on), its distance from the project (asked
 * about beyond 50 km), the preset, what the study values (the power sold, or behind the meter the bills saved, with
 * the load, tariff, export rule and rooftop incentives), the energy model with PVWatts v8's choices, and the size from
 * the boundary (usable share × GCR × module W/m², shown and editable, or a DC size typed over it; behind the meter,
 * sized to the load or the roof too).
 */
export function NewStudyForm({ project, data, api, store, onWeatherUploaded, onSubmit, onCancel, submitting, errors }: NewStudyFormProps) {
  const { modal } = useActors();
  const [name, setName] = useState('');
  const [choice, setChoice] = useState<WeatherChoice>('upload');
  const [weatherId, setWeatherId] = useState(data.weatherFiles[0]?.id ?? '');
  const [nsrdbYear, setNsrdbYear] = useState<NsrdbYear>('tmy');
  const [ghi, setGhi] = useState(blankMonths);
  const [temp, setTemp] = useState(blankMonths);
  const [monthlyLat, setMonthlyLat] = useState('');
  const [monthlyLon, setMonthlyLon] = useState('');
  const [prefill, setPrefill] = useState<Prefill>({ status: 'idle' });
  const [presetId, setPresetId] = useState(data.lastPresetId);
  const preset = data.presets.find((p) => p.id === presetId) ?? data.presets[0]!;
  const presetStructure = preset.assumptions.finance.structure;
  const [valuation, setValuation] = useState<Valuation>(presetStructure === 'behind_the_meter' ? 'behind_the_meter' : 'sold');
  const [btm, setBtm] = useState(() => defaultBehindTheMeter(preset.assumptions.finance.currency));
  const [creditDates, setCreditDates] = useState(noCreditDates);
  /** Only a US study's after-tax cash flows book federal credits. */
  const asksCreditDates = project.country.toUpperCase() === 'US' && (valuation === 'behind_the_meter' || (presetStructure ?? 'pre_tax') !== 'pre_tax');
  /** Set by a send the tariff stopped: its problems then show at their fields. */
  const [tariffChecked, setTariffChecked] = useState(false);
  /** The sends the tariff stopped, counted: each one, as each refusal of the server, takes the cursor to the first wrong field. */
  const [tariffStopCount, setTariffStopCount] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // After the fields marked wrong have rendered (aria-invalid, from FormField's invalid state), once per refusal.
  useEffect(() => {
    if (errors) focusFirstError(formRef.current);
  }, [errors]);
  useEffect(() => {
    if (tariffStopCount > 0) focusFirstError(formRef.current);
  }, [tariffStopCount]);
  const behindTheMeter = valuation === 'behind_the_meter' ? behindTheMeterSections(btm) : null;
  const choosePreset = (id: string) => {
    setPresetId(id);
    // A cited tariff follows the study's currency while the user has not turned to another way.
    const currency = (data.presets.find((p) => p.id === id) ?? preset).assumptions.finance.currency;
    setBtm((current) => (current.tariff.way === 'preset' && tariffPresetById(current.tariff.presetId).currency !== currency ? withTariffPreset(current, tariffPresetFor(currency).id) : current));
  };
  /** A household's system sits on its roof: picking one moves the study to a residential preset of its currency and
   * the array to a roof mount (the preset's, or a fixed roof mount when there is none). */
  const [ownerNotice, setOwnerNotice] = useState<string | null>(null);
  const chooseOwner = (owner: Owner) => {
    if (owner !== 'household') return setOwnerNotice(null);
    const currency = preset.assumptions.finance.currency;
    const rooftop = preset.assumptions.finance.owner === 'residential' ? preset : data.presets.find((p) => p.assumptions.finance.owner === 'residential' && p.assumptions.finance.currency === currency);
    if (rooftop && rooftop.id !== preset.id) choosePreset(rooftop.id);
    setSystemEdits(({ arrayType: _dropped, ...rest }) => (rooftop ? rest : { ...rest, arrayType: 'fixed-roof' }));
    setOwnerNotice(
      rooftop && rooftop.id !== preset.id
        ? `Moved to the preset “${rooftop.name}” and its roof mount.`
        : rooftop
          ? null
          : 'Moved the array to a fixed roof mount; no residential preset in this currency, so the preset’s costs stay.',
    );
  };
  const presetSystem = useMemo(() => presetChoices(preset.assumptions.system), [preset]);
  // Only what the user changed; the rest follows the chosen preset.
  const [systemEdits, setSystemEdits] = useState<Partial<SystemChoices>>({});
  const system: SystemChoices = { ...presetSystem, ...systemEdits };
  // What the server sizes with where the form sends nothing (one rule, src/contract/sizing-defaults.ts).
  const sizing = sizingDefaults(mountOfArrayType(system.arrayType), preset.assumptions.system);
  const [usablePct, setUsablePct] = useState(String(sizing.usable_pct));
  const [gcr, setGcr] = useState('');
  const [moduleW, setModuleW] = useState('');
  const [dcKw, setDcKw] = useState('');
  /** The weather place the user agreed to run on although it is far from the project. */
  const [confirmFar, setConfirmFar] = useState<{ asked: string; agreed: boolean } | null>(null);
  // The passing parcels' buildable land when the project has some (sizingArea, src/solar/sizing.ts), else the boundary.
  const parcelLand = data.sizingArea?.source === 'parcels' ? data.sizingArea : null;
  const [sizeOn, setSizeOn] = useState<'parcels' | 'boundary'>('parcels');
  const areaSource = parcelLand && (sizeOn === 'parcels' || !project.area) ? 'parcels' : 'boundary';
  const areaM2 = areaSource === 'parcels' ? parcelLand!.area_m2 : (project.area?.m2 ?? null);

  const shownGcr = gcr || String(sizing.gcr);
  const shownModuleW = moduleW || String(sizing.module_w_per_m2);
  const sizedKw = useMemo(
    () => (areaM2 ? dcKwFromArea({ areaM2, usableFraction: Number(usablePct) / 100, gcr: Number(shownGcr), moduleWPerM2: Number(shownModuleW) }) : null),
    [areaM2, usablePct, shownGcr, shownModuleW],
  );

  const upload = useUpload({ path: weatherUploadPath, struct: WeatherFile, store, refresh: () => listWeatherFiles(api) });
  /** Monthly mean air temperatures for a file without a temperature column (NSRDB's GHI-only polar TMY). */
  const [uploadTemps, setUploadTemps] = useState('');
  const uploadFile = async (file: File) => {
    const uploaded = await sendFile(upload, file, { temp_air_c: uploadTemps });
    if (uploaded) {
      onWeatherUploaded(uploaded);
      setWeatherId(uploaded.id);
      setChoice('upload');
    }
  };

  // The monthly means start from weather a study of this project ran on, when the user first turns to them.
  const prefillAbort = useRef<AbortController | null>(null);
  useEffect(() => () => prefillAbort.current?.abort(), []);
  const startPrefill = () => {
    if (prefill.status !== 'idle') return;
    const from = prefillStudy(data.studies, weatherId);
    if (!from) return setPrefill({ status: 'none' });
    const controller = new AbortController();
    prefillAbort.current = controller;
    setPrefill({ status: 'loading' });
    loadMonthlyMeans(api, from, controller.signal)
      .then((means) => {
        if (!means) return setPrefill({ status: 'failed' });
        setGhi(means.ghi.map(String));
        setTemp(means.temp.map(String));
        setMonthlyLat(String(means.lat));
        setMonthlyLon(String(means.lon));
        setPrefill({ status: 'done', from: `${from.weather.name} (the weather of ${from.name})` });
      })
      .catch(() => !controller.signal.aborted && setPrefill({ status: 'failed' }));
  };
  const chooseWeather = (value: WeatherChoice) => {
    setChoice(value);
    if (value === 'monthly') startPrefill();
  };

  // A study of this project already simulated its yield per kWp: the best guess for sizing to the load.
  const yieldStudy = prefillStudy(data.studies, weatherId);
  const simulatedYield = yieldStudy ? { kwhPerKwp: yieldStudy.headline.specific_yield_kwh_per_kwp, study: yieldStudy.name } : null;

  const chosenFile = data.weatherFiles.find((file) => file.id === weatherId);
  const typedLat = validNumber(monthlyLat);
  const typedLon = validNumber(monthlyLon);
  const place: WeatherPlace | null =
    choice === 'upload' && chosenFile
      ? { lat: chosenFile.lat, lon: chosenFile.lon, label: chosenFile.site_name.trim() || chosenFile.name }
      : choice === 'monthly' && typedLat !== null && typedLon !== null
        ? { lat: typedLat, lon: typedLon, label: prefill.status === 'done' ? prefill.from : 'the monthly means' }
        : null;
  const distance = weatherDistance(project, place);
  // PVWatts v8's snow model needs snow depth, which these sources never have (the engine refuses to run without it).
  const noSnowDepth =
    choice === 'monthly' ? 'Monthly means' : choice === 'pvgis' ? 'PVGIS' : choice === 'nsrdb' ? 'NSRDB' : chosenFile && formatsWithoutSnow.has(chosenFile.format) ? `${chosenFile.name} (${chosenFile.format.toUpperCase()})` : null;
  const sentSystem = noSnowDepth ? { ...system, snowModel: false } : system;
  const placeKey = place ? `${choice}:${place.lat},${place.lon}` : '';
  const askingFar = distance?.far === true && confirmFar?.asked === placeKey && !confirmFar.agreed;
  const agreedFar = distance?.far === true && confirmFar?.asked === placeKey && confirmFar.agreed;

  const tariffProblems = tariffChecked && behindTheMeter && 'problems' in behindTheMeter ? behindTheMeter.problems : null;
  const fields = tariffProblems ? { ...errors?.fields, ...tariffProblems } : errors?.fields;
  const field = (key: string) => errors?.fields[key]?.[0];
  const monthly = { ghi: monthErrors(errors?.fields, monthlyKeys.ghi, 'GHI'), temp: monthErrors(errors?.fields, monthlyKeys.temp, 'air temperature') };
  const weatherError = errors
    ? Object.entries(errors.fields).find(([key]) => key.startsWith('weather') && !key.startsWith(monthlyKeys.ghi) && !key.startsWith(monthlyKeys.temp) && !(choice === 'monthly' && (key === 'weather.lat' || key === 'weather.lon')))?.[1][0]
    : undefined;

  /** A tariff the server would refuse is not sent: its problems show at their fields. */
  const tariffStops = () => {
    const stops = behindTheMeter !== null && 'problems' in behindTheMeter;
    setTariffChecked(stops);
    if (stops) setTariffStopCount((count) => count + 1);
    return stops;
  };

  const send = () => {
    if (tariffStops()) return;
    const weather: StudyCreateBody['weather'] =
      choice === 'upload'
        ? { source: 'upload', weather_id: weatherId }
        : choice === 'pvgis'
          ? { source: 'pvgis' }
          : choice === 'nsrdb'
            ? nsrdbWeather(nsrdbYear)
            : {
              source: 'monthly',
              ...(monthlyLat.trim() ? { lat: numberOrText(monthlyLat) as number } : {}),
              ...(monthlyLon.trim() ? { lon: numberOrText(monthlyLon) as number } : {}),
              ghi_kwh_m2_per_day: ghi.map(numberOrText) as number[],
              temp_air_c: temp.map(numberOrText) as number[],
            };
    const finance = {
      ...(behindTheMeter && 'sections' in behindTheMeter ? behindTheMeter.sections.finance : {}),
      ...(valuation === 'sold' && presetStructure === 'behind_the_meter' ? { structure: 'single_owner' as const } : {}),
      ...(asksCreditDates ? creditDatesInput(creditDates) : {}),
    };
    const typedDc = dcKw.trim() !== '';
    const systemBody = { ...(typedDc ? { dc_kw: numberOrText(dcKw) as number } : {}), ...systemChanges(sentSystem, presetSystem) };
    onSubmit({
      project_id: project.id,
      ...(name.trim() ? { name } : {}),
      weather,
      preset_id: preset.id,
      ...(Object.keys(systemBody).length > 0 ? { system: systemBody } : {}),
      ...(!typedDc && areaM2
        ? { sizing: { usable_pct: numberOrText(usablePct) as number, gcr: numberOrText(shownGcr) as number, module_w_per_m2: numberOrText(shownModuleW) as number, ...(parcelLand ? { area: areaSource } : {}) } }
        : {}),
      ...(behindTheMeter && 'sections' in behindTheMeter ? behindTheMeter.sections : {}),
      ...(Object.keys(finance).length > 0 ? { finance } : {}),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tariffStops()) return;
    // Weather from another place runs only once the user says so.
    if (distance?.far && !agreedFar) return setConfirmFar({ asked: placeKey, agreed: false });
    send();
  };
  const runOnFarWeather = () => {
    setConfirmFar({ asked: placeKey, agreed: true });
    send();
  };

  const setMonth = (setter: typeof setGhi, i: number) => (value: string) => setter((all) => all.map((old, j) => (j === i ? value : old)));
  const pasteMonths = (row: string[], setter: typeof setGhi, i: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = pasteIntoMonths(row, i, event.clipboardData.getData('text'));
    if (!pasted) return;
    event.preventDefault();
    setter(pasted);
  };

  return (
    <form ref={formRef} onSubmit={submit} aria-label="New feasibility study" noValidate>
      <Stack gap={5}>
      <FormField label="Name" error={field('name')} helper="Optional: “Study N” when left empty.">
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
      </FormField>

      <Stack gap={2}>
        <Text fontWeight="semibold">Weather</Text>
        <RadioChoices
          label="Weather source"
          value={choice}
          onChange={chooseWeather}
          choices={[
            ['upload', 'A weather file (TMY3, TMY2, EPW, NSRDB or SAM CSV, or PVGIS)'],
            ['pvgis', "PVGIS typical year at the project's location"],
            ...(data.nsrdb ? ([['nsrdb', "NREL NSRDB at the project's location (typical year or one year)"]] as const) : []),
            ['monthly', 'Twelve monthly means (lower confidence)'],
          ]}
        />
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
            <FormField
              label="Monthly mean air temperatures, °C (only for a file without temperatures)"
              helper="12 values, January first, separated by commas or spaces, e.g. the site's climate normals; without them a GHI-only file runs at 20 °C."
            >
              <Input size="sm" value={uploadTemps} onChange={(event) => setUploadTemps(event.target.value)} maxLength={400} />
            </FormField>
            <UploadStatus
              state={upload.state}
              busyLabel="Reading the weather file…"
              done={(file) => `Read ${file.name}: ${formatInteger(file.annual_ghi_kwh_m2)} kWh/m² a year.`}
            />
          </Stack>
        )}
        {choice === 'pvgis' && (
          <Text ps={6} fontSize="sm" color="fg.muted">
            {project.location ? `Fetched by the server for ${formatLatLng(project.location.lat, project.location.lng, 3)} (EU JRC PVGIS).` : 'The project has no location yet.'}
          </Text>
        )}
        {choice === 'nsrdb' && (
          <Stack gap={2} ps={6}>
            <Text fontSize="sm" color="fg.muted">
              {project.location ? `Fetched by the server for ${formatLatLng(project.location.lat, project.location.lng, 3)} (NREL NSRDB, public domain).` : 'The project has no location yet.'}
            </Text>
            <SelectField
              label="NSRDB year"
              size="sm"
              value={String(nsrdbYear)}
              onChange={(value) => setNsrdbYear(value === 'tmy' ? 'tmy' : Number(value))}
              options={nsrdbYearChoices.map((year) => ({ value: String(year), label: year === 'tmy' ? 'Typical year (TMY)' : String(year) }))}
            />
          </Stack>
        )}
        {choice === 'monthly' && (
          <Stack gap={2} ps={6}>
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {prefillText(prefill)}
            </Text>
            <Grid templateColumns="auto 1fr 1fr" gap={1} alignItems="center" maxW="sm" fontSize="sm">
              <span />
              <Text fontWeight="medium">GHI kWh/m²/day</Text>
              <Text fontWeight="medium">Air °C</Text>
              {monthNames.map((month, i) => (
                <MonthRow
                  key={month}
                  month={month}
                  longMonth={monthLongNames[i]!}
                  ghi={ghi[i]!}
                  temp={temp[i]!}
                  ghiInvalid={!!monthly.ghi.byMonth[i]}
                  tempInvalid={!!monthly.temp.byMonth[i]}
                  onGhi={setMonth(setGhi, i)}
                  onTemp={setMonth(setTemp, i)}
                  onGhiPaste={pasteMonths(ghi, setGhi, i)}
                  onTempPaste={pasteMonths(temp, setTemp, i)}
                />
              ))}
            </Grid>
            <Text fontSize="xs" color="fg.muted">
              Paste a row of 12 values (from a spreadsheet, or separated by commas or spaces) into January to fill the year.
            </Text>
            {[...monthly.ghi.messages, ...monthly.temp.messages].length > 0 && <FieldMessages messages={[...monthly.ghi.messages, ...monthly.temp.messages]} />}
            <HStack gap={3} wrap="wrap" align="flex-start">
              <FormField label="Latitude of these means" error={field('weather.lat')} helper={project.location ? "Empty: the project's location." : undefined}>
                <Input size="sm" inputMode="decimal" w="32" value={monthlyLat} placeholder={project.location ? String(project.location.lat) : undefined} onChange={(event) => setMonthlyLat(event.target.value)} />
              </FormField>
              <FormField label="Longitude of these means" error={field('weather.lon')}>
                <Input size="sm" inputMode="decimal" w="32" value={monthlyLon} placeholder={project.location ? String(project.location.lng) : undefined} onChange={(event) => setMonthlyLon(event.target.value)} />
              </FormField>
            </HStack>
          </Stack>
        )}
        {distance && (
          <Text ps={6} fontSize="sm" color={distance.far ? 'fg.warning' : 'fg.muted'} data-testid="weather-distance">
            {distance.message}
          </Text>
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
          onChange={choosePreset}
          options={data.presets.map((p) => ({ value: p.id, label: p.builtin ? `${p.name} (built-in)` : p.name }))}
        />
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => modal.send({ type: 'settingModal.open', id: preset.id })}>
          View preset
        </Button>
      </Stack>

      <Stack gap={2}>
        <Text fontWeight="semibold">What the study values</Text>
        <RadioChoices
          label="What the study values"
          value={valuation}
          onChange={(value) => {
            setValuation(value);
            // The form starts on a household: turning to bill savings moves it to a rooftop as picking one does.
            if (value === 'behind_the_meter' && btm.owner === 'household') chooseOwner('household');
          }}
          choices={[
            ['sold', `Power sold (the preset's structure: ${structureLabels[presetStructure ?? 'pre_tax']})`],
            ['behind_the_meter', 'Bill savings (behind the meter)'],
          ]}
        />
        {valuation === 'behind_the_meter' && (
          <Text fontSize="sm" color="fg.muted">
            The system is worth the bills it saves, hour by hour of solar against the site's load, under the tariff and export rule below.
          </Text>
        )}
      </Stack>
      {valuation === 'behind_the_meter' && (
        <BehindTheMeterFields
          value={btm}
          onChange={setBtm}
          preset={preset}
          southern={(project.location?.lat ?? 0) < 0}
          fields={fields}
          api={api}
          store={store}
          country={project.country}
          onOwner={chooseOwner}
          ownerNotice={ownerNotice}
        />
      )}

      {asksCreditDates && <CreditDatesFields value={creditDates} onChange={setCreditDates} fields={errors?.fields} />}

      <EnergyModelFields value={system} preset={presetSystem} noSnowDepth={noSnowDepth} fields={errors?.fields} onChange={(change) => setSystemEdits((edits) => ({ ...edits, ...change }))} />

      <Stack gap={2}>
        <Text fontWeight="semibold">Size</Text>
        {parcelLand && project.area && (
          <SelectField
            label="Size from"
            name="sizing-area"
            size="sm"
            value={areaSource}
            onChange={(value) => setSizeOn(value as 'parcels' | 'boundary')}
            options={[
              { value: 'parcels', label: `Buildable land of the ${parcelLand.parcels} ${parcelLand.parcels === 1 ? 'parcel' : 'parcels'} passing screening (${formatArea(parcelLand.area_m2! / 10_000)})` },
              { value: 'boundary', label: `The whole boundary (${formatArea(project.area.m2 / 10_000)})` },
            ]}
          />
        )}
        {areaM2 ? (
          <Box fontSize="sm" color="fg.muted" data-testid="sizing-area">
            {areaSource === 'parcels'
              ? `Buildable land of the ${parcelLand!.parcels} ${parcelLand!.parcels === 1 ? 'parcel' : 'parcels'} passing the project's screening ${formatArea(areaM2 / 10_000)}`
              : `Boundary ${formatArea(areaM2 / 10_000)}`}{' '}
            × usable share × ground coverage ratio × module power per m².
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
          helper={sizedKw !== null && dcKw.trim() === '' ? `${formatDecimal(sizedKw / 1000, 2, { minDigits: 0 })} MWdc from the ${areaSource === 'parcels' ? 'passing parcels' : 'boundary'}; type a size to override it.` : undefined}
        >
          <Input inputMode="decimal" maxW="xs" value={dcKw} placeholder={sizedKw !== null ? String(Math.round(sizedKw * 10) / 10) : '1000'} onChange={(event) => setDcKw(event.target.value)} />
        </FormField>
        {valuation === 'behind_the_meter' && (
          <SizingHelp
            annualLoadKwh={annualLoadKwh(btm.load)}
            simulated={simulatedYield}
            latitude={project.location?.lat ?? null}
            moduleWPerM2={Number(shownModuleW)}
            onUse={(kw) => setDcKw(String(kw))}
          />
        )}
      </Stack>

      {tariffProblems && (
        <Text color="fg.error" role="alert">
          The tariff would be refused: its problems are shown in the Tariff section.
        </Text>
      )}
      {errors?.detail && (
        <Text color="fg.error" role="alert">
          {readableDetail(errors.detail)}
        </Text>
      )}
      {askingFar && distance && (
        <Alert.Root status="warning" role="alertdialog" aria-label="Weather far from the project">
          <Alert.Indicator />
          <Alert.Content gap={2}>
            <Alert.Title>Run the study on weather {formatKm(distance.km)} away?</Alert.Title>
            <Alert.Description>{distance.message} The study would simulate that place's sun and weather, not the site's.</Alert.Description>
            <HStack gap={2} wrap="wrap">
              <Button size="sm" colorPalette="orange" loading={submitting} onClick={runOnFarWeather}>
                Run on this weather anyway
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirmFar(null)}>
                Choose other weather
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
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

function prefillText(prefill: Prefill): string {
  switch (prefill.status) {
    case 'done':
      return `Prefilled with the monthly means of ${prefill.from}; change any month.`;
    case 'loading':
      return 'Reading the monthly means of weather this project ran on…';
    case 'failed':
      return "The weather this project ran on could not be read: type the twelve monthly means.";
    default:
      return 'No weather to prefill from yet (no study of this project has run): type the twelve monthly means.';
  }
}

interface MonthRowProps {
  month: string;
  longMonth: string;
  ghi: string;
  temp: string;
  ghiInvalid: boolean;
  tempInvalid: boolean;
  onGhi: (value: string) => void;
  onTemp: (value: string) => void;
  onGhiPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  onTempPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
}

function MonthRow({ month, longMonth, ghi, temp, ghiInvalid, tempInvalid, onGhi, onTemp, onGhiPaste, onTempPaste }: MonthRowProps) {
  return (
    <>
      <Text>{month}</Text>
      <Input size="xs" inputMode="decimal" aria-label={`${longMonth} GHI`} aria-invalid={ghiInvalid || undefined} value={ghi} onChange={(event) => onGhi(event.target.value)} onPaste={onGhiPaste} />
      <Input size="xs" inputMode="decimal" aria-label={`${longMonth} air temperature`} aria-invalid={tempInvalid || undefined} value={temp} onChange={(event) => onTemp(event.target.value)} onPaste={onTempPaste} />
    </>
  );
}
