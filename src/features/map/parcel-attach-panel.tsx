import { Badge, Button, Card, DataList, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { MousePointerClick } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FormErrors } from '../../../machines/form-errors.ts';
import type { ParcelServiceList } from '../../contract/gis.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { formatArea } from '../../lib/map/area.ts';
import { useResource } from '../../lib/use-resource.ts';
import { getParcelServices } from './api/parcels.ts';
import { parcelErrorMessage } from './screening-format.ts';
import type { ParcelScreeningActor } from './use-parcel-screening.ts';

type Services = ParcelServiceList['services'];

/** What went wrong: where parcel services are asked, the server's words say where it looked ("… or Wake County parcels"). */
function lookupMessage(errors: FormErrors, during: 'find' | 'pick' | 'attach', services: Services): string {
  if (errors.status === 404 && errors.detail && (during === 'pick' || (during === 'find' && services.length > 0))) return errors.detail;
  return parcelErrorMessage(errors, during === 'pick' ? 'find' : during);
}

/** Which county layers a number or a click is looked up in, with their terms; or where else parcels come from. */
function ServicesNote({ services }: { services: Services | undefined }) {
  if (!services) return null;
  if (services.length === 0) {
    return (
      <Text fontSize="xs" color="fg.muted">
        Parcels beyond the bundled sample come from file imports (below) or from a county parcel service the server&apos;s operator configures.
      </Text>
    );
  }
  const named = services.map((service) => `${service.name} (${service.attribution}, ${service.licence})`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return (
    <Text fontSize="xs" color="fg.muted">
      Numbers and clicks not in the parcel store are looked up in {list}.
    </Text>
  );
}

/**
 * Finds a parcel by its number (APN; SSL in the DC sample) or by clicking it on the map, in the parcel store or the
 * county parcel services of the server, and attaches it to the project.
 */
export function ParcelAttachPanel({ actor }: { actor: ParcelScreeningActor }) {
  const { api } = useActors();
  const services = useResource('parcel-services', (signal) => getParcelServices(api, { signal })).data?.services;
  const [apn, setApn] = useState('');
  const found = useSelector(actor, (s) => s.context.found);
  const finding = useSelector(actor, (s) => s.matches({ parcel: 'finding' }));
  const picking = useSelector(actor, (s) => s.hasTag('picking'));
  const locating = useSelector(actor, (s) => s.matches({ parcel: 'locating' }));
  const attaching = useSelector(actor, (s) => s.matches({ parcel: 'attaching' }));
  const canAttach = useSelector(actor, (s) => s.can({ type: 'parcel.attach' }));
  const errors = useSelector(actor, (s) => s.context.parcelErrors);
  const during = useSelector(actor, (s) => (s.matches({ parcel: 'found' }) ? 'attach' : s.hasTag('picking') ? 'pick' : 'find'));
  const message = errors ? lookupMessage(errors, during, services ?? []) : null;
  const [blank, setBlank] = useState(false);

  const find = () => {
    setBlank(apn.trim() === '');
    if (apn.trim() !== '') actor.send({ type: 'parcel.find', apn: apn.trim() });
  };
  // The field empties once the parcel is attached.
  useEffect(() => {
    const subscription = actor.on('parcel.attached', () => setApn(''));
    return () => subscription.unsubscribe();
  }, [actor]);

  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">Attach a parcel</Card.Title>
      </Card.Header>
      <Card.Body gap={3}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            find();
          }}
        >
          <HStack gap={2} align="flex-end">
            <Input aria-label="Parcel number (APN or SSL)" placeholder="Parcel number, e.g. PAR 02420088" value={apn} onChange={(event) => setApn(event.target.value)} />
            <Button type="submit" variant="outline" loading={finding}>
              Find parcel
            </Button>
          </HStack>
        </form>
        {picking ? (
          <HStack gap={2} wrap="wrap" role="status">
            <Text fontSize="sm" flex="1">
              {locating ? 'Looking up the parcel there…' : 'Click the map where the parcel lies.'}
            </Text>
            <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'parcel.clear' })}>
              Stop picking
            </Button>
          </HStack>
        ) : (
          <Button variant="outline" size="sm" alignSelf="flex-start" disabled={attaching} onClick={() => actor.send({ type: 'parcel.pick' })}>
            <MousePointerClick aria-hidden />
            Pick a parcel on the map
          </Button>
        )}
        <ServicesNote services={services} />
        {(blank || message) && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {blank ? 'Type a parcel number first.' : message}
          </Text>
        )}
        {found && (
          <Stack gap={3} aria-label={`Parcel ${found.apn}`} role="group">
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>APN</DataList.ItemLabel>
                <DataList.ItemValue>{found.apn}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Area</DataList.ItemLabel>
                <DataList.ItemValue>{formatArea({ ha: found.area_ha, acres: found.area_acres })}</DataList.ItemValue>
              </DataList.Item>
              {(found.county || found.state) && (
                <DataList.Item>
                  <DataList.ItemLabel>Where</DataList.ItemLabel>
                  <DataList.ItemValue>{[found.county, found.state].filter(Boolean).join(', ')}</DataList.ItemValue>
                </DataList.Item>
              )}
              {found.address && (
                <DataList.Item>
                  <DataList.ItemLabel>Address</DataList.ItemLabel>
                  <DataList.ItemValue>{found.address}</DataList.ItemValue>
                </DataList.Item>
              )}
              {found.owner_name && (
                <DataList.Item>
                  <DataList.ItemLabel>Owner</DataList.ItemLabel>
                  <DataList.ItemValue>{found.owner_name}</DataList.ItemValue>
                </DataList.Item>
              )}
              {found.land_use && (
                <DataList.Item>
                  <DataList.ItemLabel>Land use</DataList.ItemLabel>
                  <DataList.ItemValue>{found.land_use}</DataList.ItemValue>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.ItemLabel>Source</DataList.ItemLabel>
                <DataList.ItemValue>
                  {found.source}
                  {found.source_date && ` (${found.source_date})`}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            {found.service && (
              <Text fontSize="sm">
                Found online in {found.service.name}. Attaching keeps a copy among your parcels, credited to {found.service.attribution}.
              </Text>
            )}
            {found.projects.length > 0 && (
              <HStack gap={1} wrap="wrap" fontSize="sm">
                <Text>In projects:</Text>
                {found.projects.map((project) => (
                  <Badge key={project.id}>{project.name}</Badge>
                ))}
              </HStack>
            )}
            <HStack gap={2} wrap="wrap">
              <Button colorPalette="brand" size="sm" disabled={!canAttach && !attaching} loading={attaching} onClick={() => actor.send({ type: 'parcel.attach' })}>
                {canAttach || attaching ? 'Attach to this project' : 'Already attached'}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'parcel.clear' })}>
                Clear
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
