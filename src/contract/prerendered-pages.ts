/**
 * The public pages written to static HTML at build time (src/prerender/vite-plugin.ts) and served for exactly these
 * paths (server/plugins/spa.ts); every other path gets index.html. The spec's landing, login, signup and legal routes.
 */
export const prerenderedPaths = ['/getstart', '/auth/login', '/auth/signup', '/terms', '/policies'] as const;

/** The built file (under dist/) that holds a path's page, or undefined when the path is not prerendered. */
export function prerenderedFile(path: string): string | undefined {
  const pathname = path.split(/[?#]/, 1)[0];
  return (prerenderedPaths as readonly string[]).includes(pathname ?? '') ? `prerendered${pathname}.html` : undefined;
}

/** The attribute of #root that names the path whose screen the static HTML shows (/auth/signup shows /auth/login's). */
export const prerenderedAttribute = 'data-prerendered';
