import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { WeatherUsed } from '../../contract/energy.ts';
import { formatInteger, formatLatLng } from '../../lib/number-format.ts';
import { formatKm } from '../../solar/geo-distance.ts';
import { farWeatherKm } from './new-study/weather-notes.ts';

const sourceLabels: Record<WeatherUsed['source'], string> = { upload: 'Uploaded file', pvgis: 'PVGIS typical year', monthly: 'Typed monthly means', nsrdb: 'NREL NSRDB' };

/** The weather a study ran on, how far to trust it, and whom to credit. */
export function WeatherCard({ weather }: { weather: WeatherUsed }) {
  const far = (weather.distance_km ?? 0) > farWeatherKm;
  return (
    <Stack gap={1} fontSize="sm" data-testid="weather-used">
      <HStack gap={2} wrap="wrap">
        <Text fontWeight="semibold">{weather.name}</Text>
        <Badge>{sourceLabels[weather.source]}</Badge>
        <Badge colorPalette={weather.confidence === 'low' ? 'orange' : 'green'}>{weather.confidence === 'low' ? 'Lower confidence' : 'Standard confidence'}</Badge>
      </HStack>
      {weather.distance_km !== undefined && (
        <Text color={far ? 'fg.warning' : 'fg.muted'} data-testid="weather-distance">
          {far
            ? `${formatKm(weather.distance_km)} from the project: another place's sun and climate, so a lower confidence (P90 widened). Use weather from within ${farWeatherKm} km for figures you will rely on.`
            : `${formatKm(weather.distance_km)} from the project.`}
        </Text>
      )}
      <Text color="fg.muted">
        {formatLatLng(weather.lat, weather.lon, 3)} · {formatInteger(weather.elevation_m)} m · {weather.format.toUpperCase()} · {formatInteger(weather.annual_ghi_kwh_m2)} kWh/m² a year on the ground
        {weather.components === 'erbs' ? ' · direct and diffuse split from global (Erbs)' : ''}
      </Text>
      {weather.attribution && <Text color="fg.muted">Data: {weather.attribution}</Text>}
      {weather.notes.map((note) => (
        <Text key={note} color="fg.muted">
          {note}
        </Text>
      ))}
    </Stack>
  );
}
