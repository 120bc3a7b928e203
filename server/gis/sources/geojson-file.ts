/** A plain GeoJSON FeatureCollection at a URL, fetched whole (up to the tile limits) and cached as one piece. */
import { SourceError } from './http.ts';
import { pages, type VectorReader } from './reader.ts';

export const geojsonFileReader: VectorReader = async (source, _bbox, context) => {
  const answer = await context.http.request(new URL(source.url), { accept: 'application/geo+json, application/json', maxBytes: context.limits.bytesPerTile });
  let parsed: { type?: unknown; features?: unknown };
  try {
    parsed = JSON.parse(answer.body.toString('utf8')) as typeof parsed;
  } catch {
    throw new SourceError(`answered with something that is not GeoJSON (${answer.contentType || 'no content type'})`);
  }
  if (parsed?.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) throw new SourceError('answered with JSON that is not a GeoJSON FeatureCollection');
  const collected = pages(context.limits);
  collected.add(parsed.features as unknown[], answer.body.length);
  const lastModified = answer.lastModified;
  return { features: collected.features, sourceDate: lastModified, cut: collected.cut?.replace('in one 0.05° tile here', 'in the file') };
};
