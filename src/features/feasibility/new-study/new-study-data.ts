import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../lib/api-client.ts';
import { WeatherFileList, type WeatherFile } from '../../../contract/energy.ts';
import { Preset, PresetList } from '../../../contract/settings.ts';

export interface NewStudyData {
  presets: Preset[];
  /** The preset a new study starts from (the project's last one). */
  lastPresetId: string;
  weatherFiles: WeatherFile[];
}

/** What the new-study form offers: the presets (the last one first chosen) and the user's weather files. */
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
    ])
      .then(([presets, last, weather]) => setData({ presets: presets.results, lastPresetId: last.id, weatherFiles: weather.results }))
      .catch(() => !signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [api, projectId]);
  const addWeatherFile = (file: WeatherFile) => setData((current) => current && { ...current, weatherFiles: [file, ...current.weatherFiles] });
  return { data, failed, addWeatherFile };
}
