import { useCallback, useMemo, useState } from 'react';
import type { WeatherFile } from '../../../contract/energy.ts';
import type { FeasibilityStudy, ProjectSizingArea } from '../../../contract/feasibility.ts';
import type { Preset } from '../../../contract/settings.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { getLastPreset, listPresets } from '../../../lib/api/presets.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { getSizingArea } from '../api/sizing-area.ts';
import { getStudyWeather, listStudies } from '../api/studies.ts';
import { getWeatherSourceOptions, listWeatherFiles } from '../api/weather-sources.ts';
import { monthlyMeansOf, type MonthlyMeans } from './monthly-prefill.ts';

export interface NewStudyData {
  presets: Preset[];
  /** The preset a new study starts from (the project's last one). */
  lastPresetId: string;
  weatherFiles: WeatherFile[];
  /** The project's studies: their weather can prefill the monthly means. */
  studies: FeasibilityStudy[];
  /** Whether the server can fetch NSRDB weather (it has an NREL API key). */
  nsrdb: boolean;
  /** The land the size comes from by default (the passing parcels' buildable area, else the boundary); null when it could not be read. */
  sizingArea: ProjectSizingArea | null;
}

async function loadNewStudyData(api: ApiClient, projectId: string, signal: AbortSignal): Promise<NewStudyData> {
  const [presets, last, weather, studies, nsrdb, sizingArea] = await Promise.all([
    listPresets(api, projectId, { signal }),
    getLastPreset(api, projectId, { signal }),
    listWeatherFiles(api, { signal }),
    // Only a convenience for the monthly means: the form works without it.
    listStudies(api, projectId, { signal }).then(
      (list) => list.results,
      () => [],
    ),
    getWeatherSourceOptions(api, { signal }).then(
      (options) => options.nsrdb,
      () => false,
    ),
    // Without it the form sizes on the boundary, as the server would were no parcel screened.
    getSizingArea(api, projectId, { signal }).catch(() => null),
  ]);
  return { presets: presets.results, lastPresetId: last.id, weatherFiles: weather.results, studies, nsrdb, sizingArea };
}

/** What the new-study form offers: the presets (the last one first chosen), the user's weather files, the project's studies, and whether NSRDB is on. */
export function useNewStudyData(api: ApiClient, projectId: string) {
  const read = useResource(`new study|${projectId}`, (signal) => loadNewStudyData(api, projectId, signal));
  // Files uploaded in the form since the load, newest first: the list need not be asked again.
  const [uploaded, setUploaded] = useState<WeatherFile[]>([]);
  const loaded = read.data;
  const data = useMemo(
    () => loaded && { ...loaded, weatherFiles: [...uploaded, ...loaded.weatherFiles.filter((file) => !uploaded.some((added) => added.id === file.id))] },
    [loaded, uploaded],
  );
  const addWeatherFile = useCallback((file: WeatherFile) => setUploaded((current) => [file, ...current]), []);
  return { data: data ?? null, failed: read.status === 'failed' && !loaded, addWeatherFile };
}

/**
 * The study whose weather prefills the monthly means: one that ran on the weather file chosen in the form, else the
 * primary study, else the newest; null when the project has none.
 */
export function prefillStudy(studies: readonly FeasibilityStudy[], weatherId: string): FeasibilityStudy | null {
  return studies.find((study) => weatherId !== '' && study.weather.weather_id === weatherId) ?? studies.find((study) => study.is_primary) ?? studies[0] ?? null;
}

/** The monthly means of the weather a study ran on. */
export async function loadMonthlyMeans(api: ApiClient, study: FeasibilityStudy, signal: AbortSignal): Promise<MonthlyMeans | null> {
  return monthlyMeansOf(await getStudyWeather(api, study.id, { signal }));
}
