import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { prerenderedAttribute, prerenderedFile, prerenderedPaths } from '../contract/prerendered-pages.ts';
import type { RenderedPage } from './render.tsx';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built index.html with a page's title, styles and markup in place; its scripts stay as they are. */
export function pageHtml(template: string, page: RenderedPage): string {
  const filled = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `${page.styles}</head>`)
    .replace('<div id="root"></div>', `<div id="root" ${prerenderedAttribute}="${page.shows}">${page.html}</div>`);
  if (!filled.includes(prerenderedAttribute)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return filled;
}

/** modulepreload links for the app's entry (src/app/start-app.tsx, the build input `start`) and the chunks it imports. */
function appPreloads(bundle: Rollup.OutputBundle, base: string, html: string): string {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const start = chunks.find((chunk) => chunk.isEntry && chunk.name === 'start');
  if (!start) throw new Error('the client build has no `start` entry (src/app/start-app.tsx)');
  const files = new Set<string>();
  const add = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(add);
  };
  add(start.fileName);
  // Those the page names already (its first script's own imports) are not named twice.
  return [...files]
    .filter((file) => !html.includes(`"${base}${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
    .join('');
}

/**
 * Writes the public pages (src/contract/prerendered-pages.ts) as static HTML into the client build, beside index.html, so they paint styled
 * before any script runs: a server-side build of src/prerender/render.tsx renders each with react-dom/static, and its
 * markup and extracted styles go into the built index.html. Emitted into the bundle, they are precompressed with it.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sunplot:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      // After Vite's HTML plugin has written index.html with the built script names.
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('the client build has no index.html');
        const template = String(index.source);
        const pages = await renderPages(config, prerenderedPaths);
        prerenderedPaths.forEach((path, i) => this.emitFile({ type: 'asset', fileName: prerenderedFile(path)!, source: pageHtml(template, pages[i]!) }));
        // Every other page starts the app at once: index.html fetches its chunks beside the first script, not after it.
        index.source = template.replace('</head>', `${appPreloads(bundle, config.base, template)}</head>`);
      },
    },
  };
}

/**
 * Builds render.tsx for Node with the app's own Vite config (aliases, React plugin, the build's mode) into a temporary
 * folder, loads it and renders `paths`. A new folder each time: Node keeps a module per URL, and one process may build
 * more than once. (Loading render.tsx through a Vite server
 * instead, which transforms only the modules the render reaches, took more CPU time, not less.)
 */
async function renderPages(config: ResolvedConfig, paths: readonly string[]): Promise<RenderedPage[]> {
  const { build } = await import('vite');
  const outDir = await mkdtemp(join(tmpdir(), 'sunplot-prerender-'));
  try {
    await build({
      root: config.root,
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'warn',
      // Bundled whole: Node loads one file instead of thousands (lucide-react alone has one per icon), 2.9 s → 0.2 s of CPU.
      ssr: { noExternal: true },
      build: {
        ssr: resolve(config.root, 'src/prerender/render.tsx'),
        outDir,
        // A fresh folder outside the project (nothing to empty), and one bundle of the whole app for Node, never served:
        // neither of Vite's warnings about them says anything to the person starting the server.
        emptyOutDir: false,
        chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
        copyPublicDir: false,
        // .mjs: no package.json there says "type": "module".
        rolldownOptions: { output: { entryFileNames: 'render.mjs', chunkFileNames: '[name]-[hash].mjs' } },
      },
    });
    const { renderPage } = (await import(pathToFileURL(join(outDir, 'render.mjs')).href)) as { renderPage: (path: string) => Promise<RenderedPage> };
    const pages: RenderedPage[] = [];
    for (const path of paths) pages.push(await renderPage(path));
    return pages;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
