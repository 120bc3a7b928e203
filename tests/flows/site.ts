import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { machinePage, type GalleryManifest } from './manifest.ts';
import { IndexPage, MachinePage } from './pages.tsx';

const page = (markup: string) => `<!doctype html>\n${markup}\n`;

/**
 * Writes the gallery into `outDir`: index.html with every machine's chart, and one page per machine with its chart and
 * a storyboard per path. A pure function of the manifest (the screenshots it names are already in `outDir`); it
 * references only files inside `outDir`, by relative paths, so the site opens from disk offline.
 */
export async function renderGallery(manifest: GalleryManifest, outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const files = [
    { name: 'index.html', markup: renderToStaticMarkup(createElement(IndexPage, { manifest })) },
    ...manifest.machines.map((machine) => ({ name: machinePage(machine), markup: renderToStaticMarkup(createElement(MachinePage, { manifest, machine })) })),
  ];
  await Promise.all(files.map((file) => writeFile(join(outDir, file.name), page(file.markup))));
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return files.map((file) => file.name);
}
