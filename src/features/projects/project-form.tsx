import { Button, Card, Grid, Heading, Input, Stack, Textarea } from '@chakra-ui/react';
import { Plus, Save } from 'lucide-react';
import type { Polygon } from 'geojson';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import type { CoordinateCandidate } from '../../contract/gis.ts';
import { bboxAround } from '../../lib/map/bounds.ts';
import type { AreaGeometry, LngLat } from '../../lib/map/map-types.ts';
import { useForm } from '../../lib/use-form.ts';
import { PlaceSearch } from './place-search.tsx';
import { coordinateText, locationOf, placeValues, projectRules, statusOptions, usesPincode, withPlace, type PlaceValues, type ProjectValues } from './project-values.ts';
import { ProjectSiteMap } from './project-site-map.tsx';

const worldView = { center: { lat: 20, lng: 0 }, zoom: 2 };
const zoomFor = (kind: CoordinateCandidate['kind']) => (kind === 'city' || kind === 'pincode' || kind === 'zip' ? 13 : 17);

interface ProjectFormProps {
  initial: ProjectValues;
  initialBoundary: AreaGeometry | null;
  /** Creating asks for parcel numbers to attach; editing does that on the map page. */
  purpose: 'create' | 'edit';
  saving: boolean;
  serverErrors?: Record<string, string[]>;
  onSubmit: (values: ProjectValues, boundary: AreaGeometry | null) => void;
}

/** Name, place (search, click or type), boundary (drawn on the map) and details of a project. */
export function ProjectForm({ initial, initialBoundary, purpose, saving, serverErrors, onSubmit }: ProjectFormProps) {
  const form = useForm(initial, projectRules, serverErrors);
  const [boundary, setBoundary] = useState<AreaGeometry | null>(initialBoundary);
  const [boundaryEdited, setBoundaryEdited] = useState(false);
  const start = locationOf(initial);
  const [view, setView] = useState(start ? { center: start, zoom: 15 } : worldView);
  const initialFit = useMemo(() => bboxAround([initialBoundary]), [initialBoundary]);
  const location = useMemo(() => locationOf(form.values), [form.values]);

  const setLocation = ({ lat, lng }: LngLat) => form.setValues((values) => ({ ...values, lat: coordinateText(lat), lng: coordinateText(lng) }));
  // What the last picked place put in the address fields: a later pick replaces only those, never what the user typed.
  const placeFilled = useRef<PlaceValues | null>(null);
  const pickPlace = (candidate: CoordinateCandidate) => {
    const previous = placeFilled.current;
    form.setValues((values) => withPlace(values, candidate, previous));
    placeFilled.current = placeValues(candidate);
    setView({ center: { lat: candidate.lat, lng: candidate.lng }, zoom: zoomFor(candidate.kind) });
  };
  const pincode = usesPincode(form.values.country);
  const changeBoundary = (polygon: Polygon | null) => {
    setBoundary(polygon);
    setBoundaryEdited(true);
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values, boundary))}>
      {/* The map beside the fields on wide screens; on phones the name, then the map, then the rest. */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(20rem, 2fr) minmax(0, 3fr)' }}
        templateAreas={{ base: '"name" "site" "details"', lg: '"name site" "details site"' }}
        templateRows={{ lg: 'auto 1fr' }}
        columnGap={6}
        rowGap={{ base: 4, lg: 6 }}
      >
        <FormCard area="name">
          <FormField label="Project name" error={form.errorOf('name')} required>
            <Input {...form.bind('name')} />
          </FormField>
        </FormCard>
        <FormCard area="site" title="Location of the site" sticky>
            <PlaceSearch onPick={pickPlace} />
            <ProjectSiteMap
              location={location}
              boundary={boundary}
              onLocation={setLocation}
              onBoundary={changeBoundary}
              view={view}
              fitBounds={initialFit}
              boundaryError={boundaryEdited ? undefined : serverErrors?.boundary?.[0]}
            />
            <Stack direction={{ base: 'column', sm: 'row' }} gap={4}>
              <FormField label="Latitude" error={form.errorOf('lat')} required helper="Degrees, north positive">
                <Input inputMode="decimal" {...form.bind('lat')} />
              </FormField>
              <FormField label="Longitude" error={form.errorOf('lng')} required helper="Degrees, east positive">
                <Input inputMode="decimal" {...form.bind('lng')} />
              </FormField>
            </Stack>
        </FormCard>
        <FormCard area="details" title="Details">
            <FormField label="Address" error={form.errorOf('address')}>
              <Input autoComplete="street-address" {...form.bind('address')} />
            </FormField>
            <Stack direction={{ base: 'column', sm: 'row', lg: 'column', xl: 'row' }} gap={4}>
              <FormField label="Country" error={form.errorOf('country')} helper="Two letters, e.g. IN, US, IE">
                <Input maxLength={2} autoComplete="country" {...form.bind('country')} />
              </FormField>
              <FormField label={pincode ? 'Pincode' : 'Postal code'} error={form.errorOf('pincode')} helper={pincode ? 'Six-digit PIN code' : undefined}>
                <Input autoComplete="postal-code" {...form.bind('pincode')} />
              </FormField>
            </Stack>
            <SelectField
              label="Status"
              name="status"
              options={statusOptions}
              value={form.values.status}
              error={form.errorOf('status')}
              onChange={(status) => form.setValues((values) => ({ ...values, status }))}
            />
            <FormField label="Description" error={form.errorOf('description')}>
              <Textarea rows={3} {...form.bind('description')} />
            </FormField>
            {purpose === 'create' && (
              <FormField label="Parcel numbers (APN)" error={form.errorOf('apns')} helper="Optional: one per line. They are attached once the project exists, e.g. PAR 02420088.">
                <Textarea rows={2} {...form.bind('apns')} />
              </FormField>
            )}
            <Button type="submit" colorPalette="brand" loading={saving} alignSelf="flex-start">
              {purpose === 'create' ? <Plus aria-hidden /> : <Save aria-hidden />}
              {purpose === 'create' ? 'Create project' : 'Save changes'}
            </Button>
        </FormCard>
      </Grid>
    </form>
  );
}

/** A part of the form on its own card, named by its heading when it has one; `sticky` keeps it in view on wide screens. */
function FormCard({ area, title, sticky = false, children }: { area: string; title?: string; sticky?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={title && headingId} gridArea={area} alignSelf="start" variant="outline" size={{ base: 'sm', md: 'md' }} bg="bg.panel" {...(sticky && { position: { lg: 'sticky' }, top: { lg: 4 } })}>
      <Card.Body gap={4}>
        {title && (
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
