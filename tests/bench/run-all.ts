/**
 * `npm run bench`: runs every benchmark script in this folder in turn, passing the arguments on: the energy engine
 * (solar.ts), parcel screening (gis.ts), the browser's what-if recompute (what-if.ts), the authenticated API against a bare Fastify (api.ts, over PostgreSQL too
 * when DATABASE_URL is set; it ignores options meant for the others, such as --runs), a 50,000-parcel screening job
 * (screening-job.ts), the landing page's Largest Contentful Paint (web.ts), the server's start (start.ts) and what one
 * user's costliest requests and a 50,000-parcel import cost another user's project list (bystander.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const scripts = readdirSync(dir).filter((name) => name.endsWith('.ts') && name !== 'run-all.ts');
let failed = false;
for (const script of scripts) {
  console.log(`\n== ${script}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${script}`, ...process.argv.slice(2)], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
