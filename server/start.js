/**
 * `npm start`'s entry, plain JavaScript so that Node runs it as it is. It runs server/main.ts from one esbuild bundle
 * (node_modules/.cache/sunplot/server.mjs), made again when a file it was made from changed. Started through tsx, every
 * module the server loads, each package's included, went through Node 20's module hooks on tsx's thread: about half
 * of a later start's CPU time. Where the bundle cannot be made or written, the server runs through tsx as before.
 */
/* global console, process, URL -- Node's globals: the lint configuration declares none for JavaScript files */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'server/main.ts');
const bundle = join(root, 'node_modules/.cache/sunplot/server.mjs');
/** Raised when the way the bundle is made changes, so that a bundle made the old way is made again. */
const recipe = 1;
/** Files no module imports that change how the sources compile or resolve. */
const settingsFiles = ['package.json', 'tsconfig.json'];

/** Each file's size and modification time, by its path from the root; a missing file has none. */
async function fingerprints(paths) {
  const entries = await Promise.all(paths.map(async (path) => [path, await stat(join(root, path)).then(({ size, mtimeMs }) => [size, mtimeMs], () => null)]));
  return Object.fromEntries(entries);
}

/** The bundle's first line names what it was made from: `// {"recipe":…,"files":{path: [size, mtime]}}`. */
async function isCurrent() {
  const text = await readFile(bundle, 'utf8').catch(() => '');
  let made;
  try {
    made = JSON.parse(text.slice(2, text.indexOf('\n')));
  } catch {
    return false;
  }
  if (made?.recipe !== recipe || typeof made.files !== 'object') return false;
  const now = await fingerprints(Object.keys(made.files));
  return Object.entries(made.files).every(([path, print]) => JSON.stringify(now[path]) === JSON.stringify(print));
}

/**
 * Our modules are bundled, the packages stay where they are (resolved from the bundle's folder, inside node_modules).
 * A module's `import.meta.url` becomes its own file's URL, so the paths it builds from it (data files, migrations,
 * worker threads' TypeScript entries) are the same as when it runs unbundled.
 */
async function makeBundle() {
  const esbuild = await import('esbuild');
  // Each module's fingerprint as it was read: one edited during the build then differs at the next start.
  const read = {};
  const ownUrls = {
    name: 'own-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path }) => {
        Object.assign(read, await fingerprints([relative(root, path)]));
        const source = await readFile(path, 'utf8');
        const meta = { url: pathToFileURL(path).href, dirname: dirname(path), filename: path };
        const contents = source.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key) => JSON.stringify(meta[key]));
        const loader = extname(path).replace(/^\.[cm]?/, '');
        return { contents, loader };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: root,
    outfile: bundle,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Error and class names as in the sources: the logs and error handling read them.
    keepNames: true,
    sourcemap: 'inline',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'silent',
    // A line for the manifest, so that the source map's lines stay right.
    banner: { js: '//' },
    plugins: [ownUrls],
  });
  // esbuild's service process would otherwise live as long as the server.
  await esbuild.stop();
  const files = { ...(await fingerprints([...settingsFiles, ...Object.keys(result.metafile.inputs)])), ...read };
  const code = result.outputFiles[0].text;
  await mkdir(dirname(bundle), { recursive: true });
  // Written whole under another name, then renamed: a server starting meanwhile reads the old bundle or the new one.
  const temporary = `${bundle}.${process.pid}.tmp`;
  await writeFile(temporary, `// ${JSON.stringify({ recipe, files })}${code.slice(code.indexOf('\n'))}`);
  await rename(temporary, bundle);
}

async function start() {
  try {
    if (!(await isCurrent())) {
      console.log('bundling the server (esbuild)…');
      await makeBundle();
    }
  } catch (error) {
    console.warn(`The server's bundle could not be made, so it runs through tsx: ${error instanceof Error ? error.message : String(error)}`);
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(entry).href);
    return;
  }
  // The bundle carries its source map, unused unless asked for: `node --enable-source-maps server/start.js` logs
  // stack traces with the TypeScript files and lines, as tsx did, for ~0.5 s more of each start.
  await import(pathToFileURL(bundle).href);
}

await start();
