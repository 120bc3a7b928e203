/**
 * The one way sources reach the network: only the host the operator configured (fetchSameOrigin: a redirect elsewhere
 * is refused, not followed), a bounded body, and words for every failure that a reason can carry after the source's name.
 */
import { connectionProblem } from '../../platform/connection-problems.ts';
import { fetchSameOrigin, RedirectRefused } from '../../platform/same-origin-fetch.ts';
import { isoDate } from './reader.ts';

/** A source answered, but not usefully; the message follows the source's name ("answered 503"). */
export class SourceError extends Error {}

export interface SourceAnswer {
  status: number;
  contentType: string;
  headers: Headers;
  body: Buffer;
  /** The Last-Modified header as an ISO date, when given. */
  lastModified: string | null;
}

export interface SourceRequest {
  accept: string;
  /** Refuse an answer larger than this. */
  maxBytes: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  form?: URLSearchParams;
  /** Statuses that are answers rather than failures (206 for a range request); 2xx by default. */
  ok?: (status: number) => boolean;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export interface SourceHttp {
  request(url: URL, request: SourceRequest): Promise<SourceAnswer>;
  json(url: URL, request: Omit<SourceRequest, 'accept'> & { accept?: string }): Promise<unknown>;
}

/** Requests to `origin` alone, aborted by `signal`. */
export function sourceHttp(origin: string, signal: AbortSignal, userAgent: string): SourceHttp {
  async function request(url: URL, options: SourceRequest): Promise<SourceAnswer> {
    let response: Response;
    try {
      response = await fetchSameOrigin(
        url,
        { method: options.method ?? 'GET', body: options.form, signal, headers: { accept: options.accept, 'user-agent': userAgent, ...options.headers } },
        origin,
      );
    } catch (error) {
      if (error instanceof RedirectRefused) throw new SourceError(error.message);
      if (signal.aborted) throw signal.reason;
      throw new SourceError(`cannot be reached: ${connectionProblem(error)}`);
    }
    const ok = options.ok ?? ((status: number) => status >= 200 && status < 300);
    if (!ok(response.status)) {
      await response.body?.cancel();
      throw new SourceError(`answered ${response.status}`);
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      headers: response.headers,
      lastModified: isoDate(response.headers.get('last-modified') ?? undefined),
      body: await readLimited(response, options.maxBytes, signal),
    };
  }

  return {
    request,
    async json(url, options) {
      const answer = await request(url, { accept: 'application/json', ...options });
      try {
        return JSON.parse(answer.body.toString('utf8')) as unknown;
      } catch {
        throw new SourceError(`answered with something that is not JSON (${answer.contentType || 'no content type'})`);
      }
    },
  };
}

async function readLimited(response: Response, limit: number, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new SourceError(`answered with more than ${megabytes(limit)}, the limit for one answer`);
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SourceError) throw error;
    if (signal.aborted) throw signal.reason;
    throw new SourceError(`broke off its answer: ${connectionProblem(error)}`);
  }
  return Buffer.concat(chunks);
}
