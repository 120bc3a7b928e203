/**
 * `npm test`: every layer in turn (unit, API on PGlite, API on PostgreSQL, end to end), each printed
 * as it runs, then a table per layer and one summary line `N passed, N failed[, N skipped]`.
 * Layers that cannot run here are skipped with the reason printed; REQUIRE_E2E=1 turns that into failure.
 * `npm test -- unit e2e` runs only the layers named.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserUnavailable } from './app-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const layers = ['unit', 'api-pglite', 'api-postgres', 'e2e'] as const;
const chosen = process.argv.slice(2).filter((arg) => (layers as readonly string[]).includes(arg));

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
}

const skipReasons: Partial<Record<(typeof layers)[number], string>> = {
  'api-postgres': process.env.DATABASE_URL ? undefined : 'DATABASE_URL is not set, so the API suite runs on PGlite only',
  e2e: browserUnavailable() ? `${browserUnavailable()}, so the browser tests do not run` : undefined,
};

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/** Each failed test (or file that failed to load) with the first lines of its message: CI keeps only the log's tail. */
function failedTests(layer: string, json: VitestReport): string[] {
  const file = (name: string) => name.replace(root, '');
  const firstLines = (message = '') => message.split('\n').slice(0, 6).map((line) => `      ${line}`).join('\n');
  return json.testResults.flatMap((suite) => {
    const tests = suite.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0 && suite.status === 'failed') return [`  ${layer} ${file(suite.name)}\n${firstLines(suite.message)}`];
    return tests.map((test) => `  ${layer} ${file(suite.name)} > ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
  });
}

const results = new Map<string, Counts>();
const failures: string[] = [];
for (const layer of chosen.length > 0 ? chosen : layers) {
  const report = join(root, `.vitest-${layer}.json`);
  rmSync(report, { force: true });
  const started = performance.now();
  const run = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', '--project', layer, '--reporter=default', '--reporter=json', `--outputFile=${report}`], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const seconds = (performance.now() - started) / 1000;
  if (!existsSync(report)) {
    // vitest itself failed (a config or import error): count the layer as one failure.
    results.set(layer, { passed: 0, failed: 1, skipped: 0, seconds });
    console.error(`${layer}: vitest exited with ${run.status} and wrote no report`);
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  rmSync(report, { force: true });
  failures.push(...failedTests(layer, json));
  // A file that fails to load has no tests in it but fails its suite.
  const failed = json.numFailedTests + (json.numFailedTests === 0 && json.numFailedTestSuites > 0 ? json.numFailedTestSuites : 0);
  results.set(layer, { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests, seconds });
}

console.log('\nlayer          passed  failed  skipped  seconds');
for (const [layer, c] of results) {
  console.log(`${layer.padEnd(14)} ${String(c.passed).padStart(6)}  ${String(c.failed).padStart(6)}  ${String(c.skipped).padStart(7)}  ${c.seconds.toFixed(1).padStart(7)}`);
}
const total = [...results.values()].reduce((a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped, seconds: 0 }), {
  passed: 0,
  failed: 0,
  skipped: 0,
  seconds: 0,
});
const reasons = [...results.keys()].flatMap((layer) => {
  const reason = skipReasons[layer as keyof typeof skipReasons];
  return reason ? [`  - ${layer}: ${reason}`] : [];
});
if (failures.length > 0) console.log(`\nfailed:\n${failures.join('\n')}`);
if (total.skipped > 0 && reasons.length > 0) console.log(`\nskipped:\n${reasons.join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
