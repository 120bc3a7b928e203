import { describe } from 'vitest';
import { engineUnavailable, testEngine } from './test-db.ts';

/** describe() for API suites: runs on the project's engine, or is skipped with the reason printed. */
export function describeApi(name: string, body: () => void) {
  const reason = engineUnavailable();
  if (reason) {
    if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${reason}`);
    console.warn(`skipped "${name}" on ${testEngine}: ${reason}`);
  }
  describe.skipIf(!!reason)(`${name} [${testEngine}]`, body);
}
