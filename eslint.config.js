import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Boundaries (docs/decisions/023). A file gets one `no-restricted-imports` setting (the last config naming it wins), so
// each group below lists every boundary its files keep.
const domains = 'auth|billing|energy|feasibility|gis|projects|public|reports|settings|tasks';

/** The server reads src/ only through the shared contract and the solar engine. */
const serverToSrc = {
  regex: String.raw`^(\.\./)+src/(?!(contract|solar)/)`,
  message: 'The server imports from src/contract and src/solar only.',
};
/** Plugins are wired by app.ts alone; routes read the signed-in user from server/auth/request-user.ts. */
const noPlugins = { regex: String.raw`(^|/)plugins/`, message: 'Only server/app.ts and other plugins import plugins.' };
const noWiring = { regex: String.raw`(^|/)(context|app)\.ts$`, message: 'Take narrow dependencies as a parameter: the app context is for routes and app.ts.' };
const noRoutes = { regex: String.raw`routes\.ts$`, message: 'Routes call services; services never import routes.' };
/** Repositories hold queries: they import the database, pure helpers, the contract and other repositories only. */
const repositoryImports = {
  regex: String.raw`^(?!.*(repository\.ts|/(db|geo|platform)/.*|/src/contract/.*)$)\.`,
  message: 'A repository imports only db/, geo/, platform/, src/contract and other repositories: never services, routes or plugins.',
};
/**
 * Worker threads load pure modules only: no database, services or plugins in a thread. Besides geo/ and the engine, the
 * engine's threads (workers/engine.ts) load the pure modules that turn its results into answers and files.
 */
const workerImports = {
  regex: String.raw`^(?!(\./[^/]+|\.\./geo/.*|\.\./platform/domain-error\.ts|\.\./(energy/estimates|feasibility/study-workbook|reports/project-report)\.ts|(\.\./){2}src/(contract|solar)/.*)$)\.`,
  message: 'A worker imports only server/geo/, other workers, src/contract, src/solar, platform/domain-error.ts and the answer builders energy/estimates.ts, feasibility/study-workbook.ts and reports/project-report.ts.',
};
/** Infrastructure and pure helpers know no domain. */
const noDomains = { regex: String.raw`(^|/)(${domains}|plugins)/|(^|/)context\.ts$`, message: 'platform/, geo/, db/ and mail/ import no domain, plugin or the app context.' };

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** The app (src/app) wires features together; features and the code they share never reach back into it. */
const noApp = { group: ['**/app/*'], message: 'Import from src/lib (or pass it in): features never import from src/app.' };
/** From a file `depth` folders below src/features/<feature>/, a path that climbs to src/features/ and into a folder is another feature. */
const noOtherFeature = (depth) => ({
  regex: String.raw`^(\.\./){${depth + 1}}(?!\.\./)[^/]+/`,
  message: 'Features never import each other: move what both need to src/lib, src/components or src/contract.',
});

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'server/db/migrations/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins, hooks and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // src/dev holds development tools (the offline inspector) that main.tsx loads in development only.
    files: ['src/lib/**', 'src/components/**', 'src/dev/**'],
    rules: restrict(noApp),
  },
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: restrict(noApp, noOtherFeature(depth)),
  })),
  {
    // Machines are pure actor logic: effects come in through .provide(), so no React, DOM, fetch or screens here.
    files: ['machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', '@xstate/react', 'ofetch'].map((name) => ({ name, message: 'Machines are pure: effects are actors provided from src/app/actors.ts.' })),
          patterns: [
            { group: ['react-dom/*', 'ofetch/*'], message: 'Machines are pure: effects are actors provided from src/app/actors.ts.' },
            { regex: String.raw`(^|/)src/(features|app)/`, message: 'Machines never import screens or the app: the app provides effects to machines.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...['fetch', 'window', 'document', 'localStorage'].map((name) => ({ name, message: 'Machines are pure: read this through an actor or input provided from outside.' }))],
    },
  },
  { files: ['server/**'], ignores: ['server/app.ts', 'server/plugins/**'], rules: restrict(serverToSrc, noPlugins) },
  { files: ['server/app.ts', 'server/plugins/**'], rules: restrict(serverToSrc) },
  {
    files: [`server/{${domains.replaceAll('|', ',')}}/**`],
    ignores: ['**/*routes.ts', '**/request-user.ts', '**/*repository.ts'],
    rules: restrict(serverToSrc, noPlugins, noWiring, noRoutes),
  },
  { files: ['server/{platform,geo,db,mail}/**'], ignores: ['**/*repository.ts'], rules: restrict(serverToSrc, noPlugins, noDomains) },
  { files: ['server/**/*repository.ts'], rules: restrict(serverToSrc, noPlugins, noWiring, repositoryImports) },
  { files: ['server/workers/**'], rules: restrict(serverToSrc, workerImports) },
  {
    // Plain JavaScript, outside the TypeScript project: this file, and `npm start`'s entry (run by Node as it is).
    files: ['eslint.config.js', 'server/start.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
