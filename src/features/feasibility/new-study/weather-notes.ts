/** What the new-study form says about the chosen weather: how far it is from the project, and PVGIS failures in words. */
import type { ProjectDetail } from '../../../contract/projects.ts';
import { distanceKm, formatKm, type LatLon } from '../../../solar/geo-distance.ts';
import { formatLatLng } from '../../../lib/number-format.ts';

/** Beyond this the weather is another place's: the form asks before running a study on it. */
export const farWeatherKm = 50;

export interface WeatherPlace extends LatLon {
  /** The weather's own name for its place ("Amsterdam, NL"). */
  label: string;
}

export interface WeatherDistance {
  km: number;
  far: boolean;
  message: string;
}

/** The distance from the project to the weather's place; null when either has no location. */
export function weatherDistance(project: Pick<ProjectDetail, 'location' | 'address'>, place: WeatherPlace | null): WeatherDistance | null {
  if (!project.location || !place) return null;
  const { lat, lng } = project.location;
  const km = distanceKm({ lat, lon: lng }, place);
  const far = km > farWeatherKm;
  const address = project.address.trim();
  const projectPlace = address ? `in ${address}` : `at ${formatLatLng(lat, lng, 3)}`;
  const message = far ? `This weather is ${formatKm(km)} from the project (${place.label} vs the project ${projectPlace}).` : `This weather is ${formatKm(km)} from the project.`;
  return { km, far, message };
}

export const pvgisUnreachableMessage = 'PVGIS could not be reached from the server. Upload a weather file (TMY3, EPW, NSRDB/SAM CSV) or type the twelve monthly means.';
// The server words an unreachable service with the network layer's own words in brackets (ENOTFOUND, "bad port").
const networkFailure = /cannot be reached \(|\b(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_[A-Z_]+)\b|fetch failed/;

/** The server's message for the form, with a raw network failure ("PVGIS cannot be reached (ENOTFOUND)") in words. */
export function readableDetail(detail: string | null): string | null {
  if (!detail || !networkFailure.test(detail)) return detail;
  return /PVGIS/i.test(detail) ? pvgisUnreachableMessage : 'The server could not reach a service it needs. Try again later.';
}
