import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../lib/api-client.ts';
import { WeatherFileList, type WeatherFile } from '../../../contract/energy.ts';
import type { FeasibilityStudy } from '../../../contract/feasibility.ts';
import { Preset, PresetList } from '../../../contract/settings.ts';
import { getStudyWeather, listStudies } from '../api/studies.ts';
import { getWeatherSourceOptions } from '../api/weather-sources.ts';
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
}

/** What the new-study form offers: the presets (the last one first chosen), the user's weather files, the project's studies, and whether NSRDB is on. */
export function useNewStudyData(api: ApiClient, projectId: string) {
  const [data, setData] = useState<NewStudyData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const query = { project_id: projectId };
    Promise.all([
      api.get('/api/settings/list/', { query, struct: PresetList, signal }),
      api.get('/api/settings/last/get/', { query, struct: Preset, signal }),
      api.get('/api/gis/weather/list/', { struct: WeatherFileList, signal }),
      // Only a convenience for the monthly means: the form works without it.
      listStudies(api, projectId, { signal }).then(
        (list) => list.results,
        () => [],
      ),
      getWeatherSourceOptions(api, { signal }).then(
        (options) => options.nsrdb,
        () => false,
      ),
    ])
      .then(([presets, last, weather, studies, nsrdb]) => setData({ presets: presets.results, lastPresetId: last.id, weatherFiles: weather.results, studies, nsrdb }))
      .catch(() => !signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [api, projectId]);
  const addWeatherFile = (file: WeatherFile) => setData((current) => current && { ...current, weatherFiles: [file, ...current.weatherFiles] });
  return { data, failed, addWeatherFile };
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
