/** The project form's values, rules and conversions to and from the API; no React here. */
import { latitudeMessage, longitudeMessage, within, type CoordinateCandidate } from '../../contract/gis.ts';
import { countryMessage, postalCodeError, projectStatuses, type Project, type ProjectCreateBody, type ProjectStatus } from '../../contract/projects.ts';
import { notBlank, required } from '../../contract/validation.ts';
import type { FieldRules } from '../../lib/use-form.ts';
import type { AreaGeometry, LngLat } from '../../lib/map/map-types.ts';

export const projectFields = ['name', 'lat', 'lng', 'address', 'country', 'pincode', 'status', 'description', 'apns'] as const;
export type ProjectField = (typeof projectFields)[number];
export type ProjectValues = Record<ProjectField, string>;

export const emptyProject: ProjectValues = { name: '', lat: '', lng: '', address: '', country: '', pincode: '', status: 'prospecting', description: '', apns: '' };

const apnMessage = 'Each parcel number may have at most 100 characters.';

export const projectRules: FieldRules<ProjectField> = {
  name: [required, notBlank],
  lat: [required, within(-90, 90, latitudeMessage)],
  lng: [required, within(-180, 180, longitudeMessage)],
  address: [],
  country: [(value) => (value === '' || /^[A-Za-z]{2}$/.test(value) ? undefined : countryMessage)],
  // The spec's pincode rule in India (also when no country is given, as the API assumes), a postal code elsewhere.
  pincode: [(value, values) => postalCodeError(values.country || 'IN', value.trim())],
  status: [],
  description: [],
  apns: [(value) => (apnsOf(value).some((apn) => apn.length > 100) ? apnMessage : undefined)],
};

export const statusLabel = (status: ProjectStatus) => status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' ');
/** A colour per status for its badge: grey before work starts, blue to green as the project advances, red when dropped. */
export const statusPalette: Record<ProjectStatus, string> = {
  prospecting: 'gray',
  development: 'blue',
  permitting: 'purple',
  construction: 'orange',
  operating: 'green',
  on_hold: 'yellow',
  cancelled: 'red',
};
export const statusOptions = projectStatuses.map((status) => ({ value: status, label: statusLabel(status) }));

/** Parcel numbers typed one per line (or separated by commas or semicolons), each once. */
export function apnsOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\n,;]+/)
    .map((apn) => apn.trim().replace(/\s+/g, ' '))
    .filter((apn) => apn !== '' && !seen.has(apn.toUpperCase()) && seen.add(apn.toUpperCase()));
}

/** The typed location, when both numbers are valid. */
export function locationOf(values: Pick<ProjectValues, 'lat' | 'lng'>): LngLat | null {
  if (projectRules.lat.some((rule) => rule(values.lat, values as ProjectValues)) || projectRules.lng.some((rule) => rule(values.lng, values as ProjectValues))) return null;
  return { lat: Number(values.lat), lng: Number(values.lng) };
}

/** Six decimals: about 0.1 m, finer than any click. */
export const coordinateText = (value: number) => String(Math.round(value * 1e6) / 1e6);

/** The fields a picked place fills besides the coordinates. */
const placeFields = ['address', 'country', 'pincode'] as const;
export type PlaceValues = Pick<ProjectValues, (typeof placeFields)[number]>;

/** What a found place puts in those fields: '' where its source does not know. */
export const placeValues = (place: CoordinateCandidate): PlaceValues => ({ address: place.address ?? '', country: place.country ?? '', pincode: place.postal_code ?? '' });

/**
 * The values after picking a place: its coordinates, and its address, country and postal code in each of those fields
 * that is empty or still holds what the previous pick put there. What the user typed stays.
 */
export function withPlace(values: ProjectValues, place: CoordinateCandidate, previous: PlaceValues | null): ProjectValues {
  const next = { ...values, lat: coordinateText(place.lat), lng: coordinateText(place.lng) };
  const found = placeValues(place);
  for (const field of placeFields) if (values[field] === '' || values[field] === previous?.[field]) next[field] = found[field];
  return next;
}

/** Whether the postal code goes by India's name, Pincode: in India, or with no country (which the API takes for India). */
export const usesPincode = (country: string) => ['', 'IN'].includes(country.trim().toUpperCase());

export function valuesOf(project: Project): ProjectValues {
  return {
    name: project.name,
    lat: project.location ? coordinateText(project.location.lat) : '',
    lng: project.location ? coordinateText(project.location.lng) : '',
    address: project.address,
    country: project.country,
    pincode: project.postal_code,
    status: project.status,
    description: project.description,
    apns: '',
  };
}

/** The create or edit body; an edit sends every field, so a cleared boundary or address is cleared. */
export function projectBody(values: ProjectValues, boundary: AreaGeometry | null): ProjectCreateBody {
  return {
    name: values.name.trim(),
    location: { lat: Number(values.lat), lng: Number(values.lng) },
    boundary,
    status: values.status as ProjectStatus,
    description: values.description.trim(),
    address: values.address.trim(),
    // Left out when empty: a pincode without a country makes an Indian project (as the API assumes).
    country: values.country.trim().toUpperCase() || undefined,
    pincode: values.pincode.trim(),
  };
}

/** The API's field messages under the form's field names (the location's come as location.lat / location.lng). */
export function formFieldErrors(errors: Record<string, string[]> | undefined): Record<string, string[]> {
  if (!errors) return {};
  const renamed: Record<string, string> = { 'location.lat': 'lat', 'location.lng': 'lng', location: 'lat', postal_code: 'pincode' };
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const name = renamed[field] ?? field;
    fields[name] = [...(fields[name] ?? []), ...messages];
  }
  return fields;
}
