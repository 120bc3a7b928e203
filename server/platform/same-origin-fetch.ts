/**
 * Outbound requests that stay on the host the operator configured: redirects are followed by hand, a few at most, and
 * only within one origin. A redirect elsewhere is refused, not followed, so what a request carries (NSRDB's API key is
 * in its query; a user's input in others) never reaches a host nobody chose.
 */

/** A redirect that was not followed; the message follows the service's name ("PVGIS sent this server to …"). */
export class RedirectRefused extends Error {}

const maxRedirects = 3;

/**
 * `fetch(url, init)` with redirects followed only to `origin` (the URL's own by default), at most three; a URL or a
 * redirect to another origin throws RedirectRefused before anything is sent there.
 */
export async function fetchSameOrigin(url: URL | string, init: Omit<RequestInit, 'redirect'> = {}, origin = new URL(url).origin): Promise<Response> {
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    if (target.origin !== origin) throw new RedirectRefused(`sent this server to another host (${target.host}), which it does not follow`);
    const response = await fetch(target, { ...init, redirect: 'manual' });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel();
    if (hop >= maxRedirects) throw new RedirectRefused(`redirected more than ${maxRedirects} times`);
    try {
      target = new URL(location, target);
    } catch {
      throw new RedirectRefused('redirected to an address that cannot be read');
    }
  }
}
