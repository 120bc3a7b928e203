import { Badge, Button, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import type { CoordinateCandidate } from '../../contract/gis.ts';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { findCoordinates } from './api/projects.ts';

const kindLabels: Record<CoordinateCandidate['kind'], string> = { coordinates: 'coordinates', pincode: 'PIN code', zip: 'ZIP code', apn: 'parcel', city: 'city', place: 'place' };

/**
 * Finds a place with the API's geocoder (coordinates, PIN/ZIP codes, parcel numbers, cities with their state or
 * country; online places when configured) and hands back the one chosen, with the address parts its source knows.
 */
export function PlaceSearch({ onPick }: { onPick: (candidate: CoordinateCandidate) => void }) {
  const { api } = useActors();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<CoordinateCandidate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async () => {
    if (query.trim() === '') return;
    setSearching(true);
    setError(null);
    try {
      const answer = await findCoordinates(api, query.trim());
      setResults(answer.results);
    } catch (failure) {
      if (!isCancelled(failure)) setError((failure as ApiError).detail ?? 'The search did not work. Type the coordinates instead.');
    } finally {
      setSearching(false);
    }
  };
  // Inside the project form: Enter searches instead of submitting the form.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void search();
  };
  const pick = (candidate: CoordinateCandidate) => {
    setResults(null);
    onPick(candidate);
  };

  return (
    <Stack gap={2}>
      <HStack gap={2}>
        <Input
          aria-label="Search a place"
          placeholder="Search a place: city and state or country, PIN or ZIP code, parcel number, or lat, lng"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" loading={searching} onClick={() => void search()}>
          Find
        </Button>
      </HStack>
      {error && <Text color="fg.error">{error}</Text>}
      {results?.length === 0 && <Text color="fg.muted">No place found. Click the map or type the coordinates.</Text>}
      {results && results.length > 0 && (
        <List.Root variant="plain" gap={1} aria-label="Places found">
          {results.map((candidate) => (
            <List.Item key={`${candidate.kind}-${candidate.lat}-${candidate.lng}-${candidate.label}`}>
              <Button type="button" size="sm" variant="ghost" justifyContent="flex-start" whiteSpace="normal" textAlign="left" h="auto" py={1} onClick={() => pick(candidate)}>
                {candidate.label}
                <Badge size="sm">{kindLabels[candidate.kind]}</Badge>
                {candidate.approximate && <Badge size="sm" colorPalette="yellow">approximate</Badge>}
              </Button>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
